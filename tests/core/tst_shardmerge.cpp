// A cluster build end to end through the CLI binary: `index --shard K/3` three times, then `merge`, must give
// what one index of the whole profile gives (an independent path: the single-machine build): the same
// collectives, waits, step and op statistics, runs, findings (and their JSON), diagnostics and
// communication links — on the 8-rank Ascend and Kineto demos, the hand-written stall profile, a folder of
// two runs whose rank numbers collide (the cluster's rank keys must be the whole build's), and every real
// sample folder of several ranks (in 2 and 3 shards) when ../shared/samples is present. Span ids are per
// shard (the manifest says which shard holds a rank), so they are the one thing not compared. The Slurm
// scripts run as their jobs would (the task variables set, a stand-in sbatch for submit.sh) and give the same
// cluster index, also with one task resubmitted alone (./dev cluster-check does all this on a real Slurm).
// Then the faults: a missing shard is named and the rest merges; a shard of another profile or schema version
// is refused naming its file; a cancelled shard build leaves no file, and a killed one's temporary file is
// neither merged nor left by the rerun.
#include "core/index/backgroundremoval.h"
#include "core/index/schema.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/producersummary.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"

#include <QProcess>
#include <QtTest>
#include <filesystem>

using namespace rs;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

/// What the cross-rank passes decide, in an order that does not depend on row or span ids.
const std::vector<std::pair<std::string, std::string>> kOutputs{
    {"collectives",
     "SELECT rank, step, name, seq, start_ns, dur_ns, wait_ns, wait_events_ns, transit_ns, bytes, "
     "group_name, "
     "match_key, last_rank, source, op_type FROM collective ORDER BY rank, start_ns, name, seq"},
    {"waits", "SELECT * FROM waits ORDER BY rank, start_ns, kind"},
    {"idle_gaps", "SELECT * FROM idle_gaps ORDER BY rank, start_ns"},
    {"step_breakdown", "SELECT * FROM step_breakdown ORDER BY rank, step"},
    {"op_stats", "SELECT * FROM op_stats ORDER BY op_type, rank"},
    {"bank_anomaly", "SELECT * FROM bank_anomaly ORDER BY rank, op_name"},
    {"findings",
     "SELECT kind, rank, step, subject, lost_ns, waited_ns, extra_ns, idle_ns, instances, start_ns, end_ns, "
     "affected, run_id FROM finding ORDER BY finding_id"},
    {"runs", "SELECT * FROM runs ORDER BY run_id"},
    {"ranks", "SELECT * FROM ranks ORDER BY rank"},
    {"rank_info",
     "SELECT rank, clock_offset_ns, start_ns, end_ns, clock_note, grp FROM rank_info ORDER BY rank"},
    {"steps", "SELECT * FROM steps ORDER BY rank, step"},
    {"diagnostics", "SELECT file, severity, what, count, excerpt FROM diagnostic ORDER BY file, what"},
    {"comm_links", "SELECT * FROM comm_links ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"},
    {"comm_groups", "SELECT * FROM comm_groups ORDER BY 1, 2"},
    // what info, the run notes and the damaged-file lines read: each file once, with its rank
    // msprof-analyze's own step figures (cluster_step_trace_time.csv: test_data's 18 rows), once each
    {"producer_step", "SELECT * FROM producer_step ORDER BY file, line"},
    {"source_files",
     "SELECT path, format, rank, size_bytes, mtime_ns, records FROM source_file ORDER BY path, rank"},
};

std::vector<std::string> rows(index::Db& db, const std::string& sql) {
    return test::rowsOf(db, sql);
}

/// The findings JSON without span ids (they name a span of the rank's shard).
json findingsWithoutSpans(index::Db& db) {
    json j = query::findingsJson(db);
    for (auto& f : j)
        f.erase("span_id");
    return j;
}

bool wholeIndex(const std::string& profile, const std::string& db) {
    pipeline::BuildOptions o;
    o.dbPath = db;
    o.force = true;
    auto r = pipeline::BuildPipeline(profile, o).run();
    if (!r.ok) qWarning("index failed: %s", r.error.c_str());
    return r.ok;
}

