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
    int32_t id = m_ids.find(s);
    if (id >= 0) return id;
    id = int32_t(m_strings.size());
    m_strings.emplace_back(s);
    m_ids.add(s, id);
    return id;
}

} // namespace rs::import
