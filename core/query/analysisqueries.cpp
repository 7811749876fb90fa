#include "core/query/analysisqueries.h"
#include "core/index/indexstore.h"
#include "core/index/spanstep.h"
#include "core/model/median.h"
#include "core/model/memoryrows.h"

#include "core/query/damagedinput.h"
#include "core/query/lanereader.h"
#include "core/query/namekinds.h"
#include "core/query/notdrawnkernels.h"
#include "core/query/opkernelnames.h"
#include "core/query/ranknumberorder.h"
#include "core/query/ranksmedian.h"
#include "core/query/stubsteps.h"
#include "core/query/tensorop.h"
#include "core/query/tensoroporder.h"
#include "core/query/tensorreader.h"
#include "core/query/tensortwins.h"
#include "core/query/unnamedranks.h"
#include "core/query/untimedpeak.h"
#include "core/query/waitknowledge.h"

#include "core/model/findingtext.h"
#include "core/model/nameflags.h"
#include "core/query/report.h"

#include "core/stats/robuststats.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace rs::query {

namespace {

// the names the importers said are not computation (device tasks left out of op statistics)
model::NameFlags nonComputeNames(index::Db& db) {
    model::NameFlags ids;
    auto q = db.prepare("SELECT name_id FROM name_fact WHERE compute = 0");
    while (q.step())
        ids.insert(q.i64(0));
    return ids;
}

std::vector<std::pair<int64_t, int>> computeTracks(index::Db& db, std::optional<int> rank) {
    std::vector<std::pair<int64_t, int>> out;
    auto q = db.prepare(rank ? "SELECT track_id, rank FROM track WHERE kind = 'compute' AND rank = ?"
                             : "SELECT track_id, rank FROM track WHERE kind = 'compute'");
    if (rank) q.bind(1, *rank);
    while (q.step())
        out.push_back({q.i64(0), int(q.i64(1))});
    return out;
}

struct StepWin {
    int64_t step, start, end;
};
std::vector<StepWin> stepWindows(index::Db& db, int rank) {
    std::vector<StepWin> w;
    auto q = db.prepare("SELECT step, start_ns, end_ns FROM step WHERE rank = ? ORDER BY start_ns");
    q.bind(1, rank);
    while (q.step())
        w.push_back({q.i64(0), q.i64(1), q.i64(2)});
    for (size_t i = 0; i + 1 < w.size(); ++i)
        w[i].end = std::max(w[i + 1].start, w[i].start);
    return w;
}
/// The window holding `ts` (ns): the last starting at or before it, unless that is the last step and
/// `ts` is past its end (index::keepsStep's rule, the `spans` view's); -1 for none.
int stepIndexAt(const std::vector<StepWin>& w, int64_t ts) {
    auto it =
        std::upper_bound(w.begin(), w.end(), ts, [](int64_t t, const StepWin& s) { return t < s.start; });
    if (it == w.begin()) return -1;
    const StepWin& s = *std::prev(it);
    return index::keepsStep(ts, s.end, it != w.end()) ? int(it - w.begin()) - 1 : -1;
}

void finishRatiosByRow(HeatmapData& h) {
    for (auto& row : h.cells) {
        std::vector<double> means;
        for (auto& c : row)
            if (c.present) means.push_back(double(c.meanNs));
        // shown: the ratios' reference is a step's mean that happened, the lower median (model/median.h), as
        // the op × rank grid's since r51a: of two steps the midway one made them 0.50× and 1.50×, none 1.00×
        double med = model::lowerMedian(means);
        for (auto& c : row)
            c.ratio = c.present && med > 0 ? double(c.meanNs) / med : 0;
    }
}

/// The columns of ranks the data does not name called by their files, as the rank × step grid's rows and
/// the timeline's headers are ("file 2: beta.json"): "rank 2" claimed a number no file writes (r51a #3).
/// `runRanks`: each run's shown keys (a rank is unnamed beside the others of its run) with the number
/// each is shown by.
void nameUnnamedColumns(index::Db& db, const std::map<int, std::map<int, int>>& runRanks,
                        const std::map<int64_t, size_t>& col, HeatmapData& h) {
    for (const auto& [run, numbers] : runRanks) {
        std::set<int> keys;
        for (const auto& kn : numbers)
            keys.insert(kn.first);
        for (const auto& [key, file] : unnamedRankFiles(db, keys))
            h.columns[col.at(key)] = fileRankName(numbers.at(key), file);
    }
}

} // namespace

