#include "core/query/commmatrix.h"

#include "core/index/defaultrun.h"
#include "core/model/commkeys.h"
#include "core/model/median.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace rs::query {

using index::Db;
using nlohmann::json;

const CommCell* CommMatrix::at(int64_t src, int64_t dst) const {
    for (const auto& c : cells)
        if (c.src == src && c.dst == dst) return &c;
    return nullptr;
}

namespace {

std::vector<CommGroupInfo> loadGroups(Db& db, int run) {
    std::vector<CommGroupInfo> out;
    // comm_link names its group by comm_text id (schema 45)
    auto q = db.prepare(
        "SELECT g.group_name, coalesce(g.label, ''), g.rank_scope, coalesce(g.members, ''), g.note, "
        "(SELECT total(l.bytes) FROM comm_link l WHERE l.run_id = g.run_id AND l.group_id = "
        "x.id AND l.summed = 1), (SELECT count(*) FROM comm_link l WHERE l.run_id = g.run_id AND "
        "l.group_id = x.id AND l.logical = 1), (SELECT count(*) FROM comm_link l WHERE l.run_id = g.run_id "
        "AND "
        "l.group_id = x.id AND l.logical = 2), (SELECT count(DISTINCT l.src_rank || '-' || l.dst_rank) FROM "
        "comm_link l WHERE l.run_id = g.run_id AND l.group_id = x.id AND l.summed = 1) FROM comm_group g "
        "LEFT JOIN comm_text x ON x.value = g.group_name WHERE g.run_id = ? ORDER BY 9 DESC, 6 DESC, 1");
    // most links first, then bytes
    q.bind(1, int64_t(run));
    while (q.step()) {
        CommGroupInfo g{q.text(0), q.text(1), q.text(2), q.text(4), {}, q.i64(5), q.i64(6) > 0, q.i64(7) > 0};
        auto m = json::parse(q.text(3), nullptr, false);
        if (m.is_array())
            for (auto& v : m)
                if (v.is_number_integer()) g.members.push_back(v.get<int64_t>());
        out.push_back(std::move(g));
    }
    return out;
}

void loadSteps(Db& db, CommMatrix& m) {
    auto q = db.prepare("SELECT DISTINCT step FROM comm_link WHERE run_id = ? AND summed = 1 ORDER BY step");
    q.bind(1, int64_t(m.run));
    while (q.step()) {
        if (q.isNull(0))
            m.unnamedStep = true;
        else
            m.steps.push_back(q.i64(0));
    }
}

/// The links of the shown group (every group's when "") in a step their own rank's step table lacks, of a
/// rank that has a step table (else every step would be one): the rule of the analysis's diagnostic
/// (commlinks.cpp reportLinkOnlySteps), so the view and Diagnostics count the same links.
constexpr const char* kLinkOnlyWhere =
    "l.run_id = ?1 AND l.summed = 1 AND l.step IS NOT NULL AND (?2 = '' OR l.group_id IN (SELECT id FROM "
    "comm_text WHERE value = ?2)) AND NOT EXISTS(SELECT 1 FROM step s WHERE s.rank = l.rank AND s.step = "
    "l.step) AND EXISTS(SELECT 1 FROM step s WHERE s.rank = l.rank)";

/// head + kLinkOnlyWhere + tail (appended: GCC 12 warns falsely on string + const char* + literal).
std::string linkOnlyQuery(const char* head, const char* tail) {
    std::string sql(head);
    sql.append(kLinkOnlyWhere).append(tail);
    return sql;
}

/// The steps of such links (linkOnlySteps).
void loadLinkOnlySteps(Db& db, CommMatrix& m) {
    auto q = db.prepare(linkOnlyQuery("SELECT DISTINCT l.step FROM comm_link l WHERE ", " ORDER BY l.step"));
    q.bind(1, int64_t(m.run)).bind(2, m.group);
    while (q.step())
        m.linkOnlySteps.push_back(q.i64(0));
}

/// "steps 1–5" (a run of consecutive steps), "steps 1, 3, 4", "no step": the steps in the step tables of
/// the ranks whose links are in a step of their own table's lack (another rank of the run may have it).
std::string linkRanksStepsText(Db& db, const CommMatrix& m) {
    auto q =
        db.prepare(linkOnlyQuery("SELECT DISTINCT s.step FROM step s WHERE s.rank IN (SELECT l.rank FROM "
                                 "comm_link l WHERE ",
                                 ") ORDER BY s.step"));
    q.bind(1, int64_t(m.run)).bind(2, m.group);
    std::vector<int64_t> steps;
    while (q.step())
        steps.push_back(q.i64(0));
    if (steps.empty()) return "no step";
    if (steps.size() > 2 && steps.back() - steps.front() + 1 == int64_t(steps.size()))
        return "steps " + std::to_string(steps.front()) + "–" + std::to_string(steps.back());
    std::string out;
    for (int64_t st : steps)
        out += (out.empty() ? "" : ", ") + std::to_string(st);
    return (steps.size() == 1 ? "step " : "steps ") + out;
}

/// What the picture must say of its steps the step table lacks, when it sums or shows one of them.
void noteLinkOnlySteps(Db& db, CommMatrix& m) {
    const auto& only = m.linkOnlySteps;
    if (only.empty() || (m.step && std::find(only.begin(), only.end(), *m.step) == only.end())) return;
    std::string list;
    for (int64_t st : only)
        list += (list.empty() ? "" : ", ") + std::to_string(st);
    m.notes.push_back((only.size() == 1 ? "step " + list + " is" : "steps " + list + " are") +
                      " in the communication links only (" + (m.hcclRawUnits ? "hccl_raw" : "its file") +
                      "), in no step of the ranks that sent them: their step tables have " +
                      linkRanksStepsText(db, m) +
                      (m.step             ? ""
                       : only.size() == 1 ? "; all steps include it"
                                          : "; all steps include them"));
}

/// Why "every group" is refused, naming the groups whose ranks are group-local: it said "the groups' ranks
/// are group-local" of 6 groups of which 3 are global (the group box marks those 3 alone), so the two
/// statements of the app contradicted each other (issue 19).
std::string notCombinedText(const std::vector<CommGroupInfo>& groups) {
    std::string local;
    int n = 0;
    for (const auto& g : groups)
        if (g.scope != "global") {
            if (n++ < 4) local.append(local.empty() ? "" : ", ").append(g.name);
        }
    if (n > 4) local.append(", …");
    std::string t = "the groups cannot be combined: ";
    if (n == int(groups.size()))
        t.append(n == 1 ? "the group's" : "all " + std::to_string(n) + " groups'");
    else
        t.append(std::to_string(n))
            .append(" of the ")
            .append(std::to_string(groups.size()))
            .append(" groups'");
    t.append(" ranks are group-local (")
        .append(local)
        .append("): their rank numbers are not global, so their links cannot be summed over one rank axis "
                "(choose a group)");
    return t;
}

/// The group the request asks for; false (with m.empty set) when it cannot be shown.
bool chooseGroup(const CommMatrixRequest& req, CommMatrix& m) {
    const bool allGlobal = std::all_of(m.groups.begin(), m.groups.end(),
                                       [](const CommGroupInfo& g) { return g.scope == "global"; });
    if (!req.group) {
        m.group = m.groups.size() == 1 || !allGlobal ? m.groups.front().name : std::string();
        return true;
    }
    m.group = *req.group;
    if (m.group.empty() && !allGlobal) {
        m.notCombined = true;
        m.empty = notCombinedText(m.groups);
        return false;
    }
    if (!m.group.empty() && std::none_of(m.groups.begin(), m.groups.end(),
                                         [&](const CommGroupInfo& g) { return g.name == m.group; })) {
        m.empty = "no communication group " + m.group + " in this run";
        return false;
    }
    return true;
}

/// Why a run has no link at all, from what its sources held.
std::string whyEmpty(Db& db, int run) {
    auto q = db.prepare("SELECT s.source, sum(s.rows), sum(s.linked) FROM comm_source s JOIN rank_info r ON "
                        "r.rank = s.rank WHERE coalesce(r.run_id, 0) = ? GROUP BY s.source");
    q.bind(1, int64_t(run));
    std::map<std::string, std::pair<int64_t, int64_t>> held;
    while (q.step())
        held[q.text(0)] = {q.i64(1), q.i64(2)};
    if (auto it = held.find("COMMUNICATION_TASK_INFO"); it != held.end() && it->second.first > 0)
        return "no link data (Level0 export): COMMUNICATION_TASK_INFO names no src/dst rank "
               "(srcRank 0xFFFFFFFF)";
    if (held.count("kineto"))
        return "Kineto: no collective here moves data between two ranks that the args name (see diagnostics)";
    // legacy MindSpore's hccl_raw_*.csv: its link_info cells are read as links (hcclrawlinks.h); none read
    // means they held none, or no such column (walk 21 F: never "no communication matrix" in silence)
    if (held.count("hccl_raw"))
        return "no link in the link_info columns of its hccl_raw_*.csv files (see diagnostics)";
    if (db.scalar("SELECT EXISTS(SELECT 1 FROM source_file f JOIN rank_info r ON r.rank = f.rank WHERE "
                  "f.format = 'mindspore-legacy-hccl' AND coalesce(r.run_id, 0) = " +
                  std::to_string(run) + ")"))
        return "no communication matrix in this run: its hccl_raw_*.csv files have no link_info column";
    return "no communication matrix in this run (communication_matrix.json, analysis.db, a .db's "
           "COMMUNICATION_TASK_INFO or Kineto collective args)";
}

/// comm_text: id → string (a handful of rows).
std::map<int64_t, std::string> commText(Db& db) {
    std::map<int64_t, std::string> out;
    auto q = db.prepare("SELECT id, value FROM comm_text");
    while (q.step())
        out[q.i64(0)] = q.text(1);
    return out;
}

/// The ops of a group_concat list of comm_text ids ("3,7") added to `ops` once each, by name.
void addOps(const std::string& list, const std::map<int64_t, std::string>& text,
            std::vector<std::string>& ops) {
    for (size_t i = 0; i <= list.size();) {
        const size_t j = std::min(list.find(',', i), list.size());
        if (j > i) {
            const auto it = text.find(std::stoll(list.substr(i, j - i)));
            const std::string op = it == text.end() ? std::string() : it->second;
            if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
        }
        i = j + 1;
    }
}

/// a + b held at INT64_MAX: a damaged file's figures (hccl_raw takes up to 10^12 ms a row) summed past int64
int64_t plus(int64_t a, int64_t b) {
    int64_t s = 0;
    return __builtin_add_overflow(a, b, &s) ? INT64_MAX : s;
}

void loadCells(Db& db, CommMatrix& m) {
    auto q = db.prepare(
        // strings by comm_text id, named after the grouping (a join per row cost ~10 % of the command);
        // total(), not sum(): sum() throws on an integer overflow (a damaged file's huge figures made the
        // report fail), total()'s double is read back clamped to int64 by SQLite
        "SELECT l.src_rank, l.dst_rank, l.transport_id, total(l.bytes), total(l.time_ns), count(l.time_ns), "
        "count(*), total(l.op_count), count(l.op_count), group_concat(DISTINCT l.op_id), min(l.rank) FROM "
        "comm_link l WHERE l.run_id = ?1 AND l.summed = 1 AND (?2 IS NULL OR l.step = ?2) AND (?3 = '' OR "
        "l.group_id = (SELECT id FROM comm_text WHERE value = ?3)) GROUP BY 1, 2, 3 ORDER BY 1, 2, "
        "(SELECT value FROM comm_text WHERE id = l.transport_id)");
    const auto text = commText(db);
    q.bind(1, int64_t(m.run)).bind(2, m.step).bind(3, m.group);
    std::map<std::pair<int64_t, int64_t>, CommCell> cells;
    std::set<std::pair<int64_t, int64_t>> opsUnknown; // a row of the cell does not say how many ops
    std::set<int64_t> axis;
    while (q.step()) {
        const std::pair<int64_t, int64_t> key{q.i64(0), q.i64(1)};
        CommCell& c = cells[key];
        c.src = key.first;
        c.dst = key.second;
        const auto transport = text.find(q.i64(2));
        c.transports.push_back(transport == text.end() ? std::string() : transport->second);
        c.bytes = plus(c.bytes, q.i64(3));
        if (q.i64(5) > 0) c.timeNs = plus(c.timeNs.value_or(0), q.i64(4));
        if (q.i64(8) == q.i64(6))
            c.opCount = plus(c.opCount.value_or(0), q.i64(7));
        else
            opsUnknown.insert(key);
        addOps(q.text(9), text, c.ops);
        c.reporter = c.reporter < 0 ? int(q.i64(10)) : std::min(c.reporter, int(q.i64(10)));
        axis.insert(c.src);
        axis.insert(c.dst);
    }
    for (auto& [k, c] : cells) {
        if (opsUnknown.count(k)) c.opCount.reset();
        m.cells.push_back(std::move(c));
    }
    m.ranks.assign(axis.begin(), axis.end());
}

void describe(CommMatrix& m) {
    std::set<std::string> notes;
    for (const auto& g : m.groups)
        if (m.group.empty() || g.name == m.group) {
            if (g.scope != "global") {
                m.scope = "group-local";
                notes.insert(g.note);
            }
            m.logical = m.logical || g.logical;
            m.hcclRawUnits = m.hcclRawUnits || g.hcclRawUnits;
        }
    m.notes.assign(notes.begin(), notes.end());
    if (m.logical) m.notes.push_back("Kineto: logical bytes, not link bandwidth");
}

/// What a run's Kineto collective args leave out of the matrix, with the importer's reasons and counts
/// (walk 52: nccl_parser_config's 6 broadcasts, whose args name no root, were gone without a word). Counted
/// over the run's Kineto files, whatever step or group is shown.
void noteKinetoLeftOut(Db& db, CommMatrix& m) {
    const std::string files = "SELECT s.file FROM comm_source s JOIN rank_info r ON r.rank = s.rank WHERE "
                              "s.source = 'kineto' AND coalesce(r.run_id, 0) = ?1";
    auto calls =
        db.prepare("SELECT sum(s.rows), sum(s.linked) FROM comm_source s JOIN rank_info r ON r.rank = "
                   "s.rank WHERE s.source = 'kineto' AND coalesce(r.run_id, 0) = ?1");
    calls.bind(1, int64_t(m.run));
    if (!calls.step() || calls.isNull(0) || calls.i64(0) <= calls.i64(1)) return;
    const int64_t all = calls.i64(0), placed = calls.i64(1);
    const std::string prefix = model::kKinetoUnplacedWhat;
    auto why =
        db.prepare("SELECT substr(what, ?2), sum(count) FROM diagnostic WHERE substr(what, 1, ?3) = ?4 "
                   "AND file IN (" +
                   files + ") GROUP BY 1 ORDER BY 2 DESC, 1");
    why.bind(1, int64_t(m.run)).bind(2, int64_t(prefix.size() + 1)).bind(3, int64_t(prefix.size()));
    why.bind(4, prefix);
    std::string reasons;
    while (why.step())
        reasons.append(reasons.empty() ? "" : "; ")
            .append(std::to_string(why.i64(1)))
            .append(" ")
            .append(why.text(0));
    std::string note =
        "Kineto: " + std::to_string(placed) + " of " + std::to_string(all) +
        " calls with communication args (`Collective name`: collectives, and c10d's wait and barrier "
        "records) of the run are in the matrix; the other " +
        std::to_string(all - placed) + " name no rank pair in their args";
    if (!reasons.empty()) note.append(" (").append(reasons).append(")");
    m.notes.push_back(std::move(note));
}

} // namespace

