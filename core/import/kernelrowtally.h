#pragma once
// Which of a rank's kernel_details.csv rows its trace_view.json holds: a row is the trace's span of the same
// name (or, where MindSpore prefixes the launch op, "op/kernel", of the part after the last '/') that starts
// within 1 µs of it. Both level1 samples' rows each start exactly where their task does in the trace but one:
// an allreduce row 1 ns earlier than its HCCL op (rounding); the name keeps the overlap analysis's
// "Computing" span at the same start from counting. Only a cut trace asks (kernelsPastCutText). One parser
// thread (the rank's).
#include <cstdint>
#include <string_view>
#include <vector>

namespace rs::import {

class KernelRowTally {
  public:
    static constexpr int64_t kSlackNs = 1000;
    /// A kernel_details row (before the trace is read).
    void addRow(int64_t startNs, std::string_view name);
    /// A span of the trace: the first row it is, not yet seen, is seen.
    void seen(int64_t startNs, std::string_view name);
    int64_t rows() const { return int64_t(m_rows.size()); }
    /// Rows no span of the trace was.
    int64_t unseen() const;

  private:
    struct Row {
        int64_t startNs;
        size_t name, kernel; ///< hashes of the name and of its part after the last '/'
        bool seen;
    };
    std::vector<Row> m_rows; ///< by start once the trace is read
    bool m_sorted = true;
};

} // namespace rs::import