HeatmapData loadOpRankHeatmap(index::Db& db, const std::vector<int>& ranks) {
    HeatmapData h;
    h.mode = HeatmapData::Mode::OpByRank;
    std::map<int64_t, size_t> col;
    {
        // labelled with the rank number the producer wrote (the key differs when two runs claim one)
        // in the order of the numbers shown (run 1 of the hta folder: rank 1 is key 10001, rank 0 key 20000)
        auto q = db.prepare("SELECT rank, coalesce(data_rank, rank), coalesce(run_id, 0) FROM rank_info "
                            "ORDER BY coalesce(run_id, 0), coalesce(data_rank, rank), rank");
        std::map<int, std::map<int, int>> runRanks; // run → its shown keys → their numbers
        while (q.step()) {
            if (!ranks.empty() && std::find(ranks.begin(), ranks.end(), int(q.i64(0))) == ranks.end())
                continue;
            col[q.i64(0)] = h.columns.size();
            h.columns.push_back("rank " + std::to_string(q.i64(1)));
            h.columnKeys.push_back(q.i64(0));
            runRanks[int(q.i64(2))][int(q.i64(0))] = int(q.i64(1));
        }
        nameUnnamedColumns(db, runRanks, col, h);
    }
    std::map<std::string, size_t> row;
    auto q = db.prepare(
        "SELECT op_type, rank, count, total_ns, mean_ns, median_ns, p95_ns, max_ns, ratio_to_median, flagged "
        "FROM op_stat ORDER BY op_type");
    while (q.step()) {
        std::string op = q.text(0);
        auto [it, fresh] = row.emplace(op, h.rows.size());
        if (fresh) {
            h.rows.push_back(op);
            h.cells.emplace_back(h.columns.size());
            h.rowTotalNs.push_back(0);
        }
        auto c = col.find(q.i64(1));
        if (c == col.end()) continue;
        HeatCell& cell = h.cells[it->second][c->second];
        cell = {q.i64(2), q.i64(3), q.i64(4),      q.i64(5), q.i64(6),
                q.i64(7), q.f64(8), q.i64(9) != 0, true,     q.isNull(8)};
        h.rowTotalNs[it->second] += q.i64(3);
    }
    // op types seen only on ranks of other runs have no cell here
    for (size_t i = h.rows.size(); i-- > 0;) {
        bool any =
            std::any_of(h.cells[i].begin(), h.cells[i].end(), [](const HeatCell& c) { return c.present; });
        if (any) continue;
        h.rows.erase(h.rows.begin() + long(i));
        h.cells.erase(h.cells.begin() + long(i));
        h.rowTotalNs.erase(h.rowTotalNs.begin() + long(i));
    }
    for (const auto& cells : h.cells) {
        std::vector<double> medians;
        for (const HeatCell& c : cells)
            if (c.present) medians.push_back(double(c.medianNs));
        h.rowMedianNs.push_back(int64_t(model::lowerMedian(medians))); // shown: a rank's median
    }
    if (h.rows.empty()) {
        int64_t compute = db.scalar("SELECT count(*) FROM track WHERE kind = 'compute'");
        h.emptyReason = compute == 0 ? "No device kernels: the profile has no device (compute) lanes"
                                     : "No device kernels with op statistics on these ranks";
    } else if (h.columns.size() < 2) {
        h.emptyReason.clear(); // one column still shows the op types; the view says nothing is compared
    }
    std::vector<DamagedFile> damaged = damagedFiles(db);
    std::erase_if(damaged, [&](const DamagedFile& f) { // a file of no shown rank says nothing of these cells
        return f.rank && std::find(h.columnKeys.begin(), h.columnKeys.end(), *f.rank) == h.columnKeys.end();
    });
    h.damaged = damagedFilesText(damaged);
    h.kernelNames = loadOpKernelNames(db, h.columnKeys);
    markNotDrawnKernels(db, h);
    for (const auto& f : damagedFiles(db)) { // a file of no known rank names none: the notes say it
        if (!f.rank || !col.count(*f.rank)) continue;
        const size_t slash = f.path.rfind('/');
        std::string& names = h.cutRanks[*f.rank];
        names +=
            (names.empty() ? "" : ", ") + (slash == std::string::npos ? f.path : f.path.substr(slash + 1));
    }
    return h;
}

namespace {

/// Column `c`'s cells that hold kernels, and those of them with a ratio (a kernel name another rank ran).
std::pair<int, int> columnCells(const HeatmapData& h, size_t c) {
    int present = 0, ratios = 0;
    for (const auto& row : h.cells)
        if (c < row.size() && row[c].present) ++present, ratios += !row[c].noSharedKernels;
    return {present, ratios};
}

/// One cut rank's part of the note, true of what its column holds (walk 23b: a rank with no kernel read
/// was said to have "ratios" that "compare a partial rank with whole ones").
std::string cutColumnText(const HeatmapData& h, size_t c, const std::string& files) {
    const auto [present, ratios] = columnCells(h, c);
    const std::string head = h.columns[c] + " (" + files + " cut or not read): ";
    if (present == 0) return head + "no kernel of it was read, so its column is empty";
    return head + "its cells hold only the kernels read" +
           (ratios ? ", so its ratios compare a partial rank with whole ones" : "");
}

} // namespace

HeatCellCounts heatCellCounts(const HeatmapData& h) {
    HeatCellCounts n;
    for (size_t c = 0; c < h.columnKeys.size(); ++c) {
        const auto [present, ratios] = columnCells(h, c);
        n.present += present;
        n.withRatio += ratios;
    }
    return n;
}

std::string cutRanksNote(const HeatmapData& h) {
    std::string ranks;
    for (size_t c = 0; c < h.columnKeys.size(); ++c)
        if (auto it = h.cutRanks.find(h.columnKeys[c]); it != h.cutRanks.end())
            ranks += (ranks.empty() ? "" : "; ") + cutColumnText(h, c, it->second);
    if (ranks.empty()) return {};
    // the cut can leave the whole ranks nothing to be compared with: every cell then shows "–"
    if (heatCellCounts(h).withRatio == 0 && h.columnKeys.size() > 1)
        ranks += "; no kernel name was read on two ranks, so no cell has a ratio (–)";
    return ranks;
}

