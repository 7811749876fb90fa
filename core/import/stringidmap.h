#pragma once
// A string → int32 id map for the parsers' interners (stringinterner.h): open addressing over one
// character arena. Every name, category and op type of every event goes through one (a lookup per
// field per event); std::unordered_map's node per string and its byte-wise hash were ~4 % of an
// index's CPU on the 1 GB Ascend bench. Not thread-safe: one per thread, or behind the caller's lock.
#include <cstdint>
#include <string_view>
#include <vector>

namespace rs::import {

class StringIdMap {
  public:
    StringIdMap();
    /// The id stored for `s`, or -1.
    int32_t find(std::string_view s) const { return find(s, hash(s)); }
    /// Stores `id` for `s` (absent: call find first). Copies the characters.
    void add(std::string_view s, int32_t id) { add(s, id, hash(s)); }
    /// The id stored for `s`, else `makeId()`'s, stored for it: the text hashed once (find, then add,
    /// hashed it twice on every insert).
    template <class MakeId> int32_t findOrAdd(std::string_view s, MakeId&& makeId) {
        const uint64_t h = hash(s);
        if (const int32_t id = find(s, h); id >= 0) return id;
        const int32_t id = makeId();
        add(s, id, h);
        return id;
    }
    size_t size() const { return m_count; }

    /// A 64-bit hash reading the text eight bytes at a time.
    static uint64_t hash(std::string_view s);

  private:
    struct Slot {
        uint64_t hash = 0;
        uint64_t offset = 0; ///< into m_chars
        uint32_t length = 0;
        int32_t id = -1; ///< -1: empty
    };
    int32_t find(std::string_view s, uint64_t h) const;
    void add(std::string_view s, int32_t id, uint64_t h);
    void place(const Slot& slot);
    void grow();

    std::vector<Slot> m_slots; ///< a power of two in size, at most half full
    std::vector<char> m_chars;
    size_t m_count = 0;
};

} // namespace rs::import