void judgeSlowLinks(CommMatrix& m) {
    std::map<std::string, std::vector<CommCell*>> byTransport;
    std::map<std::string, int> small; // transport → latency-bound links
    for (auto& c : m.cells) {
        c.slow = false;
        c.latencyBound =
            std::isfinite(c.bandwidthGBps()) && c.meanMessageBytes() < double(kLatencyBoundBytes);
        if (c.transports.size() != 1 || !std::isfinite(c.bandwidthGBps())) continue;
        if (c.latencyBound)
            ++small[c.transport()];
        else
            byTransport[c.transport()].push_back(&c);
    }
    for (const auto& [transport, n] : small)
        byTransport.try_emplace(transport); // a type of small messages only still gets its line
    m.thresholds.clear();
    for (auto& [transport, cells] : byTransport) {
        TransportThreshold t;
        t.transport = transport;
        t.links = int(cells.size());
        t.latencyBound = small.count(transport) ? small[transport] : 0;
        std::vector<double> bw;
        for (const auto* c : cells)
            bw.push_back(c->bandwidthGBps());
        // One centre for both halves of the rule, the lower median (a link's bandwidth): the figures shown
        // then reproduce the threshold, min(ratio · median, median − z · 1.4826 · MAD), for an even count
        // too.
        if (!bw.empty()) {
            t.medianGBps = model::lowerMedian(bw);
            t.madGBps = stats::mad(bw, t.medianGBps);
        }
        t.thresholdGBps = std::min(kSlowRatio * t.medianGBps, t.medianGBps - kSlowZ * 1.4826 * t.madGBps);
        t.judged = t.links >= kMinJudged;
        if (t.judged)
            for (auto* c : cells)
                c->slow = c->bandwidthGBps() < t.thresholdGBps;
        m.thresholds.push_back(t);
    }
}

