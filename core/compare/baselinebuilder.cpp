#include "core/compare/baselinebuilder.h"

#include "core/compare/linkmeasure.h"
#include "core/compare/steadysteps.h"
#include "core/index/defaultrun.h"
#include "core/model/median.h"
#include "core/model/pathtext.h"
#include "core/model/typicalstep.h"
#include "core/query/damagedinput.h"
#include "core/query/report.h"
#include "core/query/stepwalls.h"
#include "core/query/stubsteps.h"
#include "core/query/waitknowledge.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

namespace rs::compare {

namespace {

struct RankKeys {
    std::map<int, int> dataRankOf; ///< index rank key → producer's rank number
};

int chooseRun(index::Db& db, std::optional<int> run, std::vector<std::string>& notes) {
    const int64_t runs = db.scalar("SELECT count(*) FROM run");
    if (run) {
        if (db.scalar("SELECT count(*) FROM run WHERE run_id = " + std::to_string(*run)) == 0)
            throw std::runtime_error("no run " + std::to_string(*run) + " in this profile (it has " +
                                     std::to_string(runs) + ")");
        return *run;
    }
    const int chosen = index::defaultRunId(db);
    if (runs > 1)
        notes.push_back("the folder holds " + std::to_string(runs) + " runs; measured run " +
                        std::to_string(chosen) + " (" + index::defaultRunWhy(db, chosen) +
                        "; --run N measures another)");
    return chosen;
}

RankKeys ranksOf(index::Db& db, int run) {
    RankKeys k;
    auto st =
        db.prepare("SELECT rank, coalesce(data_rank, rank) FROM rank_info WHERE coalesce(run_id, 0) = ?");
    st.bind(1, run);
    while (st.step())
        k.dataRankOf[int(st.i64(0))] = int(st.i64(1));
    return k;
}

// Steady-state steps of every rank of the run (steadysteps.h): stub steps out (each said in `notes`),
// then the warm-up step.
std::map<int, std::vector<std::pair<int64_t, double>>> stepWalls(index::Db& db, const RankKeys& k,
                                                                 std::vector<std::string>& notes) {
    std::map<int, std::vector<std::pair<int64_t, double>>> walls;
    for (const auto& stub : query::stubSteps(db))
        if (auto it = k.dataRankOf.find(int(stub.rank)); it != k.dataRankOf.end())
            notes.push_back("rank " + std::to_string(it->second) + ": " + query::stubStepReason(stub));
    const auto stubs = query::stubStepKeys(db);
    auto st = db.prepare("SELECT rank, step, wall_ns FROM step_stat ORDER BY rank, step");
    while (st.step()) {
        auto it = k.dataRankOf.find(int(st.i64(0)));
        if (it != k.dataRankOf.end() && !stubs.count({st.i64(0), st.i64(1)}))
            walls[it->first].push_back({st.i64(1), double(st.i64(2))});
    }
    for (auto& [rank, v] : walls)
        v.erase(v.begin(), v.begin() + std::ptrdiff_t(warmupStepsOf(v.size())));
    return walls;
}

StepStat statOf(std::vector<double> v) {
    StepStat s;
    s.steps = int64_t(v.size());
    std::vector<double> w = v;
    s.medianNs = model::typicalStepNs(v); // a step that happened (typicalstep.h)
    s.p95Ns = stats::percentile(w, 95);
    return s;
}

void measureSteps(index::Db& db, const RankKeys& k, BaselineRecord& r,
                  std::map<int, std::vector<std::pair<int64_t, double>>>& walls,
                  std::vector<std::string>& notes) {
    walls = stepWalls(db, k, notes);
    std::vector<double> pooled;
    for (const auto& [rank, v] : walls) {
        std::vector<double> w;
        for (auto& [step, ns] : v)
            w.push_back(ns);
        pooled.insert(pooled.end(), w.begin(), w.end());
        r.ranks[k.dataRankOf.at(rank)].step = statOf(w);
    }
    r.step = statOf(pooled);
    std::set<int64_t> numbers;
    for (const auto& [rank, v] : walls)
        for (const auto& [step, ns] : v)
            numbers.insert(step);
    r.stepNumbers.assign(numbers.begin(), numbers.end());
    r.stepsTotal = db.scalar("SELECT count(DISTINCT step) FROM step_stat");
}

/// Each rank's wait per steady step, where the run's wait is known (measureKnowledge first): a run whose
/// wait nothing measured has no wait rows, and its steps read as waiting 0 ns (the record then said
/// "comm_wait_ns_per_step": 0 beside "comm_wait_not_known"). In a run that knows its waits a step with no
/// wait row waited for nobody: that 0 is measured.
void measureWaits(index::Db& db, const RankKeys& k, BaselineRecord& r,
                  const std::map<int, std::vector<std::pair<int64_t, double>>>& walls) {
    if (!r.waitUnknown.empty()) return;
    std::map<std::pair<int, int64_t>, double> perStep;
    auto st = db.prepare(
        "SELECT rank, step, sum(dur_ns) FROM wait WHERE kind = 'collective_wait' GROUP BY rank, step");
    while (st.step())
        perStep[{int(st.i64(0)), st.i64(1)}] = double(st.i64(2));
    std::vector<double> ranksMedians;
    for (const auto& [rank, v] : walls) {
        std::vector<double> w;
        for (auto& [step, ns] : v) {
            auto it = perStep.find({rank, step});
            w.push_back(it == perStep.end() ? 0.0 : it->second);
        }
        const double m = model::lowerMedian(w); // shown: compare's wait per step, a step's wait
        r.ranks[k.dataRankOf.at(rank)].waitNsPerStep = m;
        ranksMedians.push_back(m);
    }
    r.waitNsPerStep = model::lowerMedian(ranksMedians); // shown: one rank's figure
}

// The one rule for "not known" waits (waitknowledge.h), and the wall source of the run's steps
// (stepwalls.h): a side that does not know a figure must not compare it as a 0 or as a step.
void measureKnowledge(index::Db& db, const RankKeys& k, BaselineRecord& r) {
    const auto waits = query::loadRunWaitUnknown(db);
    if (auto it = waits.find(r.run); it != waits.end()) r.waitUnknown = it->second;
    // the run's files not read in full (a file of no known rank is every run's)
    for (const auto& f : query::damagedFiles(db))
        if (!f.rank || k.dataRankOf.count(int(*f.rank))) r.damagedFiles.push_back(query::damagedFileText(f));
    for (const auto& [key, w] : query::loadStepWalls(db))
        if (k.dataRankOf.count(key.first) && w.source == model::WallSource::WholeTrace) {
            r.stepsUnknown = "no step marks: its whole trace is one pseudo step";
            break;
        }
}

void measureOps(index::Db& db, const RankKeys& k, BaselineRecord& r) {
    std::map<int, int64_t> stepsOf; // a stub step is no step: its (absent) device time is not spread over it
    {
        auto st = db.prepare("SELECT rank, count(*) FROM step_stat GROUP BY rank");
        while (st.step())
            stepsOf[int(st.i64(0))] = st.i64(1);
        for (const auto& stub : query::stubSteps(db))
            --stepsOf[int(stub.rank)];
    }
    std::map<std::string, std::vector<double>> medians, totals;
    std::map<std::string, int64_t> counts;
    std::map<std::string, double> device;
    double deviceAll = 0;
    auto st = db.prepare("SELECT op_type, rank, count, total_ns, median_ns FROM op_stat");
    while (st.step()) {
        const int rank = int(st.i64(1));
        auto it = k.dataRankOf.find(rank);
        if (it == k.dataRankOf.end()) continue;
        const std::string op = st.text(0);
        const double steps = double(std::max<int64_t>(1, stepsOf.count(rank) ? stepsOf[rank] : 1));
        OpStat s{double(st.i64(4)), double(st.i64(3)) / steps, st.i64(2)};
        r.ranks[it->second].ops[op] = s;
        medians[op].push_back(s.medianNs);
        totals[op].push_back(s.totalNsPerStep);
        counts[op] += s.count;
        device[op] += double(st.i64(3));
        deviceAll += double(st.i64(3));
    }
    for (auto& [op, m] : medians) // shown: compare's over-ranks op figures, each one rank's (median.h)
        r.ops[op] = {model::lowerMedian(m), model::lowerMedian(totals[op]), counts[op]};
    for (auto& [op, d] : device)
        r.opShare[op] = deviceAll > 0 ? d / deviceAll : 0;
}

// Each collective's transfer time per steady step, median over ranks, keyed by (op type, seq of that type
// in the rank's step) so another run's same collective matches whatever its instance name. A wait nothing
// could measure is NULL (analysis revision 34): its transfer is not known either, so the row is left out
// rather than read as its whole duration (a 0 wait); compareCollectives says such a side is not comparable.
void measureCollectives(index::Db& db, const RankKeys& k, BaselineRecord& r,
                        const std::map<int, std::vector<std::pair<int64_t, double>>>& walls) {
    std::map<int, std::set<int64_t>> steady;
    for (const auto& [rank, v] : walls)
        for (const auto& [step, ns] : v)
            steady[rank].insert(step);
    std::map<std::tuple<std::string, int64_t, int64_t>, std::vector<double>>
        values; // (op, seq, step) → per rank
    std::map<std::tuple<int, int64_t, std::string>, int64_t> seqs;
    auto st = db.prepare("SELECT rank, step, coalesce(op_type, name), dur_ns, wait_ns FROM collective "
                         "WHERE match_key IS NOT NULL ORDER BY rank, step, start_ns, collective_id");
    while (st.step()) {
        const int rank = int(st.i64(0));
        if (!k.dataRankOf.count(rank)) continue;
        const int64_t step = st.i64(1);
        const std::string op = st.text(2);
        const int64_t seq = seqs[{rank, step, op}]++;
        auto s = steady.find(rank);
        if (s == steady.end() || !s->second.count(step) || st.isNull(4)) continue;
        values[{op, seq, step}].push_back(double(std::max<int64_t>(0, st.i64(3) - st.i64(4))));
    }
    for (auto& [key, v] : values) {
        const auto& [op, seq, step] = key;
        CollectiveStat& c = r.collectives[CollectiveStat::key(op, seq)];
        c.opType = op;
        c.seq = seq;
        c.transferNsByStep[step] = model::lowerMedian(v); // shown: one rank's transfer
    }
}

void measureMemory(index::Db& db, const RankKeys& k, BaselineRecord& r) {
    auto st = db.prepare("SELECT rank, peak_allocated_bytes, peak_reserved_bytes FROM memory_summary");
    while (st.step()) {
        auto it = k.dataRankOf.find(int(st.i64(0)));
        if (it == k.dataRankOf.end()) continue;
        MemStat m{st.isNull(1) ? -1 : st.i64(1), st.isNull(2) ? -1 : st.i64(2)};
        r.ranks[it->second].memory = m;
        r.memory.peakAllocated = std::max(r.memory.peakAllocated, m.peakAllocated);
        r.memory.peakReserved = std::max(r.memory.peakReserved, m.peakReserved);
    }
}

/// FNV-1a, 64 bits: the same digest on every platform and in every version (std::hash is neither), for a
/// record compared with one written elsewhere or later.
uint64_t fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
    for (unsigned char ch : s)
        h = (h ^ ch) * 1099511628211ull;
    return h;
}

/// `path` without a compression suffix: a trace and its gunzipped copy are one source.
std::string withoutCompression(std::string path) {
    for (const char* suffix : {".gz", ".zst"})
        if (path.size() > std::strlen(suffix) && path.ends_with(suffix))
            return path.substr(0, path.size() - std::strlen(suffix));
    return path;
}

/// The run's start and its source files (path below the files' common folder without a compression
/// suffix, records read), as a digest: a copy of the folder gives the same one (its paths differ only
/// above that folder), and so does a copy with its files compressed or decompressed (its sizes differ:
/// a trace against its own gunzipped copy read PASS, walk 20a); another run another, so a comparison can
/// say it compares a run with itself.
void measureSources(index::Db& db, const RankKeys& k, BaselineRecord& r) {
    std::vector<std::string> lines;
    auto st = db.prepare("SELECT path, coalesce(records, -1), rank FROM source_file");
    while (st.step())
        if (!st.isNull(2) && k.dataRankOf.count(int(st.i64(2))))
            lines.push_back(withoutCompression(st.text(0)) + "|" + std::to_string(st.i64(1)));
    if (lines.empty()) return; // a cluster index keeps its files in its shards: not known
    std::sort(lines.begin(), lines.end());
    // the common folder ends at a '/' that every path shares
    size_t common = lines.front().rfind('/', lines.front().find('|'));
    for (const auto& l : lines)
        while (common != std::string::npos && l.compare(0, common + 1, lines.front(), 0, common + 1) != 0)
            common = common ? lines.front().rfind('/', common - 1) : std::string::npos;
    const size_t cut = common == std::string::npos ? 0 : common + 1;
    auto start = db.prepare("SELECT coalesce(start_ns, 0) FROM run WHERE run_id = ?");
    start.bind(1, r.run);
    uint64_t h = fnv1a("run start " + std::to_string(start.step() ? start.i64(0) : 0) + "\n");
    for (const auto& l : lines)
        h = fnv1a(l.substr(cut) + "\n", h);
    // and what the run measured, to the ns: the demo's --scale-op and --seed runs have files of the same
    // sizes and records, but not the same step walls and op totals
    auto figures =
        db.prepare("SELECT rank, step, wall_ns FROM step_stat UNION ALL SELECT rank, count, total_ns "
                   "FROM op_stat ORDER BY 1, 2, 3");
    while (figures.step())
        if (k.dataRankOf.count(int(figures.i64(0))))
            h = fnv1a(std::to_string(figures.i64(0)) + "|" + std::to_string(figures.i64(1)) + "|" +
                          std::to_string(figures.i64(2)) + "\n",
                      h);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    r.sourceDigest = hex;
    r.sourceFiles = int64_t(lines.size());
}

std::string utcNow() {
    std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char b[32];
    std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return b;
}

void describe(index::Db& db, int run, BaselineRecord& r) {
    r.labels = query::runLabels(db, run);
    auto st = db.prepare("SELECT world_size, source FROM run WHERE run_id = ?");
    st.bind(1, run);
    if (st.step()) {
        if (!st.isNull(0)) r.labels["world_size"] = std::to_string(st.i64(0));
        if (!st.isNull(1)) r.labels["source"] = st.text(1);
    }
    r.labels["ranks"] = std::to_string(r.ranks.size());
    // normal as new indexes write it: an older one kept "/tmp/x/./cand" (walk 24 #4)
    r.profile = model::shownPath(db.scalarText("SELECT value FROM meta WHERE key = 'profile'"));
}

} // namespace

BuiltRecord buildRecord(index::Db& db, std::optional<int> run) {
    BuiltRecord out;
    BaselineRecord& r = out.record;
    r.run = chooseRun(db, run, out.notes);
    const RankKeys k = ranksOf(db, r.run);
    std::map<int, std::vector<std::pair<int64_t, double>>> walls;
    measureSteps(db, k, r, walls, out.notes);
    measureKnowledge(db, k, r);
    measureWaits(db, k, r, walls);
    measureOps(db, k, r);
    measureMemory(db, k, r);
    measureCollectives(db, k, r, walls);
    measureLinks(db, r.run, r);
    measureBanks(db, k.dataRankOf, r);
    measureSources(db, k, r);
    describe(db, r.run, r);
    r.created = utcNow();
    r.rankscopeVersion = RANKSCOPE_VERSION;
    if (r.step.steps == 0) out.notes.push_back("no steps in this run: step statistics are empty");
    return out;
}

} // namespace rs::compare
