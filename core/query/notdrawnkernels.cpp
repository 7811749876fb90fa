#include "core/query/notdrawnkernels.h"

#include <algorithm>

namespace rs::query {

void markNotDrawnKernels(index::Db& db, HeatmapData& h) {
    std::map<int64_t, size_t> col;
    for (size_t c = 0; c < h.columnKeys.size(); ++c)
        col[h.columnKeys[c]] = c;
    std::map<std::string, size_t> row;
    for (size_t r = 0; r < h.rows.size(); ++r)
        row[h.rows[r]] = r;
    auto lanes = db.prepare("SELECT track_id, rank, name FROM track WHERE kind = 'compute' AND aligned = 0 "
                            "ORDER BY rank, track_id");
    // every span of the lane, as op_stat counts them (core/analysis/rankkernels.cpp)
    auto byType = db.prepare("SELECT o.value, count(*) FROM span s JOIN string o ON o.id = s.op_type_id "
                             "WHERE s.track_id = ? GROUP BY s.op_type_id");
    while (lanes.step()) {
        const auto c = col.find(lanes.i64(1));
        if (c == col.end()) continue;
        std::string& names = h.notDrawnLanes[c->first];
        names.append(names.empty() ? "" : ", ").append(lanes.text(2));
        byType.bind(1, lanes.i64(0));
        while (byType.step())
            if (auto r = row.find(byType.text(0)); r != row.end())
                h.cells[r->second][c->second].notDrawn += byType.i64(1);
        byType.reset();
    }
}

std::string notDrawnNote(const HeatmapData& h) {
    const bool any = std::any_of(h.cells.begin(), h.cells.end(), [](const auto& cells) {
        return std::any_of(cells.begin(), cells.end(),
                           [](const HeatCell& c) { return c.present && c.notDrawn; });
    });
    if (!any) return {};
    std::string s = "Dotted: cells with kernels on lanes the timeline does not draw, not aligned with their "
                    "rank's other lanes (no sync record; File ▸ Diagnostics names them): ";
    bool first = true;
    for (size_t c = 0; c < h.columnKeys.size(); ++c) {
        const auto lanes = h.notDrawnLanes.find(h.columnKeys[c]);
        if (lanes == h.notDrawnLanes.end()) continue;
        s.append(first ? "" : "; ").append(h.columns[c]).append("'s ").append(lanes->second);
        first = false;
    }
    return s;
}

} // namespace rs::query
