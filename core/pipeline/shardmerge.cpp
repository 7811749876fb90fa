#include "core/pipeline/shardmerge.h"

#include "core/analysis/analysisplan.h"
#include "core/analysis/summarytables.h"
#include "core/index/buildguard.h"
#include "core/index/commtext.h"
#include "core/index/diagnosticsink.h"
#include "core/index/filestamp.h"
#include "core/index/indexstore.h"
#include "core/index/schema.h"
#include "core/model/rankrelabel.h"
#include "core/pipeline/clusterrankkeys.h"
#include "core/pipeline/stageclock.h"

#include <QCryptographicHash>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;

namespace rs::pipeline {

namespace {

/// The tables a merge copies: the summaries, the importers' per-file diagnostics, and the source files read
/// (no cross-rank pass reads them, but info, the run notes and the damaged-file lines name a file's rank and
/// format as a whole build's do; no event of the cluster index points at them).
std::vector<std::string> stagedTables() {
    std::vector<std::string> t(analysis::summaryTables().begin(), analysis::summaryTables().end());
    t.push_back("diagnostic");
    t.push_back("source_file");
    t.push_back("producer_step"); // msprof-analyze's own summary: a profile-level file every shard reads
    // a rank's own step_trace_time.csv breakdown: the producer summary's Rankscope rows give its Bubble
    t.push_back("step_breakdown_src");
    return t;
}

std::vector<std::string> columnsOf(index::Db& db, const std::string& table) {
    std::vector<std::string> cols;
    auto q = db.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid");
    q.bind(1, table);
    while (q.step())
        cols.push_back(q.text(0));
    return cols;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v)
        s += (s.empty() ? "" : ", ") + x;
    return s;
}

std::string sha1(const std::string& s) {
    return QCryptographicHash::hash(QByteArray::fromStdString(s), QCryptographicHash::Sha1)
        .toHex()
        .toStdString();
}

/// A fault of the input (a shard rewritten under the merge): its message names the shard, not the output.
struct ShardFault : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Why the cluster index cannot be written into its folder, or empty. Asked before the lock file is made
/// there, so the message names the folder rather than a lock file; access() is what a read-only file
/// system answers even to root (EROFS), where permission bits would not.
std::string unwritableFolder(const fs::path& out) {
    const fs::path dir = out.parent_path();
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return dir.string() + ": not a folder, so the cluster index " + out.filename().string() +
               " cannot be written there; choose its place with --out";
    if (::access(dir.c_str(), W_OK) != 0)
        return dir.string() + ": cannot write the cluster index there (" + std::strerror(errno) +
               "); choose a writable place with --out";
    return {};
}

/// The importers and the rank-local passes name a rank by its shard's key in their diagnostics ("rank
/// 20001", "rank 20001 step 2: …"); where the cluster keys it otherwise (runs whose rank numbers collide are
/// keyed by the order of all groups, which a shard sees only part of), the text must say the cluster's key,
/// as a whole build's does. `table`: a staged diagnostic or sum_diagnostic table.
void relabelDiagnostics(index::Db& db, const std::string& table) {
    std::map<int64_t, std::map<int64_t, std::string>> byShard; // shard K -> shard key -> cluster key
    auto q = db.prepare("SELECT shard_k, old, new FROM temp.rank_map WHERE old <> new");
    while (q.step())
        byShard[q.i64(0)][q.i64(1)] = std::to_string(q.i64(2));
    if (byShard.empty()) return;
    struct Row {
        int64_t rowid;
        std::optional<std::string> text[3]; // file, what, excerpt
    };
    std::vector<Row> changed; // read first: the table is not updated under its own cursor
    auto rows = db.prepare("SELECT rowid, shard_k, file, what, excerpt FROM temp." + table);
    while (rows.step()) {
        const auto keys = byShard.find(rows.i64(1));
        if (keys == byShard.end()) continue;
        Row r{rows.i64(0), {}};
        for (int c = 0; c < 3; ++c)
            if (!rows.isNull(c + 2)) r.text[c] = model::relabelRanks(rows.text(c + 2), keys->second);
        changed.push_back(std::move(r));
    }
    auto upd = db.prepare("UPDATE temp." + table + " SET file = ?, what = ?, excerpt = ? WHERE rowid = ?");
    for (const auto& r : changed) {
        for (int c = 0; c < 3; ++c)
            r.text[c] ? upd.bind(c + 1, *r.text[c]) : upd.bindNull(c + 1);
        upd.bind(4, r.rowid).exec();
    }
}

} // namespace

