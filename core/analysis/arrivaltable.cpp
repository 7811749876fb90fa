#include "core/analysis/arrivaltable.h"

#include <cstdlib>

namespace rs::analysis {

namespace {
std::optional<int64_t> optional(const index::Stmt& q, int c) {
    return q.isNull(c) ? std::nullopt : std::optional<int64_t>(q.i64(c));
}

// wait_where: "start,end;start,end" in ns, merged and in order; NULL when the wait was not measured from
// tasks. Stored with the summary so that a merge of shard summaries (no spans) draws the same pieces as a
// whole index.
std::optional<std::string> encodeWhere(const model::Intervals& where) {
    if (where.empty()) return std::nullopt;
    std::string out;
    for (const auto& [from, to] : where) {
        if (!out.empty()) out += ';';
        out += std::to_string(from) + ',' + std::to_string(to);
    }
    return out;
}

model::Intervals decodeWhere(const std::string& text) {
    model::Intervals out;
    const char* p = text.c_str();
    while (*p) {
        char* end = nullptr;
        const long long from = std::strtoll(p, &end, 10);
        if (*end != ',') break; // not written by encodeWhere: the wait stays one block
        const long long to = std::strtoll(end + 1, &end, 10);
        if (to > from) out.push_back({from, to});
        p = *end == ';' ? end + 1 : end;
        if (*end != ';' && *end != '\0') break;
    }
    return model::merged(std::move(out));
}
} // namespace

void writeArrivals(index::Db& db, const std::vector<Arrival>& arrivals) {
    auto ins =
        db.prepare("INSERT INTO sum_arrival(rank, step, name, op_type, identity, seq, point_to_point, "
                   "start_ns, dur_ns, wait_events_ns, wait_json_ns, transit_events_ns, transit_json_ns, "
                   "bytes, group_name, span_id, source, gap_start_ns, gap_ns, wait_where) "
                   "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    for (const auto& c : arrivals) {
        ins.bind(1, c.rank).bind(2, c.step).bind(3, c.name).bind(4, c.opType).bind(5, c.identity);
        ins.bind(6, c.seq).bind(7, int64_t(c.pointToPoint)).bind(8, c.startNs).bind(9, c.durNs);
        ins.bind(10, c.waitEvents).bind(11, c.waitJson).bind(12, c.transitEvents).bind(13, c.transitJson);
        ins.bind(14, c.bytes).bind(15, c.group);
        ins.bind(16, c.spanId ? std::optional<int64_t>(c.spanId) : std::nullopt).bind(17, c.source);
        ins.bind(18, c.gapStartNs).bind(19, c.gapNs);
        if (auto where = encodeWhere(c.waitIntervals))
            ins.bind(20, *where);
        else
            ins.bindNull(20);
        ins.exec();
    }
}

std::vector<Arrival> loadArrivals(index::Db& db) {
    std::vector<Arrival> out;
    auto q = db.prepare(
        "SELECT rank, step, name, op_type, identity, seq, point_to_point, start_ns, dur_ns, "
        "wait_events_ns, wait_json_ns, transit_events_ns, transit_json_ns, bytes, group_name, "
        "span_id, source, gap_start_ns, gap_ns, wait_where FROM sum_arrival ORDER BY rank, start_ns, "
        "arrival_id");
    while (q.step()) {
        Arrival c;
        c.rank = int(q.i64(0));
        c.step = q.i64(1);
        c.name = q.text(2);
        c.opType = q.text(3);
        c.identity = q.text(4);
        c.seq = q.i64(5);
        c.pointToPoint = q.i64(6) != 0;
        c.startNs = q.i64(7);
        c.durNs = q.i64(8);
        c.waitEvents = optional(q, 9);
        c.waitJson = optional(q, 10);
        c.transitEvents = optional(q, 11);
        c.transitJson = optional(q, 12);
        c.bytes = optional(q, 13);
        c.group = q.text(14);
        c.spanId = q.isNull(15) ? 0 : q.i64(15);
        c.source = q.text(16);
        c.gapStartNs = q.i64(17);
        c.gapNs = q.i64(18);
        if (!q.isNull(19)) c.waitIntervals = decodeWhere(q.text(19));
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace rs::analysis
