#pragma once
// Cross-rank pass "op_stats": the op type × rank grid (sum_op) compared across the ranks of each run —
// each cell's median as a ratio to the op type's cross-rank lower median (core/model/median.h: of two ranks
// the faster's), like against like: when the op type
// holds several kernel names (sum_op_name), the ratio is the rank's kernels' medians weighted by their
// counts over the cross-rank medians of the same names weighted alike (a rank that ran only the cheap
// variant of a template is not "faster"); the reference is every rank of the run that ran the kernel, and
// a kernel name only one rank ran is left out (compared with itself it reads "as fast as usual").
// A cell is flagged when it stands out both
// in ratio (≥ opts.stragglerRatio) and robustly (MAD-based z beyond opts.robustZ over the op type's
// ratios; MAD guards against flagging a whole spread-out op type, the ratio floor against noise). Cells
// with fewer than opts.minOpCount kernels are not judged. Writes `op_stat`; the findings (straggler /
// slow_rank) are told by RootCausePass, which also unflags cells no finding tells.
#include "core/analysis/pass.h"
#include "core/analysis/runs.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rs::analysis {

/// One kernel name's share of a cell: its count and median (ns).
struct OpStatName {
    std::string name;
    int64_t count, median;
};

/// One rank's cell of one op type, and what the comparison decides for it.
struct OpStatCell {
    int rank = 0;
    int64_t count = 0, total = 0, median = 0, p95 = 0, max = 0;
    std::vector<OpStatName> names; ///< empty: the cell is one kernel (its count and median)
    /// Over the kernel names another rank ran too; nullopt: no name of the cell is shared (nothing to
    /// compare it with; stored as NULL, never judged).
    std::optional<double> ratio;
    double reference = 0; ///< the median this rank's shared kernels take on a typical rank (ns); 0: no ratio
    bool flagged = false;
    /// The part of `total` (ns) spent in kernel names another rank ran too (the ratio's names), by their
    /// share of count × median; `total` when every name is shared, 0 when none is.
    int64_t sharedTotal = 0;
};

/// Judges the cells of one op type in one run of `ranksInRun` ranks; returns the cross-rank median of
/// the cells' medians.
double judgeOpType(std::vector<OpStatCell>& cells, int ranksInRun, const AnalysisOptions& opts);

class OpStatsPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;

  private:
    using CellsByRunOp = std::map<std::pair<int, std::string>, std::vector<OpStatCell>>; ///< (run, op type)
    /// Each cell's kernel names from sum_op_name.
    static void attachNames(index::Db& db, const RunMap& runs, CellsByRunOp& byOp);
};

} // namespace rs::analysis