void ShardMerge::checkUnchanged(const ShardInfo& s) const {
    if (index::FileStamp::of(s.path) == s.stamp) return;
    throw ShardFault(s.path +
                     ": rewritten or replaced while the merge read it (a task still running, or rerun): no "
                     "cluster index written; merge again once every task has finished");
}

bool ShardMerge::checkOptions(std::string& error) {
    // the cross-rank passes must judge with the options the rank-local ones used: the profile's device
    // file when the profile is reachable from here, else the defaults; shards built otherwise are refused
    const ShardInfo& first = m_manifest.shards().front();
    std::string ignored;
    std::error_code ec;
    if (!first.profile.empty() && fs::is_directory(first.profile, ec))
        m_analysis.loadDeviceFile(first.profile, ignored);
    if (first.analysisKey == m_analysis.key()) return true;
    error = first.path + ": built with analysis options (" + first.analysisKey +
            ") other than the merge's (" + m_analysis.key() +
            "); merge supports shards built with the default options or the profile's "
            "rankscope-device.json";
    return false;
}

void ShardMerge::stage(index::Db& db) {
    for (const auto& t : stagedTables())
        db.exec("CREATE TEMP TABLE stage_" + t + " AS SELECT 0 AS shard_k, rowid AS src_rowid, * FROM main." +
                t + " WHERE 0");
    int read = 0;
    for (const auto& s : m_manifest.shards()) {
        // one shard attached at a time: SQLite's attach limit is no limit on shards
        db.prepare("ATTACH DATABASE ? AS shard").bind(1, s.path).exec();
        try {
            // the link rows' string ids are the shard's own: mapped onto the cluster index's comm_text
            index::mergeCommText(db, "shard");
            for (const auto& t : stagedTables()) {
                const std::string cols =
                    t == "comm_link_src" ? index::remappedCommLinkSrcColumns(db, "shard") : "*";
                db.prepare("INSERT INTO temp.stage_" + t + " SELECT ?, rowid, " + cols + " FROM shard." + t)
                    .bind(1, s.spec.k)
                    .exec();
            }
        } catch (const std::exception& e) {
            // a shard whose meta reads but whose pages do not (truncated after its meta was written, a
            // disk error): the message names the shard, not the cluster index being written
            db.exec("DETACH DATABASE shard");
            throw ShardFault(s.path + ": cannot be read (" + e.what() + "); re-run its task");
        }
        db.exec("DETACH DATABASE shard");
        // the rows read must be those of the shard the manifest checked (same profile, split, version)
        checkUnchanged(s);
        if (m_opts.onShardRead) m_opts.onShardRead(++read, int(m_manifest.shards().size()));
    }
}

void ShardMerge::rekey(index::Db& db, std::vector<std::string>& collisions) {
    std::map<int, const ShardInfo*> byK;
    for (const auto& s : m_manifest.shards())
        byK[s.spec.k] = &s;
    std::vector<ShardRank> ranks;
    auto q = db.prepare(
        "SELECT shard_k, rank, coalesce(data_rank, rank), coalesce(grp, -1) FROM temp.stage_rank_info");
    while (q.step()) {
        ShardRank r{int(q.i64(0)), int(q.i64(1)), int(q.i64(2)), int(q.i64(3)), 0};
        const auto& bytes = byK[r.shard]->groupBytes;
        r.groupBytes = bytes.count(r.group) ? bytes.at(r.group) : 0;
        ranks.push_back(r);
    }
    ClusterRankKeys keys = clusterRankKeys(ranks);
    collisions = keys.collisions;
    db.exec(
        "CREATE TEMP TABLE rank_map(shard_k INTEGER, old INTEGER, new INTEGER, PRIMARY KEY(shard_k, old))");
    auto ins = db.prepare("INSERT INTO temp.rank_map VALUES(?, ?, ?)");
    for (const auto& [from, to] : keys.keys)
        ins.bind(1, from.first).bind(2, from.second).bind(3, to).exec();
    for (const auto& t : stagedTables())
        // source_file: a file of no rank (a profile-level file) keeps its NULL; producer_step's rank is the
        // producer's data rank as its file writes it, no rank key
        if (t != "diagnostic" && t != "producer_step")
            db.exec("UPDATE temp.stage_" + t +
                    " SET rank = coalesce((SELECT m.new FROM temp.rank_map m WHERE " + "m.shard_k = stage_" +
                    t + ".shard_k AND m.old = stage_" + t + ".rank), rank)");
}

