// The index cache: reused when nothing changed, rebuilt when a file changes or is added, a failed or
// cancelled build keeps the previous index and leaves no temporary file, malformed inputs never crash.
#include "core/index/indexer.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace rs;
namespace fs = std::filesystem;

namespace {
const char* kTrace = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]";
bool noTempFiles(const std::string& dir) {
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.path().string().find(".tmp-") != std::string::npos) return false;
    return true;
}
} // namespace

class TstIndexCache : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void reuseAndRebuild() {
        std::string dir = test::tempDir("cache");
        test::writeFile(dir + "/a.json", kTrace);
        index::IndexOptions o;
        auto r1 = index::Indexer::open(dir, o);
        QVERIFY2(r1.ok, r1.error.c_str());
        QVERIFY(!r1.reused);
        QCOMPARE(r1.dbPath, dir + "/.rankscope/index.sqlite");
        auto r2 = index::Indexer::open(dir, o);
        QVERIFY(r2.ok && r2.reused);
        QVERIFY(r2.seconds < 1.0);
        // an added file triggers a rebuild
        test::writeFile(dir + "/b.json", kTrace);
        auto r3 = index::Indexer::open(dir, o);
        QVERIFY(r3.ok && !r3.reused);
        // a changed file (size) triggers a rebuild
        test::writeFile(dir + "/b.json",
                        "[{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":20}]");
        auto r4 = index::Indexer::open(dir, o);
        QVERIFY(r4.ok && !r4.reused);
        // changed analysis settings too
        o.analysis.banks.bankCount = 16;
        auto r5 = index::Indexer::open(dir, o);
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
        auto r1 = index::Indexer::open(dir, {});
        QVERIFY(r1.ok && !r1.reused);
        auto mtime = fs::last_write_time(dir + "/t.json");
        test::writeFile(dir + "/t.json", b);
        fs::last_write_time(dir + "/t.json", mtime);
        auto r2 = index::Indexer::open(dir, {});
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
        auto r = index::Indexer::open(dir, {});
        auto again = index::Indexer::open(dir, {});
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
        auto r1 = index::Indexer::open(dir, {});
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
        index::IndexOptions same;
        same.dbPath = r1.dbPath;
        auto r2 = index::Indexer::open(dir, same);
        QVERIFY(!r2.ok);
        QVERIFY2(r2.error.find("c.json") != std::string::npos, r2.error.c_str());
        QVERIFY2(r2.error.find("gzip") != std::string::npos, r2.error.c_str());
        QVERIFY(fs::exists(r1.dbPath));
        QCOMPARE(fs::last_write_time(r1.dbPath), before);
        QVERIFY(noTempFiles(dir));
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
        auto r = index::Indexer::open(dir, {}, {}, &cancel);
        QVERIFY(!r.ok);
        QVERIFY(r.cancelled);
        QVERIFY(!fs::exists(dir + "/.rankscope/index.sqlite"));
        QVERIFY(noTempFiles(dir));
        // cancelled from the progress callback, mid-way
        std::atomic<bool> c2{false};
        auto r2 = index::Indexer::open(
            dir, {}, [&](const index::IndexProgress&) { c2 = true; }, &c2);
        QVERIFY(!r2.ok);
        QVERIFY(!fs::exists(dir + "/.rankscope/index.sqlite"));
        QVERIFY(noTempFiles(dir));
    }
    void malformedInputs_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("ok");
        QTest::newRow("empty file") << "e.json" << QByteArray() << false;
        QTest::newRow("0-byte csv in ascend dir")
            << "x_ascend_ms/ASCEND_PROFILER_OUTPUT/kernel_details.csv" << QByteArray() << false;
        QTest::newRow("garbage json")
            << "g.json"
            << QByteArray("[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\"}, 17, \"s\", {\"ph\":") << true;
        QTest::newRow("truncated mid-event")
            << "t.json" << QByteArray("[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\"},{\"ph\":\"X\",\"na")
            << true;
        QTest::newRow("not json at all") << "n.json" << QByteArray("[hello") << true;
        QTest::newRow("object without events") << "o.json" << QByteArray("{\"traceEvents\":[]}") << false;
        QTest::newRow("csv header only") << "x_ascend_ms/ASCEND_PROFILER_OUTPUT/kernel_details.csv"
                                         << QByteArray("Name,Start Time(us),Duration(us)\n") << false;
        QTest::newRow("csv missing columns")
            << "x_ascend_ms/ASCEND_PROFILER_OUTPUT/kernel_details.csv" << QByteArray("a,b\n1,2\n") << false;
    }
    void malformedInputs() {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(bool, ok);
        std::string dir = test::tempDir("bad");
        test::writeFile(dir + "/" + name.toStdString(), content.toStdString());
        auto r = index::Indexer::open(dir, {});
        // Either it indexes (with diagnostics) or it fails with a message; it never crashes or leaves junk.
        if (r.ok) {
            index::Db db(r.dbPath, true);
            QVERIFY(db.scalar("SELECT count(*) FROM spans") >= 0);
        } else {
            QVERIFY(!r.error.empty());
        }
        Q_UNUSED(ok);
        QVERIFY(noTempFiles(dir));
    }
    void nothingToIndex() {
        std::string dir = test::tempDir("none");
        test::writeFile(dir + "/readme.txt", "hello");
        auto r = index::Indexer::open(dir, {});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("no profiler files") != std::string::npos, r.error.c_str());
        auto r2 = index::Indexer::open(dir + "/missing", {});
        QVERIFY(!r2.ok);
        QVERIFY2(r2.error.find("no such file") != std::string::npos, r2.error.c_str());
    }
    void concurrentBuildsShareTheLock() {
        std::string dir = test::tempDir("lock");
        test::writeFile(dir + "/a.json", kTrace);
        index::IndexResult a, b;
        std::thread t1([&] { a = index::Indexer::open(dir, {}); });
        std::thread t2([&] { b = index::Indexer::open(dir, {}); });
        t1.join();
        t2.join();
        QVERIFY(a.ok && b.ok);
        QVERIFY(noTempFiles(dir));
    }
};

QTEST_GUILESS_MAIN(TstIndexCache)
#include "tst_indexcache.moc"
