#include "core/analysis/commlinks.h"

#include "core/index/diagnosticsink.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
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
    std::map<int64_t, std::string> usedSource;               // rank key → the source used
    std::map<std::pair<int64_t, std::string>, Group> groups; // (run, group) → members
    std::set<int64_t> runsWithGroupInfo;                     // runs whose Ascend metadata lists any group
    std::map<std::string, int64_t> problems;                 // what was wrong with links → how many
    std::map<std::pair<int64_t, std::string>, std::string> localNote; // (run, group) → why group-local

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
        for (auto& [rank, sources] : byRank) {
            std::stable_sort(sources.begin(), sources.end(), [](const Held& a, const Held& b) {
                return priority(a.source) < priority(b.source);
            });
            usedSource[rank] = sources.front().source;
            used.bind(1, rank).bind(2, sources.front().source).exec();
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

    void loadGroups() {
        auto q = db.prepare(
            "SELECT rank, group_name, label, group_rank, global_ranks, source FROM comm_group_src");
        while (q.step()) {
            auto r = ranks.find(q.i64(0));
            if (r == ranks.end()) continue;
            const int64_t run = r->second.run;
            if (q.text(5) != "kineto") runsWithGroupInfo.insert(run);
            auto j = nlohmann::json::parse(q.text(4), nullptr, false);
            std::vector<int64_t> members;
            if (j.is_array())
                for (auto& v : j)
                    if (v.is_number_integer()) members.push_back(v.get<int64_t>());
            const int64_t groupRank = q.isNull(3) ? -1 : q.i64(3);
            if (groupRank >= 0 &&
                (groupRank >= int64_t(members.size()) || members[size_t(groupRank)] != r->second.dataRank))
                sink.add("rank " + std::to_string(r->second.dataRank), "warning",
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
        if (!runsWithGroupInfo.count(run)) return "profiler_metadata.json has no parallel_group_info";
        if (auto it = groups.find({run, group}); it != groups.end() && it->second.conflict)
            return "the ranks' parallel_group_info disagree on its members";
        return "no parallel_group_info entry hashes to this group";
    }

    void drop(const std::string& why) { ++problems[why]; }

    void resolve() {
        auto q =
            db.prepare("SELECT rank, step, op, entry, group_name, src, dst, ranks_global, transport, "
                       "bytes, time_ns, op_count, source, logical, rowid FROM comm_link_src ORDER BY rank");
        auto ins =
            db.prepare("INSERT INTO comm_link(run_id, rank, step, op, entry, summed, group_name, src_rank, "
                       "dst_rank, rank_scope, transport, bytes, time_ns, op_count, data_kind, link_row) "
                       "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
        while (q.step()) {
            const int64_t rank = q.i64(0);
            auto used = usedSource.find(rank);
            if (used == usedSource.end() || used->second != q.text(12)) continue;
            const RankInfo info = ranks.count(rank) ? ranks[rank] : RankInfo{0, rank};
            const std::string entry = q.text(3), group = q.text(4);
            const int64_t src = q.i64(5), dst = q.i64(6);
            int64_t gsrc = src, gdst = dst;
            std::string scope = "global";
            if (entry == "total_op_info") {
                scope = "group-local"; // its keys mix the local ranks of every group
            } else if (q.i64(7) == 0) {
                if (const Group* g = mapped(info.run, group)) {
                    if (src >= int64_t(g->members.size()) || dst >= int64_t(g->members.size())) {
                        drop("a link names a group-local rank its group does not have (parallel_group_info "
                             "lists fewer members): not shown");
                        continue;
                    }
                    gsrc = g->members[size_t(src)];
                    gdst = g->members[size_t(dst)];
                    if (gsrc != info.dataRank)
                        drop("a link's source is not the rank whose file holds it (after mapping): shown");
                } else {
                    scope = "group-local";
                    localNote.emplace(std::make_pair(info.run, group), whyLocal(info.run, group));
                }
            }
            if (scope == "global" && worldSize.count(info.run) &&
                (gsrc >= worldSize[info.run] || gdst >= worldSize[info.run])) {
                drop("a link names a rank beyond the job's world size: not shown");
                continue;
            }
            const bool summed = entry == "total" || entry == "op";
            ins.bind(1, info.run).bind(2, rank);
            ins.bind(3, q.isNull(1) ? std::nullopt : std::optional<int64_t>(q.i64(1)))
                .bind(4, q.text(2))
                .bind(5, entry)
                .bind(6, int64_t(summed))
                .bind(7, group)
                .bind(8, gsrc)
                .bind(9, gdst);
            ins.bind(10, scope).bind(11, q.text(8)).bind(12, q.i64(9));
            ins.bind(13, q.isNull(10) ? std::nullopt : std::optional<int64_t>(q.i64(10)));
            ins.bind(14, q.isNull(11) ? std::nullopt : std::optional<int64_t>(q.i64(11)));
            ins.bind(15, q.i64(13) ? "logical" : "link").bind(16, q.i64(14));
            ins.exec();
        }
    }

    void writeGroups() {
        auto q = db.prepare("SELECT DISTINCT run_id, group_name, rank_scope, data_kind FROM comm_link WHERE "
                            "entry <> 'total_op_info'");
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
            } else if (scope == "global") {
                note = "global ranks as the trace writes them";
            } else {
                auto it = localNote.find({run, group});
                note =
                    "ranks are group-local: " + (it == localNote.end() ? whyLocal(run, group) : it->second);
            }
            if (q.text(3) == "logical")
                note += "; logical bytes from the collectives' args, not link bandwidth";
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
    db.exec("CREATE INDEX comm_link_run ON comm_link(run_id, group_name, step)");
}

PassInfo CommLinksPass::info() const {
    return {"comm_links",
            PassScope::CrossRank,
            {"comm_link_src", "comm_group_src", "comm_source", "rank_info", "run"},
            {"comm_link", "comm_group", "comm_source.used", "diagnostic"}};
}

} // namespace rs::analysis
