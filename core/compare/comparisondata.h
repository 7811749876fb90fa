#pragma once
// What the app's comparison view shows, built off the GUI thread from the two runs' indexes: both
// records, the comparison, the steady-state step wall times of each run (for the overlaid distributions)
// and the delta grid (op type × matched rank, candidate median / baseline median). Plain data.
#include "core/compare/baselinebuilder.h"
#include "core/compare/memorycurve.h"
#include "core/compare/runcomparison.h"

#include <string>
#include <vector>

namespace rs::compare {

struct ComparisonData {
    BaselineRecord baseline, candidate;
    CompareOptions options;
    CompareResult result;
    std::vector<double> baselineStepsNs, candidateStepsNs; ///< steady-state wall times, every matched rank
    std::vector<std::string> opTypes; ///< grid rows: compared op types, largest share first
    std::vector<int> ranks;           ///< grid columns: matched data ranks
    std::vector<double> ratio; ///< row-major opTypes × ranks; 0 where a side has no kernel of the type
    /// Memory of one matched rank in each run — the one with the largest baseline peak (reserved, else
    /// allocated) — each on its own clock from its first step. Empty curves: no memory data.
    MemoryCurve memory[2];
    std::string indexPath[2]; ///< the two indexes, for later queries (spans of a delta); set by the caller
    /// [0] baseline, [1] candidate: the side is a stored record (no step walls, memory curve nor spans)
    bool fromRecord[2] = {false, false};
    double at(size_t row, size_t col) const { return ratio[row * ranks.size() + col]; }
};

/// The matched rank whose memory is drawn: largest baseline peak reserved, else allocated; -1 when
/// neither run recorded memory.
int memoryRankOf(const BaselineRecord& baseline, const std::vector<int>& matched);

/// The steady-state step wall times (ns) of `run`'s ranks whose data rank is in `ranks` (all when empty).
std::vector<double> steadyStepWalls(index::Db& db, int run, const std::vector<int>& ranks = {});

/// Compares `baselineRun` of `baseline` with `candidateRun` of `candidate` (each: its default run when
/// absent). The two may be one index: two runs of one folder, compared by their statistics only (nothing is
/// aligned across them).
ComparisonData buildComparison(index::Db& baseline, index::Db& candidate, const CompareOptions& o = {},
                               std::optional<int> baselineRun = std::nullopt,
                               std::optional<int> candidateRun = std::nullopt);

/// One side of a comparison: a run of an index, or a stored record (`rankscope baseline --out`), which
/// holds the figures compared but no step walls nor memory samples (those parts stay empty for it).
struct ComparisonSide {
    index::Db* db = nullptr;                ///< the index, or null for a record
    std::optional<int> run;                 ///< of the index; its default run when absent
    const BaselineRecord* record = nullptr; ///< when db is null
};

/// As above, each side an index's run or a record: the verdict is compareRecords' on the two records, as
/// `rankscope compare RECORD.json DIR` computes it.
ComparisonData buildComparison(const ComparisonSide& baseline, const ComparisonSide& candidate,
                               const CompareOptions& o = {});

} // namespace rs::compare
