#include "core/analysis/commlinks.h"

#include "core/analysis/listedgroupscope.h"
#include "core/index/diagnosticsink.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sqlite3.h>
#include <string>
#include <string_view>
#include <vector>

namespace rs::analysis {

using index::Db;

namespace {

struct RankInfo {
    int64_t run = 0, dataRank = 0;
};

struct Group {
    std::vector<int64_t> members; ///< global ranks by group-local rank
    std::string label, source;
    bool conflict = false;
};

struct Resolver {
    explicit Resolver(Db& d) : db(d), sink(d) {}
    Db& db;
    index::DiagnosticSink sink;
    std::map<int64_t, RankInfo> ranks;                       // rank key → run, data rank
    std::map<int64_t, int64_t> worldSize;                    // run → world size (when known)
    std::map<int64_t, std::vector<std::string>> usedSources; // rank key → the sources used
    std::map<std::pair<int64_t, std::string>, Group> groups; // (run, group) → members
    std::set<int64_t> runsWithGroupInfo;                     // runs whose Ascend metadata lists any group
    std::map<std::string, int64_t> problems;                 // what was wrong with links → how many
    std::map<std::pair<int64_t, std::string>, std::string> localNote; // (run, group) → why group-local
    std::map<int64_t, std::vector<std::vector<int64_t>>> listed; // run → communication_group.json's groups
    std::map<std::pair<int64_t, std::string>, ListedScope> listedScope; // (run, group) → judged by them

    void loadRanks() {
        auto q = db.prepare("SELECT rank, coalesce(run_id, 0), coalesce(data_rank, rank) FROM rank_info");
        while (q.step())
            ranks[q.i64(0)] = {q.i64(1), q.i64(2)};
        auto w = db.prepare("SELECT run_id, world_size FROM run WHERE world_size IS NOT NULL");
        while (w.step())
            worldSize[w.i64(0)] = w.i64(1);
    }

    static int priority(const std::string& source) {
        if (source == "communication_matrix.json") return 0;
        if (source == "analysis.db") return 1;
        if (source == "COMMUNICATION_TASK_INFO") return 2;
        return 3; // kineto
    }
    /// hccl_raw's links are a group of their own per file (sizes in hccl_raw's unit): never summed with the
    /// rank's matrix source, so they are used beside it.
    static bool besideMatrix(const std::string& source) { return source == "hccl_raw"; }

    /// One source per rank: the producer's own matrix first; the others are noted, not used.
    void chooseSources() {
        struct Held {
            std::string source, file;
        };
        std::map<int64_t, std::vector<Held>> byRank; // rank → its sources
        auto q = db.prepare("SELECT rank, source, file FROM comm_source WHERE linked > 0");
        while (q.step())
            byRank[q.i64(0)].push_back({q.text(1), q.text(2)});
        // one statement for every rank: comm_source has no index, so an UPDATE per rank read the whole
        // table each time (16 384 ranks: 5.4 s of the pass, growing with the square of the ranks)
        db.exec("CREATE TEMP TABLE comm_used(rank INTEGER, source TEXT, PRIMARY KEY(rank, source))");
        auto used = db.prepare("INSERT OR IGNORE INTO temp.comm_used VALUES(?, ?)");
        for (auto& [rank, held] : byRank) {
            std::vector<Held> sources, beside;
            for (auto& h : held)
                (besideMatrix(h.source) ? beside : sources).push_back(h);
            std::stable_sort(sources.begin(), sources.end(), [](const Held& a, const Held& b) {
                return priority(a.source) < priority(b.source);
            });
            if (!sources.empty()) use(rank, sources.front().source, used);
            if (!beside.empty()) use(rank, beside.front().source, used);
            for (size_t i = 1; i < sources.size(); ++i)
                if (sources[i].source != sources.front().source)
                    sink.add(sources[i].file, "info",
                             "communication links not used: " + sources.front().source +
                                 " holds the rank's matrix (a link is counted once)");
        }
        db.exec("UPDATE comm_source SET used = 1 WHERE (rank, source) IN (SELECT rank, source FROM "
                "temp.comm_used)");
        db.exec("DROP TABLE temp.comm_used");
    }

    void use(int64_t rank, const std::string& source, index::Stmt& used) {
        auto& list = usedSources[rank];
        if (std::find(list.begin(), list.end(), source) != list.end()) return;
        list.push_back(source);
        used.bind(1, rank).bind(2, source).exec();
    }