/// `rankscope index PROFILE --shard K/N --out DIR`; its stderr into `err`.
int indexShard(const std::string& profile, int k, int n, const std::string& dir, QString* err = nullptr) {
    return test::runRankscope({"index", QString::fromStdString(profile), "--shard",
                               QString("%1/%2").arg(k).arg(n), "--out", QString::fromStdString(dir),
                               "--quiet"},
                              nullptr, err);
}

int merge(const std::string& dir, QString* err = nullptr) {
    return test::runRankscope({"merge", QString::fromStdString(dir), "--quiet"}, nullptr, err);
}

std::string writeProfile(const QString& kind, const std::string& dir) {
    std::string err;
    if (kind == "stall")
        test::writeStallProfile(dir);
    else if (kind == "two-runs")
        test::writeTwoRunDemo(dir, err);
    else
        err = test::writeDemo(dir, test::demoOptions(8, 6, 2, kind.toStdString()));
    return err;
}

/// A profile indexed whole into <tmp>/whole.sqlite and as three shards merged into <shards>/cluster.sqlite.
struct Built {
    std::string profile, shards, whole;
};

Built buildBoth(const std::string& tag, const std::string& profile, int n = 3) {
    Built b{profile, test::tempDir(tag + "-shards"), test::tempDir(tag + "-whole") + "/whole.sqlite"};
    if (!wholeIndex(profile, b.whole)) return {};
    for (int k = 1; k <= n; ++k) {
        QString err;
        if (indexShard(profile, k, n, b.shards, &err) != 0) {
            qWarning("shard %d failed: %s", k, qPrintable(err));
            return {};
        }
    }
    return b;
}

std::string metaOf(const std::string& path, const std::string& key) {
    index::Db db(path, true);
    auto q = db.prepare("SELECT value FROM meta WHERE key = ?");
    q.bind(1, key);
    return q.step() ? q.text(0) : std::string();
}

/// Runs packaging/slurm/`script` with `args` and the variables `env` added to this process's.
int runScript(const QString& script, const QStringList& args, const QMap<QString, QString>& env,
              QString* out) {
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(rs::test::sourceDir() + "/packaging/slurm/" + script, args);
    if (!p.waitForFinished(120000)) return -1;
    *out = QString::fromUtf8(p.readAll());
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

std::vector<std::string> tempFilesIn(const std::string& dir) {
    index::BackgroundRemoval::process().wait(); // a replaced index is freed off the building thread
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().find(".tmp-") != std::string::npos) out.push_back(e.path().string());
    return out;
}

void compareWithWhole(const Built& b, int n = 3) {
    index::Db whole(b.whole, true), cluster(b.shards + "/cluster.sqlite", true);
    for (const auto& [name, sql] : kOutputs) {
        const auto want = rows(whole, sql);
        QVERIFY2(rows(cluster, sql) == want, name.c_str());
    }
    const json got = findingsWithoutSpans(cluster), want = findingsWithoutSpans(whole);
    QVERIFY2(got == want, (got.dump(1) + "\nwanted\n" + want.dump(1)).c_str());
    // msprof-analyze's summary beside Rankscope's rows (their Bubble from a rank's step_trace_time.csv)
    const json producer = query::producerClusterSummary(cluster);
    QVERIFY2(producer == query::producerClusterSummary(whole), producer.dump(1).c_str());
    // the cluster index holds no event; its manifest names the n shards and all their ranks
    QCOMPARE(cluster.scalar("SELECT count(*) FROM span") + cluster.scalar("SELECT count(*) FROM track"),
             int64_t(0));
    QCOMPARE(cluster.scalar("SELECT count(*) FROM manifest WHERE present = 1 AND n = " + std::to_string(n)),
             int64_t(n));
    QCOMPARE(rows(cluster,
                  "SELECT count(*) FROM manifest m JOIN rank_info r ON ',' || m.ranks || ',' LIKE '%,' || "
                  "r.rank || ',%'"),
             rows(whole, "SELECT count(*) FROM rank_info"));
}

} // namespace