int latencyBoundLinks(const CommMatrix& m) {
    return int(
        std::count_if(m.cells.begin(), m.cells.end(), [](const CommCell& c) { return c.latencyBound; }));
}

std::string hcclRawScopeText(const CommMatrix& m) {
    const std::string scope =
        m.step ? "step " + std::to_string(*m.step) + "'s sum over its ops"
               : "summed over all steps (each row of the file is one step's sum over its ops)";
    return "hccl_raw link_info: " + scope +
           "; time from its cost (ms), size in units as in hccl_raw (no file names the unit): no bandwidth";
}

std::string commMatrixScope(Db& db, const CommMatrixRequest& req) {
    CommMatrix m;
    m.run = req.run ? *req.run : index::defaultRunId(db);
    m.groups = loadGroups(db, m.run);
    if (m.groups.empty() || !chooseGroup(req, m)) return {};
    describe(m);
    return m.scope;
}

CommMatrix loadCommMatrix(Db& db, const CommMatrixRequest& req) {
    CommMatrix m;
    m.run = req.run ? *req.run : index::defaultRunId(db);
    m.step = req.step;
    m.groups = loadGroups(db, m.run);
    loadSteps(db, m);
    if (m.groups.empty()) {
        m.empty = whyEmpty(db, m.run);
        return m;
    }
    if (!chooseGroup(req, m)) return m;
    describe(m);
    if (m.logical) noteKinetoLeftOut(db, m);
    loadLinkOnlySteps(db, m);
    noteLinkOnlySteps(db, m);
    loadCells(db, m);
    if (m.cells.empty())
        m.empty = m.step ? "no link in step " + std::to_string(*m.step) + " of this group"
                         : "no link in this group";
    // hccl_raw's size unit is not known: no MB threshold of latency-bound links applies, so no judgement
    if (!m.logical && !m.hcclRawUnits) judgeSlowLinks(m);
    return m;
}

