#include "core/analysis/collectiveanalysis.h"

#include "core/analysis/runs.h"
#include "core/index/diagnosticsink.h"
#include "core/model/optype.h"
#include "core/model/waitkind.h"
#include "core/stats/robuststats.h"
#include "core/stats/taskclass.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

using stats::median;
using stats::NameFlags;
using stats::nonComputeNameIds;

using index::Db;

namespace {

struct Coll {
    int rank;
    int64_t step = -1;
    std::string name, opType, group;
    int64_t seq = 0;
    int64_t start = 0, dur = 0;
    std::optional<int64_t> waitEvents, transitEvents, waitJson, transitJson, bytes;
    int64_t spanId = 0, trackId = 0;
    std::string pid;
    std::string source;
    std::string matchKey;
    std::optional<int> lastRank;
    int64_t lastArrival = 0;
    int64_t lateBy = 0; ///< on the last-arriving member: the smallest wait among the others
    int64_t wait() const { return waitJson ? *waitJson : waitEvents ? *waitEvents : 0; }
};

// Kineto nccl kernel names carry the algorithm and dtype; the collective is the part after ncclKernel_
// / ncclDevKernel_ up to the algorithm ("AllReduce", "SendRecv", …).
std::string collectiveKind(const std::string& name) {
    if (name.rfind("hcom_", 0) == 0) return model::deriveOpType(name);
    for (const char* p : {"ncclDevKernel_", "ncclKernel_"}) {
        std::string pre(p);
        if (name.rfind(pre, 0) == 0) {
            std::string rest = name.substr(pre.size());
            size_t u = rest.find_first_of("_(");
            return "nccl:" + rest.substr(0, u);
        }
    }
    return model::deriveOpType(name); // "AllReduce-op4542" → "AllReduce"
}

/// Pipeline point-to-point ops: HCCL hcom_send / hcom_receive, legacy "Send" / "Receive", NCCL SendRecv.
bool isPointToPoint(const std::string& opType) {
    std::string l;
    for (char ch : opType)
        l += char(std::tolower(static_cast<unsigned char>(ch)));
    for (const char* p : {"send", "receive", "recv"})
        if (l.find(p) != std::string::npos) return true;
    return false;
}

int planeNumber(const std::string& trackName) {
    int v = 0;
    const char* b = trackName.data() + std::min<size_t>(6, trackName.size());
    auto [end, ec] = std::from_chars(b, trackName.data() + trackName.size(), v);
    return ec == std::errc() && end != b ? v : 1 << 30;
}

/// The largest device-idle interval of `rank` in [from, to): gaps between its compute kernels (collective
/// and sync tasks are not compute), including the stretch from `from` to the first kernel and from the
/// last kernel to `to`. {start, length}; length 0 when the device was busy throughout.
class IdleGapFinder {
  public:
    IdleGapFinder(Db& db)
        : m_nonCompute(nonComputeNameIds(db)),
          m_spans(db.prepare("SELECT ts_ns, dur_ns, name_id FROM span WHERE track_id = ? AND ts_ns >= ? AND "
                             "ts_ns < ?")),
          m_before(db.prepare("SELECT ts_ns, dur_ns, name_id FROM span WHERE track_id = ? AND ts_ns < ? "
                              "ORDER BY ts_ns DESC LIMIT 4")) {
        auto q = db.prepare("SELECT track_id, rank FROM track WHERE kind = 'compute'");
        while (q.step())
            m_tracks[int(q.i64(1))].push_back(q.i64(0));
    }
    std::pair<int64_t, int64_t> largest(int rank, int64_t from, int64_t to) {
        std::vector<std::pair<int64_t, int64_t>> busy;
        // kernels starting inside the range, and the last few starting before it (still running at `from`?)
        for (int64_t t : m_tracks[rank]) {
            for (index::Stmt* q : {&m_spans, &m_before}) {
                q->bind(1, t).bind(2, from);
                if (q == &m_spans) q->bind(3, to);
                while (q->step())
                    if (!m_nonCompute.count(q->i64(2))) busy.push_back({q->i64(0), q->i64(0) + q->i64(1)});
                q->reset();
            }
        }
        std::sort(busy.begin(), busy.end());
        int64_t cursor = from, bestStart = from, bestLen = 0;
        auto consider = [&](int64_t gapEnd) {
            if (gapEnd - cursor > bestLen) bestLen = gapEnd - cursor, bestStart = cursor;
        };
        for (auto& [s, e] : busy) {
            if (s > cursor) consider(std::min(s, to));
            cursor = std::max(cursor, e);
            if (cursor >= to) break;
        }
        if (cursor < to) consider(to);
        return {bestStart, bestLen};
    }