    void loadGroups() {
        auto q = db.prepare(
            "SELECT rank, group_name, label, group_rank, global_ranks, source FROM comm_group_src");
        while (q.step()) {
            auto r = ranks.find(q.i64(0));
            if (r == ranks.end()) continue;
            const int64_t run = r->second.run;
            auto j = nlohmann::json::parse(q.text(4), nullptr, false);
            std::vector<int64_t> members;
            if (j.is_array())
                for (auto& v : j)
                    if (v.is_number_integer()) members.push_back(v.get<int64_t>());
            if (q.text(5) == "communication_group.json") { // the job's groups, named by no link: no mapping
                auto& l = listed[run];
                if (std::find(l.begin(), l.end(), members) == l.end()) l.push_back(members);
                continue;
            }
            if (q.text(5) != "kineto") runsWithGroupInfo.insert(run);
            const int64_t groupRank = q.isNull(3) ? -1 : q.i64(3);
            if (groupRank >= 0 &&
                (groupRank >= int64_t(members.size()) || members[size_t(groupRank)] != r->second.dataRank))
                // under the rank's key, as the other analysis notes (a run's counts take "rank KEY" as
                // its rank's: runreport.cpp); `info` and the app name a collided key by its number
                sink.add("rank " + std::to_string(r->first), "warning",
                         "parallel_group_info: group_rank does not point at the rank itself in global_ranks",
                         1, q.text(1));
            Group& g = groups[{run, q.text(1)}];
            if (g.members.empty()) {
                g.members = members;
                g.label = q.text(2);
                g.source = q.text(5);
            } else if (g.members != members && !g.conflict) {
                g.conflict = true;
                sink.add(
                    "(profile)", "warning",
                    "ranks' parallel_group_info disagree on a group's members: its ranks stay group-local", 1,
                    q.text(1));
            }
        }
    }

    /// The group's members when they are known for certain.
    const Group* mapped(int64_t run, const std::string& group) const {
        auto it = groups.find({run, group});
        return it == groups.end() || it->second.conflict ? nullptr : &it->second;
    }

    std::string whyLocal(int64_t run, const std::string& group) const {
        if (group.empty()) return "the op key names no group";
        if (group.rfind("hccl_raw", 0) == 0)
            return "hccl_raw link_info names no group, so each file's links are a group of their own";
        if (!runsWithGroupInfo.count(run)) {
            auto l = listedScope.find({run, group});
            return std::string("profiler_metadata.json has no parallel_group_info") +
                   (l == listedScope.end() || l->second.why.empty() ? "" : ", and " + l->second.why);
        }
        if (auto it = groups.find({run, group}); it != groups.end() && it->second.conflict)
            return "the ranks' parallel_group_info disagree on its members";
        return "no parallel_group_info entry hashes to this group";
    }

    /// The small tables the resolving statement joins: comm_link_src's rowids in (rank, rowid) order (only
    /// they are sorted, not the rows); each rank's chosen source, run, data rank and its
    /// run's world size; the groups whose members are certain, numbered (gid), and each member's global
    /// rank under the integer key gid << 32 | local rank (a text-keyed search per row and member was most
    /// of the statement's time).
    void stageMapping() {
        db.exec(
            "CREATE TEMP TABLE cl_rank(rank INTEGER, source_id INTEGER, run INTEGER, data_rank INTEGER, "
            "world "
            "INTEGER); CREATE TEMP TABLE cl_group(run INTEGER, group_id INTEGER, gid INTEGER, "
            "size INTEGER, PRIMARY KEY(run, group_id)) WITHOUT ROWID; CREATE TEMP TABLE cl_member(key "
            "INTEGER PRIMARY KEY, global INTEGER); CREATE TEMP TABLE cl_order(seq INTEGER PRIMARY KEY, rid "
            "INTEGER); INSERT INTO temp.cl_order(rid) SELECT rowid FROM comm_link_src ORDER BY rank, rowid");
        // a source or group no link names has no comm_text id: NULL, which no link row matches
        auto r = db.prepare(
            "INSERT INTO temp.cl_rank VALUES(?1, (SELECT id FROM comm_text WHERE value = ?2), ?3, ?4, ?5)");
        for (const auto& [rank, sources] : usedSources)
            for (const auto& source : sources) {
                const RankInfo info = ranks.count(rank) ? ranks[rank] : RankInfo{0, rank};
                auto world = worldSize.find(info.run);
                r.bind(1, rank).bind(2, source).bind(3, info.run).bind(4, info.dataRank);
                r.bind(5, world == worldSize.end() ? std::nullopt : std::optional<int64_t>(world->second))
                    .exec();
            }
        db.exec("CREATE INDEX temp.cl_rank_key ON cl_rank(rank, source_id)");
        auto g = db.prepare("INSERT OR IGNORE INTO temp.cl_group SELECT ?1, id, ?3, ?4 FROM comm_text WHERE "
                            "value = ?2");
        auto m = db.prepare("INSERT INTO temp.cl_member VALUES(?,?)");
        int64_t gid = 0;
        for (const auto& [key, group] : groups) {
            if (group.conflict) continue;
            ++gid;
            g.bind(1, key.first)
                .bind(2, key.second)
                .bind(3, gid)
                .bind(4, int64_t(group.members.size()))
                .exec();
            for (size_t i = 0; i < group.members.size(); ++i)
                m.bind(1, (gid << 32) + int64_t(i)).bind(2, group.members[i]).exec();
        }
    }