std::string commMatrixJson(const CommMatrix& m) {
    json j;
    j["run"] = m.run;
    j["step"] = m.step ? json(*m.step) : json(nullptr);
    j["group"] = m.group;
    j["scope"] = m.scope;
    j["logical"] = m.logical;
    j["size_unit"] = m.logical ? "logical bytes" : m.hcclRawUnits ? "units as in hccl_raw" : "bytes";
    j["ranks"] = m.ranks;
    j["steps"] = m.steps;
    j["link_only_steps"] = m.linkOnlySteps;
    j["groups"] = json::array();
    for (const auto& g : m.groups)
        j["groups"].push_back({{"group", g.name},
                               {"label", g.label},
                               {"scope", g.scope},
                               {"members", g.members},
                               // hccl_raw's sizes are stored in thousandths of its unnamed unit: never bytes
                               {"bytes", g.hcclRawUnits ? json(nullptr) : json(g.bytes)},
                               {"size", g.hcclRawUnits ? double(g.bytes) / 1000.0 : double(g.bytes)},
                               {"logical", g.logical},
                               {"hccl_raw_units", g.hcclRawUnits},
                               {"note", g.note}});
    j["cells"] = json::array();
    for (const auto& c : m.cells) {
        const double bw = m.hcclRawUnits ? std::nan("") : c.bandwidthGBps();
        j["cells"].push_back(
            {{"src", c.src},
             {"dst", c.dst},
             {"transport", m.logical ? json(nullptr) : json(c.transport())},
             {"transports", c.transports},
             {"bytes", m.hcclRawUnits ? json(nullptr) : json(c.bytes)},
             {"size", m.hcclRawUnits ? hcclRawSize(c) : double(c.bytes)},
             {"time_ns", c.timeNs ? json(*c.timeNs) : json(nullptr)},
             {"bandwidth_gbps", std::isfinite(bw) ? json(bw) : json(nullptr)},
             {"op_count", c.opCount ? json(*c.opCount) : json(nullptr)},
             {"ops", c.ops},
             {"mean_message_bytes", m.hcclRawUnits ? json(nullptr) : json(c.meanMessageBytes())},
             {"latency_bound", c.latencyBound},
             {"slow", c.slow}});
    }
    j["thresholds"] = json::array();
    for (const auto& t : m.thresholds)
        j["thresholds"].push_back({{"transport", t.transport},
                                   {"links", t.links},
                                   {"latency_bound_links", t.latencyBound},
                                   {"median_gbps", t.medianGBps},
                                   {"mad_gbps", t.madGBps},
                                   {"slow_below_gbps", t.judged ? json(t.thresholdGBps) : json(nullptr)},
                                   {"judged", t.judged}});
    j["slow_rule"] = {{"ratio", kSlowRatio},
                      {"robust_z", kSlowZ},
                      {"min_links", kMinJudged},
                      {"latency_bound_below_mean_bytes", kLatencyBoundBytes}};
    j["latency_bound_links"] = latencyBoundLinks(m);
    j["notes"] = m.notes;
    j["empty"] = m.empty.empty() ? json(nullptr) : json(m.empty);
    j["not_combined"] = m.notCombined; // "every group" refused: group-local ranks
    return j.dump(2);
}

} // namespace rs::query

