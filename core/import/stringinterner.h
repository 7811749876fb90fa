#pragma once
// Interns names, categories, op types and track names into dense int32 ids shared by all parser
// threads. Each parser keeps a LocalInterner cache in front so the global lock is taken only for
// strings it has not seen yet. Id 0 is the empty string.
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rs::import {

struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

class StringInterner {
  public:
    StringInterner();
    /// Thread-safe.
    int32_t intern(std::string_view s);
    /// The string of `id` (thread-safe; takes the lock: for occasional lookups only).
    std::string text(int32_t id);
    /// All strings by id; call only after the parsers are done.
    const std::vector<std::string>& strings() const { return m_strings; }

  private:
    std::mutex m_mutex;
    std::unordered_map<std::string, int32_t, StringHash, std::equal_to<>> m_ids;
    std::vector<std::string> m_strings;
};

/// Per-thread cache in front of a StringInterner. Not thread-safe.
class LocalInterner {
  public:
    explicit LocalInterner(StringInterner& global) : m_global(global) {}
    int32_t intern(std::string_view s) {
        if (s.empty()) return 0;
        auto it = m_cache.find(s);
        if (it != m_cache.end()) return it->second;
        int32_t id = m_global.intern(s);
        m_cache.emplace(std::string(s), id);
        return id;
    }

  private:
    StringInterner& m_global;
    std::unordered_map<std::string, int32_t, StringHash, std::equal_to<>> m_cache;
};

} // namespace rs::import