void ShardMerge::unstage(index::Db& db, const std::vector<std::string>& collisions, const MergeResult& res) {
    for (const auto& t : stagedTables()) {
        if (t == "diagnostic" || t == "source_file" || t == "producer_step") continue;
        std::vector<std::string> cols;
        for (auto& c : columnsOf(db, t))
            if (c != "arrival_id") cols.push_back(c); // new ids, in rank order like a whole build's
        db.exec("INSERT INTO main." + t + "(" + joined(cols) + ") SELECT " + joined(cols) +
                " FROM temp.stage_" + t + " ORDER BY rank, shard_k, src_rowid");
    }
    db.exec("UPDATE main.rank_info SET run_id = NULL, clock_offset_ns = 0"); // the cross-rank passes' to fill
    // every shard carries the discovery's diagnostics: once each; the shards' own rank-collision notes are
    // replaced by the cluster's (a shard saw only its own groups)
    db.exec(
        "INSERT INTO main.diagnostic(file, severity, what, count, first_offset, excerpt) SELECT file, "
        "severity, "
        "what, count, first_offset, excerpt FROM temp.stage_diagnostic WHERE NOT (file = '(profile)' AND "
        "what "
        "LIKE 'rank % is claimed by %') GROUP BY file, severity, what, count, first_offset, excerpt ORDER BY "
        "min(shard_k), min(src_rowid)");
    // a file every shard's discovery read (a profile-level file) once; new ids, no event refers to them
    db.exec("INSERT INTO main.source_file(path, format, rank, size_bytes, mtime_ns, records) SELECT path, "
            "format, rank, size_bytes, mtime_ns, records FROM temp.stage_source_file GROUP BY path, rank "
            "ORDER BY "
            "min(shard_k), min(src_rowid)");
    // the producer's summary rows: every shard read the same file, so each (file, line) once
    const std::string producerCols = joined(columnsOf(db, "producer_step"));
    db.exec("INSERT INTO main.producer_step(" + producerCols + ") SELECT " + producerCols +
            " FROM temp.stage_producer_step GROUP BY file, line ORDER BY file, line");
    index::DiagnosticSink sink(db);
    for (const auto& c : collisions)
        sink.add(model::DiagnosticRow{"(profile)", "info", c, 1, -1, ""});
    for (const auto& m : res.missing)
        sink.add(
            m, "warning",
            "shard missing: its ranks are not in this cluster index (re-run its task, then merge again)");
    for (const auto& t : stagedTables())
        db.exec("DROP TABLE temp.stage_" + t);
    db.exec("DROP TABLE IF EXISTS temp.comm_text_map");
}

void ShardMerge::writeManifest(index::Db& db) {
    auto ins =
        db.prepare("INSERT INTO manifest(shard_file, k, n, present, ranks, fingerprint, schema_version, "
                   "bytes, input_bytes, shard_ranks) VALUES(?,?,?,?,?,?,?,?,?,?)");
    auto ranksOf =
        db.prepare("SELECT group_concat(new, ','), group_concat(old, ',') FROM (SELECT new, old FROM "
                   "temp.rank_map WHERE shard_k = ? ORDER BY new)");
    for (const auto& s : m_manifest.shards()) {
        ranksOf.bind(1, s.spec.k);
        const bool any = ranksOf.step() && !ranksOf.isNull(0);
        const std::string ranks = any ? ranksOf.text(0) : std::string(), own = any ? ranksOf.text(1) : "";
        ranksOf.reset();
        ins.bind(1, fs::path(s.path).filename().string()).bind(2, s.spec.k).bind(3, s.spec.n).bind(4, 1);
        ins.bind(5, ranks).bind(6, sha1(s.fingerprint)).bind(7, s.schemaVersion).bind(8, s.fileBytes);
        ins.bind(9, s.inputBytes).bind(10, own).exec();
    }
    for (int k : m_manifest.missing()) {
        ins.bind(1, m_manifest.missingName(k)).bind(2, k).bind(3, m_manifest.shardCount()).bind(4, 0);
        for (int c = 5; c <= 10; ++c)
            ins.bindNull(c);
        ins.exec();
    }
}

