#include "tests/support/heatgrid.h"

#include "views/heatmap/heatmapcanvas.h"

#include <algorithm>

namespace rs::test {

std::shared_ptr<query::HeatmapData> heatGrid(const std::vector<std::string>& rows, int columns,
                                             query::HeatmapData::Mode mode) {
    auto d = std::make_shared<query::HeatmapData>();
    d->mode = mode;
    for (size_t i = 0; i < rows.size(); ++i) {
        d->rows.push_back(rows[i]);
        d->rowKeys.push_back(int64_t(i));
        d->rowTotalNs.push_back(int64_t(rows.size() - i));
    }
    const std::string label = mode == query::HeatmapData::Mode::OpByRank ? "rank " : "step ";
    for (int k = 0; k < columns; ++k) {
        d->columns.push_back(label + std::to_string(k));
        d->columnKeys.push_back(k);
    }
    query::HeatCell c;
    c.present = true;
    c.count = 1;
    c.totalNs = c.meanNs = 1000;
    c.ratio = 1;
    d->cells.assign(rows.size(), std::vector<query::HeatCell>(size_t(columns), c));
    return d;
}

std::vector<std::string> opNames(int n) {
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i)
        names.push_back("Op" + std::to_string(i));
    return names;
}

std::pair<int, int> cellOf(const query::HeatmapData& d, const std::string& row, int64_t key) {
    const auto r = std::find(d.rows.begin(), d.rows.end(), row) - d.rows.begin();
    const auto c = std::find(d.columnKeys.begin(), d.columnKeys.end(), key) - d.columnKeys.begin();
    if (size_t(r) >= d.rows.size() || size_t(c) >= d.columnKeys.size()) return {-1, -1};
    return {int(r), int(c)};
}

bool cellFramed(const QImage& img, const views::HeatmapCanvas& canvas, int row, int col) {
    const QRect r = canvas.cellRect(row, col);
    return img.pixelColor(r.left() - 1, r.center().y()) == canvas.palette().color(QPalette::Highlight);
}

} // namespace rs::test
