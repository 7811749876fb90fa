#pragma once
// Op heatmap grids for the tests, and reading them back: a grid of known cells to give a HeatmapView or a
// canvas, where a named row and column key lie in it, and whether a drawn cell is outlined. One place, so
// each heatmap test does not build its own (they were written three times).
#include "core/query/analysisqueries.h"

#include <QImage>
#include <memory>
#include <string>
#include <vector>

namespace rs::views {
class HeatmapCanvas;
}

namespace rs::test {

/// A grid of `mode` with `rows` (keyed 0, 1, …, totals falling in their order: the display order) ×
/// `columns` columns keyed 0, 1, … ("rank k" of op × rank, else "step k"), every cell present: one kernel of
/// 1 µs, ratio 1.00.
std::shared_ptr<query::HeatmapData>
heatGrid(const std::vector<std::string>& rows, int columns,
         query::HeatmapData::Mode mode = query::HeatmapData::Mode::OpByRank);
/// "Op0", "Op1", … `n` op type names.
std::vector<std::string> opNames(int n);

/// The (row, column) of row `row` and column key `key` in `d`'s data order; {-1, -1} when it has none.
std::pair<int, int> cellOf(const query::HeatmapData& d, const std::string& row, int64_t key);

/// Whether the cell (row, column) of `canvas`, grabbed as `img`, is outlined in the palette's highlight: the
/// pixel 1 px left of it (its frame's left side; the neighbour's cells are not framed, so a frame there is
/// its).
bool cellFramed(const QImage& img, const views::HeatmapCanvas& canvas, int row, int col);

} // namespace rs::test