    /// The groups no parallel_group_info maps, judged against the job's listed groups (listedgroupscope.h):
    /// those whose ranks can only be global go into temp.cl_listed, which the resolving statement reads
    /// as "global as written".
    void judgeByListedGroups() {
        db.exec("CREATE TEMP TABLE cl_listed(run INTEGER, group_id INTEGER, PRIMARY KEY(run, group_id)) "
                "WITHOUT ROWID");
        if (listed.empty()) return;
        struct Seen {
            std::set<int64_t> named, holders;
        };
        std::map<std::pair<int64_t, int64_t>, Seen> seen; // (run, group id) → its links' ranks
        auto q = db.prepare(
            "SELECT DISTINCT k.run, s.group_id, s.src, s.dst, k.data_rank FROM comm_link_src s JOIN "
            "temp.cl_rank "
            "k ON k.rank = s.rank AND k.source_id = s.source_id LEFT JOIN comm_text e ON e.id = s.entry_id "
            "WHERE coalesce(s.ranks_global, 0) = 0 AND s.group_id IS NOT NULL AND coalesce(e.value, '') <> "
            "'total_op_info' AND NOT EXISTS (SELECT 1 FROM temp.cl_group g WHERE g.run = k.run AND "
            "g.group_id = s.group_id)");
        while (q.step()) {
            if (!listed.count(q.i64(0))) continue;
            Seen& x = seen[{q.i64(0), q.i64(1)}];
            x.named.insert(q.i64(2));
            x.named.insert(q.i64(3));
            x.holders.insert(q.i64(4));
        }
        auto ins = db.prepare("INSERT INTO temp.cl_listed VALUES(?, ?)");
        for (const auto& [key, x] : seen) {
            const ListedScope scope = listedGroupScope(listed[key.first], x.named, x.holders);
            listedScope[{key.first, text[key.second]}] = scope;
            if (scope.global) ins.bind(1, key.first).bind(2, key.second).exec();
        }
    }

    /// rs_comm_link_keep(mode, drop_a, off_self, drop_c, run, group): counts a link's problems and notes a
    /// group-local group as the statement passes it; true for the links comm_link shows.
    static void keepLink(sqlite3_context* ctx, int, sqlite3_value** v) {
        auto* self = static_cast<Resolver*>(sqlite3_user_data(ctx));
        const bool dropA = sqlite3_value_int(v[1]) != 0, dropC = sqlite3_value_int(v[3]) != 0;
        self->dropA += dropA;
        self->offSelf += sqlite3_value_int(v[2]) != 0;
        self->dropC += dropC;
        if (sqlite3_value_int(v[0]) == 3) {
            const int64_t run = sqlite3_value_int64(v[4]), group = sqlite3_value_int64(v[5]);
            if (run != self->lastLocalRun || group != self->lastLocalGroup) { // rows come in long runs
                self->lastLocalRun = run;
                self->lastLocalGroup = group;
                const std::string& name = self->text[group];
                self->localNote.emplace(std::make_pair(run, name), self->whyLocal(run, name));
            }
        }
        sqlite3_result_int(ctx, !dropA && !dropC);
    }
    int64_t dropA = 0, offSelf = 0, dropC = 0;
    int64_t lastLocalRun = -1, lastLocalGroup = -1;
    std::map<int64_t, std::string> text; // comm_text: id → string

    void loadText() {
        auto q = db.prepare("SELECT id, value FROM comm_text");
        while (q.step())
            text[q.i64(0)] = q.text(1);
    }