  private:
    NameFlags m_nonCompute;
    std::map<int, std::vector<int64_t>> m_tracks;
    index::Stmt m_spans, m_before;
};

/// Writes the collective table, the waits of the ranks that waited (blamed on the last arrival), and the
/// idle gap that made the last-arriving rank late: its largest device-idle stretch since its previous
/// collective ended, wherever it lies (also before its step began), filed under the late collective's
/// step. Idle gaps of ranks that did not arrive last delayed nobody and are not written.
void persist(Db& db, const std::vector<Coll>& colls, const StepIndex& steps, const AnalysisOptions& opts) {
    auto ins =
        db.prepare("INSERT INTO collective(rank, step, name, seq, start_ns, dur_ns, wait_ns, wait_events_ns, "
                   "transit_ns, bytes, group_name, span_id, match_key, last_rank, source, op_type) "
                   "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    auto insWait = db.prepare(
        "INSERT INTO wait(rank, step, collective, start_ns, dur_ns, kind, blamed_rank, collective_id) "
        "VALUES(?,?,?,?,?,?,?,?)");
    IdleGapFinder gaps(db);
    const Coll* prev = nullptr; // the previous collective of the same rank (colls are sorted by rank, start)
    for (const auto& c : colls) {
        if (prev && prev->rank != c.rank) prev = nullptr;
        std::optional<int64_t> transit = c.transitJson ? c.transitJson : c.transitEvents;
        ins.bind(1, c.rank).bind(2, c.step).bind(3, c.name).bind(4, c.seq).bind(5, c.start).bind(6, c.dur);
        ins.bind(7, c.wait()).bind(8, c.waitEvents).bind(9, transit).bind(10, c.bytes).bind(11, c.group);
        ins.bind(12, c.spanId ? std::optional<int64_t>(c.spanId) : std::nullopt);
        if (c.matchKey.empty())
            ins.bindNull(13); // not matched across ranks (point-to-point)
        else
            ins.bind(13, c.matchKey);
        ins.bind(14, c.lastRank ? std::optional<int64_t>(*c.lastRank) : std::nullopt).bind(15, c.source);
        ins.bind(16, c.opType);
        ins.exec();
        int64_t collId = db.scalar("SELECT last_insert_rowid()");
        if (c.wait() >= opts.waitMinNs && (!c.lastRank || *c.lastRank != c.rank)) {
            insWait.bind(1, c.rank).bind(2, c.step).bind(3, c.name).bind(4, c.start).bind(5, c.wait());
            insWait.bind(6, sqlText(model::WaitKind::CollectiveWait))
                .bind(7, c.lastRank ? std::optional<int64_t>(*c.lastRank) : std::nullopt);
            insWait.bind(8, collId).exec();
        }
        if (c.lastRank && *c.lastRank == c.rank && c.lateBy >= opts.waitMinNs) {
            const StepWindow* w = steps.window(c.rank, c.step);
            int64_t from = prev ? prev->start + prev->dur : w ? w->startNs : c.start;
            if (from < c.start) {
                auto [gapStart, gapLen] = gaps.largest(c.rank, from, c.start);
                if (gapLen >= opts.idleGapMinNs) {
                    insWait.bind(1, c.rank).bind(2, c.step).bind(3, c.name).bind(4, gapStart).bind(5, gapLen);
                    insWait.bind(6, sqlText(model::WaitKind::IdleGap)).bindNull(7).bind(8, collId).exec();
                }
            }
        }
        prev = &c;
    }
}

} // namespace