void ShardMerge::build(index::Db& db, MergeResult& res) {
    StageClock clock; // prints each part with RANKSCOPE_TIMING, as an index build prints its stages
    double t = clock.elapsed();
    auto part = [&](std::string name, double seconds) {
        clock.note(name, seconds);
        res.parts.emplace_back(std::move(name), seconds);
    };
    auto lap = [&](const std::string& name) {
        part(name, clock.elapsed() - t);
        t = clock.elapsed();
    };
    db.exec("PRAGMA temp_store=FILE"); // the staged summaries of thousands of ranks need not fit in RAM
    std::vector<std::string> collisions;
    stage(db); // outside the transaction: a shard is detached only when no transaction is open
    lap("read shards");
    db.exec("BEGIN");
    rekey(db, collisions);
    relabelDiagnostics(db, "stage_diagnostic");
    relabelDiagnostics(db, "stage_sum_diagnostic");
    unstage(db, collisions, res);
    writeManifest(db);
    db.exec("DROP TABLE temp.rank_map");
    lap("rekey and copy");
    auto plan = analysis::AnalysisPlan::standard();
    plan.runCrossRank(db, m_analysis);
    for (const auto& p : plan.times())
        if (p.scope == analysis::PassScope::CrossRank) part("cross " + std::string(p.name), p.seconds);
    t = clock.elapsed();
    db.exec("COMMIT");
    index::createIndexes(db);
    index::createViews(db);
    lap("indexes");
    res.ranks = int(db.scalar("SELECT count(*) FROM rank_info"));
}

MergeResult ShardMerge::run() {
    const auto t0 = std::chrono::steady_clock::now();
    MergeResult res;
    auto done = [&]() -> MergeResult& {
        res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return res;
    };
    if (!m_manifest.read(m_opts.shardDir, res.error) || !checkOptions(res.error)) return done();
    res.shardCount = m_manifest.shardCount();
    for (int k : m_manifest.missing())
        res.missing.push_back((fs::absolute(m_opts.shardDir) / m_manifest.missingName(k)).string());
    res.outPath = fs::absolute(m_opts.outPath.empty() ? fs::path(m_opts.shardDir) / "cluster.sqlite"
                                                      : fs::path(m_opts.outPath))
                      .string();
    res.error = unwritableFolder(res.outPath);
    if (!res.error.empty() || !index::mayReplace(res.outPath, res.error)) return done();
    index::BuildLock lock(res.outPath, m_opts.breakLock, m_opts.notice);
    if (!lock.acquire(nullptr, res.error)) return done();
    try {
        index::IndexBuildFile file(res.outPath);
        build(file.db(), res);
        const ShardInfo& first = m_manifest.shards().front();
        int64_t input = 0;
        for (const auto& s : m_manifest.shards())
            input += s.inputBytes;
        std::string missing;
        for (int k : m_manifest.missing())
            missing += (missing.empty() ? "" : ",") + std::to_string(k);
        file.writeMeta({first.fingerprint,
                        "cluster;" + m_analysis.key(),
                        first.profile,
                        input,
                        {},
                        {{"cluster_shards", std::to_string(m_manifest.shardCount())},
                         {"cluster_missing", missing},
                         {"cluster_shard_dir", fs::absolute(m_opts.shardDir).lexically_normal().string()}}});
        // a shard read early may have been rewritten since: the cluster view would mix two versions of it
        for (const auto& s : m_manifest.shards())
            checkUnchanged(s);
        res.ok = file.commit(res.error);
    } catch (const ShardFault& e) {
        res.error = e.what();
    } catch (const std::exception& e) {
        res.error = res.outPath + ": " + e.what();
    }
    return done();
}

} // namespace rs::pipeline