HeatmapData loadOpStepHeatmap(index::Db& db, int rank, int maxOps) {
    HeatmapData h;
    h.mode = HeatmapData::Mode::OpByStep;
    h.rank = rank;
    auto steps = stepWindows(db, rank);
    for (auto& s : steps) {
        h.columns.push_back("step " + std::to_string(s.step));
        h.columnKeys.push_back(s.step);
    }
    auto skip = nonComputeNames(db);
    std::map<int64_t, std::vector<std::pair<int64_t, int64_t>>> acc; // op id → per step (count, total)
    auto q = db.prepare("SELECT op_type_id, name_id, ts_ns, dur_ns FROM span WHERE track_id = ?");
    for (auto [track, r] : computeTracks(db, rank)) {
        q.bind(1, track);
        while (q.step()) {
            if (skip.count(q.i64(1))) continue;
            int si = stepIndexAt(steps, q.i64(2));
            if (si < 0) continue;
            auto& v = acc[q.i64(0)];
            if (v.empty()) v.resize(steps.size(), {0, 0});
            v[size_t(si)].first++;
            v[size_t(si)].second += q.i64(3);
        }
        q.reset();
    }
    std::vector<std::pair<int64_t, int64_t>> totals; // (total, op id)
    for (auto& [op, v] : acc) {
        int64_t t = 0;
        for (auto& c : v)
            t += c.second;
        totals.push_back({t, op});
    }
    std::sort(totals.rbegin(), totals.rend());
    if (int(totals.size()) > maxOps) totals.resize(size_t(maxOps));
    auto name = db.prepare("SELECT value FROM string WHERE id = ?");
    for (auto& [total, op] : totals) {
        name.bind(1, op);
        h.rows.push_back(name.step() ? name.text(0) : "?");
        name.reset();
        h.rowTotalNs.push_back(total);
        std::vector<HeatCell> row(steps.size());
        for (size_t i = 0; i < steps.size(); ++i) {
            auto [n, t] = acc[op][i];
            if (n == 0) continue;
            row[i].present = true;
            row[i].count = n;
            row[i].totalNs = t;
            row[i].meanNs = t / n;
        }
        h.cells.push_back(std::move(row));
    }
    finishRatiosByRow(h);
    h.kernelNames = loadOpKernelNames(db, {rank});
    return h;
}

StepTotals rankStepTotals(index::Db& db, const std::string& opType, int rank) {
    StepTotals out;
    auto id = db.prepare("SELECT id FROM string WHERE value = ?");
    id.bind(1, opType);
    if (!id.step()) return out;
    const int64_t opId = id.i64(0);
    const auto steps = stepWindows(db, rank);
    auto q = db.prepare("SELECT ts_ns, dur_ns FROM span WHERE track_id = ? AND op_type_id = ?");
    for (auto [track, r] : computeTracks(db, rank)) {
        q.bind(1, track).bind(2, opId);
        while (q.step()) {
            int si = stepIndexAt(steps, q.i64(0));
            if (si < 0) continue;
            auto& c = out[steps[size_t(si)].step];
            c.first++;
            c.second += q.i64(1);
        }
        q.reset();
    }
    return out;
}

HeatmapData rankStepHeatmap(const std::string& opType, const std::vector<std::pair<int, StepTotals>>& perRank,
                            const std::map<int, int>& dataRank, const std::set<int>& unnamed) {
    HeatmapData h;
    h.mode = HeatmapData::Mode::RankByStep;
    h.opType = opType;
    std::map<int64_t, size_t> colOf;
    for (const auto& [rank, totals] : perRank)
        for (const auto& [step, c] : totals)
            colOf.emplace(step, 0);
    for (auto& [step, idx] : colOf) {
        idx = h.columns.size();
        h.columns.push_back("step " + std::to_string(step));
        h.columnKeys.push_back(step);
    }
    for (const auto& [rank, totals] : perRank) {
        const auto shown = dataRank.find(rank);
        h.rows.push_back("rank " + std::to_string(shown == dataRank.end() ? rank : shown->second));
        h.rowKeys.push_back(rank);
        if (unnamed.count(rank)) h.unnamedRowKeys.insert(rank);
        std::vector<HeatCell> row(h.columns.size());
        int64_t total = 0;
        for (const auto& [step, c] : totals) {
            HeatCell& cell = row[colOf[step]];
            cell.present = true;
            cell.count = c.first;
            cell.totalNs = c.second;
            cell.meanNs = c.second / std::max<int64_t>(1, c.first);
            total += c.second;
        }
        h.rowTotalNs.push_back(total);
        h.cells.push_back(std::move(row));
    }
    // ratio to the same step's median across ranks: a card that slowed stands out in its column. A rank the
    // data does not name is compared with none (nothing says its file is of the others' job, r48d)
    for (size_t c = 0; c < h.columns.size(); ++c) {
        std::vector<double> v;
        for (size_t r = 0; r < h.cells.size(); ++r)
            if (h.cells[r][c].present && !h.unnamedRowKeys.count(h.rowKeys[r]))
                v.push_back(double(h.cells[r][c].meanNs));
        double med = model::lowerMedian(v); // shown: one rank's mean in the step (as finishRatiosByRow)
        for (size_t r = 0; r < h.cells.size(); ++r) {
            HeatCell& cell = h.cells[r][c];
            cell.noSharedKernels = cell.present && h.unnamedRowKeys.count(h.rowKeys[r]);
            cell.ratio = cell.present && !cell.noSharedKernels && med > 0 ? double(cell.meanNs) / med : 0;
        }
    }
    return h;
}

