#pragma once
// A set of string ids, dense (ids are small and contiguous), so a vector beats a set in span scans: e.g.
// the names that are not computation (name_fact.compute = 0). Not thread-safe for writes.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rs::model {

class NameFlags {
  public:
    bool count(int64_t id) const { return id >= 0 && size_t(id) < m_flags.size() && m_flags[size_t(id)]; }
    void insert(int64_t id) {
        if (id < 0) return;
        if (size_t(id) >= m_flags.size()) m_flags.resize(size_t(id) + 1, 0);
        m_flags[size_t(id)] = 1;
    }

  private:
    std::vector<char> m_flags;
};

} // namespace rs::model
