#pragma once
// The memory view's caption line, as rich text: the rank, then what is selected on its map (a tensor, or
// the op whose tensors are highlighted), then what the map holds (tensors, what was left out, peaks, banks,
// the bank-anomaly finding). The caption named only the finding's op ("AllReduce in an unusual bank", in
// red) while a MatMulV2 tensor was selected, and read as naming the selection (issue 19). GUI thread only.
#include "core/query/analysisqueries.h"
#include "views/common/interactionstate.h"

#include <QString>

namespace rs::views {

/// What the map of `d` holds, after "Rank N · " (rich text, names escaped).
QString memoryContentsCaption(const query::MemoryMapData& d);
/// "selected: tensor t6_s4_a0 of MatMulV2 (32.0 MiB, bank 1) · " when `s` is a tensor of `d`; "selected:
/// MatMulV2 (12 tensors name it) · " when an op's tensors are highlighted (`highlightedOp`, `named` of them)
/// on the selection's rank; empty otherwise (another rank's op: the view's note says so).
QString memorySelectionCaption(const Selection& s, const query::MemoryMapData& d,
                               const QString& highlightedOp, int named);

} // namespace rs::views
