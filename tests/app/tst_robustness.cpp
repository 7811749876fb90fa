// Hostile names, bytes and locks through the real command line (issue: "never crash, never hang"):
// rank suffixes that do not fit an int, text that is not UTF-8 (and excerpts that would split a
// character), an index location where no lock can be created, a lock held from another host, `--db`
// pointing at a file that is not an index, and temporary files left by killed builds.
#include "tests/support/testsupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <unistd.h>
#include <zlib.h>

using namespace rs;

namespace {
const char* kTrace =
    "[{\"ph\":\"X\",\"name\":\"MatMul-op1\",\"tid\":\"519\",\"ts\":1000,\"dur\":2,\"pid\":1}]";
std::string readFile(const std::string& p) {
    QFile f(QString::fromStdString(p));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}
} // namespace

class TstRobustness : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void rankSuffixesThatDoNotFitAnInt() {
        std::string dir = test::tempDir("robust-names");
        test::writeFile(dir + "/profiler/ascend_timeline_display_99999999999.json", kTrace);
        test::writeFile(dir + "/profiler/hccl_raw_3000000000.csv",
                        "step_num,communication_cost,wait_cost,link_info,"
                        "communication_operator_cost\n");
        test::writeFile(dir + "/rank_ascend_pt/profiler_info_123456789012345678901.json",
                        "{\"rank_id\": 123456789012345678901}");
        QString out, err;
        int rc = test::runRankscope({"info", QString::fromStdString(dir), "--json"}, &out, &err, 60000);
        QVERIFY2(rc == 0 || rc == 1,
                 qPrintable(QString("exit %1: %2").arg(rc).arg(err))); // never 134 (abort)
        if (rc == 0) {
            auto j = nlohmann::json::parse(out.toStdString()); // valid JSON
            QVERIFY(j["counts"]["spans"].get<int64_t>() >= 1);
        }
    }
    void invalidUtf8NeverBreaksJsonOutput() {
        // an event name with invalid bytes, and a malformed record whose excerpt would be cut inside a
        // multi-byte character at byte 160
        std::string dir = test::tempDir("robust-utf8");
        std::string longName(157, 'x');
        longName += "\xe2\x82\xac\xe2\x82\xac"; // "€€" across byte 160
        std::string trace =
            "[{\"ph\":\"X\",\"name\":\"bad\xff\xfe name\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2},\n"
            "{\"ph\":\"X\",\"name\":\"" +
            longName + "\",\"pid\":1,\"tid\":1,\"ts\":\"not a number\",\"dur\":1}]";
        test::writeFile(dir + "/trace.json", trace);
        for (const char* cmd : {"info", "report"}) {
            QProcess p;
            p.start(QString::fromStdString(test::rankscopeBin()),
                    {cmd, QString::fromStdString(dir), "--json", "--quiet"});
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 0);
            const std::string out = p.readAllStandardOutput().toStdString();
            auto j = nlohmann::json::parse(out, nullptr, false); // nlohmann rejects invalid UTF-8
            QVERIFY2(!j.is_discarded(), cmd);
        }
    }
    void noLockCanBeCreated() {
        std::string dir = test::tempDir("robust-lock");
        test::writeFile(dir + "/trace.json", kTrace);
        std::string ro = test::tempDir("robust-ro");
        std::filesystem::permissions(ro,
                                     std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
        if (::access(ro.c_str(), W_OK) == 0)
            QSKIP("running as root: a read-only directory is still writable");
        QElapsedTimer t;
        t.start();
        QString out, err;
        int rc = test::runRankscope(
            {"index", QString::fromStdString(dir), "--db", QString::fromStdString(ro + "/x.sqlite")}, &out,
            &err, 30000);
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains("lock file") || err.contains("cannot"), qPrintable(err));
        QVERIFY(t.elapsed() < 20000);
    }
    void unwritableDbDirectoryFailsFast() {
        // /proc cannot hold files even for root: the build fails with a message instead of spinning
        std::string dir = test::tempDir("robust-proc");
        test::writeFile(dir + "/trace.json", kTrace);
        QElapsedTimer t;
        t.start();
        QString out, err;
        int rc = test::runRankscope(
            {"index", QString::fromStdString(dir), "--db", "/proc/rankscope-test/index.sqlite"}, &out, &err,
            30000);
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains("/proc/rankscope-test"), qPrintable(err));
        QVERIFY(t.elapsed() < 20000);
    }
    void lockHeldFromAnotherHost() {
        std::string dir = test::tempDir("robust-foreign");
        test::writeFile(dir + "/trace.json", kTrace);
        std::string db = test::tempDir("robust-foreign-db") + "/index.sqlite";
        // QLockFile's format: pid, application name, host name
        test::writeFile(db + ".lock", "4242\nrankscope\nnode-17.cluster\n");
        QString out, err;
        QElapsedTimer t;
        t.start();
        QCOMPARE(
            test::runRankscope({"index", QString::fromStdString(dir), "--db", QString::fromStdString(db)},
                               &out, &err, 60000),
            1);
        QVERIFY2(err.contains("waiting for another Rankscope") && err.contains("node-17.cluster") &&
                     err.contains("4242") && err.contains("--break-lock"),
                 qPrintable(err));
        QVERIFY(t.elapsed() < 30000);
        QCOMPARE(test::runRankscope({"index", QString::fromStdString(dir), "--db", QString::fromStdString(db),
                                     "--break-lock"},
                                    &out, &err, 60000),
                 0);
    }
    void dbThatIsNotAnIndexIsNeverReplaced() {
        std::string dir = test::tempDir("robust-db");
        test::writeFile(dir + "/trace.json", kTrace);
        const std::string before = readFile(dir + "/trace.json");
        QString out, err;
        QCOMPARE(test::runRankscope({"index", QString::fromStdString(dir), "--db",
                                     QString::fromStdString(dir + "/trace.json")},
                                    &out, &err),
                 1);
        QVERIFY2(err.contains("refusing to replace"), qPrintable(err));
        QCOMPARE(readFile(dir + "/trace.json"), before);
        // an index may be replaced
        std::string db = dir + "/copy.sqlite";
        QCOMPARE(test::runRankscope(
                     {"index", QString::fromStdString(dir), "--db", QString::fromStdString(db)}, &out, &err),
                 0);
        QCOMPARE(test::runRankscope(
                     {"index", QString::fromStdString(dir), "--db", QString::fromStdString(db), "--force"},
                     &out, &err),
                 0);
    }
    void leftoverTempFilesAreRemoved() {
        std::string dir = test::tempDir("robust-temps");
        test::writeFile(dir + "/trace.json", kTrace);
        std::string db = test::tempDir("robust-temps-db") + "/index.sqlite";
        test::writeFile(db + ".tmp-999999", std::string(1 << 20, 'x')); // a build killed with -9
        test::writeFile(db + ".tmp-999999-journal", "j");
        QString out, err;
        QCOMPARE(test::runRankscope(
                     {"index", QString::fromStdString(dir), "--db", QString::fromStdString(db)}, &out, &err),
                 0);
        QVERIFY(!std::filesystem::exists(db + ".tmp-999999"));
        QVERIFY(!std::filesystem::exists(db + ".tmp-999999-journal"));
        QVERIFY(std::filesystem::exists(db));
    }
    void corruptTraceAmongGoodOnesIsReportedNotDropped() {
        std::string dir = test::tempDir("robust-corrupt");
        const std::string good =
            "{\"distributedInfo\":{\"rank\":%R,\"world_size\":3},\"traceEvents\":[{\"ph\":\"X\","
            "\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1700000000000000,\"dur\":5}]}";
        for (int r : {0, 1}) {
            std::string t = good;
            t.replace(t.find("%R"), 2, std::to_string(r));
            test::writeFile(dir + "/rank-" + std::to_string(r) + ".pt.trace.json.gz", t);
        }
        // a gzip header followed by garbage: unreadable from its first byte
        std::string bad = "\x1f\x8b\x08\x00garbage-garbage-garbage";
        QFile f(QString::fromStdString(dir + "/rank-2.pt.trace.json.gz"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bad.data(), qint64(bad.size()));
        f.close();
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), int64_t(2));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE severity = 'error' AND file LIKE "
                           "'%rank-2.pt.trace.json.gz'"),
                 int64_t(1));
    }
    void kinetoCutBeforeItsBaseTime() {
        // Kineto writes baseTimeNanoseconds after the events; cut short, the file keeps its events but their
        // times are relative to an unknown origin: said, not silently placed in 1970
        std::string t = "{\"distributedInfo\":{\"rank\":0,\"world_size\":1},\"traceEvents\":["
                        "{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":5},"
                        "{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":10,\"du";
        std::string dir = test::tempDir("robust-basetime");
        test::writeFile(dir + "/rank-0.pt.trace.json", t);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), int64_t(1));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'no baseTimeNanoseconds%'"),
                 int64_t(1));
        // its thread names would have come after the events: the lane named after the bare tid says so
        QCOMPARE(ix.scalar("SELECT count(*) FROM track WHERE name = 'Thread 7 (file cut: name unknown)'"),
                 int64_t(1));
        // older Kineto writes epoch µs and no base at all (HTA's trace_filter): cut, its times are still
        // known, and the warning was false (walk 19)
        t.replace(t.find("\"ts\":1,"), 7, "\"ts\":1736408883000000,");
        t.replace(t.find("\"ts\":10,"), 8, "\"ts\":1736408883000010,");
        dir = test::tempDir("robust-basetime-epoch");
        test::writeFile(dir + "/rank-0.pt.trace.json", t);
        auto epoch = test::indexDir(dir);
        QVERIFY2(epoch.result.ok, epoch.result.error.c_str());
        QCOMPARE(epoch.scalar("SELECT count(*) FROM spans"), int64_t(1));
        QCOMPARE(epoch.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'no baseTimeNanoseconds%'"),
                 int64_t(0));
        QCOMPARE(epoch.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE '%middle of an event%'"),
                 int64_t(1));
    }
    void kinetoWithLargeMetadataBeforeTheEvents() {
        // a 16 384-rank pg_config pushes traceEvents far past the first 64 KiB
        std::string pg = "[";
        for (int i = 0; i < 16384; ++i)
            pg += std::string(i ? "," : "") + "{\"pg_name\":\"" + std::to_string(i) +
                  "\",\"pg_size\":2,\"ranks\":[0,1]}";
        pg += "]";
        std::string t =
            "{\"distributedInfo\":{\"rank\":0,\"world_size\":1,\"pg_config\":" + pg +
            "},\"traceEvents\":[{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":5}]}";
        QVERIFY(t.find("traceEvents") > 100000);
        std::string dir = test::tempDir("robust-pgconfig");
        test::writeFile(dir + "/rank-0.pt.trace.json", t);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), int64_t(1));
    }
    void bombsStayBounded_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("1.2 GiB of whitespace in a 1 MB gzip") << "whitespace-gz";
        QTest::newRow("one 100 MB event") << "huge-event";
        QTest::newRow("one 100 MB CSV row") << "huge-csv";
    }
    void bombsStayBounded() {
        // peak RSS of the indexing child stays far below what the input expands to; the file is reported
        QFETCH(QString, kind);
        std::string dir = test::tempDir("robust-bomb");
        const std::string event = "{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":5}";
        if (kind == "whitespace-gz") {
            gzFile f = gzopen((dir + "/bomb.json.gz").c_str(), "wb9");
            std::string ws(1 << 20, ' ');
            gzputs(f, ("[" + event + ",").c_str());
            for (int i = 0; i < 1200; ++i)
                gzwrite(f, ws.data(), unsigned(ws.size()));
            gzputs(f, (event + "]").c_str());
            gzclose(f);
        } else if (kind == "huge-csv") {
            std::filesystem::create_directories(dir + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT");
            std::ofstream out(dir + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv");
            out << "Name,Type,Start Time(us),Duration(us)\n"
                << "MatMulV2,MatMulV2,1736408883704643.212,5\n"
                << "Add," << std::string(100 << 20, 'a') << ",1736408883704650,5\n"
                << "Cast,Cast,1736408883704660,5\n";
        } else {
            std::ofstream out(dir + "/huge.json");
            out << "[" << event << ",{\"ph\":\"X\",\"name\":\"" << std::string(100 << 20, 'n')
                << "\",\"pid\":0,\"tid\":7,\"ts\":2,\"dur\":5}," << event << "]";
        }
        QProcess p;
        p.start(QString::fromStdString(test::rankscopeBin()),
                {"info", QString::fromStdString(dir), "--json", "--quiet"});
        QVERIFY(p.waitForFinished(300000));
        // the largest resident size of any child this process has waited for: rows run in one process, so
        // this bounds every bomb so far (each is far below the bound alone too)
        struct rusage ru {};
        getrusage(RUSAGE_CHILDREN, &ru);
        const double peakMb = double(ru.ru_maxrss) / 1024.0;
        qInfo("peak RSS of the child: %.0f MB", peakMb);
#ifdef RANKSCOPE_SANITIZED
        qInfo("built with sanitizers (shadow memory, quarantine): the 400 MB bound is checked by the normal "
              "build");
#else
        QVERIFY2(peakMb < 400, qPrintable(QString::number(peakMb)));
#endif
        QCOMPARE(p.exitCode(), 0);
        auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        QVERIFY(j["counts"]["spans"].get<int64_t>() >= 1);
        bool reported = false;
        for (auto& d : j["diagnostics"])
            reported |= d["what"].get<std::string>().find(kind == "huge-event" ? "larger than 64 MiB"
                                                          : kind == "huge-csv" ? "longer than 64 MiB"
                                                                               : "bomb") != std::string::npos;
        QVERIFY2(reported, j["diagnostics"].dump().c_str());
    }
};

QTEST_GUILESS_MAIN(TstRobustness)
#include "tst_robustness.moc"
