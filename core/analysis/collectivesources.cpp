#include "core/analysis/collectivesources.h"

#include "core/analysis/rankdiagnostics.h"
#include "core/model/optype.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>

namespace rs::analysis {

using index::Db;

namespace {

int planeNumber(const std::string& trackName) {
    int v = 0;
    const char* b = trackName.data() + std::min<size_t>(6, trackName.size());
    auto [end, ec] = std::from_chars(b, trackName.data() + trackName.size(), v);
    return ec == std::errc() && end != b ? v : 1 << 30;
}

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
    return nullptr;
}

} // namespace

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
    return model::deriveOpType(name);
}

bool isPointToPoint(const std::string& opType) {
    std::string l;
    for (char ch : opType)
        l += char(std::tolower(static_cast<unsigned char>(ch)));
    for (const char* p : {"send", "receive", "recv"})
        if (l.find(p) != std::string::npos) return true;
    return false;
}

std::vector<Arrival> eventCollectives(Db& db, const NameIndex& names, int rank, const RankKernels& kernels) {
    auto name = db.prepare("SELECT value FROM string WHERE id = ?");
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
        c.opType = collectiveKind(c.name);
        c.source = "events";
        return c;
    };
    std::vector<Arrival> out;
    for (const Kernel& k : kernels.all()) // collective kernels on the device streams
        if (names.collective.count(k.nameId) && !kernels.tracks()[size_t(k.track)].planeLane) {
            const KernelTrack& t = kernels.tracks()[size_t(k.track)];
            out.push_back(arrival(k.spanId, t.trackId, t.pid, k.startNs, k.endNs - k.startNs, k.nameId));
        }
    // the communication lanes: collective kernels by name, and every top-level op of an HCCL Group lane
    auto tracks =
        db.prepare("SELECT track_id, pid, name LIKE 'Group%' FROM track WHERE rank = ? AND kind = "
                   "'communication' AND coalesce(substr(name, 1, 5), '') != 'Plane' ORDER BY track_id");
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

void measureNotifyWaits(Db& db, const NameIndex& names, int rank, std::vector<Arrival>& arrivals) {
    std::map<std::string, std::vector<std::pair<int, int64_t>>> planes; // pid → (number, track), by number
    {
        auto q =
            db.prepare("SELECT track_id, pid, name FROM track WHERE rank = ? AND kind = 'communication' AND "
                       "name LIKE 'Plane %'");
        q.bind(1, rank);
        while (q.step())
            planes[q.text(1)].push_back({planeNumber(q.text(2)), q.i64(0)});
        for (auto& [pid, v] : planes)
            std::sort(v.begin(), v.end());
    }
    auto inside =
        db.prepare("SELECT name_id, dur_ns FROM span WHERE track_id = ? AND ts_ns >= ? AND ts_ns < ?");
    for (auto& c : arrivals) {
        auto it = planes.find(c.pid);
        if (it == planes.end()) continue;
        for (auto& [num, track] : it->second) {
            int64_t wait = 0, transit = 0, waits = 0;
            inside.bind(1, track).bind(2, c.startNs).bind(3, c.endNs());
            while (inside.step()) {
                if (names.notifyWait.count(inside.i64(0))) {
                    wait += inside.i64(1);
                    ++waits;
                } else if (!names.notifyOther.count(inside.i64(0))) {
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

void attachCommRecords(Db& db, int rank, const StepIndex& steps, std::vector<Arrival>& arrivals,
                       RankDiagnostics& diag) {
    auto q = db.prepare("SELECT step, name, group_name, start_ns, elapse_ns, transit_ns, wait_ns, bytes FROM "
                        "comm_op_src WHERE rank = ? ORDER BY start_ns, rowid");
    q.bind(1, rank);
    std::map<std::string, std::vector<size_t>> byName;
    for (size_t i = 0; i < arrivals.size(); ++i)
        byName[arrivals[i].name].push_back(i);
    int64_t mismatches = 0, unattached = 0;
    std::string firstMismatch;
    while (q.step()) {
        const std::string name = q.text(1);
        const int64_t start = q.i64(3);
        auto it = byName.find(name);
        const std::vector<size_t>* sameName = it == byName.end() ? nullptr : &it->second;
        Arrival* best = start == 0 ? sameStepInstance(arrivals, sameName, steps, rank, q.i64(0))
                                   : nearestInstance(arrivals, sameName, start);
        if (!best && start == 0) {
            ++unattached;
            continue;
        }
        if (!best) {
            Arrival c;
            c.rank = rank;
            c.name = name;
            c.opType = collectiveKind(name);
            c.startNs = start;
            c.durNs = q.i64(4);
            c.source = "communication.json";
            arrivals.push_back(std::move(c));
            best = &arrivals.back();
            byName[name].push_back(arrivals.size() - 1);
        } else {
            best->source = start == 0 ? "events+hccl_raw" : "events+communication.json";
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
        diag.add("hccl_raw", "info",
                 "per-op communication rows without a matching op in the step trace (not shown)", unattached);
    if (mismatches > 0)
        diag.add("communication.json", "info",
                 "Wait Time(ms) differs from the Notify_Wait sum by more than 1%", mismatches, firstMismatch);
}

} // namespace rs::analysis
