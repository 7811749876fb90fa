#include "core/analysis/opanalysis.h"

#include "core/analysis/runs.h"
#include "core/stats/robuststats.h"
#include "core/stats/taskclass.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

using stats::mad;
using stats::median;
using stats::NameFlags;
using stats::nonComputeNameIds;
using stats::QuantileSketch;
using stats::robustZ;

using index::Db;

void analyseOps(Db& db, const AnalysisOptions& opts) {
    const NameFlags collNameIds = nonComputeNameIds(db);     // collectives and sync tasks
    std::map<std::pair<int64_t, int>, QuantileSketch> cells; // (op type id, rank)
    {
        // One sequential scan of the span table (no per-row index lookups), filtered by a dense
        // compute-track flag; consecutive spans mostly share track and op type, so the cell is cached.
        std::vector<int> rankOfTrack; // -1: not a compute track
        auto tracks = db.prepare("SELECT track_id, rank FROM track WHERE kind = 'compute'");
        while (tracks.step()) {
            size_t t = size_t(tracks.i64(0));
            if (t >= rankOfTrack.size()) rankOfTrack.resize(t + 1, -1);
            rankOfTrack[t] = int(tracks.i64(1));
        }
        auto q = db.prepare("SELECT track_id, op_type_id, dur_ns, name_id FROM span");
        int64_t lastTrack = -1, lastOp = -1;
        QuantileSketch* cell = nullptr;
        while (q.step()) {
            int64_t t = q.i64(0);
            if (size_t(t) >= rankOfTrack.size() || rankOfTrack[size_t(t)] < 0) continue;
            if (collNameIds.count(q.i64(3))) continue; // collectives' time is waiting, judged elsewhere
            int64_t op = q.i64(1);
            if (op != lastOp || t != lastTrack || !cell) {
                cell = &cells[{op, rankOfTrack[size_t(t)]}];
                lastOp = op;
                lastTrack = t;
            }
            cell->add(q.i64(2));
        }
    }
    std::map<int64_t, std::string> names;
    {
        auto q =
            db.prepare("SELECT id, value FROM string WHERE id IN (SELECT DISTINCT op_type_id FROM span)");
        while (q.step())
            names[q.i64(0)] = q.text(1);
    }
    auto ins =
        db.prepare("INSERT INTO op_stat(op_type, rank, count, total_ns, mean_ns, median_ns, p95_ns, max_ns, "
                   "ratio_to_median, flagged, cluster_median_ns) VALUES(?,?,?,?,?,?,?,?,?,?,?)");
    struct Cell {
        int rank;
        int64_t count, total, median, p95, max;
    };
    // each op type is compared across the ranks of one run only
    const RunMap runs = loadRuns(db);
    std::map<std::pair<int, int64_t>, std::vector<Cell>> byOp; // (run, op type id)
    std::map<int, int> ranksInRun;
    for (auto& [r, run] : runs.runOf)
        ++ranksInRun[run];
    for (auto& [key, sk] : cells)
        byOp[{runs.run(key.second), key.first}].push_back(
            {key.second, sk.count(), sk.total(), sk.quantile(0.5), sk.quantile(0.95), sk.max()});
    for (auto& [runOp, v] : byOp) {
        const int64_t op = runOp.second;
        const int nranks = ranksInRun[runOp.first];
        std::vector<double> meds;
        for (auto& c : v)
            if (c.count >= opts.minOpCount) meds.push_back(double(c.median));
        double clusterMed = meds.empty() ? 0 : median(meds);
        std::vector<double> ratios;
        for (auto& c : v)
            if (c.count >= opts.minOpCount && clusterMed > 0) ratios.push_back(double(c.median) / clusterMed);
        double medRatio = ratios.empty() ? 1 : median(ratios);
        double madRatio = mad(ratios, medRatio);
        for (auto& c : v) {
            double ratio = clusterMed > 0 ? double(c.median) / clusterMed : 1.0;
            // A cell stands out when it is well above the other ranks both in ratio and robustly;
            // MAD guards against flagging a whole spread-out op type, the ratio floor against noise.
            bool flagged = nranks >= 2 && v.size() >= 2 && c.count >= opts.minOpCount &&
                           ratio >= opts.stragglerRatio &&
                           robustZ(ratio, medRatio, std::max(madRatio, 0.01)) > opts.robustZ;
            ins.bind(1, names[op]).bind(2, c.rank).bind(3, c.count).bind(4, c.total);
            ins.bind(5, c.count ? c.total / c.count : 0).bind(6, c.median).bind(7, c.p95).bind(8, c.max);
            ins.bind(9, ratio).bind(10, int64_t(flagged)).bind(11, int64_t(std::llround(clusterMed))).exec();
        }
    }
    // the findings (straggler / slow_rank) are written by analyseRootCauses from the flagged cells
}

} // namespace rs::analysis