std::vector<std::pair<int, int>> orderedRanks(index::Db& db, const std::vector<int>& ranks) {
    std::vector<std::pair<int, int>> out;
    auto q = db.prepare(std::string("SELECT rank, coalesce(data_rank, rank) FROM rank_info ORDER BY "
                                    "coalesce(run_id, 0), ") +
                        kRankNumberOrder);
    while (q.step())
        if (ranks.empty() || std::find(ranks.begin(), ranks.end(), int(q.i64(0))) != ranks.end())
            out.push_back({int(q.i64(0)), int(q.i64(1))});
    return out;
}

HeatmapData loadRankStepHeatmap(index::Db& db, const std::string& opType, const std::vector<int>& ranks) {
    std::vector<std::pair<int, StepTotals>> perRank;
    std::map<int, int> dataRank;
    std::set<int> keys;
    for (const auto& [key, number] : orderedRanks(db, ranks)) {
        perRank.push_back({key, rankStepTotals(db, opType, key)});
        dataRank[key] = number;
        keys.insert(key);
    }
    return rankStepHeatmap(opType, perRank, dataRank, unnamedRankKeys(db, keys));
}

namespace {
// When a rank has a source with device addresses (memory_usage.csv, Kineto [memory]), its address-less
// rows of another file (operator_memory.csv) describe the same allocations again: show one of the two.
// Address-less rows of the file that has addresses (the .db's OP_MEMORY rows NPU_OP_MEM gives no address:
// PTA's allocations) duplicate nothing; the address map cannot place them, and counts them apart.
bool rankHasAddresses(index::Db& db, int rank) {
    auto q = db.prepare("SELECT 1 FROM tensor WHERE rank = ? AND addr IS NOT NULL LIMIT 1");
    q.bind(1, rank);
    return q.step();
}
/// The address-less rows of `rank`: (those another file lists again with addresses, those of a file
/// whose other rows have addresses).
std::pair<int64_t, int64_t> countWithoutAddress(index::Db& db, int rank) {
    std::set<std::string, std::less<>> addressedFiles;
    auto f =
        db.prepare("SELECT DISTINCT coalesce(source, '') FROM tensor WHERE rank = ? AND addr IS NOT NULL");
    f.bind(1, rank);
    while (f.step())
        addressedFiles.insert(std::string(model::tensorFileOf(f.text(0))));
    std::pair<int64_t, int64_t> out{0, 0};
    auto n = db.prepare("SELECT coalesce(source, ''), count(*) FROM tensor WHERE rank = ? AND addr IS NULL "
                        "GROUP BY 1");
    n.bind(1, rank);
    while (n.step())
        (addressedFiles.count(model::tensorFileOf(n.text(0))) ? out.second : out.first) += n.i64(1);
    return out;
}
} // namespace

namespace {
/// How many of the profile's ops a memory map carries: more than the colour key has hues (8).
constexpr size_t kOpOrderRead = 16;
} // namespace

namespace {
/// The rank's kernels (sum_op_name, the op cells' kernel names) that records of `tensors` name, their
/// "cann::" prefix aside → the kernel's op type.
std::map<std::string, std::string, std::less<>> namedKernelTypes(index::Db& db, int rank,
                                                                 const std::vector<TensorItem>& tensors) {
    std::map<std::string, std::string, std::less<>> out;
    std::set<std::string, std::less<>> named;
    for (const auto& t : tensors)
        named.emplace(recordKernelName(t.opName));
    if (named.empty()) return out;
    auto q = db.prepare("SELECT name, op_type FROM sum_op_name WHERE rank = ? ORDER BY name, op_type");
    q.bind(1, rank);
    while (q.step())
        if (std::string name = q.text(0); named.count(name)) out.emplace(std::move(name), q.text(1));
    return out;
}
} // namespace

