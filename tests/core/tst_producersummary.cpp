// msprof-analyze's cluster_step_trace_time.csv as the producer's own step figures (core/import/
// clustersteptrace.h → producer_step → core/query/producersummary.h): the parser's rows for a tiny file
// written by hand, damaged rows and files counted with the line, and the msinsight test_data sample — 16
// ranks in the summary, traces of ranks 0 and 1 only — through the index into the report, beside Rankscope's
// own figures. Sample tests skip when ../shared/samples is absent.
//
// The sample's expected figures (Python 3 over cluster_analysis_output/cluster_step_trace_time.csv with the
// csv module, Decimal(text) × 1000 rounded half away from zero = ns): 18 rows, 16 of Type rank (Index 0-15)
// and 2 stages "(0, 1, …, 7)", "(8, …, 15)", all of Step 2; rank 0 Computing 75174.57464453117 µs =
// 75 174 575 ns; rank 8 Bubble 178320.2648359375 µs = 178 320 265 ns, Stage 195753.4851640625 µs =
// 195 753 485 ns. The folder holds test_rank_0 and test_rank_1 only.
#include "core/import/clustersteptrace.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/producersummary.h"
#include "core/query/report.h"
#include "core/query/runreport.h"
#include "tests/support/testsupport.h"

#include <QRegularExpression>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

using namespace rs;

namespace {

QString opt(const std::optional<int64_t>& v) {
    return v ? QString::number(*v) : QString("-");
}

/// step|type|index|rank|computing|comm not overlapped|stage|bubble, one line a row.
QStringList render(const import::ClusterStepTrace& t) {
    QStringList out;
    for (const auto& r : t.rows)
        out << QString("%1|%2|%3|%4|%5|%6|%7|%8")
                   .arg(opt(r.step), QString::fromStdString(r.type), QString::fromStdString(r.index),
                        opt(r.rank), opt(r.computing), opt(r.commNotOverlapped), opt(r.stage), opt(r.bubble));
    return out;
}

} // namespace

