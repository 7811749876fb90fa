#include "core/import/stringinterner.h"

namespace rs::import {

StringInterner::StringInterner() {
    m_strings.emplace_back();
    m_ids.add(std::string_view(), 0);
}

std::string StringInterner::text(int32_t id) {
    std::lock_guard<std::mutex> lock(m_mutex);
    return id >= 0 && size_t(id) < m_strings.size() ? m_strings[size_t(id)] : std::string();
}

int32_t StringInterner::intern(std::string_view s) {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_ids.findOrAdd(s, [&] {
        m_strings.emplace_back(s);
        return int32_t(m_strings.size() - 1);
    });
}

} // namespace rs::import