class TstShardMerge : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void mergedShardsEqualTheWholeIndex_data() {
        QTest::addColumn<QString>("profile");
        QTest::newRow("ascend demo, 8 ranks") << "ascend";
        QTest::newRow("kineto demo, 8 ranks") << "kineto";
        QTest::newRow("stall before a step") << "stall";
        QTest::newRow("two runs, colliding rank numbers") << "two-runs";
    }
    void mergedShardsEqualTheWholeIndex() {
        QFETCH(QString, profile);
        const std::string dir = test::tempDir("merge-" + profile.toStdString());
        const std::string err = writeProfile(profile, dir);
        QVERIFY2(err.empty(), err.c_str());
        const Built b = buildBoth("merge-" + profile.toStdString(), dir);
        QVERIFY(!b.whole.empty());
        QString mergeErr;
        QCOMPARE(merge(b.shards, &mergeErr), 0);
        compareWithWhole(b);
        index::Db whole(b.whole, true);
        if (profile == "ascend" || profile == "stall") QVERIFY(!query::findingsJson(whole).empty());
        if (profile == "two-runs") // rank 0 and 1 claimed twice: keyed 10000 and 10001 as in the whole index
            QCOMPARE(whole.scalar("SELECT count(*) FROM rank_info WHERE rank >= 10000"), int64_t(2));
    }

    // Every real sample folder of ../shared/samples that indexes to several ranks (SOURCES.md; counted by
    // indexing each folder whole: 2, 7, 4, 4, 2, 2, 3 and all 21 together), in 2 shards and, with 3 ranks
    // or more, in 3. The whole tree is two-runs-and-more: its colliding rank numbers are keyed by the order
    // of all groups, which no shard sees whole (the diagnostics' "rank N" once said the shard's key).
    void realSamplesOfSeveralRanks_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("shards");
        const std::vector<std::pair<const char*, int>> samples{
            {"hta/tests/data/trace_filter", 2},
            {"hta/tests/data", 7},
            {"mindinsight/tests/utils/resource/cluster_propose", 4},
            {"mindinsight/tests/utils/resource/profiler", 4},
            {"msinsight/server/src/test/test_data", 2},
            {"msinsight/test/data/pytorch/text/level1", 2},
            {"msinsight/test/data/pytorch", 3},
            {".", 21},
        };
        for (const auto& [path, ranks] : samples)
            for (int n = 2; n <= std::min(ranks, 3); ++n)
                QTest::addRow("%s, %d ranks in %d shards", path, ranks, n) << QString(path) << n;
    }
    void realSamplesOfSeveralRanks() {
        QFETCH(QString, path);
        QFETCH(int, shards);
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const std::string profile = fs::canonical(samples + "/" + path.toStdString()).string();
        const std::string tag = "merge-sample-" + std::to_string(std::hash<std::string>{}(profile) % 100000) +
                                "-" + std::to_string(shards);
        const Built b = buildBoth(tag, profile, shards);
        QVERIFY(!b.whole.empty());
        QVERIFY(index::Db(b.whole, true).scalar("SELECT count(*) FROM rank_info") >= shards);
        QString err;
        QVERIFY2(merge(b.shards, &err) == 0, qPrintable(err));
        compareWithWhole(b, shards);
    }

    void shardMetaNamesTheWholeProfile() {
        const std::string dir = test::tempDir("merge-meta");
        QVERIFY(writeProfile("ascend", dir).empty());
        const std::string shards = test::tempDir("merge-meta-shards");
        QCOMPARE(indexShard(dir, 2, 3, shards), 0);
        const std::string s = shards + "/shard-2-of-3.sqlite";
        QCOMPARE(metaOf(s, "shard"), std::string("2/3"));
        QCOMPARE(metaOf(s, "schema_version"), std::to_string(index::kSchemaVersion));
        QCOMPARE(metaOf(s, "fingerprint"),
                 import::discover(dir).fingerprint()); // all ranks', not the shard's
        index::Db db(s, true);
        QCOMPARE(rows(db, "SELECT group_concat(rank, ',') FROM (SELECT rank FROM rank_info ORDER BY rank)"),
                 std::vector<std::string>{metaOf(s, "shard_ranks")});
        QVERIFY(db.scalar("SELECT count(*) FROM span") > 0); // a complete index of its ranks
        QCOMPARE(db.scalar("SELECT count(*) FROM finding") + db.scalar("SELECT count(*) FROM run"),
                 int64_t(0));
        // a rerun of a finished task reuses its shard; another K/N is another file
        QString err;
        QCOMPARE(indexShard(dir, 2, 3, shards, &err), 0);
        QCOMPARE(indexShard(dir, 1, 1, shards), 0);
        QVERIFY(fs::exists(shards + "/shard-1-of-1.sqlite"));
    }

    void slurmScriptsAsTheirJobsRunThem() {
        const std::string dir = test::tempDir("merge-slurm");
        QVERIFY(writeProfile("ascend", dir).empty());
        Built b{dir, test::tempDir("merge-slurm-shards"),
                test::tempDir("merge-slurm-whole") + "/whole.sqlite"};
        QVERIFY(wholeIndex(dir, b.whole));
        const QMap<QString, QString> job{{"RANKSCOPE", QString::fromStdString(test::rankscopeBin())},
                                         {"PROFILE", QString::fromStdString(dir)},
                                         {"SHARDS", QString::fromStdString(b.shards)}};
        QString out;
        for (int id = 1; id <= 3; ++id) { // --array=1-3: what Slurm sets in each task
            auto task = job;
            task.insert("SLURM_ARRAY_TASK_ID", QString::number(id));
            task.insert("SLURM_ARRAY_TASK_MIN", "1");
            task.insert("SLURM_ARRAY_TASK_COUNT", "3");
            QVERIFY2(runScript("index-shards.sbatch", {}, task, &out) == 0, qPrintable(out));
        }
        // task 2 resubmitted alone (sbatch --array=2): Slurm says an array of one. Without SHARD_COUNT the
        // task refuses (it once wrote shard-1-of-1.sqlite, which the merge refused); with it, it rewrites its
        // shard
        const std::string shard2 = b.shards + "/shard-2-of-3.sqlite";
        fs::remove(shard2);
        auto alone = job;
        alone.insert("SLURM_ARRAY_TASK_ID", "2");
        alone.insert("SLURM_ARRAY_TASK_MIN", "2");
        alone.insert("SLURM_ARRAY_TASK_MAX", "2");
        alone.insert("SLURM_ARRAY_TASK_COUNT", "1");
        QCOMPARE(runScript("index-shards.sbatch", {}, alone, &out), 2);
        QVERIFY2(out.contains("SHARD_COUNT=N"), qPrintable(out));
        QVERIFY(!fs::exists(b.shards + "/shard-1-of-1.sqlite") && !fs::exists(shard2));
        alone.insert("SHARD_COUNT", "3");
        QVERIFY2(runScript("index-shards.sbatch", {}, alone, &out) == 0, qPrintable(out));
        QVERIFY(fs::exists(shard2));
        QVERIFY2(runScript("merge.sbatch", {}, job, &out) == 0, qPrintable(out));
        compareWithWhole(b);
        // submit.sh: the array, then the merge after it (a stand-in sbatch records its calls)
        const std::string bin = test::tempDir("merge-slurm-bin");
        test::writeFile(bin + "/sbatch",
                        "#!/bin/sh\necho \"$*\" >> " + bin +
                            "/calls\ncase \"$*\" in *--array*) echo '4242;cl';; *) echo 4243;; esac\n");
        fs::permissions(bin + "/sbatch", fs::perms::owner_all);
        QVERIFY2(runScript("submit.sh", {QString::fromStdString(dir), QString::fromStdString(b.shards), "3"},
                           {{"PATH", QString::fromStdString(bin) + ":" + qEnvironmentVariable("PATH")}},
                           &out) == 0,
                 qPrintable(out));
        const QStringList calls =
            QString::fromStdString(test::readDecompressed(bin + "/calls")).trimmed().split('\n');
        QCOMPARE(calls.size(), 2);
        QVERIFY2(calls[0].startsWith("--parsable --array=1-3 --export=ALL,PROFILE=") &&
                     calls[0].contains(",SHARD_COUNT=3 ") && calls[0].endsWith("/index-shards.sbatch"),
                 qPrintable(calls[0]));
        QVERIFY2(calls[1].startsWith("--parsable --dependency=afterok:4242 ") &&
                     calls[1].endsWith("/merge.sbatch"),
                 qPrintable(calls[1]));
        QVERIFY2(runScript("submit.sh", {QString::fromStdString(dir), QString::fromStdString(b.shards), "0"},
                           {}, &out) == 2,
                 qPrintable(out));
    }

    void aMissingShardIsNamedAndTheRestMerges() {
        const std::string dir = test::tempDir("merge-missing");
        QVERIFY(writeProfile("ascend", dir).empty());
        const Built b = buildBoth("merge-missing", dir);
        QVERIFY(!b.whole.empty());
        const std::string gone = b.shards + "/shard-2-of-3.sqlite";
        const std::string goneRanks = metaOf(gone, "shard_ranks");
        QVERIFY(!goneRanks.empty());
        fs::remove(gone);
        QString err;
        QCOMPARE(merge(b.shards, &err), 0);
        QVERIFY2(err.contains("missing " + QString::fromStdString(gone)), qPrintable(err));
        index::Db c(b.shards + "/cluster.sqlite", true);
        QCOMPARE(rows(c, "SELECT severity FROM diagnostic WHERE file = '" + gone + "'"),
                 std::vector<std::string>{"warning"});
        QCOMPARE(rows(c, "SELECT present FROM manifest WHERE k = 2"), std::vector<std::string>{"0"});
        const int64_t goneCount = int64_t(std::count(goneRanks.begin(), goneRanks.end(), ',') + 1);
        index::Db whole(b.whole, true);
        QCOMPARE(c.scalar("SELECT count(*) FROM rank_info"),
                 whole.scalar("SELECT count(*) FROM rank_info") - goneCount);
        // the run knows ranks are missing: it names no late rank rather than calling the absent ones idle
        QCOMPARE(c.scalar("SELECT complete FROM run"), int64_t(0));
        // a profile build never replaces a cluster index with a whole one
        const QString cluster = QString::fromStdString(b.shards + "/cluster.sqlite");
        QCOMPARE(test::runRankscope({"info", QString::fromStdString(dir), "--db", cluster}, nullptr, &err),
                 1);
        QVERIFY2(err.contains("a cluster index written by 'rankscope merge'"), qPrintable(err));
        QCOMPARE(metaOf(cluster.toStdString(), "cluster_missing"), std::string("2"));
    }

    void reportOpensTheClusterIndex() {
        // `rankscope report SHARD_DIR` (or the cluster file) reads the cluster index as it is: the same
        // findings as the whole profile's report, and it says the events stay in the shards
        const std::string dir = test::tempDir("merge-report");
        QVERIFY(writeProfile("ascend", dir).empty());
        const Built b = buildBoth("merge-report", dir);
        QVERIFY(!b.whole.empty());
        QCOMPARE(merge(b.shards), 0);
        auto findingsText = [](const QString& out) {
            const int from = out.indexOf("Findings, by time lost:"), to = out.indexOf("\nSteps");
            return from < 0 ? QString() : out.mid(from, to - from);
        };
        QString whole, cluster, file, err;
        QCOMPARE(test::runRankscope({"report", QString::fromStdString(dir), "--db",
                                     QString::fromStdString(b.whole), "--quiet"},
                                    &whole, &err),
                 0);
        QCOMPARE(test::runRankscope({"report", QString::fromStdString(b.shards), "--quiet"}, &cluster, &err),
                 0);
        QCOMPARE(
            test::runRankscope({"report", QString::fromStdString(b.shards + "/cluster.sqlite"), "--quiet"},
                               &file, &err),
            0);
        QVERIFY2(!findingsText(whole).isEmpty(), qPrintable(whole));
        QCOMPARE(findingsText(cluster), findingsText(whole));
        QCOMPARE(file, cluster);
        QVERIFY2(cluster.contains(
                     "Cluster index of 3 shards: spans, tensors and memory samples stay in the shards"),
                 qPrintable(cluster));
        QVERIFY(!cluster.contains("0 spans"));
    }

    void aShardOfAnotherProfileOrVersionIsRefused() {
        const std::string a = test::tempDir("merge-foreign-a"), other = test::tempDir("merge-foreign-b");
        QVERIFY(writeProfile("ascend", a).empty());
        QVERIFY(writeProfile("kineto", other).empty());
        const std::string shards = test::tempDir("merge-foreign-shards");
        const std::string otherShards = test::tempDir("merge-foreign-other");
        for (int k = 1; k <= 3; ++k)
            QCOMPARE(indexShard(a, k, 3, shards), 0);
        QCOMPARE(indexShard(other, 2, 3, otherShards), 0);
        const std::string odd = shards + "/shard-2-of-3.sqlite";
        fs::copy_file(otherShards + "/shard-2-of-3.sqlite", odd, fs::copy_options::overwrite_existing);
        QString err;
        QCOMPARE(merge(shards, &err), 1);
        QVERIFY2(err.contains(QString::fromStdString(odd) +
                              ": a shard of another profile than shard-1-of-3.sqlite"),
                 qPrintable(err));
        QVERIFY(!fs::exists(shards + "/cluster.sqlite"));
        // another schema version
        QCOMPARE(indexShard(a, 2, 3, shards, &err), 0);
        {
            index::Db db(odd);
            db.exec("UPDATE meta SET value = '1' WHERE key = 'schema_version'");
        }
        QCOMPARE(merge(shards, &err), 1);
        QVERIFY2(err.contains(QString::fromStdString(odd) + ": built with index schema version 1"),
                 qPrintable(err));
        // not a database at all
        test::writeFile(odd, "truncated");
        QCOMPARE(merge(shards, &err), 1);
        QVERIFY2(err.contains(QString::fromStdString(odd) + ": not a Rankscope shard"), qPrintable(err));
    }

    void aFailedShardBuildLeavesNothingHalfWritten() {
        const std::string dir = test::tempDir("merge-cancel");
        QVERIFY(writeProfile("ascend", dir).empty());
        const std::string shards = test::tempDir("merge-cancel-shards");
        pipeline::BuildOptions o;
        o.shard = {1, 2};
        o.dbPath = shards + "/" + o.shard.fileName();
        std::atomic<bool> cancel{false};
        auto r = pipeline::BuildPipeline(dir, o).run(
            [&](const pipeline::BuildProgress& p) {
                if (p.phase == pipeline::Phase::Parse) cancel = true;
            },
            &cancel);
        QVERIFY(r.cancelled);
        QVERIFY(!fs::exists(o.dbPath));
        QVERIFY(tempFilesIn(shards).empty());
        // a task killed mid-run cannot clean up: its temporary file is not a shard to the merge, and the
        // rerun of that task removes it
        QCOMPARE(indexShard(dir, 2, 2, shards), 0);
        test::writeFile(o.dbPath + ".tmp-999999", "half written");
        QString err;
        QCOMPARE(merge(shards, &err), 0);
        QVERIFY2(err.contains("missing " + QString::fromStdString(o.dbPath)), qPrintable(err));
        QCOMPARE(indexShard(dir, 1, 2, shards), 0);
        QVERIFY(tempFilesIn(shards).empty());
        QCOMPARE(merge(shards, &err), 0);
        QVERIFY2(!err.contains("missing"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TstShardMerge)
#include "tst_shardmerge.moc"
