#include "core/compare/memorycurve.h"

#include "core/compare/rankkey.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace rs::compare {

MemoryCurve memoryCurve(index::Db& db, int run, int dataRank, size_t maxPoints) {
    MemoryCurve c;
    c.dataRank = dataRank;
    const auto rank = rankKeyOf(db, run, dataRank);
    if (!rank) return c;
    {
        auto st = db.prepare("SELECT coalesce(curve_component, '') FROM memory_summary WHERE rank = ?");
        st.bind(1, *rank);
        if (st.step()) c.component = st.text(0);
    }
    if (c.component.empty()) return c;
    auto range =
        db.prepare("SELECT min(ts_ns), max(ts_ns) FROM memory_sample WHERE rank = ? AND component = ?");
    range.bind(1, *rank).bind(2, c.component);
    if (!range.step() || range.isNull(0)) return c;
    const int64_t t0 = range.i64(0), t1 = range.i64(1);
    auto first = db.prepare("SELECT min(start_ns) FROM step WHERE rank = ?");
    first.bind(1, *rank);
    c.originNs = first.step() && !first.isNull(0) ? std::min(first.i64(0), t0) : t0;
    const size_t n = std::max<size_t>(1, maxPoints);
    const double width = std::max(1.0, double(t1 - t0 + 1) / double(n));
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> alloc(n, nan), res(n, nan), allocLast(n, nan), resLast(n, nan);
    auto st = db.prepare(
        "SELECT ts_ns, allocated_bytes, reserved_bytes FROM memory_sample WHERE rank = ? AND "
        "component = ? AND ts_ns IS NOT NULL ORDER BY ts_ns, rowid"); // ties in the order recorded: the last
                                                                      // one holds
    st.bind(1, *rank).bind(2, c.component);
    while (st.step()) {
        const size_t b = std::min(n - 1, size_t(double(st.i64(0) - t0) / width));
        if (!st.isNull(1)) {
            alloc[b] = std::isnan(alloc[b]) ? double(st.i64(1)) : std::max(alloc[b], double(st.i64(1)));
            allocLast[b] = double(st.i64(1));
        }
        if (!st.isNull(2)) {
            res[b] = std::isnan(res[b]) ? double(st.i64(2)) : std::max(res[b], double(st.i64(2)));
            resLast[b] = double(st.i64(2));
        }
    }
    for (size_t b = 0; b < n; ++b) {
        if (std::isnan(alloc[b]) && std::isnan(res[b])) continue; // no sample in this bucket
        c.tNs.push_back(double(t0 - c.originNs) + double(b) * width);
        c.allocated.push_back(alloc[b]);
        c.reserved.push_back(res[b]);
        c.allocatedLast.push_back(allocLast[b]);
        c.reservedLast.push_back(resLast[b]);
    }
    return c;
}

} // namespace rs::compare
