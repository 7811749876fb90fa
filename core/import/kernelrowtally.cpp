#include "core/import/kernelrowtally.h"

#include <algorithm>
#include <functional>

namespace rs::import {

namespace {
size_t hashOf(std::string_view s) {
    return std::hash<std::string_view>()(s);
}
} // namespace

void KernelRowTally::addRow(int64_t startNs, std::string_view name) {
    const size_t slash = name.rfind('/');
    m_rows.push_back(
        {startNs, hashOf(name), hashOf(slash == name.npos ? name : name.substr(slash + 1)), false});
    m_sorted = false;
}

void KernelRowTally::seen(int64_t startNs, std::string_view name) {
    if (m_rows.empty()) return;
    if (!m_sorted) {
        std::sort(m_rows.begin(), m_rows.end(),
                  [](const Row& a, const Row& b) { return a.startNs < b.startNs; });
        m_sorted = true;
    }
    auto it = std::lower_bound(m_rows.begin(), m_rows.end(), startNs - kSlackNs,
                               [](const Row& r, int64_t t) { return r.startNs < t; });
    if (it == m_rows.end() || it->startNs > startNs + kSlackNs) return; // no row near: the name not hashed
    const size_t h = hashOf(name);
    for (; it != m_rows.end() && it->startNs <= startNs + kSlackNs; ++it)
        if (!it->seen && (it->name == h || it->kernel == h)) {
            it->seen = true;
            return;
        }
}

int64_t KernelRowTally::unseen() const {
    return int64_t(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return !r.seen; }));
}

} // namespace rs::import
