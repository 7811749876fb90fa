#include "core/analysis/collectivesources.h"

#include "core/analysis/rankdiagnostics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace rs::analysis {

using index::Db;

namespace {

/// The event instance of a record with a start time: same name, nearest in time, within its duration.
Arrival* nearestInstance(std::vector<Arrival>& arrivals, const std::vector<size_t>* sameName, int64_t start) {
    Arrival* best = nullptr;
    if (!sameName) return nullptr;
    for (size_t i : *sameName) {
        Arrival& c = arrivals[i];
        if (std::llabs(c.startNs - start) <= std::max<int64_t>(c.durNs, 1000) &&
            (!best || std::llabs(c.startNs - start) < std::llabs(best->startNs - start)))
            best = &c;
    }
    return best;
}

/// The event instance of a record without a start (legacy hccl_raw): that op in the same step, not taken yet.
Arrival* sameStepInstance(std::vector<Arrival>& arrivals, const std::vector<size_t>* sameName,
                          const StepIndex& steps, int rank, int64_t step) {
    if (!sameName) return nullptr;
    for (size_t i : *sameName)
        if (steps.stepAt(rank, arrivals[i].startNs) == step && !arrivals[i].waitJson) return &arrivals[i];
    // an op begun before its step and ended in it: a pipeline stage's first Receive waits for the previous
    // stage from before the step's start point (cluster_propose ranks 0–1, step 1: Receive-op663 starts
    // 2.6 ms before it), and the step trace lists it in that step's row
    for (size_t i : *sameName)
        if (steps.stepAt(rank, arrivals[i].endNs() - 1) == step && !arrivals[i].waitJson) return &arrivals[i];
    return nullptr;
}

} // namespace

void applyNameFacts(Arrival& a, const model::NameFacts& facts) {
    a.opType = facts.collective;
    a.identity = facts.matchBy == model::MatchBy::KindAndOrder ? facts.collective : a.name;
    a.pointToPoint = facts.pointToPoint;
}

namespace {

/// The collectives the launching host ops name (launch_collective), by kernel track and start.
std::map<std::pair<int64_t, int64_t>, std::pair<std::string, bool>> launchedCollectives(Db& db, int rank) {
    std::map<std::pair<int64_t, int64_t>, std::pair<std::string, bool>> out;
    auto q = db.prepare("SELECT l.track_id, l.ts_ns, l.collective, l.point_to_point FROM launch_collective l "
                        "JOIN track t ON t.track_id = l.track_id WHERE t.rank = ?");
    q.bind(1, rank);
    while (q.step())
        out[{q.i64(0), q.i64(1)}] = {q.text(2), q.i64(3) != 0};
    return out;
}

} // namespace

std::vector<Arrival> eventCollectives(Db& db, const NameIndex& names, int rank, const RankKernels& kernels) {
    auto name = db.prepare("SELECT value FROM string WHERE id = ?");
    const auto launched = launchedCollectives(db, rank);
    auto arrival = [&](int64_t spanId, int64_t trackId, const std::string& pid, int64_t start, int64_t dur,
                       int64_t nameId) {
        Arrival c;
        c.rank = rank;
        c.spanId = spanId;
        c.trackId = trackId;
        c.pid = pid;
        c.startNs = start;
        c.durNs = dur;
        name.bind(1, nameId);
        if (name.step()) c.name = name.text(0);
        name.reset();
        applyNameFacts(c, names.factsOf(nameId));
        // the host op that launched the kernel names its collective: NCCL runs all-to-all as SendRecv
        // kernels, which their name alone calls point-to-point
        if (auto it = launched.find({trackId, start}); it != launched.end()) {
            c.opType = c.identity = it->second.first;
            c.pointToPoint = it->second.second;
        }
        c.source = "events";
        return c;
    };
    std::vector<Arrival> out;
    for (const Kernel& k : kernels.all()) // collective kernels on the device streams
        if (names.collective.count(k.nameId) && !kernels.tracks()[size_t(k.track)].planeLane) {
            const KernelTrack& t = kernels.tracks()[size_t(k.track)];
            out.push_back(arrival(k.spanId, t.trackId, t.pid, k.startNs, k.endNs - k.startNs, k.nameId));
        }
    // the communication lanes but the planes: collective kernels, and every top-level op of a collective lane
    auto tracks =
        db.prepare("SELECT track_id, pid, role IS 'collective_lane' FROM track WHERE rank = ? AND kind = "
                   "'communication' AND role IS NOT 'comm_plane' ORDER BY track_id");
    auto spans = db.prepare("SELECT span_id, ts_ns, dur_ns, name_id, depth FROM span WHERE track_id = ?");
    tracks.bind(1, rank);
    while (tracks.step()) {
        const bool group = tracks.i64(2) != 0;
        spans.bind(1, tracks.i64(0));
        while (spans.step())
            if (names.collective.count(spans.i64(3)) || (group && spans.i64(4) == 0))
                out.push_back(arrival(spans.i64(0), tracks.i64(0), tracks.text(1), spans.i64(1), spans.i64(2),
                                      spans.i64(3)));
        spans.reset();
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Arrival& a, const Arrival& b) { return a.startNs < b.startNs; });
    return out;
}