namespace rs::query {

namespace {

struct CellRow {
    int64_t reporter;
    std::string op, entry, scope, dataKind, group;
};

std::string kinetoKind(const std::string& opType) {
    std::string out;
    for (char c : opType.substr(opType.find(':') == std::string::npos ? 0 : opType.find(':') + 1))
        if (c != '_') out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// Whether the collective `name` (op type `opType`, group `group`) is one the cell row counts.
bool counts(const CellRow& r, const std::string& name, const std::string& opType, const std::string& group) {
    if (!group.empty() && group != r.group && r.dataKind != "logical") return false;
    if (r.dataKind == "logical") { // Kineto: the collective's kind ("allreduce" ~ "nccl:AllReduce")
        const std::string k = kinetoKind(opType);
        return !k.empty() && (r.op.rfind(k, 0) == 0 || k.rfind(r.op, 0) == 0);
    }
    if (r.entry == "op") return name == r.op;  // an op instance
    return model::commAlgorithm(name) == r.op; // a total per algorithm
}

std::vector<CellRow> cellRows(Db& db, int run, std::optional<int64_t> step, const std::string& group,
                              int64_t src, int64_t dst) {
    auto q = db.prepare(
        "SELECT DISTINCT l.rank, coalesce(o.value, ''), coalesce(e.value, ''), CASE WHEN l.global "
        "THEN 'global' ELSE 'group-local' END, CASE WHEN l.logical THEN 'logical' ELSE 'link' END, "
        "coalesce(g.value, '') FROM comm_link l LEFT JOIN comm_text o ON o.id = l.op_id LEFT JOIN "
        "comm_text e ON e.id = l.entry_id LEFT JOIN comm_text g ON g.id = l.group_id WHERE "
        "l.run_id = ?1 AND l.summed = 1 AND l.src_rank = ?2 AND l.dst_rank = ?3 AND (?4 IS NULL OR "
        "l.step = ?4) AND (?5 = '' OR l.group_id = (SELECT id FROM comm_text WHERE value = ?5))");
    q.bind(1, int64_t(run)).bind(2, src).bind(3, dst).bind(4, step).bind(5, group);
    std::vector<CellRow> rows;
    while (q.step())
        rows.push_back({q.i64(0), q.text(1), q.text(2), q.text(3), q.text(4), q.text(5)});
    return rows;
}

/// The rank key of data rank `dataRank` in `run` (none when the run has no such rank).
std::optional<int> rankKeyOf(Db& db, int run, int64_t dataRank) {
    auto q = db.prepare(
        "SELECT rank FROM rank_info WHERE coalesce(run_id, 0) = ? AND coalesce(data_rank, rank) = ?");
    q.bind(1, int64_t(run)).bind(2, dataRank);
    if (q.step()) return int(q.i64(0));
    return std::nullopt;
}

} // namespace

LinkSpans loadLinkSpans(Db& db, int run, std::optional<int64_t> step, const std::string& group, int64_t src,
                        int64_t dst, int limit) {
    LinkSpans out;
    const auto rows = cellRows(db, run, step, group, src, dst);
    std::map<int, std::vector<const CellRow*>> sides; // rank key → the rows its collectives answer to
    for (const auto& r : rows) {
        sides[int(r.reporter)].push_back(&r);
        if (r.scope == "global")
            if (auto k = rankKeyOf(db, run, dst); k && *k != r.reporter) sides[*k].push_back(&r);
    }
    auto q =
        db.prepare("SELECT c.span_id, c.start_ns, c.dur_ns, c.name, coalesce(c.op_type, ''), coalesce("
                   "c.group_name, ''), s.track_id, s.name_id, s.op_type_id, s.depth FROM collective c LEFT "
                   "JOIN span s ON s.span_id = c.span_id WHERE c.rank = ?1 AND (?2 IS NULL OR c.step = ?2) "
                   "ORDER BY c.start_ns");
    std::vector<std::pair<DrawItem, int64_t>> found;
    out.startNs = INT64_MAX;
    out.endNs = INT64_MIN;
    for (const auto& [rank, rs] : sides) {
        q.bind(1, int64_t(rank)).bind(2, step);
        while (q.step()) {
            const std::string name = q.text(3), opType = q.text(4), g = q.text(5);
            if (std::none_of(rs.begin(), rs.end(),
                             [&](const CellRow* r) { return counts(*r, name, opType, g); }))
                continue;
            ++out.collectives;
            out.startNs = std::min(out.startNs, q.i64(1));
            out.endNs = std::max(out.endNs, q.i64(1) + q.i64(2));
            if (std::find(out.ranks.begin(), out.ranks.end(), rank) == out.ranks.end())
                out.ranks.push_back(rank);
            if (q.isNull(0)) continue; // known from communication.json only: nothing to draw
            if (q.isNull(6)) {
                out.elsewhere.push_back({rank, q.i64(0)});
                continue;
            }
            found.push_back({{q.i64(1), q.i64(1) + q.i64(2), int32_t(q.i64(7)), int32_t(q.i64(8)),
                              int32_t(q.i64(9)), 1, q.i64(0)},
                             q.i64(6)});
        }
        q.reset();
    }
    if (out.collectives == 0) out.startNs = out.endNs = 0;
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first.startNs < b.first.startNs; });
    if (found.size() > size_t(limit)) found.resize(size_t(limit));
    for (auto& [item, track] : found) {
        out.spans.push_back(item);
        out.trackIds.push_back(track);
    }
    return out;
}

} // namespace rs::query
