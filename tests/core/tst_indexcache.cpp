// The index cache: reused when nothing changed, rebuilt when a file changes or is added, a failed or
// cancelled build keeps the previous index and leaves no temporary file, malformed inputs never crash;
// the user cache dir is listed and cleaned (gone profiles, older schemas, unused ones; annotations and
// entries a build holds are spared), and a reused index is marked used. A build file shared with a reader
// (the analysis beside the writer) lets it read the committed load while the writer's transaction spills.
#include "core/cache/indexcache.h"
#include "core/index/backgroundremoval.h"
#include "core/index/buildguard.h"
#include "core/index/indexstore.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace rs;
namespace fs = std::filesystem;

namespace {
const char* kTrace = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]";
bool noTempFiles(const std::string& dir) {
    index::BackgroundRemoval::process().wait(); // a replaced index is freed off the building thread
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.path().string().find(".tmp-") != std::string::npos) return false;
    return true;
}
} // namespace

class TstIndexCache : public QObject {
    Q_OBJECT
    /// A profile in a read-only folder: its index goes to the cache dir.
    static std::string readOnlyProfile(const std::string& root, const std::string& name) {
        const std::string dir = root + "/" + name;
        test::writeFile(dir + "/a.json", kTrace);
        fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                 fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
        return dir;
    }
    static void removeProfile(const std::string& dir) {
        fs::permissions(dir, fs::perms::owner_all);
        fs::remove_all(dir);
    }
    static const cache::CacheEntry* find(const std::vector<cache::CacheEntry>& v, const std::string& index) {
        for (const auto& e : v)
            if (e.indexPath == index) return &e;
        return nullptr;
    }

