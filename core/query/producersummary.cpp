#include "core/query/producersummary.h"

#include "core/model/timetext.h"
#include "core/query/reportoutliers.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace rs::query {

using nlohmann::json;

namespace {

const char* kFigures[] = {
    "computing_ns", "comm_not_overlapped_ns",          "overlapped_ns", "comm_ns", "free_ns", "stage_ns",
    "bubble_ns",    "comm_not_overlapped_excl_recv_ns"};
const char* kOurs[] = {"wall_ns", "compute_ns", "comm_ns", "comm_not_overlapped_ns", "comm_overlapped_ns",
                       "wait_ns", "idle_ns"};

json nullable(const index::Stmt& q, int col) {
    return q.isNull(col) ? json(nullptr) : json(q.i64(col));
}

/// Rankscope's own step figures by (run, data rank, step): a summary is matched within its own run only.
std::map<std::tuple<int64_t, int64_t, int64_t>, json> ourSteps(index::Db& db) {
    std::map<std::tuple<int64_t, int64_t, int64_t>, json> out;
    auto q = db.prepare(
        "SELECT coalesce(i.data_rank, i.rank), st.step, st.rank, st.wall_ns, st.compute_ns, "
        "st.comm_ns, st.comm_not_overlapped_ns, st.comm_overlapped_ns, st.wait_ns, st.idle_ns, "
        "coalesce(st.source, ''), b.bubble_ns, coalesce(i.run_id, 0) FROM step_stat st JOIN rank_info i ON "
        "i.rank = st.rank "
        "LEFT JOIN step_breakdown_src b ON st.source = 'step_trace_time' AND b.rank = st.rank AND "
        "b.step = st.step ORDER BY st.rank");
    while (q.step()) {
        // where the breakdown came from: the rank's own step_trace_time.csv is the profiler's figure too, so
        // equal rows there are the same producer twice, not two counts agreeing
        json o = {{"rank", q.i64(2)}, {"source", q.text(10)}};
        for (int i = 0; i < 7; ++i)
            o[kOurs[i]] = nullable(q, 3 + i);
        // the Bubble of the rank's own step_trace_time.csv where the breakdown is that file's (0 is a value);
        // the events give none, and a merged cluster index keeps no per-file breakdown: null, "not known"
        o["bubble_ns"] = nullable(q, 11);
        out.emplace(std::make_tuple(q.i64(12), q.i64(0), q.i64(1)), std::move(o));
    }
    return out;
}

/// The runs whose trace files lie in the folder a summary file describes (the one holding its
/// cluster_analysis_output/, or its own folder): msprof-analyze summarises the ranks of that folder, so its
/// rows are matched only where that is one run (a folder of several runs' copies paired every file with the
/// first run's figures).
std::set<int64_t> runsOfSummary(index::Db& db, const std::string& file) {
    const size_t slash = file.find_last_of('/');
    std::string folder = slash == std::string::npos ? std::string() : file.substr(0, slash);
    const size_t up = folder.find_last_of('/');
    if (up != std::string::npos && folder.substr(up + 1) == "cluster_analysis_output")
        folder = folder.substr(0, up);
    std::set<int64_t> out;
    auto q =
        db.prepare("SELECT DISTINCT coalesce(i.run_id, 0) FROM source_file f JOIN rank_info i ON i.rank = "
                   "f.rank WHERE substr(f.path, 1, length(?1) + 1) = ?1 || '/'");
    q.bind(1, folder);
    while (q.step())
        out.insert(q.i64(0));
    return out;
}

/// The data ranks with traces in the index, per run (key -1: in any run).
std::map<int64_t, std::set<int64_t>> tracedRanks(index::Db& db) {
    std::map<int64_t, std::set<int64_t>> out;
    auto q = db.prepare("SELECT DISTINCT coalesce(run_id, 0), coalesce(data_rank, rank) FROM rank_info");
    while (q.step()) {
        out[q.i64(0)].insert(q.i64(1));
        out[-1].insert(q.i64(1));
    }
    return out;
}

/// Whether the row's rank has a trace in the row's run (in any run when the row's file is matched to none).
bool tracedInRun(const json& row, std::map<int64_t, std::set<int64_t>>& traced) {
    const int64_t run = row["run"].is_null() ? -1 : row["run"].get<int64_t>();
    return traced[run].count(row["rank"].get<int64_t>()) > 0;
}

/// Display columns of UTF-8 text ("µs" is 2): its bytes that do not continue a character.
size_t cols(const std::string& s) {
    return size_t(std::count_if(s.begin(), s.end(),
                                [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

constexpr const char* kNoTrace = "no trace of this rank in the folder";

/// Why a rank row has no figures of ours beside it.
std::string oursWhy(const json& row) {
    if (row["rank"].is_null()) return "";
    if (!row.value("traced", false)) return kNoTrace;
    if (row["step"].is_null()) return "the summary's Step is empty: no step to match";
    return "no step " + std::to_string(row["step"].get<int64_t>()) + " of this rank in Rankscope's analysis";
}

std::string ms(const json& v) {
    return v.is_null() ? std::string("-") : model::formatDuration(v.get<int64_t>());
}

} // namespace

json producerClusterSummary(index::Db& db) {
    if (!db.scalar("SELECT EXISTS(SELECT 1 FROM sqlite_master WHERE name = 'producer_step')") ||
        !db.scalar("SELECT EXISTS(SELECT 1 FROM producer_step)"))
        return nullptr;
    const auto ours = ourSteps(db);
    auto traced = tracedRanks(db);
    json s = {{"unit", "the file's µs as ns"}, {"files", json::array()}, {"rows", json::array()}};
    std::set<std::string> files;
    std::map<std::string, std::set<int64_t>> runsOf; // per file
    auto q =
        db.prepare("SELECT file, line, step, type, idx, rank, computing_ns, comm_not_overlapped_ns, "
                   "overlapped_ns, comm_ns, free_ns, stage_ns, bubble_ns, comm_not_overlapped_excl_recv_ns "
                   "FROM producer_step ORDER BY file, line");
    while (q.step()) {
        files.insert(q.text(0));
        json row = {{"file", q.text(0)}, {"line", q.i64(1)},   {"step", nullable(q, 2)},
                    {"type", q.text(3)}, {"index", q.text(4)}, {"rank", nullable(q, 5)}};
        json producer;
        for (int i = 0; i < 8; ++i)
            producer[kFigures[i]] = nullable(q, 6 + i);
        row["producer"] = std::move(producer);
        row["ours"] = nullptr;
        auto known = runsOf.find(q.text(0));
        if (known == runsOf.end()) known = runsOf.emplace(q.text(0), runsOfSummary(db, q.text(0))).first;
        const std::set<int64_t>& runs = known->second;
        row["run"] = runs.size() == 1 ? json(*runs.begin()) : json(nullptr);
        if (!q.isNull(5)) {
            row["traced"] = tracedInRun(row, traced);
            if (!q.isNull(2) && runs.size() == 1)
                if (auto it = ours.find({*runs.begin(), q.i64(5), q.i64(2)}); it != ours.end())
                    row["ours"] = it->second;
        }
        if (row["ours"].is_null())
            row["ours_why"] = runs.size() > 1 ? "the summary's folder holds " + std::to_string(runs.size()) +
                                                    " runs: not matched to one"
                              : runs.empty()
                                  ? std::string("no trace file of the index lies in the summary's folder")
                                  : oursWhy(row);
        s["rows"].push_back(std::move(row));
    }
    s["files"] = files;
    tallyRanks(s);
    return s;
}

void tallyRanks(json& s) {
    std::set<int64_t> ranks, in;
    for (const auto& row : s["rows"])
        if (!row["rank"].is_null()) {
            ranks.insert(row["rank"].get<int64_t>());
            if (row.value("traced", false)) in.insert(row["rank"].get<int64_t>());
        }
    std::vector<int64_t> only;
    for (int64_t r : ranks)
        if (!in.count(r)) only.push_back(r);
    s["ranks"] = ranks;
    s["ranks_in_traces"] = in;
    s["producer_only_ranks"] = only;
}

json producerSummaryOfRun(json s, int run) {
    if (!s.is_object() || !s.contains("rows")) return s;
    json kept = json::array();
    std::set<std::string> files;
    for (auto& row : s["rows"])
        if (row.value("run", json()).is_null() || row["run"].get<int64_t>() == run) {
            if (row.contains("file")) files.insert(row["file"].get<std::string>());
            kept.push_back(std::move(row));
        }
    s["rows"] = std::move(kept);
    s["files"] = files;
    tallyRanks(s);
    return s;
}

/// "stage 0-7" for a stage row's "(0, 1, …, 7)", else the index as written.
std::string indexText(const json& r) {
    const std::string idx = r["index"].get<std::string>();
    if (r["type"] != "stage") return idx;
    std::vector<int64_t> ranks;
    for (size_t i = 0; i < idx.size();) {
        if (!std::isdigit(static_cast<unsigned char>(idx[i]))) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < idx.size() && std::isdigit(static_cast<unsigned char>(idx[j])))
            ++j;
        ranks.push_back(std::stoll(idx.substr(i, j - i)));
        i = j;
    }
    return ranks.empty() ? idx : rankRanges(ranks);
}

namespace {

constexpr const char* kExclRecvHeader = "comm not overlapped excl. receive";

/// A column of the table: its header and what its figures are (the header's tooltip in the app). The
/// meanings are the producer's (docs/formats.md §2.4, MindSpore's step_trace_time computation).
struct Column {
    const char* header;
    const char* tip;
};
const Column kColumns[] = {
    {"step",
     "The step number the producer's file gives (Rankscope's rows: the same step of its own analysis)"},
    {"type", "rank: one rank's figures; stage: the producer's figures of a pipeline stage's ranks"},
    {"index", "The data rank, or a stage's ranks"},
    {"by", "Whose figures the row holds: msprof-analyze's, or Rankscope's and where it took them from"},
    {"computing", "Computing: time of the step in compute tasks"},
    {"comm not overlapped",
     "Communication(Not Overlapped): communication time during which no compute ran; this is the whole "
     "collective time not hidden by compute, waiting included, not the wait alone"},
    {"overlapped", "Overlapped: communication time hidden under compute (Communication - Not Overlapped)"},
    {"comm", "Communication: all communication time in the step"},
    {"free / idle",
     "Free (the producer's) / idle (Rankscope's): time with neither compute nor communication"},
    {"stage / wall",
     "Stage (the producer's: the step's time less Bubble) / wall (Rankscope's: the step's wall time)"},
    {"bubble", "Bubble: time in send/receive ops (hcom_send, hcom_receive, ...): a pipeline stage's wait"},
    {kExclRecvHeader,
     "Communication(Not Overlapped and Exclude Receive): the non-overlapped communication less the time in "
     "receive ops; the producer's figure only (Rankscope measures none like it: '-' on its rows)"},
};

/// Whether any row of `s` has the file's Communication(Not Overlapped and Exclude Receive) (older files lack
/// the column: no empty column then).
bool hasExclReceive(const json& s) {
    for (const auto& r : s["rows"])
        if (!r["producer"]["comm_not_overlapped_excl_recv_ns"].is_null()) return true;
    return false;
}

} // namespace

/// Who a row of ours comes from: "Rankscope" when it measured the step from the events, else the file it
/// took the breakdown from.
std::string oursBy(const json& o) {
    return o.value("source", std::string()) == "step_trace_time" ? "Rankscope (rank's step_trace_time.csv)"
                                                                 : "Rankscope (from the events)";
}

ProducerSummaryTable producerSummaryTable(const json& s) {
    ProducerSummaryTable t;
    if (s.is_null()) return t;
    t.lines.push_back(
        "The producer's own step figures (msprof-analyze's cluster_step_trace_time.csv, µs in the "
        "file), not Rankscope's; Rankscope's own follow a rank's row where the folder holds that "
        "rank's trace and step, never merged, each saying its source (a rank's step_trace_time.csv is the "
        "profiler's own breakdown too: equal figures there are one source twice, not two agreeing).");
    for (const auto& f : s["files"])
        t.lines.push_back("From " + f.get<std::string>());
    const auto in = s["ranks_in_traces"].get<std::vector<int64_t>>();
    const auto only = s["producer_only_ranks"].get<std::vector<int64_t>>();
    t.lines.push_back("Ranks with traces here: " + (in.empty() ? std::string("none") : rankRanges(in)) +
                      "; the producer's figures only (no trace in the folder): " +
                      (only.empty() ? std::string("none") : rankRanges(only)));
    const bool exclRecv = hasExclReceive(s);
    if (exclRecv) // the app gives it as the header's tooltip; the written forms have no tooltip
        t.lines.push_back(std::string(kExclRecvHeader) + ": " + kColumns[std::size(kColumns) - 1].tip);
    for (const Column& c : kColumns)
        if (exclRecv || std::string(c.header) != kExclRecvHeader) {
            t.header.push_back(c.header);
            t.headerTips.push_back(c.tip);
        }
    for (const auto& r : s["rows"]) {
        const json& p = r["producer"];
        const std::string step = r["step"].is_null() ? "-" : std::to_string(r["step"].get<int64_t>());
        t.rows.push_back({step, r["type"].get<std::string>(), indexText(r), "msprof-analyze",
                          ms(p["computing_ns"]), ms(p["comm_not_overlapped_ns"]), ms(p["overlapped_ns"]),
                          ms(p["comm_ns"]), ms(p["free_ns"]), ms(p["stage_ns"]), ms(p["bubble_ns"])});
        if (exclRecv) t.rows.back().push_back(ms(p["comm_not_overlapped_excl_recv_ns"]));
        const json& o = r["ours"];
        const std::string why = r.value("ours_why", std::string());
        if (!o.is_null()) {
            t.rows.push_back({step, "rank", indexText(r), oursBy(o), ms(o["compute_ns"]),
                              ms(o["comm_not_overlapped_ns"]), ms(o["comm_overlapped_ns"]), ms(o["comm_ns"]),
                              ms(o["idle_ns"]), ms(o["wall_ns"]), ms(o.value("bubble_ns", json()))});
            if (exclRecv) t.rows.back().push_back("-"); // Rankscope measures no such figure
        } else if (!why.empty() && why != kNoTrace) {   // ranks without a trace are named once, above
            t.rows.push_back(
                {step, "rank", indexText(r), "Rankscope", "none: " + why, "", "", "", "", "", ""});
            if (exclRecv) t.rows.back().push_back("");
        }
    }
    return t;
}

std::string formatProducerSummary(const json& s) {
    const ProducerSummaryTable t = producerSummaryTable(s);
    if (t.header.empty()) return {};
    std::ostringstream o;
    o << "\nmsprof-analyze cluster summary\n";
    for (const auto& l : t.lines)
        o << "  " << l << "\n";
    std::vector<size_t> width(t.header.size());
    for (size_t i = 0; i < t.header.size(); ++i)
        width[i] = cols(t.header[i]);
    for (const auto& r : t.rows)
        for (size_t i = 0; i + 1 < r.size(); ++i) // the last cell and a "none: why" one are not padded to
            if (r[4].rfind("none:", 0) != 0 || i < 4) width[i] = std::max(width[i], cols(r[i]));
    auto line = [&](const std::vector<std::string>& cells) {
        std::string l;
        for (size_t i = 0; i < cells.size(); ++i) {
            l += "  " + cells[i];
            if (i + 1 < cells.size() && cols(cells[i]) < width[i])
                l += std::string(width[i] - cols(cells[i]), ' ');
        }
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        o << l << "\n";
    };
    line(t.header);
    for (const auto& r : t.rows)
        line(r);
    return o.str();
}

} // namespace rs::query
