#pragma once
// What the compute() half of a split rank-local pass (pass.h) gets: a connection it only reads, the
// settings, the rank, and that rank's data loaded once and shared by the passes of one compute group
// (RankPass::computeGroup): its steps, device kernels and tensors, and what an earlier pass of the group
// derived that a later one reads (collective_arrivals' instances for step_phases, tensor_timeline's
// times in the tensors for the memory passes, memory_peaks' derived curve for memory_curve) — so a group
// computes alike on the index-building thread or on the analysis worker (offthreadpasses.h), before any
// of its passes writes.
// Memory: the rank's kernels (~40 bytes each) and tensors (~100 bytes each) while the group computes.
// Threads: one thread at a time (the one computing the group), over a connection of that thread.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/nameindex.h"
#include "core/analysis/rankkernels.h"
#include "core/analysis/ranktensors.h"
#include "core/analysis/stepindex.h"
#include "core/index/sqlite.h"
#include "core/model/intervals.h"

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace rs::analysis {

using Intervals = model::Intervals;

class RankReadContext {
  public:
    /// `names` (may be null: loaded from `db` when first asked for) must outlive this object and is only
    /// read.
    RankReadContext(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex* names = nullptr);

    index::Db& db;
    const AnalysisOptions& opts;
    int rank;

    const NameIndex& names();
    /// The rank's canonical steps as the rank_clock pass left them (it runs before any split pass).
    const StepIndex& steps();
    /// The spans of the rank's compute tracks.
    const RankKernels& kernels();
    /// The rank's tensors; tensor_timeline's compute drops and fills in rows here as it will in the index.
    std::vector<TensorRow>& tensors();

    /// collective_arrivals → step_phases: the rank's collectives by step, as [start, end) intervals in
    /// start order (what sum_arrival will hold).
    std::map<int64_t, Intervals> collectivesByStep;
    /// memory_peaks → memory_curve: set when the rank has no allocated sample and memory_peaks derives
    /// its curve from the tensors: (ts ns, allocated bytes) in ts order, one per instant (may be empty).
    std::optional<std::vector<std::pair<int64_t, int64_t>>> derivedMemory;

  private:
    const NameIndex* m_names;
    std::optional<NameIndex> m_ownNames;
    std::optional<StepIndex> m_steps;
    std::optional<RankKernels> m_kernels;
    std::optional<std::vector<TensorRow>> m_tensors;
};

} // namespace rs::analysis