  private Q_SLOTS:
    void cacheListAndClean() {
        const std::string root = test::tempDir("cachedir");
        const std::string cacheHome = root + "/xdg";
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(cacheHome));
        const std::string dir = cacheHome + "/rankscope";
        QCOMPARE(cache::cacheDirectory(), dir);
        std::string idx[4];
        std::string prof[4];
        for (int i = 0; i < 4; ++i) {
            prof[i] = readOnlyProfile(root, "p" + std::to_string(i));
            auto r = pipeline::BuildPipeline(prof[i], {}).run();
            QVERIFY2(r.ok, r.error.c_str());
            QVERIFY(r.dbPath.rfind(dir + "/", 0) == 0);
            idx[i] = r.dbPath;
        }
        // p1: its profile goes, and a dead build's temporary file lies beside its index
        removeProfile(prof[1]);
        test::writeFile(idx[1] + ".tmp-99999", std::string(1000, 'x'));
        // p2: its profile goes, but it holds annotations (the user's work)
        removeProfile(prof[2]);
        test::writeFile(dir + "/" + fs::path(idx[2]).stem().string() + ".annotations.json",
                        "{\"annotations\": []}");
        // p3: written by an older schema
        {
            index::Db db(idx[3]);
            db.exec("UPDATE meta SET value = '1' WHERE key = 'schema_version'");
        }
        auto list = cache::listCache(dir);
        QCOMPARE(list.size(), size_t(4));
        QVERIFY(find(list, idx[0])->profileExists && find(list, idx[0])->currentSchema);
        QVERIFY(!find(list, idx[1])->profileExists);
        QCOMPARE(find(list, idx[1])->bytes, int64_t(fs::file_size(idx[1]) + 1000));
        QVERIFY(find(list, idx[2])->hasAnnotations);
        QVERIFY(find(list, idx[3])->profileExists && !find(list, idx[3])->currentSchema);
        // a dry run removes nothing
        cache::CleanOptions o;
        o.dryRun = true;
        auto dry = cache::cleanCache(o, dir);
        QCOMPARE(dry.removed.size(), size_t(2));
        QCOMPARE(dry.keptForAnnotations.size(), size_t(1));
        QCOMPARE(cache::listCache(dir).size(), size_t(4));
        // clean: p1 (with its temporary file) and p3 go, p2 stays for its annotations, p0 is untouched
        o.dryRun = false;
        auto done = cache::cleanCache(o, dir);
        QCOMPARE(done.removed.size(), size_t(2));
        QVERIFY(!fs::exists(idx[1]) && !fs::exists(idx[1] + ".tmp-99999") && !fs::exists(idx[3]));
        QVERIFY(fs::exists(idx[0]) && fs::exists(idx[2]));
        QCOMPARE(done.bytesFreed, find(list, idx[1])->bytes + find(list, idx[3])->bytes);
        o.withAnnotations = true;
        QCOMPARE(cache::cleanCache(o, dir).removed.size(), size_t(1));
        QCOMPARE(cache::listCache(dir).size(), size_t(1));
        QVERIFY(!fs::exists(dir + "/" + fs::path(idx[2]).stem().string() + ".annotations.json"));
        // by age: p0 unused for 40 days goes with --unused-for 30d, unless a build holds it
        const auto old = fs::file_time_type::clock::now() - std::chrono::hours(24 * 40);
        fs::last_write_time(idx[0], old);
        cache::CleanOptions byAge;
        byAge.unusedForNs = int64_t(30) * 86400 * 1000000000;
        {
            index::BuildLock held(idx[0], false, nullptr);
            QVERIFY(held.tryAcquireNow());
            auto busy = cache::cleanCache(byAge, dir);
            QCOMPARE(busy.busy.size(), size_t(1));
            QVERIFY(fs::exists(idx[0]));
        }
        // reusing the index marks it used: no longer 40 days old
        auto again = pipeline::BuildPipeline(prof[0], {}).run();
        QVERIFY(again.ok && again.reused);
        QVERIFY(fs::last_write_time(idx[0]) > old + std::chrono::hours(24 * 39));
        QCOMPARE(cache::cleanCache(byAge, dir).removed.size(), size_t(0));
        fs::last_write_time(idx[0], old);
        QCOMPARE(cache::cleanCache(byAge, dir).removed.size(), size_t(1));
        QVERIFY(!fs::exists(idx[0]));
        removeProfile(prof[0]);
        removeProfile(prof[3]);
        qunsetenv("XDG_CACHE_HOME");
    }
    void reuseAndRebuild() {
        std::string dir = test::tempDir("cache");
        test::writeFile(dir + "/a.json", kTrace);
        pipeline::BuildOptions o;
        auto r1 = pipeline::BuildPipeline(dir, o).run();
        QVERIFY2(r1.ok, r1.error.c_str());
        QVERIFY(!r1.reused);
        QCOMPARE(r1.dbPath, dir + "/.rankscope/index.sqlite");
        auto r2 = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(r2.ok && r2.reused);
        QVERIFY(r2.seconds < 1.0);
        // an added file triggers a rebuild
        test::writeFile(dir + "/b.json", kTrace);
        auto r3 = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(r3.ok && !r3.reused);
        // a changed file (size) triggers a rebuild
        test::writeFile(dir + "/b.json",
                        "[{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":20}]");
        auto r4 = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(r4.ok && !r4.reused);
        // changed analysis settings too
        o.analysis.banks.bankCount = 16;
        auto r5 = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(r5.ok && !r5.reused);
        QVERIFY(noTempFiles(dir));
    }
    void rewriteWithSameSizeAndTimeIsNoticed() {
        // a file rewritten in place with the same size and mtime (a copy tool preserving times): the
        // content sample in the fingerprint tells, so the stale index is not reused
        std::string dir = test::tempDir("same-size");
        std::string a = "[{\"ph\":\"X\",\"name\":\"kernelA\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":5}]";
        std::string b = a;
        b.replace(b.find("kernelA"), 7, "kernelB");
        test::writeFile(dir + "/t.json", a);
        auto r1 = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(r1.ok && !r1.reused);
        auto mtime = fs::last_write_time(dir + "/t.json");
        test::writeFile(dir + "/t.json", b);
        fs::last_write_time(dir + "/t.json", mtime);
        auto r2 = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(r2.ok);
        QVERIFY(!r2.reused);
        index::Db db(r2.dbPath, true);
        QCOMPARE(db.scalarText("SELECT name FROM spans"), std::string("kernelB"));
    }
    void readOnlyDirectoryUsesCache() {
        std::string dir = test::tempDir("ro");
        std::string cache = test::tempDir("xdg");
        test::writeFile(dir + "/a.json", kTrace);
        fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                 fs::perms::group_exec);
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(cache));
        auto r = pipeline::BuildPipeline(dir, {}).run();
        auto again = pipeline::BuildPipeline(dir, {}).run();
        fs::permissions(dir, fs::perms::owner_all);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY2(r.dbPath.rfind(cache + "/rankscope/", 0) == 0, r.dbPath.c_str());
        QVERIFY(!fs::exists(dir + "/.rankscope"));
        QVERIFY(again.ok && again.reused && again.dbPath == r.dbPath);
        qunsetenv("XDG_CACHE_HOME");
    }
    void fatalKeepsPreviousIndex() {
        std::string dir = test::tempDir("fatal");
        test::writeFile(dir + "/a.json", kTrace);
        auto r1 = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(r1.ok);
        auto before = fs::last_write_time(r1.dbPath);
        // a folder whose only trace is a corrupt compressed one cannot be read at all: the build fails with
        // a message naming the file, and the old index stays
        test::writeFile(dir + "/b.json.gz", std::string(5000, 'x'));
        std::string bad = dir + "/c.json";
        test::writeFile(dir + "/tmp.gz", "[{\"ph\":\"X\",\"ts\":1}]");
        std::string raw;
        {
            std::ifstream in(dir + "/tmp.gz", std::ios::binary);
            raw.assign(std::istreambuf_iterator<char>(in), {});
        }
        fs::remove(dir + "/tmp.gz");
        fs::remove(dir + "/b.json.gz");
        test::writeFile(bad, raw.substr(0, raw.size() / 2)); // a truncated gzip stream named .json
        fs::remove(dir + "/a.json");
        pipeline::BuildOptions same;
        same.dbPath = r1.dbPath;
        auto r2 = pipeline::BuildPipeline(dir, same).run();
        QVERIFY(!r2.ok);
        QVERIFY2(r2.error.find("c.json") != std::string::npos, r2.error.c_str());
        QVERIFY2(r2.error.find("gzip") != std::string::npos, r2.error.c_str());
        QVERIFY(fs::exists(r1.dbPath));
        QCOMPARE(fs::last_write_time(r1.dbPath), before);
        QVERIFY(noTempFiles(dir));
    }
    void aReaderBesideTheWriterSeesTheCommittedLoad() {
        const std::string path = test::tempDir("cache-beside") + "/index.sqlite";
        index::IndexBuildFile file(path);
        index::Db& w = file.db();
        w.exec(
            "BEGIN; INSERT INTO span(span_id, track_id, ts_ns, dur_ns, name_id, depth) VALUES (1, 1, 0, "
            "5, 0, "
            "0), (2, 1, 5, 5, 0, 0), (3, 1, 10, 5, 0, 0); INSERT INTO scratch.flow_chunk(first, count, data) "
            "VALUES (1, 0, x'');"
            "COMMIT");
        QVERIFY(file.shareWithReaders());
        auto r = file.openReader();
        // the writer's next transaction outgrows a tiny page cache: its pages reach the file (the WAL) before
        // it commits, which with the bulk load's exclusive lock would keep any reader out
        w.exec("PRAGMA cache_size=4; BEGIN");
        { // finalized before the file closes its connection (an open statement keeps it open: a leak)
            auto ins = w.prepare(
                "INSERT INTO flow_link(flow_id, src_span_id, dst_span_id) VALUES (randomblob(1000), ?, 1)");
            for (int64_t i = 0; i < 4000; ++i)
                ins.bind(1, i).exec();
        }
        QCOMPARE(r->scalar("SELECT count(*) FROM span"), int64_t(3));
        QCOMPARE(r->scalar("SELECT count(*) FROM flow_chunk"), int64_t(1));
        QCOMPARE(r->scalar("SELECT count(*) FROM flow_link"), int64_t(0)); // not committed yet
        w.exec("COMMIT");
        QCOMPARE(r->scalar("SELECT count(*) FROM flow_link"), int64_t(4000));
        r.reset();
        file.writeMeta({"fp", "opts", "/profile", 0, {}, {}});
        std::string error;
        QVERIFY2(file.commit(error), error.c_str());
        QVERIFY(!fs::exists(path + "-wal"));
        index::Db done(path, true);
        QCOMPARE(done.scalarText("PRAGMA journal_mode"), std::string("delete"));
        QCOMPARE(done.scalar("SELECT count(*) FROM flow_link"), int64_t(4000));
    }

    void cancelLeavesNothing() {
        std::string dir = test::tempDir("cancel");
        std::string big = "[";
        for (int i = 0; i < 300000; ++i)
            big += "{\"ph\":\"X\",\"name\":\"k" + std::to_string(i % 100) +
                   "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(i * 10) + ",\"dur\":5},\n";
        big += "]";
        test::writeFile(dir + "/big.json", big);
        std::atomic<bool> cancel{true}; // cancelled before it starts parsing
        auto r = pipeline::BuildPipeline(dir, {}).run({}, &cancel);
        QVERIFY(!r.ok);
        QVERIFY(r.cancelled);
        QVERIFY(!fs::exists(dir + "/.rankscope/index.sqlite"));
        QVERIFY(noTempFiles(dir));
        // cancelled from the progress callback, mid-way
        std::atomic<bool> c2{false};
        auto r2 =
            pipeline::BuildPipeline(dir, {}).run([&](const pipeline::BuildProgress&) { c2 = true; }, &c2);
        QVERIFY(!r2.ok);
        QVERIFY(!fs::exists(dir + "/.rankscope/index.sqlite"));
        QVERIFY(noTempFiles(dir));
    }
    void malformedInputs_data() {
        // What each damaged input must give (house rule: it loads, loads partly with each problem counted
        // in diagnostics, or fails with one message naming why): `ok`, the spans it holds, and the words
        // each expected diagnostic of the file says (or the error says, when !ok). An ok row without
        // messages must have no warning or error on its file. `offset`: where the truncation diagnostic
        // must point (the byte where the cut event starts), -1 when none.
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("spans");
        QTest::addColumn<QStringList>("messages");
        QTest::addColumn<int>("offset");
        const QString kernels = "x_ascend_ms/ASCEND_PROFILER_OUTPUT/kernel_details.csv";
        // an empty .json has no content to be recognised by, and no profiler's file name: not an input
        QTest::newRow("empty file") << "e.json" << QByteArray() << false << 0
                                    << QStringList{"no profiler files found"} << -1;
        // named as Ascend's kernel table, so it is an input: skipped with a word, the build goes on
        QTest::newRow("0-byte csv in ascend dir")
            << kernels << QByteArray() << true << 0 << QStringList{"empty file (0 bytes) skipped"} << -1;
        // one good event, two elements that are no objects (17, "s"), then an event cut at its first key
        const QByteArray garbage("[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\"}, 17, \"s\", {\"ph\":");
        QTest::newRow("garbage json")
            << "g.json" << garbage << true << 1
            << QStringList{"non-object elements in the event array", "file ends in the middle of an event"}
            << int(garbage.lastIndexOf('{'));
        const QByteArray cut("[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\"},{\"ph\":\"X\",\"na");
        QTest::newRow("truncated mid-event")
            << "t.json" << cut << true << 1 << QStringList{"file ends in the middle of an event"}
            << int(cut.lastIndexOf('{'));
        // an array whose one element is no event object and which never closes: the element is skipped and
        // counted, the missing ']' tolerated (crashed profilers leave it out) and said
        QTest::newRow("not json at all")
            << "n.json" << QByteArray("[hello") << true << 0
            << QStringList{"non-object elements in the event array", "event array not terminated"} << -1;
        // a well-formed trace with no events: nothing to show and nothing wrong
        QTest::newRow("object without events")
            << "o.json" << QByteArray("{\"traceEvents\":[]}") << true << 0 << QStringList{} << -1;
        QTest::newRow("csv header only") << kernels << QByteArray("Name,Start Time(us),Duration(us)\n")
                                         << true << 0 << QStringList{} << -1;
        // another producer's columns: the file is not read, and the diagnostic says which columns it lacks
        QTest::newRow("csv missing columns")
            << kernels << QByteArray("a,b\n1,2\n") << true << 0
            << QStringList{"without Name/Start Time(us)/Duration(us) columns"} << -1;
    }
    void malformedInputs() {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(bool, ok);
        QFETCH(int, spans);
        QFETCH(QStringList, messages);
        QFETCH(int, offset);
        std::string dir = test::tempDir("bad");
        const std::string path = dir + "/" + name.toStdString();
        test::writeFile(path, content.toStdString());
        auto r = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(noTempFiles(dir));
        QCOMPARE(r.ok, ok);
        if (!ok) {
            QVERIFY(!fs::exists(dir + "/.rankscope/index.sqlite"));
            for (const auto& m : messages)
                QVERIFY2(r.error.find(m.toStdString()) != std::string::npos, r.error.c_str());
            return;
        }
        index::Db db(r.dbPath, true);
        QCOMPARE(db.scalar("SELECT count(*) FROM span"), int64_t(spans));
        auto diag = db.prepare("SELECT severity, what, first_offset FROM diagnostic WHERE file = ?");
        diag.bind(1, path);
        QStringList said, problems; // every diagnostic of the file; its warnings and errors
        int64_t truncatedAt = -1;
        while (diag.step()) {
            const QString what = QString::fromStdString(diag.text(1));
            said << what;
            if (diag.text(0) != "info") problems << what;
            if (what.startsWith("file ends in the middle of an event")) truncatedAt = diag.i64(2);
        }
        for (const auto& m : messages)
            QVERIFY2(std::any_of(said.begin(), said.end(), [&](const QString& w) { return w.contains(m); }),
                     qPrintable("missing \"" + m + "\" among: " + said.join(" | ")));
        if (messages.isEmpty()) QVERIFY2(problems.isEmpty(), qPrintable(problems.join(" | ")));
        QCOMPARE(truncatedAt, int64_t(offset));
    }
    void nothingToIndex() {
        std::string dir = test::tempDir("none");
        test::writeFile(dir + "/readme.txt", "hello");
        auto r = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("no profiler files") != std::string::npos, r.error.c_str());
        auto r2 = pipeline::BuildPipeline(dir + "/missing", {}).run();
        QVERIFY(!r2.ok);
        QVERIFY2(r2.error.find("no such file") != std::string::npos, r2.error.c_str());
    }
    void concurrentBuildsShareTheLock() {
        std::string dir = test::tempDir("lock");
        test::writeFile(dir + "/a.json", kTrace);
        pipeline::BuildResult a, b;
        std::thread t1([&] { a = pipeline::BuildPipeline(dir, {}).run(); });
        std::thread t2([&] { b = pipeline::BuildPipeline(dir, {}).run(); });
        t1.join();
        t2.join();
        QVERIFY(a.ok && b.ok);
        QVERIFY(noTempFiles(dir));
    }
};

QTEST_GUILESS_MAIN(TstIndexCache)
#include "tst_indexcache.moc"
