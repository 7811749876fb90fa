#pragma once
// Rank-local pass "memory_sessions": a rank's memory samples of another profiling session (the rule of
// sessionwindow.h, the one tensor_timeline applies to tensors) are deleted from `memory_sample` and counted
// in one diagnostic per rank with the components they were of (msinsight test_data rank 0: its 78
// npu_module_mem.csv samples 342 days after its events). Whatever the source: CSV, .db or trace counters.
// The rank's counter lanes (HBM, NPU MEM, LLC, … samples in `counter`) are under the same rule, with a
// diagnostic of their own.
// Runs for every rank first, after rank_window (whose window it reads), so the split memory passes read
// the samples without them.
#include "core/analysis/pass.h"

namespace rs::analysis {

class MemorySessionsPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool firstForEveryRank() const override { return true; }
};

} // namespace rs::analysis