void analyseCollectives(Db& db, const StepIndex& steps, const AnalysisOptions& opts) {
    std::set<int64_t> collNameIds, notifyWaitIds, notifyOtherIds;
    {
        auto q =
            db.prepare("SELECT id, value FROM string WHERE value LIKE 'hcom\\_%' ESCAPE '\\' "
                       "OR value LIKE 'ncclKernel%' OR value LIKE 'ncclDevKernel%' OR value LIKE 'Notify%'");
        while (q.step()) {
            std::string v = q.text(1);
            if (v == "Notify_Wait")
                notifyWaitIds.insert(q.i64(0));
            else if (v.rfind("Notify", 0) == 0)
                notifyOtherIds.insert(q.i64(0));
            else
                collNameIds.insert(q.i64(0));
        }
    }
    std::vector<Coll> colls;
    {
        // Collective kernels by name (hcom_*, nccl*), plus every top-level op on an HCCL Group track
        // (legacy MindSpore names them "AllReduce-op4542"). SQLite accepts an empty IN list.
        std::string ids;
        for (int64_t id : collNameIds)
            ids += (ids.empty() ? "" : ",") + std::to_string(id);
        auto q = db.prepare(
            "SELECT s.span_id, t.rank, s.track_id, t.pid, t.name, t.kind, s.ts_ns, s.dur_ns, n.value "
            "FROM span s JOIN track t ON t.track_id = s.track_id JOIN string n ON n.id = s.name_id "
            "WHERE (s.name_id IN (" +
            ids +
            ") AND t.kind IN ('compute', 'communication')) OR (t.kind = 'communication' AND t.name LIKE "
            "'Group%' "
            "AND s.depth = 0) ORDER BY t.rank, s.ts_ns");
        while (q.step()) {
            std::string trackName = q.text(4);
            if (trackName.rfind("Plane", 0) == 0) continue; // small ops, not the collective itself
            Coll c;
            c.spanId = q.i64(0);
            c.rank = int(q.i64(1));
            c.trackId = q.i64(2);
            c.pid = q.text(3);
            c.start = q.i64(6);
            c.dur = q.i64(7);
            c.name = q.text(8);
            c.opType = collectiveKind(c.name);
            c.source = "events";
            colls.push_back(std::move(c));
        }
    }
    // Ascend: the wait is the sum of Notify_Wait on the lowest-numbered Plane that has tasks inside the op.
    {
        std::map<std::pair<int, std::string>, std::vector<std::pair<int, int64_t>>>
            planes; // (rank,pid) → (n, track)
        auto q = db.prepare("SELECT track_id, rank, pid, name FROM track WHERE kind = 'communication' AND "
                            "name LIKE 'Plane %'");
        while (q.step())
            planes[{int(q.i64(1)), q.text(2)}].push_back({planeNumber(q.text(3)), q.i64(0)});
        for (auto& [k, v] : planes)
            std::sort(v.begin(), v.end());
        auto inside =
            db.prepare("SELECT name_id, dur_ns FROM span WHERE track_id = ? AND ts_ns >= ? AND ts_ns < ?");
        for (auto& c : colls) {
            auto it = planes.find({c.rank, c.pid});
            if (it == planes.end()) continue;
            for (auto& [num, track] : it->second) {
                // The lowest plane that waits inside the op (plane 0 may carry only local copies).
                int64_t wait = 0, transit = 0, waits = 0;
                inside.bind(1, track).bind(2, c.start).bind(3, c.start + c.dur);
                while (inside.step()) {
                    if (notifyWaitIds.count(inside.i64(0))) {
                        wait += inside.i64(1);
                        ++waits;
                    } else if (!notifyOtherIds.count(inside.i64(0))) {
                        transit += inside.i64(1);
                    }
                }
                inside.reset();
                if (waits > 0) {
                    c.waitEvents = wait;
                    c.transitEvents = transit;
                    break;
                }
            }
        }
    }
    // communication.json: attach to the event instance with the same rank and name nearest in time, or
    // stand alone when the rank has no trace events.
    {
        auto q =
            db.prepare("SELECT rank, step, name, group_name, start_ns, elapse_ns, transit_ns, wait_ns, bytes "
                       "FROM comm_op_src ORDER BY rank, start_ns");
        std::map<std::pair<int, std::string>, std::vector<size_t>> byName;
        for (size_t i = 0; i < colls.size(); ++i)
            byName[{colls[i].rank, colls[i].name}].push_back(i);
        int64_t mismatches = 0, unattached = 0;
        std::string firstMismatch;
        while (q.step()) {
            int rank = int(q.i64(0));
            std::string name = q.text(2);
            int64_t start = q.i64(4);
            Coll* best = nullptr;
            auto it = byName.find({rank, name});
            if (start == 0) {
                // No start time (legacy hccl_raw): the instance of that op in the same step, or nothing.
                if (it != byName.end())
                    for (size_t i : it->second)
                        if (steps.stepAt(rank, colls[i].start) == q.i64(1) && !colls[i].waitJson) {
                            best = &colls[i];
                            break;
                        }
                if (!best) {
                    ++unattached;
                    continue;
                }
                best->source = "events+hccl_raw";
            } else if (it != byName.end())
                for (size_t i : it->second) {
                    Coll& c = colls[i];
                    if (std::llabs(c.start - start) <= std::max<int64_t>(c.dur, 1000) &&
                        (!best || std::llabs(c.start - start) < std::llabs(best->start - start)))
                        best = &c;
                }
            if (!best) {
                Coll c;
                c.rank = rank;
                c.name = name;
                c.opType = collectiveKind(name);
                c.start = start;
                c.dur = q.i64(5);
                c.source = "communication.json";
                colls.push_back(std::move(c));
                best = &colls.back();
                byName[{rank, name}].push_back(colls.size() - 1);
            } else if (start != 0) {
                best->source = "events+communication.json";
            }
            best->step = q.i64(1);
            best->group = q.text(3);
            best->waitJson = q.i64(7);
            best->transitJson = q.i64(6);
            best->bytes = q.i64(8);
            if (best->waitEvents) {
                double a = double(*best->waitJson), b = double(*best->waitEvents);
                if (std::fabs(a - b) > 0.01 * std::max({a, b, 1000.0})) {
                    if (mismatches++ == 0)
                        firstMismatch = name + " rank " + std::to_string(rank) + ": json " +
                                        std::to_string(*best->waitJson) + " ns vs Notify_Wait " +
                                        std::to_string(*best->waitEvents) + " ns";
                }
            }
        }
        if (unattached > 0)
            index::DiagnosticSink(db).add(
                "hccl_raw", "info",
                "per-op communication rows without a matching op in the step trace (not shown)", unattached);
        if (mismatches > 0) {
            index::DiagnosticSink(db).add("communication.json", "info",
                                          "Wait Time(ms) differs from the Notify_Wait sum by more than 1%",
                                          mismatches, firstMismatch);
        }
    }
    // Steps and sequence numbers, then matching across ranks.
    std::sort(colls.begin(), colls.end(), [](const Coll& a, const Coll& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.start < b.start;
    });
    // Instances match across the ranks of one run only; point-to-point ops (pipeline Send/Receive) are not
    // matched at all: their peer is one rank of another stage, not every rank, so "the last to arrive"
    // among all ranks would blame the wrong one.
    const RunMap runs = loadRuns(db);
    // An op's own name identifies it across the ranks of its group where the producer names instances
    // (HCCL "hcom_allReduce__586_0_1", MindSpore "AllReduce-op4619": other stages' ops have other names);
    // NCCL kernels share one signature, so there the op type and its order in the step identify it.
    std::map<std::tuple<int, int64_t, std::string>, int64_t> seqs;
    int64_t p2p = 0;
    for (auto& c : colls) {
        if (c.step < 0) c.step = steps.stepAt(c.rank, c.start).value_or(0);
        const std::string identity = c.opType.rfind("nccl:", 0) == 0 ? c.opType : c.name;
        c.seq = seqs[{c.rank, c.step, identity}]++;
        if (isPointToPoint(c.opType)) {
            ++p2p;
            continue;
        }
        c.matchKey = "run" + std::to_string(runs.run(c.rank)) + "|" + std::to_string(c.step) + "|" +
                     identity + "|" + std::to_string(c.seq);
    }
    if (p2p > 0)
        index::DiagnosticSink(db).add(
            "(profile)", "info",
            "point-to-point ops (Send/Receive) are not matched across ranks: their waits are shown, "
            "their peer is not known",
            p2p);
    std::map<std::string, std::vector<Coll*>> groups;
    for (auto& c : colls)
        if (!c.matchKey.empty()) groups[c.matchKey].push_back(&c);
    // Clock offsets first: a collective ends at the same true time on every rank, so the median difference
    // of end times to the lowest rank estimates each rank's clock offset. Arrivals are then compared on
    // the aligned clock, so skewed clocks do not invent waits or blame the wrong rank.
    std::map<int, std::vector<double>> endDiffs;
    for (auto& [key, g] : groups) {
        if (g.size() < 2) continue;
        Coll* ref = *std::min_element(g.begin(), g.end(), [](Coll* a, Coll* b) { return a->rank < b->rank; });
        for (Coll* c : g)
            endDiffs[c->rank].push_back(double((c->start + c->dur) - (ref->start + ref->dur)));
    }
    std::map<int, int64_t> offset;
    for (auto& [rank, v] : endDiffs)
        if (v.size() >= 3) offset[rank] = int64_t(std::llround(median(v)));
    auto aligned = [&](const Coll* c) { return c->start - (offset.count(c->rank) ? offset[c->rank] : 0); };
    int64_t unknowable = 0;
    for (auto& [key, g] : groups) {
        if (g.size() < 2) continue;
        if (!runs.isComplete(runs.run(g.front()->rank))) {
            ++unknowable; // the last arrival may be a rank that is not in the folder
            continue;
        }
        Coll* last = *std::max_element(g.begin(), g.end(), [&](Coll* a, Coll* b) {
            return aligned(a) != aligned(b) ? aligned(a) < aligned(b) : a->rank > b->rank;
        });
        for (Coll* c : g) {
            c->lastRank = last->rank;
            c->lastArrival = last->start;
            // Without a measured wait (Kineto), a rank waited from its arrival until the last arrival.
            if (!c->waitJson && !c->waitEvents)
                c->waitEvents = std::clamp<int64_t>(aligned(last) - aligned(c), 0, c->dur);
        }
        // how long the last rank kept the others: the smallest of their waits
        last->lateBy = INT64_MAX;
        for (Coll* c : g)
            if (c != last) last->lateBy = std::min(last->lateBy, c->wait());
    }
    if (unknowable > 0)
        index::DiagnosticSink(db).add(
            "(profile)", "info",
            "collectives of a run with ranks missing: measured waits are kept, the late rank is not "
            "named "
            "and no wait is inferred from arrivals",
            unknowable);
    for (auto& [rank, off] : offset)
        db.prepare("UPDATE rank_info SET clock_offset_ns = ? WHERE rank = ?")
            .bind(1, off)
            .bind(2, rank)
            .exec();
    persist(db, colls, steps, opts);
}

} // namespace rs::analysis
