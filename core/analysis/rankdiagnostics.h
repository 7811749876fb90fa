#pragma once
// Diagnostics of the rank-local passes. A rank-local pass sees one rank, but a problem such as "Wait
// Time(ms) differs from the Notify_Wait sum" is told once for the profile (its count summed over the
// ranks, the first rank's example): so rank-local passes write `sum_diagnostic` rows (one per rank and
// problem) and the cross-rank pass DiagnosticFoldPass folds them into `diagnostic`. A shard of a cluster
// build keeps the per-rank rows; the merge folds them the same way. A split pass's compute() (pass.h)
// collects its diagnostics in a RankDiagnostics of its own (no index) and its apply() replays them in
// the order told. One thread.
#include "core/analysis/pass.h"

#include <optional>
#include <string>
#include <vector>

namespace rs::analysis {

class RankDiagnostics {
  public:
    RankDiagnostics(index::Db& db, int rank);
    /// Collects instead of writing: replay() hands the problems on.
    RankDiagnostics() = default;
    /// `count` occurrences of one problem on this rank; `excerpt` an example (may be empty).
    void add(const std::string& file, const std::string& severity, const std::string& what, int64_t count,
             const std::string& excerpt = {});
    /// The collected problems, added to `to` in the order they were told (a collecting object only).
    void replay(RankDiagnostics& to) const;

  private:
    struct Problem {
        std::string file, severity, what;
        int64_t count;
        std::string excerpt;
    };
    std::optional<index::Stmt> m_insert; ///< empty: collecting
    int m_rank = -1;
    std::vector<Problem> m_collected;
};

/// sum_diagnostic → diagnostic: one row per (file, severity, what) with the counts summed and the
/// excerpt of the lowest rank that has one.
class DiagnosticFoldPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
