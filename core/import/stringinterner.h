#pragma once
// Interns names, categories, op types and track names into dense int32 ids shared by all parser
// threads. Each parser keeps a LocalInterner cache in front so the global lock is taken only for
// strings it has not seen yet. Id 0 is the empty string.
#include "core/import/stringidmap.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace rs::import {

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
    StringIdMap m_ids;
    std::vector<std::string> m_strings;
};

/// Per-thread cache in front of a StringInterner. Not thread-safe.
class LocalInterner {
  public:
    explicit LocalInterner(StringInterner& global) : m_global(global) {}
    int32_t intern(std::string_view s) {
        if (s.empty()) return 0;
        return m_cache.findOrAdd(s, [&] { return m_global.intern(s); });
    }

  private:
    StringInterner& m_global;
    StringIdMap m_cache;
};

} // namespace rs::import
