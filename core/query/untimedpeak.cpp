#include "core/query/untimedpeak.h"

#include "core/index/sqlite.h"

namespace rs::query {

int64_t untimedSampleRows(index::Db& db, int rank, const std::string& component) {
    auto q = db.prepare("SELECT count(*) FROM memory_sample WHERE rank = ? AND coalesce(component, '') = ? "
                        "AND ts_ns IS NULL");
    q.bind(1, rank).bind(2, component);
    return q.step() ? q.i64(0) : 0;
}

std::string untimedPeakText(int64_t rows, const std::string& component) {
    if (rows <= 0) return "when is not known: no row with a usable time reaches it";
    std::string s = "from ";
    s.append(std::to_string(rows));
    if (!component.empty()) s.append(" ").append(component);
    s.append(rows == 1 ? " row" : " rows");
    s.append(" without a usable time: when is not known");
    return s;
}

} // namespace rs::query