MemoryMapData loadMemoryMap(index::Db& db, int rank) {
    MemoryMapData m;
    m.rank = rank;
    const bool addressed = rankHasAddresses(db, rank);
    if (addressed)
        std::tie(m.withoutAddressLeftOut, m.withoutAddressNotDrawn) = countWithoutAddress(db, rank);
    auto t = db.prepare(std::string("SELECT ") + kTensorColumns + " FROM tensor WHERE rank = ?" +
                        (addressed ? " AND addr IS NOT NULL" : "") + " ORDER BY alloc_ns, tensor_id");
    t.bind(1, rank);
    m.startNs = std::numeric_limits<int64_t>::max();
    m.endNs = std::numeric_limits<int64_t>::min();
    while (t.step()) {
        TensorItem it = readTensor(t);
        m.hasAddresses = m.hasAddresses || it.addr.has_value();
        if (it.allocNs)
            m.startNs = std::min(m.startNs, *it.allocNs), m.endNs = std::max(m.endNs, *it.allocNs);
        if (it.freeNs) m.endNs = std::max(m.endNs, *it.freeNs);
        m.tensors.push_back(std::move(it));
    }
    // a tensor never freed is held to the rank's end, not to its last sample or event: text/level1's 24
    // unreleased tensors stopped at +74.5 ms of a 178.7 ms rank like freed ones (walk 20b)
    if (std::any_of(m.tensors.begin(), m.tensors.end(), [](const TensorItem& x) { return !x.freeNs; })) {
        auto end = db.prepare("SELECT end_ns FROM rank_info WHERE rank = ? AND end_ns IS NOT NULL");
        end.bind(1, rank);
        if (end.step()) m.endNs = std::max(m.endNs, end.i64(0));
    }
    // a rank without step marks has its whole trace as its one step (walk 30: tooltips read "in step 0")
    auto whole = db.prepare("SELECT 1 FROM step WHERE rank = ? AND source = 'whole-trace'");
    whole.bind(1, rank);
    m.wholeTrace = whole.step();
    // the curve draws the component the peaks describe (memory_summary.curve_component, the analysis's one
    // rule); a rank with reserved values only has none stored: its highest reserved one
    for (const char* sql :
         {"SELECT curve_component FROM memory_summary WHERE rank = ? AND curve_component IS NOT NULL",
          "SELECT component FROM memory_sample WHERE rank = ? AND reserved_bytes IS NOT NULL GROUP BY "
          "component ORDER BY max(reserved_bytes) DESC, component LIMIT 1"}) {
        auto q = db.prepare(sql);
        q.bind(1, rank);
        if (q.step()) {
            m.curveComponent = q.text(0);
            break;
        }
    }
    if (!m.curveComponent.empty()) {
        auto q = db.prepare(
            "SELECT ts_ns, allocated_bytes, reserved_bytes, active_bytes FROM memory_sample WHERE rank = ? "
            "AND component = ? AND ts_ns IS NOT NULL ORDER BY ts_ns"); // untimed: in the peaks, not drawn
        q.bind(1, rank).bind(2, m.curveComponent);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        std::vector<CurvePoint> all;
        while (q.step())
            all.push_back({q.i64(0), q.isNull(1) ? nan : double(q.i64(1)),
                           q.isNull(2) ? nan : double(q.i64(2)), q.isNull(3) ? nan : double(q.i64(3))});
        // reduce to ≤ 4000 points keeping each bucket's maximum, so the peak is never smoothed away
        size_t per = std::max<size_t>(1, (all.size() + 3999) / 4000);
        for (size_t i = 0; i < all.size(); i += per) {
            CurvePoint p = all[i];
            for (size_t k = i + 1; k < std::min(all.size(), i + per); ++k) {
                auto mx = [](double a, double b) {
                    return std::isnan(a) ? b : std::isnan(b) ? a : std::max(a, b);
                };
                p.allocated = mx(p.allocated, all[k].allocated);
                p.reserved = mx(p.reserved, all[k].reserved);
                p.active = mx(p.active, all[k].active);
            }
            m.curve.push_back(p);
        }
        if (!all.empty()) {
            m.startNs = std::min(m.startNs, all.front().tsNs);
            m.endNs = std::max(m.endNs, all.back().tsNs);
        }
    }
    {
        auto q = db.prepare(
            "SELECT peak_allocated_bytes, peak_reserved_bytes, peak_ts_ns, bank_size_bytes, bank_count, "
            "base_addr FROM memory_summary WHERE rank = ?");
        q.bind(1, rank);
        if (q.step()) {
            m.peakAllocatedBytes = q.i64(0);
            m.peakReservedBytes = q.i64(1);
            m.peakTsNs = q.i64(2);
            m.peakTimed = !q.isNull(2);
            m.bankSizeBytes = q.i64(3);
            m.bankCount = int(q.i64(4));
            m.bankBase = q.isNull(5) ? 0 : uint64_t(q.i64(5));
        }
        if (!m.peakTimed) m.peakUntimedRows = untimedSampleRows(db, rank, m.curveComponent);
        m.componentsBeyond = componentsBeyond(db, rank, m.curveComponent, m.peakReservedBytes);
        m.opOrder = loadTensorOpOrder(db, kOpOrderRead);
        m.bankLayoutAssumed = db.scalarText(std::string("SELECT value FROM meta WHERE key = '") +
                                            index::kBankLayoutKey + "'") == index::kBankLayoutAssumed;
    }
    {
        auto q = db.prepare("SELECT op_name FROM bank_anomaly WHERE rank = ?");
        q.bind(1, rank);
        while (q.step())
            m.anomalyOps.push_back(q.text(0));
    }
    m.kernelTypeOf = namedKernelTypes(db, rank, m.tensors);
    if (m.startNs > m.endNs) m.startNs = m.endNs = 0;
    m.sources = loadMemorySources(db, rank);
    return m;
}

MemoryMapData loadMemoryMap(LaneReader& lanes, int rank) {
    const RankSource src = lanes.rankSource(rank);
    MemoryMapData m = loadMemoryMap(src.db ? *src.db : lanes.db(), src.db ? src.rank : rank);
    m.rank = rank;
    // the hue order is the whole profile's: a cluster index holds it, the rank's shard does not
    m.opOrder = loadTensorOpOrder(lanes.db(), kOpOrderRead);
    if (!src.db) m.unknown = unreadRankNote(rank);
    return m;
}