class TstProducerSummary : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void golden() {
        // µs → ns; an empty Step stays empty; a stage's quoted Index as written; a column the file lacks
        // (Bubble) is absent, not 0
        const std::string path = test::tempDir("cstt") + "/cluster_step_trace_time.csv";
        test::writeFile(path, "Step,Type,Index,Computing,Communication(Not Overlapped),Stage\n"
                              "2,rank,0,1.5,2.25,10\n"
                              ",rank,1,1,2,3\n"
                              "2,stage,\"(0, 1)\",1.5,2.25,10\n");
        const auto t = import::readClusterStepTrace(path);
        QCOMPARE(render(t), QStringList({"2|rank|0|0|1500|2250|10000|-", "-|rank|1|1|1000|2000|3000|-",
                                         "2|stage|(0, 1)|-|1500|2250|10000|-"}));
        QVERIFY(t.diagnostics.empty());
    }

    void damaged_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<int>("rows");
        QTest::addColumn<QString>("what");
        QTest::addColumn<qint64>("line");
        QTest::newRow("a Type that is neither rank nor stage, line 3")
            << "Step,Type,Index,Computing\n2,rank,0,1\n2,host,x,1\n"
            << 1 << "neither rank nor stage" << qint64(3);
        QTest::newRow("a figure that is no number, line 2") << "Step,Type,Index,Computing\n2,rank,0,abc\n"
                                                            << 1 << "no number" << qint64(2);
        QTest::newRow("no Type column") << "Step,Index,Computing\n2,0,1\n"
                                        << 0 << "without Type/Index" << qint64(1);
        QTest::newRow("empty file") << "" << 0 << "without a header row" << qint64(0);
    }
    void damaged() {
        QFETCH(QString, content);
        QFETCH(int, rows);
        QFETCH(QString, what);
        QFETCH(qint64, line);
        const std::string path = test::tempDir("cstt-bad") + "/cluster_step_trace_time.csv";
        test::writeFile(path, content.toStdString());
        const auto t = import::readClusterStepTrace(path);
        QCOMPARE(int(t.rows.size()), rows);
        QCOMPARE(t.diagnostics.size(), size_t(1));
        QVERIFY2(QString::fromStdString(t.diagnostics[0].what).contains(what), t.diagnostics[0].what.c_str());
        QCOMPARE(t.diagnostics[0].file, path);
        QCOMPARE(qint64(t.diagnostics[0].firstOffset), line);
    }

    // the summary is no rank input, so its stamp was in no fingerprint: an edited summary alone reopened the
    // index with the old figures (r47d's note)
    void anEditedSummaryRebuildsTheIndex() {
        const std::string dir = test::tempDir("cstt-edit");
        QVERIFY(test::writeDemo(dir, test::demoOptions(2, 2, 1)).empty());
        const std::string csv = dir + "/cluster_analysis_output/cluster_step_trace_time.csv";
        test::writeFile(csv,
                        "Step,Type,Index,Computing,Communication(Not Overlapped),Stage\n2,rank,0,1.5,2,10\n");
        pipeline::BuildOptions o;
        o.dbPath = test::tempDir("cstt-edit-ix") + "/index.sqlite";
        auto computing = [&] {
            const auto built = pipeline::BuildPipeline(dir, o).run();
            if (!built.ok) qFatal("%s", built.error.c_str());
            index::Db db(built.dbPath, true);
            return std::make_pair(
                built.reused,
                query::producerClusterSummary(db)["rows"][0]["producer"]["computing_ns"].get<int64_t>());
        };
        QCOMPARE(computing(), std::make_pair(false, int64_t(1500)));
        QCOMPARE(computing(), std::make_pair(true, int64_t(1500))); // unchanged: reused
        test::writeFile(
            csv, "Step,Type,Index,Computing,Communication(Not Overlapped),Stage\n2,rank,0,2.75,2,10\n");
        QCOMPARE(computing(), std::make_pair(false, int64_t(2750)));
    }
    void testDataBesideOurs() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        pipeline::BuildOptions o; // into a temp file, never beside the shared samples
        o.force = true;
        o.jobs = 2;
        o.dbPath = test::tempDir("cstt-ix") + "/index.sqlite";
        const auto built = pipeline::BuildPipeline(samples + "/msinsight/server/src/test/test_data", o).run();
        QVERIFY2(built.ok, built.error.c_str());
        index::Db db(built.dbPath, true);
        const auto s = query::producerClusterSummary(db);
        QVERIFY(!s.is_null());
        QCOMPARE(s["rows"].size(), size_t(18));
        QCOMPARE(s["ranks_in_traces"].get<std::vector<int64_t>>(), (std::vector<int64_t>{0, 1}));
        std::vector<int64_t> only;
        for (int64_t r = 2; r < 16; ++r)
            only.push_back(r);
        QCOMPARE(s["producer_only_ranks"].get<std::vector<int64_t>>(), only);
        for (const auto& r : s["rows"]) {
            QCOMPARE(r["step"].get<int64_t>(), int64_t(2));
            const bool traced = r["type"] == "rank" && r["rank"].get<int64_t>() < 2;
            QVERIFY2(r["ours"].is_null() != traced, r.dump().c_str()); // ours only where the trace is here
            if (r["type"] == "rank" && r["rank"] == 0)
                QCOMPARE(r["producer"]["computing_ns"].get<int64_t>(), int64_t(75174575));
            if (r["type"] == "rank" && r["rank"] == 8) {
                QCOMPARE(r["producer"]["bubble_ns"].get<int64_t>(), int64_t(178320265));
                QCOMPARE(r["producer"]["stage_ns"].get<int64_t>(), int64_t(195753485));
                QCOMPARE(r["ours_why"].get<std::string>(),
                         std::string("no trace of this rank in the folder"));
            }
        }
        // the text report's section: the producer's rows and ours under ranks 0 and 1, told apart
        const QString text = QString::fromStdString(query::formatReport(query::buildReport(db, 10), 10));
        const QString section = text.mid(text.indexOf("msprof-analyze cluster summary\n"));
        QVERIFY2(section.contains("Ranks with traces here: 0-1; the producer's figures only (no trace in the "
                                  "folder): 2-15"),
                 qPrintable(section));
        QCOMPARE(section.count(" msprof-analyze "), 18);
        // ranks 0 and 1 ship step_trace_time.csv (test_rank_*/ASCEND_PROFILER_OUTPUT), which Rankscope's
        // breakdown is taken from: the row says so, so equal figures do not read as two counts agreeing
        QCOMPARE(section.count(" Rankscope (rank's step_trace_time.csv) "), 2);
        // and its Bubble is that file's 0 (test_rank_0/1's step_trace_time.csv: Bubble 0), a value, not "-"
        // ("not known"; r48c #7)
        for (const auto& line : section.split('\n'))
            if (line.contains("Rankscope (rank's step_trace_time.csv)"))
                QVERIFY2(line.contains(QRegularExpression(" 0 ns +-$")),
                         qPrintable(line)); // bubble, no excl. recv
        // the file's Communication(Not Overlapped and Exclude Receive) is a column, said what it is (r50b #1;
        // Python over the csv: rank 8's is 38360.69050781254 µs, its not overlapped 216680.95534375004 µs)
        QVERIFY2(
            section.contains("comm not overlapped excl. receive: Communication(Not Overlapped and Exclude "
                             "Receive)"),
            qPrintable(section));
        for (const auto& line : section.split('\n'))
            if (line.contains(" msprof-analyze ") && line.trimmed().startsWith("2     rank   8 "))
                QVERIFY2(line.contains(" 217 ms ") && line.endsWith(" 38.4 ms"), qPrintable(line));
        const auto t = query::producerSummaryTable(s);
        QCOMPARE(t.header.size(), size_t(12));
        QCOMPARE(t.headerTips.size(), t.header.size());
        for (const auto& r : s["rows"])
            if (!r["ours"].is_null()) QCOMPARE(r["ours"]["bubble_ns"].get<int64_t>(), int64_t(0));
        QVERIFY2(section.contains("stage  0-7"), qPrintable(section));
    }
    void aSummaryIsMatchedInItsOwnRunOnly() {
        // review of stop 47: in a folder of two runs each with its own msprof-analyze summary, every file's
        // rows were paired with the first run's figures, and each run's report listed both files' rows. Two
        // demos (the walk's two-run folder), each given a summary of rank 0's step 2; ours must be the
        // Computing of that run's own rank 0 step_trace_time.csv
        namespace fs = std::filesystem;
        const std::string root = test::tempDir("producer-two-runs");
        demo::DemoOptions o = test::demoOptions(4, 6, 2);
        QVERIFY(test::writeDemo(root + "/a", o).empty());
        o.seed = 3;
        o.scaleOp["AllReduce"] = 1.3;
        QVERIFY(test::writeDemo(root + "/b", o).empty());
        std::map<std::string, int64_t> computing; // per run folder: rank 0's step 2 Computing, ns
        for (const char* run : {"a", "b"}) {
            fs::create_directories(root + "/" + run + "/cluster_analysis_output");
            test::writeFile(
                root + "/" + run + "/cluster_analysis_output/cluster_step_trace_time.csv",
                "Step,Type,Index,Computing,Communication(Not Overlapped),Stage\n2,rank,0,1,2,3\n");
            std::vector<fs::path> stt; // the rank folders sort in rank order
            for (const auto& e : fs::recursive_directory_iterator(root + "/" + run))
                if (e.path().filename() == "step_trace_time.csv") stt.push_back(e.path());
            std::sort(stt.begin(), stt.end());
            std::ifstream in(stt.at(0));
            std::string line;
            while (std::getline(in, line))
                if (line.rfind("2,", 0) == 0) // Step 2: Computing is the second column, µs with 3 decimals
                    computing[run] = std::llround(std::stod(line.substr(2, line.find(',', 2) - 2)) * 1000);
        }
        QVERIFY(computing["a"] != computing["b"]);
        auto ix = test::indexDir(root);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(DISTINCT run_id) FROM rank_info"), int64_t(2));
        const auto s = query::producerClusterSummary(*ix.db);
        int matched = 0;
        for (const auto& row : s["rows"]) {
            if (row["rank"] != 0 || row["ours"].is_null()) continue;
            const std::string run =
                row["file"].get<std::string>().find("/b/") != std::string::npos ? "b" : "a";
            QCOMPARE(row["ours"]["compute_ns"].get<int64_t>(), computing[run]);
            ++matched;
        }
        QVERIFY2(matched == 2, s.dump(1).substr(0, 3000).c_str());
        const auto full = query::buildReport(*ix.db, 10);
        for (const auto& run : full["runs"]) {
            const auto r = query::runReport(*ix.db, full, int(run["run"].get<int64_t>()));
            QCOMPARE(r["producer_cluster_summary"]["rows"].size(), size_t(1)); // its own file's row, not both
            QCOMPARE(r["producer_cluster_summary"]["files"].size(), size_t(1));
        }
    }
};

QTEST_GUILESS_MAIN(TstProducerSummary)
#include "tst_producersummary.moc"
