#include "core/index/indexcounts.h"

#include "core/index/showntensors.h"
#include "core/model/decimal.h"
#include "core/model/lod.h"

#include <array>
#include <tuple>

namespace rs::index {

namespace {

/// The meta keys, in the order of the fields they keep.
constexpr std::array<const char*, 8> kKeys = {"track_count",   "step_count",    "collective_count",
                                              "tensor_count",  "counter_count", "memory_sample_count",
                                              "span_start_ns", "span_end_ns"};

std::array<int64_t*, 8> fieldsOf(IndexCounts& c) {
    return {&c.tracks,   &c.steps,         &c.collectives, &c.tensors,
            &c.counters, &c.memorySamples, &c.spanStartNs, &c.spanEndNs};
}

/// The spans' first start and last end, from the coarsest level-of-detail buckets: every span lies in its
/// track's depth-0 bucket (a nested one inside its parent), so the buckets' extent is the spans'. CROSS
/// JOIN keeps the track loop outside, so each track's few top-level rows are sought through lod's key:
/// the planner otherwise scanned the whole lod index (0.16 G instructions, most of `info` on a 1 GB
/// profile). An index without buckets is read from the spans.
std::pair<int64_t, int64_t> spanExtent(Db& db) {
    const std::string top = std::to_string(model::kLodLevels - 1);
    auto q = db.prepare("SELECT min(l.start_ns), max(l.end_ns) FROM track t CROSS JOIN lod l ON l.track_id = "
                        "t.track_id AND l.level = " +
                        top);
    if (q.step() && !q.isNull(0)) return {q.i64(0), q.i64(1)};
    return {db.scalar("SELECT min(ts_ns) FROM span"), db.scalar("SELECT max(ts_ns + dur_ns) FROM span")};
}

} // namespace

IndexCounts IndexCounts::recount(Db& db) {
    IndexCounts c;
    c.tracks = db.scalar("SELECT count(*) FROM track");
    c.steps = db.scalar("SELECT count(DISTINCT step) FROM step");
    c.collectives = db.scalar("SELECT count(*) FROM collective");
    c.tensors = db.scalar("SELECT count(*) FROM tensor t WHERE " + shownTensorSql("t"));
    c.memorySamples = db.scalar("SELECT count(*) FROM memory_sample");
    c.counters = db.scalar("SELECT count(*) FROM counter");
    std::tie(c.spanStartNs, c.spanEndNs) = spanExtent(db);
    return c;
}

std::optional<IndexCounts> IndexCounts::kept(Db& db) {
    std::string in;
    for (const char* k : kKeys)
        in += std::string(in.empty() ? "'" : ",'") + k + "'";
    auto q = db.prepare("SELECT key, value FROM meta WHERE key IN (" + in + ")");
    IndexCounts c;
    const auto fields = fieldsOf(c);
    std::array<bool, kKeys.size()> seen{};
    while (q.step()) {
        const std::string key = q.text(0);
        for (size_t i = 0; i < kKeys.size(); ++i) {
            if (key != kKeys[i]) continue;
            const auto v = model::parseI64(q.text(1));
            if (!v) return std::nullopt;
            *fields[i] = *v;
            seen[i] = true;
        }
    }
    for (bool s : seen)
        if (!s) return std::nullopt;
    return c;
}

IndexCounts IndexCounts::of(Db& db) {
    if (auto c = kept(db)) return *c;
    return recount(db);
}

std::vector<std::pair<std::string, std::string>> IndexCounts::metaRows() const {
    IndexCounts copy = *this;
    const auto fields = fieldsOf(copy);
    std::vector<std::pair<std::string, std::string>> rows;
    for (size_t i = 0; i < kKeys.size(); ++i)
        rows.emplace_back(kKeys[i], std::to_string(*fields[i]));
    return rows;
}

} // namespace rs::index
