#include "core/query/spanlocator.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace rs::query {

namespace {

std::optional<int64_t> integer(const std::string& s) {
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (*end || errno) return std::nullopt;
    return int64_t(v);
}

/// The value of the first column named one of `names` that holds an integer.
std::optional<int64_t> column(const std::vector<std::string>& columns, const std::vector<std::string>& values,
                              const std::vector<bool>& isNull, std::initializer_list<const char*> names) {
    for (const char* want : names)
        for (size_t i = 0; i < columns.size() && i < values.size(); ++i) {
            std::string c = columns[i];
            std::transform(c.begin(), c.end(), c.begin(),
                           [](unsigned char ch) { return char(std::tolower(ch)); });
            if (c == want && !(i < isNull.size() && isNull[i])) return integer(values[i]);
        }
    return std::nullopt;
}

} // namespace

std::optional<SpanRef> spanRefFromRow(const std::vector<std::string>& columns,
                                      const std::vector<std::string>& values,
                                      const std::vector<bool>& isNull) {
    SpanRef r;
    if (auto id = column(columns, values, isNull, {"span_id"}); id && *id > 0) {
        r.spanId = *id;
        return r;
    }
    const auto rank = column(columns, values, isNull, {"rank"});
    const auto ts = column(columns, values, isNull, {"ts_ns", "start_ns"});
    if (!rank || !ts || *rank < 0 || *rank > INT32_MAX) return std::nullopt;
    r.rank = int(*rank);
    r.tsNs = *ts;
    r.durNs = column(columns, values, isNull, {"dur_ns"});
    return r;
}

LocatedSpans locateSpans(index::Db& db, const std::vector<SpanRef>& refs) {
    LocatedSpans out;
    const std::string cols =
        "SELECT s.span_id, s.ts_ns, s.ts_ns + s.dur_ns, s.name_id, s.op_type_id, s.depth, "
        "s.track_id, t.rank FROM span s JOIN track t ON t.track_id = s.track_id ";
    auto byId = db.prepare(cols + "WHERE s.span_id = ?1");
    auto byTime =
        db.prepare(cols + "WHERE t.rank = ?1 AND t.aligned = 1 AND s.ts_ns = ?2 AND (?3 IS NULL OR "
                          "s.dur_ns = ?3) ORDER BY t.kind = 'overlap', s.depth, s.track_id LIMIT 1");
    for (const auto& r : refs) {
        index::Stmt& q = r.spanId > 0 ? byId : byTime;
        if (r.spanId > 0)
            q.bind(1, r.spanId);
        else
            q.bind(1, int64_t(r.rank)).bind(2, r.tsNs).bind(3, r.durNs);
        if (q.step()) {
            out.spans.push_back(
                {q.i64(1), q.i64(2), int32_t(q.i64(3)), int32_t(q.i64(4)), int32_t(q.i64(5)), 1, q.i64(0)});
            out.trackIds.push_back(q.i64(6));
            out.ranks.push_back(int(q.i64(7)));
        } else {
            ++out.missing;
        }
        q.reset();
    }
    return out;
}

} // namespace rs::query
