#pragma once
// Diagnostics of the rank-local passes. A rank-local pass sees one rank, but a problem such as "Wait
// Time(ms) differs from the Notify_Wait sum" is told once for the profile (its count summed over the
// ranks, the first rank's example): so rank-local passes write `sum_diagnostic` rows (one per rank and
// problem) and the cross-rank pass DiagnosticFoldPass folds them into `diagnostic`. A shard of a cluster
// build keeps the per-rank rows; the merge folds them the same way. One thread.
#include "core/analysis/pass.h"

#include <string>

namespace rs::analysis {

class RankDiagnostics {
  public:
    RankDiagnostics(index::Db& db, int rank);
    /// `count` occurrences of one problem on this rank; `excerpt` an example (may be empty).
    void add(const std::string& file, const std::string& severity, const std::string& what, int64_t count,
             const std::string& excerpt = {});

  private:
    index::Stmt m_insert;
    int m_rank;
};

/// sum_diagnostic → diagnostic: one row per (file, severity, what) with the counts summed and the
/// excerpt of the lowest rank that has one.
class DiagnosticFoldPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
