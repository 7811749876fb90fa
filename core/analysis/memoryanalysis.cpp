#include "core/analysis/memoryanalysis.h"

#include "core/analysis/runs.h"

#include "core/model/findingkind.h"
#include "core/model/lod.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

using index::Db;

int64_t bankOf(uint64_t addr, uint64_t base, int64_t size) {
    if (addr < base) return -1 - int64_t((base - addr - 1) / uint64_t(size));
    return int64_t((addr - base) / uint64_t(size));
}

uint64_t defaultBankBase(uint64_t lowest, int64_t size) {
    return lowest - lowest % uint64_t(size);
}

namespace {

std::string bankList(const std::set<int64_t>& s) {
    std::string out = "[";
    for (auto b : s) {
        if (out.size() > 1) out.push_back(',');
        out.append(std::to_string(b));
    }
    out.push_back(']');
    return out;
}

} // namespace

void analyseMemory(Db& db, const StepIndex& steps, const AnalysisOptions& opts) {
    // 1. One time axis: fill ns from step positions and step numbers from ns.
    {
        std::vector<std::tuple<int64_t, int, std::optional<double>, std::optional<double>,
                               std::optional<int64_t>, std::optional<int64_t>>>
            rows;
        // Rows with a step position but no time (steps the importer did not know): interpolate here.
        auto q = db.prepare(
            "SELECT rowid, rank, alloc_step, free_step, alloc_ns, free_ns FROM tensor WHERE "
            "(alloc_step IS NOT NULL AND alloc_ns IS NULL) OR (free_step IS NOT NULL AND free_ns IS NULL)");
        while (q.step()) {
            auto od = [&](int c) { return q.isNull(c) ? std::nullopt : std::optional<double>(q.f64(c)); };
            auto oi = [&](int c) { return q.isNull(c) ? std::nullopt : std::optional<int64_t>(q.i64(c)); };
            rows.emplace_back(q.i64(0), int(q.i64(1)), od(2), od(3), oi(4), oi(5));
        }
        auto upd = db.prepare(
            "UPDATE tensor SET alloc_ns = ?, free_ns = ?, alloc_step = ?, free_step = ? WHERE rowid = ?");
        for (auto& [id, rank, as, fs, an, fn] : rows) {
            if (as && !an) an = steps.timeOfStep(rank, *as);
            if (fs && !fn) fn = steps.timeOfStep(rank, *fs);
            upd.bind(1, an).bind(2, fn).bind(3, as).bind(4, fs).bind(5, id).exec();
        }
        // Step numbers of rows that only have times, in two set-based statements.
        db.exec("UPDATE tensor SET alloc_step = (SELECT st.step FROM step st WHERE st.rank = tensor.rank AND "
                "st.start_ns <= tensor.alloc_ns ORDER BY st.start_ns DESC LIMIT 1) WHERE alloc_step IS NULL "
                "AND alloc_ns IS NOT NULL;"
                "UPDATE tensor SET free_step = (SELECT st.step FROM step st WHERE st.rank = tensor.rank AND "
                "st.start_ns <= tensor.free_ns ORDER BY st.start_ns DESC LIMIT 1) WHERE free_step IS NULL "
                "AND free_ns IS NOT NULL;");
    }
    // 2. Banks per rank.
    auto summary = db.prepare(
        "INSERT OR REPLACE INTO memory_summary(rank, peak_allocated_bytes, peak_reserved_bytes, "
        "peak_ts_ns, fragmentation, bank_size_bytes, bank_count, base_addr) VALUES(?,?,?,?,?,?,?,?)");
    std::vector<int> ranks;
    {
        auto q = db.prepare("SELECT rank FROM rank_info ORDER BY rank");
        while (q.step())
            ranks.push_back(int(q.i64(0)));
    }
    const int64_t bankSize = opts.banks.bankSizeBytes;
    std::map<int, uint64_t> bases;
    for (int rank : ranks) {
        auto lo = db.prepare("SELECT min(addr) FROM tensor WHERE rank = ? AND addr IS NOT NULL");
        lo.bind(1, rank);
        if (lo.step() && !lo.isNull(0)) {
            uint64_t base =
                opts.banks.baseAddr ? *opts.banks.baseAddr : defaultBankBase(uint64_t(lo.i64(0)), bankSize);
            bases[rank] = base;
            db.prepare(
                  "UPDATE tensor SET bank = (addr - ?) / ? WHERE rank = ? AND addr IS NOT NULL AND addr >= ?")
                .bind(1, int64_t(base))
                .bind(2, bankSize)
                .bind(3, rank)
                .bind(4, int64_t(base))
                .exec();
        }
    }
    // 3. Peaks: from memory samples when the source has them, else a curve derived from the tensors.
    for (int rank : ranks) {
        int64_t nAlloc = 0;
        {
            auto q = db.prepare("SELECT count(allocated_bytes) FROM memory_sample WHERE rank = ?");
            q.bind(1, rank);
            if (q.step()) nAlloc = q.i64(0);
        }
        if (nAlloc == 0) {
            std::vector<std::pair<int64_t, int64_t>> ev;
            auto q = db.prepare(
                "SELECT alloc_ns, free_ns, size_bytes FROM tensor WHERE rank = ? AND alloc_ns IS NOT NULL");
            q.bind(1, rank);
            while (q.step()) {
                ev.push_back({q.i64(0), q.i64(2)});
                if (!q.isNull(1)) ev.push_back({q.i64(1), -q.i64(2)});
            }
            // frees before allocs at the same instant: the curve never double-counts a reused buffer
            std::sort(ev.begin(), ev.end(), [](auto& a, auto& b) {
                return a.first != b.first ? a.first < b.first : a.second < b.second;
            });
            auto ins = db.prepare(
                "INSERT INTO memory_sample(rank, ts_ns, component, allocated_bytes) VALUES(?,?,?,?)");
            int64_t cur = 0;
            for (size_t i = 0; i < ev.size(); ++i) {
                cur += ev[i].second;
                if (i + 1 < ev.size() && ev[i + 1].first == ev[i].first) continue;
                ins.bind(1, rank).bind(2, ev[i].first).bind(3, "derived:tensors").bind(4, cur).exec();
            }
        }
        int64_t peakAlloc = 0, peakTs = 0, peakRes = 0;
        double frag = 0;
        {
            auto q = db.prepare("SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ? AND "
                                "allocated_bytes IS NOT NULL "
                                "ORDER BY allocated_bytes DESC, ts_ns LIMIT 1");
            q.bind(1, rank);
            if (q.step()) peakTs = q.i64(0), peakAlloc = q.i64(1);
            auto r =
                db.prepare("SELECT reserved_bytes, allocated_bytes FROM memory_sample WHERE rank = ? AND "
                           "reserved_bytes IS NOT NULL ORDER BY reserved_bytes DESC LIMIT 1");
            r.bind(1, rank);
            if (r.step()) {
                peakRes = r.i64(0);
                if (!r.isNull(1) && peakRes > 0) frag = 1.0 - double(r.i64(1)) / double(peakRes);
            }
        }
        summary.bind(1, rank)
            .bind(2, peakAlloc)
            .bind(3, peakRes)
            .bind(4, peakTs)
            .bind(5, frag)
            .bind(6, bankSize);
        summary.bind(7, int64_t(opts.banks.bankCount));
        if (bases.count(rank))
            summary.bind(8, int64_t(bases[rank]));
        else
            summary.bindNull(8);
        summary.exec();
    }
    // 3b. The timeline's memory lane: the component with the most allocated samples, reduced per LOD level
    //     (maximum per bucket, so peaks survive) — a zoomed-out frame reads a few thousand rows, not
    //     millions.
    {
        auto comp =
            db.prepare("SELECT component FROM memory_sample WHERE rank = ? AND allocated_bytes IS NOT NULL "
                       "GROUP BY component ORDER BY count(*) DESC LIMIT 1");
        auto setComp = db.prepare("UPDATE memory_summary SET curve_component = ? WHERE rank = ?");
        auto samples = db.prepare(
            "SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ? AND component = ? AND "
            "allocated_bytes IS NOT NULL ORDER BY ts_ns");
        auto ins = db.prepare("INSERT INTO memory_lod(rank, level, start_ns, max_bytes) VALUES(?,?,?,?)");
        for (int rank : ranks) {
            comp.bind(1, rank);
            if (!comp.step()) {
                comp.reset();
                continue;
            }
            std::string component = comp.text(0);
            comp.reset();
            setComp.bind(1, component).bind(2, rank).exec();
            struct B {
                int64_t idx = INT64_MIN, start = 0, max = 0;
            };
            std::array<B, model::kLodLevels> b;
            samples.bind(1, rank).bind(2, component);
            while (samples.step()) {
                int64_t ts = samples.i64(0), v = samples.i64(1);
                for (int l = 0; l < model::kLodLevels; ++l) {
                    int64_t idx = ts / model::lodWidthNs(l);
                    if (idx != b[size_t(l)].idx) {
                        if (b[size_t(l)].idx != INT64_MIN)
                            ins.bind(1, rank)
                                .bind(2, l)
                                .bind(3, b[size_t(l)].start)
                                .bind(4, b[size_t(l)].max)
                                .exec();
                        b[size_t(l)] = {idx, ts, v};
                    }
                    b[size_t(l)].max = std::max(b[size_t(l)].max, v);
                }
            }
            samples.reset();
            for (int l = 0; l < model::kLodLevels; ++l)
                if (b[size_t(l)].idx != INT64_MIN)
                    ins.bind(1, rank).bind(2, l).bind(3, b[size_t(l)].start).bind(4, b[size_t(l)].max).exec();
        }
        db.exec("CREATE INDEX memory_lod_rank ON memory_lod(rank, level, start_ns, max_bytes)"); // covering
    }
    // 4. Bank anomalies: per op, the banks holding ≥ 10 % of its bytes on each rank; a rank whose banks
    //    share nothing with the banks most other ranks use is flagged.
    //    Ranks are compared with the other ranks of their run only.
    const RunMap runs = loadRuns(db);
    std::map<std::pair<int, std::string>, std::map<int, std::map<int64_t, int64_t>>>
        bytes; // (run, op) → rank → bank → bytes
    {
        auto q = db.prepare("SELECT op_name, rank, bank, sum(size_bytes) FROM tensor WHERE bank IS NOT NULL "
                            "GROUP BY op_name, rank, bank");
        while (q.step())
            bytes[{runs.run(int(q.i64(1))), q.text(0)}][int(q.i64(1))][q.i64(2)] = q.i64(3);
    }
    auto ins = db.prepare(
        "INSERT INTO bank_anomaly(rank, op_name, banks, other_ranks_banks, bytes) VALUES(?,?,?,?,?)");
    auto finding = db.prepare("INSERT INTO finding(kind, rank, step, subject, lost_ns, text, run_id) "
                              "VALUES(?,?,NULL,?,0,?,?)");
    for (auto& [runOp, perRank] : bytes) {
        const std::string& op = runOp.second;
        if (perRank.size() < 3) continue; // with two ranks there is no majority to differ from
        std::map<int, std::set<int64_t>> main;
        for (auto& [rank, banks] : perRank) {
            int64_t total = 0;
            for (auto& [b, n] : banks)
                total += n;
            for (auto& [b, n] : banks)
                if (n * 10 >= total) main[rank].insert(b);
        }
        for (auto& [rank, mine] : main) {
            std::map<int64_t, int> votes;
            int others = 0;
            for (auto& [r2, s] : main) {
                if (r2 == rank) continue;
                ++others;
                for (auto b : s)
                    ++votes[b];
            }
            std::set<int64_t> consensus;
            for (auto& [b, v] : votes)
                if (v * 2 > others) consensus.insert(b);
            if (consensus.empty()) continue;
            bool shared =
                std::any_of(mine.begin(), mine.end(), [&](int64_t b) { return consensus.count(b) > 0; });
            if (shared) continue;
            int64_t n = 0;
            for (auto& [b, v] : perRank[rank])
                n += v;
            ins.bind(1, rank)
                .bind(2, op)
                .bind(3, bankList(mine))
                .bind(4, bankList(consensus))
                .bind(5, n)
                .exec();
            std::string text = "rank " + std::to_string(rank) + " places " + op + " tensors in HBM " +
                               (mine.size() == 1 ? "bank " : "banks ") + bankList(mine) +
                               " while the other ranks use " + bankList(consensus);
            finding.bind(1, sqlText(model::FindingKind::BankAnomaly)).bind(2, rank).bind(3, op).bind(4, text);
            finding.bind(5, int64_t(runs.run(rank))).exec();
        }
    }
}

} // namespace rs::analysis