    /// Every link row of a rank's chosen source, in the order the per-row resolver wrote them (rank, then
    /// as stored: group_concat over comm_link reads them in that order; cl_order holds the sorted rowids,
    /// so only they are sorted and ORDER BY seq is its scan order),
    /// resolved: `mode` 0 total_op_info (group-local as written), 1 global as written (or judged so by the
    /// job's listed groups, judgeByListedGroups), 2 mapped through
    /// parallel_group_info, 3 group-local (no certain mapping); drop_a: a group-local rank the group does
    /// not have; drop_c: a global rank beyond the world size; off_self: mapped, but the source is not the
    /// rank whose file holds it. NULL text reads as '' and a NULL byte count as 0, as Stmt::text/i64 did.
    static constexpr const char* kResolve = R"SQL(
WITH l AS (
  SELECT o.seq, s.rowid AS link_row, k.run AS run_id, s.rank, s.step, s.op_id, s.entry_id,
    coalesce(e.value, '') AS entry, s.group_id AS grp, coalesce(s.src, 0) AS src, coalesce(s.dst, 0) AS dst,
    coalesce(s.ranks_global, 0) AS rg, s.transport_id, coalesce(s.bytes, 0) AS bytes, s.time_ns, s.op_count,
    coalesce(s.logical, 0) AS logical, k.data_rank, k.world
  FROM temp.cl_order o CROSS JOIN comm_link_src s ON s.rowid = o.rid
  CROSS JOIN temp.cl_rank k ON k.rank = s.rank AND k.source_id = s.source_id
  LEFT JOIN comm_text e ON e.id = s.entry_id),
m AS (
  SELECT l.*, CASE WHEN entry = 'total_op_info' THEN 0 WHEN rg <> 0 OR lg.group_id IS NOT NULL THEN 1
    WHEN g.gid IS NOT NULL THEN 2 ELSE 3 END AS mode, ms.global AS msrc, md.global AS mdst
  FROM l LEFT JOIN temp.cl_group g ON g.run = l.run_id AND g.group_id = l.grp
  LEFT JOIN temp.cl_listed lg ON lg.run = l.run_id AND lg.group_id = l.grp
  LEFT JOIN temp.cl_member ms ON ms.key = (g.gid << 32) + l.src AND l.src >= 0 AND l.src < g.size
  LEFT JOIN temp.cl_member md ON md.key = (g.gid << 32) + l.dst AND l.dst >= 0 AND l.dst < g.size),
a AS (
  SELECT m.*, mode = 2 AND (msrc IS NULL OR mdst IS NULL) AS drop_a,
    CASE WHEN mode = 2 THEN msrc ELSE src END AS gsrc, CASE WHEN mode = 2 THEN mdst ELSE dst END AS gdst
  FROM m),
r AS (
  SELECT a.*, NOT drop_a AND mode IN (1, 2) AND world IS NOT NULL AND (gsrc >= world OR gdst >= world)
    AS drop_c, NOT drop_a AND mode = 2 AND gsrc <> data_rank AS off_self
  FROM a)
INSERT INTO comm_link(run_id, rank, step, op_id, entry_id, summed, group_id, src_rank, dst_rank, global,
  transport_id, bytes, time_ns, op_count, logical, link_row)
SELECT run_id, rank, step, op_id, entry_id, entry IN ('total', 'op'), grp, gsrc, gdst, mode IN (1, 2),
  transport_id, bytes, time_ns, op_count, logical, link_row
FROM r WHERE rs_comm_link_keep(mode, drop_a, off_self, drop_c, run_id, coalesce(grp, -1)) ORDER BY seq
)SQL";

    /// One statement for every link: the per-row round trip (a read, 16 binds and an insert per link) was
    /// most of the pass on a 512-rank profile's 2.1 M links.
    void resolve() {
        loadText();
        stageMapping();
        judgeByListedGroups();
        sqlite3* raw = db.raw();
        sqlite3_create_function_v2(raw, "rs_comm_link_keep", 6, SQLITE_UTF8 | SQLITE_DIRECTONLY, this,
                                   keepLink, nullptr, nullptr, nullptr);
        try {
            db.exec(kResolve);
        } catch (...) {
            sqlite3_create_function_v2(raw, "rs_comm_link_keep", 6, SQLITE_UTF8, nullptr, nullptr, nullptr,
                                       nullptr, nullptr);
            throw;
        }
        sqlite3_create_function_v2(raw, "rs_comm_link_keep", 6, SQLITE_UTF8, nullptr, nullptr, nullptr,
                                   nullptr, nullptr);
        db.exec("DROP TABLE temp.cl_rank; DROP TABLE temp.cl_group; DROP TABLE temp.cl_member; DROP TABLE "
                "temp.cl_order; DROP TABLE temp.cl_listed");
        if (dropA)
            problems
                ["a link names a group-local rank its group does not have (parallel_group_info lists fewer "
                 "members): not shown"] += dropA;
        if (offSelf)
            problems["a link's source is not the rank whose file holds it (after mapping): shown"] += offSelf;
        if (dropC) problems["a link names a rank beyond the job's world size: not shown"] += dropC;
    }