std::vector<StepRow> loadStepRows(index::Db& db) {
    std::vector<StepRow> rows;
    auto q = db.prepare(
        "SELECT s.rank, s.step, s.start_ns, s.end_ns, coalesce(st.wall_ns, s.end_ns - s.start_ns), "
        "st.compute_ns, st.comm_not_overlapped_ns, coalesce(st.wait_ns, 0), st.idle_ns, "
        "st.preparing_ns, coalesce(st.outlier, 0), st.late_rank, st.cause_kind, st.cause_ns, "
        "st.cause_collective, st.comm_overlapped_ns, " +
        std::string(kLateDataRank) +
        " FROM step s LEFT JOIN step_stat st ON st.rank = s.rank "
        "AND st.step = s.step "
        "ORDER BY "
        "s.rank, s.start_ns");
    const auto walls = loadStepWalls(db);
    const auto waitUnknown = loadRankWaitUnknown(db);
    const auto alone = loadRanksAlone(db);
    std::map<std::pair<int64_t, int64_t>, std::string> stubs; // the report's rule, and its words
    for (const auto& st : stubSteps(db))
        stubs.emplace(std::pair(st.rank, st.step), stubStepWhy(st.cutFile));
    auto opt = [&q](int col) { return q.isNull(col) ? std::nullopt : std::optional<int64_t>(q.i64(col)); };
    while (q.step()) {
        auto cause = stepCauseAt(q, int(q.i64(0)), 11, 16);
        const int rank = int(q.i64(0));
        auto w = walls.find({rank, q.i64(1)});
        auto u = waitUnknown.find(rank);
        rows.push_back({rank, q.i64(1), q.i64(2), q.i64(3), q.i64(4), opt(5), opt(6), q.i64(7), opt(8),
                        opt(9), q.i64(10) != 0, cause ? model::stepCauseText(*cause) : std::string(),
                        w == walls.end() ? StepWall{} : w->second,
                        u == waitUnknown.end() ? std::string() : u->second});
        rows.back().commOverlappedNs = opt(15);
        rows.back().waitAlone = alone.count(rank) > 0;
        if (auto it = stubs.find({rank, rows.back().step}); it != stubs.end())
            rows.back().stubReason = it->second;
    }
    return rows;
}

std::vector<OpRow> loadOpRows(index::Db& db, int rank, int64_t step, int limit) {
    std::vector<OpRow> rows;
    auto w = stepWindows(db, rank);
    const StepWin* win = nullptr;
    for (auto& s : w)
        if (s.step == step) win = &s;
    if (!win) return rows;
    auto q = db.prepare(
        "SELECT s.span_id, s.ts_ns, s.dur_ns, n.value, o.value, t.name, coalesce(c.wait_ns, 0) FROM span s "
        "JOIN track t ON t.track_id = s.track_id JOIN string n ON n.id = s.name_id "
        "LEFT JOIN string o ON o.id = s.op_type_id LEFT JOIN collective c ON c.span_id = s.span_id "
        "WHERE s.track_id = ? AND s.ts_ns >= ? AND s.ts_ns < ? AND s.depth = 0 ORDER BY s.ts_ns LIMIT ?");
    auto tracks = db.prepare("SELECT track_id, name FROM track WHERE rank = ? AND (kind = 'compute' OR "
                             "(kind = 'communication' AND name NOT LIKE 'Plane%'))");
    tracks.bind(1, rank);
    while (tracks.step()) {
        q.bind(1, tracks.i64(0)).bind(2, win->start).bind(3, win->end).bind(4, int64_t(limit));
        while (q.step())
            rows.push_back({q.i64(0), q.i64(1), q.i64(2), q.text(3), q.text(4), q.text(5), q.i64(6)});
        q.reset();
    }
    std::sort(rows.begin(), rows.end(), [](const OpRow& a, const OpRow& b) { return a.startNs < b.startNs; });
    if (int(rows.size()) > limit) rows.resize(size_t(limit));
    return rows;
}

namespace {
/// Reads a tensor list; when it holds addressed rows, the address-less ones of other files are counted, not
/// kept (TensorRows).
TensorRows readTensorRows(index::Stmt& q) {
    TensorRows out;
    std::set<std::string_view> addressedFiles;
    while (q.step())
        out.rows.push_back(readTensor(q));
    for (const TensorItem& t : out.rows)
        if (t.addr) addressedFiles.insert(model::tensorFileOf(t.source));
    const auto addressless = [&](const TensorItem& t) {
        return !t.addr.has_value() && !addressedFiles.count(model::tensorFileOf(t.source));
    };
    const auto n = std::count_if(out.rows.begin(), out.rows.end(), addressless);
    if (n == 0 || size_t(n) == out.rows.size()) return out;
    std::erase_if(out.rows, addressless);
    out.withoutAddressLeftOut = n;
    return out;
}
} // namespace

TensorRows loadTensorRows(index::Db& db, int rank, std::optional<int64_t> step, const std::string& opName) {
    std::string sql = std::string("SELECT ") + kTensorColumns + " FROM tensor WHERE rank = ?1";
    if (step) sql += " AND CAST(alloc_step AS INTEGER) = ?2";
    if (!opName.empty()) sql += " AND op_name = ?3";
    sql += " ORDER BY size_bytes DESC, tensor_id LIMIT 20000";
    auto q = db.prepare(sql);
    q.bind(1, rank);
    if (step) q.bind(2, *step);
    if (!opName.empty()) q.bind(3, opName);
    return readTensorRows(q);
}

