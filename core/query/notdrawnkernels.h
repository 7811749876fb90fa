#pragma once
// The op × rank heatmap's kernels on lanes the timeline does not draw. A lane the clock check could not
// align with its rank's other lanes (track.aligned = 0, no sync record) still counts in op_stat, so the
// heatmap listed mindinsight's GetNext, InitData and AssignAdd for rank 0 while the timeline's banner said
// their lanes (AI CPU stream 0, Stream 519) were not drawn, and a click on such a cell led nowhere (walk
// 53b). Each cell says how many of its kernels are there, and each rank which lanes. Caller's thread, its Db.
#include "core/index/sqlite.h"
#include "core/query/analysisqueries.h"

namespace rs::query {

/// Sets h's cells' notDrawn (op type × rank key: kernels on compute lanes with track.aligned = 0) and
/// h.notDrawnLanes for the grid's ranks (h.mode OpByRank).
void markNotDrawnKernels(index::Db& db, HeatmapData& h);

/// The note a grid with such cells carries ("" when none): "Dotted: cells with kernels on lanes the
/// timeline does not draw, not aligned with their rank's other lanes (no sync record): rank 0's AI CPU
/// stream 0, Stream 519" (the columns named as the grid names them).
std::string notDrawnNote(const HeatmapData& h);

} // namespace rs::query