    void writeGroups() {
        // comm_link the outer loop (the first scope seen of a group is the one written, as before)
        auto q = db.prepare(
            "SELECT DISTINCT l.run_id, coalesce(t.value, ''), CASE WHEN l.global THEN 'global' ELSE "
            "'group-local' END, l.logical FROM comm_link l LEFT JOIN comm_text t ON t.id = l.group_id WHERE "
            "l.entry_id IS NOT (SELECT id FROM comm_text WHERE value = 'total_op_info')");
        auto ins = db.prepare("INSERT INTO comm_group(run_id, group_name, label, rank_scope, members, note) "
                              "VALUES(?,?,?,?,?,?)");
        std::set<std::pair<int64_t, std::string>> done;
        while (q.step()) {
            const int64_t run = q.i64(0);
            const std::string group = q.text(1), scope = q.text(2);
            if (!done.insert({run, group}).second) continue;
            const Group* g = mapped(run, group);
            std::string members, note;
            if (scope == "global" && g) {
                members = nlohmann::json(g->members).dump();
                note = g->source == "kineto"
                           ? "global ranks: the process group's ranks (Kineto args)"
                           : "global ranks: mapped with parallel_group_info (" + g->source + ")";
            } else if (auto l = listedScope.find({run, group});
                       scope == "global" && l != listedScope.end() && l->second.global) {
                note = "global ranks as written: " + l->second.why;
            } else if (scope == "global") {
                note = "global ranks as the trace writes them";
            } else {
                auto it = localNote.find({run, group});
                note =
                    "ranks are group-local: " + (it == localNote.end() ? whyLocal(run, group) : it->second);
            }
            if (q.i64(3) == 1) note += "; logical bytes from the collectives' args, not link bandwidth";
            if (q.i64(3) == 2)
                note += "; hccl_raw link_info summed over the step's ops: time ms, size in hccl_raw's own "
                        "unit (not named by the file)";
            ins.bind(1, run).bind(2, group).bind(3, g ? g->label : std::string()).bind(4, scope);
            ins.bind(5, members).bind(6, note).exec();
        }
    }

    void report() {
        for (const auto& [why, n] : problems)
            sink.add("(profile)", "warning", why, n);
        std::map<std::string, int64_t> local; // reason → groups
        for (const auto& [k, why] : localNote)
            ++local[why];
        for (const auto& [why, n] : local)
            sink.add("(profile)", "info",
                     "communication matrix ranks are group-local (not mapped to global ranks): " + why, n);
        reportLinkOnlySteps();
    }

    /// Links of a step the rank's step table lacks (cluster_propose: hccl_raw_0/1 have a step 6,
    /// step_trace_raw steps 1–5): the Communication view sums them into "all steps", so their count is said
    /// here, the first named; ranks without any step row are left out (every step would be one).
    void reportLinkOnlySteps() {
        auto q = db.prepare("SELECT l.rank, l.step, g.value FROM comm_link l JOIN comm_text g ON g.id = "
                            "l.group_id WHERE l.summed = 1 AND l.step IS NOT NULL AND NOT EXISTS(SELECT 1 "
                            "FROM step s WHERE s.rank = l.rank AND s.step = l.step) AND EXISTS(SELECT 1 FROM "
                            "step s WHERE s.rank = l.rank) GROUP BY l.rank, l.step ORDER BY l.rank, l.step");
        int64_t n = 0;
        std::string first;
        while (q.step())
            if (n++ == 0)
                first = "rank " + std::to_string(q.i64(0)) + " step " + std::to_string(q.i64(1)) +
                        " (group " + q.text(2) + ")";
        if (n > 0)
            sink.add("(profile)", "info",
                     "communication links of a step the rank's step table lacks: summed into the "
                     "Communication view's all steps, in no step of their rank (rank and step counted)",
                     n, first);
    }
};

} // namespace

void resolveCommLinks(Db& db) {
    Resolver r(db);
    r.loadRanks();
    r.chooseSources();
    r.loadGroups();
    r.resolve();
    r.writeGroups();
    r.report();
    db.exec("CREATE INDEX comm_link_run ON comm_link(run_id, group_id, step)");
}

PassInfo CommLinksPass::info() const {
    return {"comm_links",
            PassScope::CrossRank,
            {"comm_link_src", "comm_group_src", "comm_source", "rank_info", "run", "step"},
            {"comm_link", "comm_group", "comm_source.used", "diagnostic"}};
}

} // namespace rs::analysis