namespace {
/// The step of the op starting at `startNs` on `rank` as [start, end) ns; the whole time line without one.
std::pair<int64_t, int64_t> stepAround(index::Db& db, int rank, int64_t startNs) {
    const auto w = stepWindows(db, rank);
    const int at = stepIndexAt(w, startNs);
    if (at < 0) return {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
    return {w[size_t(at)].start, w[size_t(at)].end};
}
/// The starts (ns, in order) of the ops named `opName` on `rank` starting in [from, to).
std::vector<int64_t> opStartsNamed(index::Db& db, int rank, const std::string& opName, int64_t from,
                                   int64_t to) {
    std::vector<int64_t> starts;
    auto q = db.prepare("SELECT s.ts_ns FROM span s WHERE s.track_id = ?1 AND s.ts_ns >= ?2 AND s.ts_ns < ?3 "
                        "AND s.name_id = (SELECT id FROM string WHERE value = ?4)");
    auto tracks = db.prepare("SELECT track_id FROM track WHERE rank = ?");
    tracks.bind(1, rank);
    while (tracks.step()) {
        q.bind(1, tracks.i64(0)).bind(2, from).bind(3, to).bind(4, opName);
        while (q.step())
            starts.push_back(q.i64(0));
        q.reset();
    }
    std::sort(starts.begin(), starts.end());
    return starts;
}
/// Of `records` (named after the ops starting at `starts`, in allocation order), those of the op starting at
/// `startNs`. An allocation for a kernel is made at its launch on the host, before the device runs it, and
/// the two clocks drift apart over a step: text/level1's two Conv2D4 of step 50 were allocated at +482 and
/// +800 µs, their kernels ran at +711 and +1346 µs; db/level1's at +30 and +161 µs, the kernels at +268 and
/// +904 µs. As many records as ops: the k-th record is the k-th op's; else each is the first op's to start at
/// or after it (the last op takes the later ones).
std::vector<TensorItem> recordsOfOp(std::vector<TensorItem> records, const std::vector<int64_t>& starts,
                                    int64_t startNs) {
    const auto k = size_t(std::lower_bound(starts.begin(), starts.end(), startNs) - starts.begin());
    if (k >= starts.size()) return {};
    if (records.size() == starts.size()) return {records[k]};
    std::erase_if(records, [&](const TensorItem& t) {
        const int64_t at = t.allocNs.value_or(0);
        const auto owner = std::min(
            size_t(std::lower_bound(starts.begin(), starts.end(), at) - starts.begin()), starts.size() - 1);
        return owner != k;
    });
    return records;
}
} // namespace

TensorRows loadOpTensorRows(index::Db& db, int rank, const std::string& opName, const std::string& opType,
                            int64_t startNs, int64_t endNs) {
    TensorRows out;
    // records naming the op itself, its "cann::" prefix aside, in its step
    const auto [stepStart, stepEnd] = stepAround(db, rank, startNs);
    auto named =
        db.prepare(std::string("SELECT ") + kTensorColumns +
                   " FROM tensor WHERE rank = ?1 AND (op_name = ?2 OR op_name = ?3) AND alloc_ns >= ?4 "
                   "AND alloc_ns < ?5 ORDER BY alloc_ns, tensor_id LIMIT 20000");
    std::string cann(kCannRecordPrefix);
    cann.append(opName);
    named.bind(1, rank).bind(2, opName).bind(3, cann).bind(4, stepStart).bind(5, stepEnd);
    std::vector<TensorItem> records;
    while (named.step())
        records.push_back(readTensor(named));
    if (!records.empty())
        out.rows =
            recordsOfOp(std::move(records), opStartsNamed(db, rank, opName, stepStart, stepEnd), startNs);
    // records naming its op type, allocated while it ran
    std::set<std::string> listed;
    for (const auto& t : out.rows)
        listed.insert(t.tensorId);
    auto typed =
        db.prepare(std::string("SELECT ") + kTensorColumns +
                   " FROM tensor WHERE rank = ?1 AND op_name = ?2 AND alloc_ns >= ?3 AND alloc_ns <= ?4 "
                   "ORDER BY alloc_ns, tensor_id LIMIT 20000");
    typed.bind(1, rank).bind(2, opType).bind(3, startNs).bind(4, endNs);
    while (typed.step())
        if (TensorItem t = readTensor(typed); !listed.count(t.tensorId)) out.rows.push_back(std::move(t));
    std::stable_sort(out.rows.begin(), out.rows.end(), [](const TensorItem& a, const TensorItem& b) {
        return a.sizeBytes != b.sizeBytes ? a.sizeBytes > b.sizeBytes : a.tensorId < b.tensorId;
    });
    // the op's window may hold only the address-less record of an allocation (its addressed twin came
    // 0.6 µs after the op ended, walk 27): each is paired with its twin, not left out for want of one
    out.withoutAddressLeftOut = pairAddressTwins(db, rank, out.rows);
    return out;
}

TensorRows loadCollectiveTensorRows(index::Db& db, int rank, const std::string& opName, int64_t startNs) {
    TensorRows out;
    auto c = db.prepare("SELECT step, op_type FROM collective WHERE rank = ? AND name = ? AND start_ns = ? "
                        "AND step IS NOT NULL AND op_type IS NOT NULL LIMIT 1");
    c.bind(1, rank).bind(2, opName).bind(3, startNs);
    if (!c.step()) return out; // no collective: nothing ties a record to it
    const int64_t step = c.i64(0);
    const std::string algorithm = collectiveAlgorithm(c.text(1));
    if (algorithm.empty()) return out;
    auto q =
        db.prepare(std::string("SELECT ") + kTensorColumns +
                   " FROM tensor WHERE rank = ?1 AND lower(op_name) = ?2 AND CAST(alloc_step AS INTEGER) "
                   "= ?3 ORDER BY size_bytes DESC, tensor_id LIMIT 20000");
    q.bind(1, rank).bind(2, algorithm).bind(3, step);
    return readTensorRows(q);
}

std::vector<DrawItem> opKernelSpans(index::Db& db, const std::string& opType, int rank, int limit,
                                    std::vector<int64_t>* trackIds, int64_t step) {
    // a step's kernels are those the per-step heatmap counts in its cell (stepIndexAt); read from the
    // step's start so the limit is spent on them (issue 19: a cell of step 2 went to the run's longest)
    const auto steps = step >= 0 ? stepWindows(db, rank) : std::vector<StepWin>{};
    int wanted = -1;
    for (size_t i = 0; i < steps.size(); ++i)
        if (steps[i].step == step) wanted = int(i);
    if (step >= 0 && wanted < 0) return {};
    const int64_t from = wanted < 0 ? std::numeric_limits<int64_t>::min() : steps[size_t(wanted)].start;
    std::vector<std::pair<DrawItem, int64_t>> all;
    auto q = db.prepare(
        "SELECT s.span_id, s.ts_ns, s.ts_ns + s.dur_ns, s.name_id, s.op_type_id, s.depth FROM span s "
        "WHERE s.track_id = ?1 AND s.op_type_id = (SELECT id FROM string WHERE value = ?2) AND s.ts_ns >= ?4 "
        "ORDER BY s.ts_ns LIMIT ?3");
    for (auto [track, r] : computeTracks(db, rank)) {
        q.bind(1, track).bind(2, opType).bind(3, int64_t(limit)).bind(4, from);
        while (q.step())
            if (wanted < 0 || stepIndexAt(steps, q.i64(1)) == wanted)
                all.push_back({{q.i64(1), q.i64(2), int32_t(q.i64(3)), int32_t(q.i64(4)), int32_t(q.i64(5)),
                                1, q.i64(0)},
                               track});
        q.reset();
    }
    std::sort(all.begin(), all.end(),
              [](const auto& a, const auto& b) { return a.first.startNs < b.first.startNs; });
    if (all.size() > size_t(limit)) all.resize(size_t(limit));
    std::vector<DrawItem> out;
    for (auto& [item, track] : all) {
        out.push_back(item);
        if (trackIds) trackIds->push_back(track);
    }
    return out;
}

namespace {
/// The histogram's ranks' median (Histogram::ranksMedianNs) over the ranks of `h.rank`'s run, and whether
/// their kernel mixes differ, from `stats`' op_stat and sum_op_name.
void readRanksMedian(index::Db& stats, Histogram& h) {
    const int64_t run = runOfRank(stats, h.rank);
    const RanksMedian m = ranksMedianOf(stats, h.opType, run);
    if (m.counted == 0) return;
    h.ranksMedianNs = m.ns;
    h.ranksCounted = m.counted;
    auto names = stats.prepare("SELECT count(*) FROM (SELECT count(DISTINCT n.rank) AS ranks FROM "
                               "sum_op_name n LEFT JOIN rank_info r "
                               "ON r.rank = n.rank WHERE n.op_type = ? AND coalesce(r.run_id, 0) = ? GROUP "
                               "BY n.name) WHERE ranks < ?");
    names.bind(1, h.opType).bind(2, run).bind(3, int64_t(m.counted));
    h.mixesDiffer = names.step() && names.i64(0) > 0;
}
} // namespace

Histogram loadDurationHistogram(index::Db& db, const std::string& opType, int rank, int bins) {
    return loadDurationHistogram(db, rank, db, opType, rank, bins);
}

Histogram loadDurationHistogram(index::Db& spans, int spansRank, index::Db& stats, const std::string& opType,
                                int rank, int bins) {
    Histogram h;
    h.opType = opType;
    h.rank = rank;
    std::vector<double> d;
    auto q = spans.prepare("SELECT s.dur_ns FROM span s WHERE s.track_id = ? AND s.op_type_id = (SELECT id "
                           "FROM string WHERE value = ?)");
    for (auto [track, r] : computeTracks(spans, spansRank)) {
        q.bind(1, track).bind(2, opType);
        while (q.step())
            d.push_back(double(q.i64(0)));
        q.reset();
    }
    {
        auto s = stats.prepare("SELECT median_ns, p95_ns FROM op_stat WHERE op_type = ? AND rank = ?");
        s.bind(1, opType).bind(2, rank);
        if (s.step()) h.medianNs = s.i64(0), h.p95Ns = s.i64(1);
    }
    readRanksMedian(stats, h);
    if (d.empty()) return h;
    std::sort(d.begin(), d.end());
    // the axis ends at the nearest-rank p99 (the ⌈0.99·n⌉-th smallest, as every percentile here): the
    // index (n−1)·0.99 was a lower value, so a kernel at p99 counted as past it (walk17a L5: 3, not 2)
    const size_t p99 = std::clamp<size_t>(size_t(std::ceil(0.99 * double(d.size()))), 1, d.size()) - 1;
    double lo = d.front(), hi = d[p99];
    h.p99Ns = int64_t(hi);
    hi = std::max(hi, std::max(lo + 1, double(h.ranksMedianNs) * 1.05));
    lo = std::min(lo, double(h.ranksMedianNs) * 0.95 > 0 ? double(h.ranksMedianNs) * 0.95 : lo);
    for (int i = 0; i <= bins; ++i)
        h.edgesNs.push_back(int64_t(lo + (hi - lo) * i / bins));
    h.edgesNs.back() = int64_t(hi); // exactly: (hi − lo)·bins/bins may round below it
    h.counts.assign(size_t(bins), 0);
    for (double v : d) {
        if (v > double(h.edgesNs.back())) { // past the axis: said, never drawn in a bin it is not in
            h.overflowCount++;
            h.overflowMaxNs = std::max(h.overflowMaxNs, int64_t(v));
            continue;
        }
        int b = std::clamp(int((v - lo) / (hi - lo) * bins), 0, bins - 1);
        h.counts[size_t(b)]++;
    }
    return h;
}

} // namespace rs::query