namespace {

/// One rank's plane tasks inside its collective instances: the wait tasks of the lowest-numbered plane of the
/// instance's device process that has any, with where they ran, and the transfer tasks beside them.
class PlaneTasks {
  public:
    struct Measure {
        int64_t wait = 0, transit = 0;
        model::Intervals where; ///< the wait tasks, merged
    };
    PlaneTasks(Db& db, const NameIndex& names, int rank)
        : m_names(names), m_inside(db.prepare("SELECT name_id, dur_ns, ts_ns FROM span WHERE track_id = ? "
                                              "AND ts_ns >= ? AND ts_ns < ?")) {
        auto q =
            db.prepare("SELECT track_id, pid FROM track WHERE rank = ? AND kind = 'communication' AND role = "
                       "'comm_plane' ORDER BY coalesce(plane, 1073741824), track_id");
        q.bind(1, rank);
        while (q.step())
            m_planes[q.text(1)].push_back(q.i64(0)); // pid → its plane lanes, lowest number first
    }
    std::optional<Measure> measure(const Arrival& c) {
        auto it = m_planes.find(c.pid);
        if (it == m_planes.end()) return std::nullopt;
        for (int64_t track : it->second) {
            Measure m;
            m_inside.bind(1, track).bind(2, c.startNs).bind(3, c.endNs());
            while (m_inside.step()) {
                if (m_names.notifyWait.count(m_inside.i64(0))) {
                    m.wait += m_inside.i64(1);
                    m.where.push_back({m_inside.i64(2), m_inside.i64(2) + m_inside.i64(1)});
                } else if (!m_names.notifyOther.count(m_inside.i64(0))) {
                    m.transit += m_inside.i64(1);
                }
            }
            m_inside.reset();
            if (!m.where.empty()) {
                m.where = model::merged(std::move(m.where));
                return m;
            }
        }
        return std::nullopt;
    }

  private:
    const NameIndex& m_names;
    index::Stmt m_inside;
    std::map<std::string, std::vector<int64_t>> m_planes;
};

} // namespace

void measureNotifyWaits(Db& db, const NameIndex& names, int rank, std::vector<Arrival>& arrivals) {
    PlaneTasks planes(db, names, rank);
    for (auto& c : arrivals)
        if (auto m = planes.measure(c)) {
            c.waitEvents = m->wait;
            c.transitEvents = m->transit;
            c.waitIntervals = std::move(m->where);
        }
}

namespace {

/// A per-op record alone, when no event instance is its own.
Arrival standaloneRecord(int rank, const index::Stmt& q) {
    Arrival c;
    c.rank = rank;
    c.name = q.text(1);
    model::NameFacts facts;
    facts.collective = q.text(9);
    facts.pointToPoint = q.i64(10) != 0;
    facts.matchBy = q.text(11) == sqlText(model::MatchBy::KindAndOrder) ? model::MatchBy::KindAndOrder
                                                                        : model::MatchBy::Name;
    applyNameFacts(c, facts);
    c.startNs = q.i64(3);
    c.durNs = q.i64(4);
    return c;
}

} // namespace

void attachCommRecords(Db& db, int rank, const StepIndex& steps, std::vector<Arrival>& arrivals,
                       RankDiagnostics& diag) {
    using model::CommRecordSource;
    auto q =
        db.prepare("SELECT step, name, group_name, start_ns, elapse_ns, transit_ns, wait_ns, bytes, source, "
                   "collective, point_to_point, match_by FROM comm_op_src WHERE rank = ? ORDER BY start_ns, "
                   "rowid");
    q.bind(1, rank);
    std::map<std::string, std::vector<size_t>> byName;
    for (size_t i = 0; i < arrivals.size(); ++i)
        byName[arrivals[i].name].push_back(i);
    int64_t mismatches = 0, unattached = 0;
    std::string firstMismatch;
    while (q.step()) {
        const std::string name = q.text(1);
        const auto source =
            model::commRecordSourceFromSql(q.text(8)).value_or(CommRecordSource::CommunicationJson);
        const bool timed = source != CommRecordSource::HcclRaw; // hccl_raw gives no start: matched by step
        auto it = byName.find(name);
        const std::vector<size_t>* sameName = it == byName.end() ? nullptr : &it->second;
        Arrival* best = timed ? nearestInstance(arrivals, sameName, q.i64(3))
                              : sameStepInstance(arrivals, sameName, steps, rank, q.i64(0));
        if (!best && !timed) {
            ++unattached;
            continue;
        }
        if (!best) {
            arrivals.push_back(standaloneRecord(rank, q));
            best = &arrivals.back();
            best->source = std::string(sqlText(source));
            byName[name].push_back(arrivals.size() - 1);
        } else {
            best->source = "events+" + std::string(sqlText(source));
        }
        best->step = q.i64(0);
        best->group = q.text(2);
        best->waitJson = q.i64(6);
        best->transitJson = q.i64(5);
        best->bytes = q.i64(7);
        if (best->waitEvents) {
            double a = double(*best->waitJson), b = double(*best->waitEvents);
            if (std::fabs(a - b) > 0.01 * std::max({a, b, 1000.0}) && mismatches++ == 0)
                firstMismatch = name + " rank " + std::to_string(rank) + ": json " +
                                std::to_string(*best->waitJson) + " ns vs Notify_Wait " +
                                std::to_string(*best->waitEvents) + " ns";
        }
    }
    if (unattached > 0)
        diag.add(std::string(sqlText(CommRecordSource::HcclRaw)), "info",
                 "per-op communication rows without a matching op in the step trace (not shown)", unattached);
    if (mismatches > 0)
        diag.add(std::string(sqlText(CommRecordSource::CommunicationJson)), "info",
                 "Wait Time(ms) differs from the Notify_Wait sum by more than 1%", mismatches, firstMismatch);
}

} // namespace rs::analysis
