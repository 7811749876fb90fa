// Legacy MindSpore hccl_raw_<r>.csv link_info as communication links (core/import/hcclrawlinks.h): the
// importer's rows for a tiny file written by hand, damaged cells and files counted with file and line (never
// a crash), and the real 4-rank cluster_propose sample through the index into the communication matrix.
//
// The sample's expected figures (Python 3 over the files, outside the program): csv.DictReader; rows whose
// step_num is a number; json.loads(link_info, parse_float=Decimal); per (link key, transport) the sums of
// round(size × 1000) and round(cost_ms × 10^6) over the steps:
//   hccl_raw_0.csv  1-0 SDMA 276 416 512 / 13 204 160 ns, 0-0 SDMA 3 329 792 / 408 970 ns
//   (hccl_raw_0.csv's group: 276 416.512 + 3 329.792 = 279 746.304 units)
//   hccl_raw_2.csv  step 2: 1-0 SDMA 1 039 360 / 373 930 ns, 0-0 SDMA 26 210 816 / 1 250 660 ns
#include "core/import/discovery.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/commmatrix.h"
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numeric>
#include <sstream>

using namespace rs;
using import::FileKind;

namespace {

const char* kHeader = "step_num,communication_cost,wait_cost,link_info,communication_operator_cost\n";

/// Appends a step 6 to a step_trace_raw_<r>_detail_time.csv: its step 5 row with every *_point column moved
/// on by that step's length (the other columns are durations, kept), before the file's averages row ("-").
void addStepSix(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    auto split = [](const std::string& line) {
        std::vector<std::string> cells;
        std::stringstream ss(line);
        for (std::string c; std::getline(ss, c, ',');)
            cells.push_back(c);
        return cells;
    };
    const auto header = split(lines.at(0));
    auto five =
        std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("5,", 0) == 0; });
    auto cells = split(*five);
    const int64_t shift = std::stoll(cells.at(2)) - std::stoll(cells.at(1)) + 1000;
    std::string six = "6";
    for (size_t i = 1; i < cells.size(); ++i) {
        const bool point =
            header.at(i).size() > 5 && header.at(i).compare(header.at(i).size() - 5, 5, "point") == 0;
        six += ',';
        six += point ? std::to_string(std::stoll(cells[i]) + shift) : cells[i];
    }
    lines.insert(five + 1, six);
    std::ofstream out(path, std::ios::trunc);
    for (const auto& l : lines)
        out << l << '\n';
}

} // namespace

class TstHcclRawLinks : public QObject {
    Q_OBJECT
  private slots:
    void golden() {
        // two steps and the trailing summary row ("-": not a step, never a link); sizes kept in thousandths
        // of hccl_raw's unit, cost ms → ns; each file its own group, group-local
        const std::string path = test::tempDir("hccl-links") + "/hccl_raw_0.csv";
        test::writeFile(path,
                        std::string(kHeader).append(
                            "1,3.0,1.0,\"{\"\"1-0\"\": {\"\"SDMA\"\": [2.5, 4.096, 1638.4]}, \"\"0-0\"\": "
                            "{\"\"SDMA\"\": [0.5, 2.048, 4096.0]}}\",{}\n"
                            "2,1.0,0.5,\"{\"\"1-0\"\": {\"\"RDMA\"\": [0.25, 1.024, 4096.0]}}\",{}\n"
                            "-,2,1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [9, 9, 9]}}\",{}\n"));
        const auto r = test::importOne(path, FileKind::LegacyHccl);
        QVERIFY2(r.ok, r.error.c_str());
        const QString tail = "|-||hccl_raw|hccl_raw units";
        QCOMPARE(test::sortedLines(r.lines("commlink")),
                 QStringList({"0|1|all|link_info|total||hccl_raw_0.csv|0-0|local|SDMA|2048|500000" + tail,
                              "0|1|all|link_info|total||hccl_raw_0.csv|1-0|local|SDMA|4096|2500000" + tail,
                              "0|2|all|link_info|total||hccl_raw_0.csv|1-0|local|RDMA|1024|250000" + tail}));
        const auto sources = r.lines("commsource");
        QCOMPARE(sources.size(), size_t(1));
        QVERIFY2(QString::fromStdString(sources[0]).startsWith("0|hccl_raw|2|2|"), sources[0].c_str());
        QCOMPARE(test::sortedLines(r.lines("diag")), QStringList{});
    }

    void damagedInput_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<int>("links");     // link rows read
        QTest::addColumn<QString>("diag");  // the diagnostic's words (a part of them)
        QTest::addColumn<qint64>("offset"); // its first offset (the line)
        QTest::addColumn<int>("ops");       // per-op rows still read from communication_operator_cost
        const QString ops = "\"{\"\"stream_41_0_AllReduce-op1\"\": [1, 1.0, 0.5, {}]}\"";
        QTest::newRow("link_info cut short")
            << QString(kHeader) + "1,1,1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [1, 2\"," + ops + "\n"
            << 0 << "link_info is not a JSON object" << qint64(2) << 1;
        QTest::newRow("a figure that is no number, on line 3")
            << QString(kHeader) + "1,1,1,{}," + ops + "\n" +
                   "2,1,1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [\"\"x\"\", 2, 3]}, \"\"0-0\"\": {\"\"SDMA\"\": [1, "
                   "2, "
                   "3]}}\",{}\n"
            << 1 << "1 link(s) of link_info" << qint64(3) << 1;
        QTest::newRow("a key that is no src-dst")
            << QString(kHeader) + "1,1,1,\"{\"\"a-b\"\": {\"\"SDMA\"\": [1, 2, 3]}}\"," + ops + "\n"
            << 0 << "1 link(s) of link_info" << qint64(2) << 1;
        QTest::newRow("a negative cost")
            << QString(kHeader) + "1,1,1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [-1, 2, 3]}}\"," + ops + "\n"
            << 0 << "1 link(s) of link_info" << qint64(2) << 1;
        QTest::newRow("a size no transfer has (1e300: it would not fit the sums)")
            << QString(kHeader) + "1,1,1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [1, 1e300, 3]}}\"," + ops + "\n"
            << 0 << "1 link(s) of link_info" << qint64(2) << 1;
        QTest::newRow("no link_info column")
            << "step_num,communication_cost,wait_cost,communication_operator_cost\n1,1,1," + ops + "\n"
            << 0 << "without link_info" << qint64(0) << 1;
        QTest::newRow("no step_num column")
            << "communication_cost,wait_cost,link_info,communication_operator_cost\n1,1,{}," + ops + "\n"
            << 0 << "file not read" << qint64(0) << 0;
    }
    void damagedInput() {
        QFETCH(QString, content);
        QFETCH(int, links);
        QFETCH(QString, diag);
        QFETCH(qint64, offset);
        QFETCH(int, ops);
        const std::string path = test::tempDir("hccl-damaged") + "/hccl_raw_1.csv";
        test::writeFile(path, content.toStdString());
        const auto r = test::importOne(path, FileKind::LegacyHccl);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(int(r.rows.commLinks.size()), links);
        QCOMPARE(int(r.rows.commOps.size()), ops);
        const auto diags = r.rows.diagnostics;
        const auto hit = std::find_if(diags.begin(), diags.end(), [&](const auto& d) {
            return QString::fromStdString(d.what).contains(diag);
        });
        QVERIFY2(hit != diags.end(), qPrintable(test::sortedLines(r.lines("diag")).join("\n")));
        QCOMPARE(QString::fromStdString(hit->file), QString::fromStdString(path));
        QCOMPARE(qint64(hit->firstOffset), offset);
    }

    void clusterProposeMatrix() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        pipeline::BuildOptions o;
        o.force = true;
        o.jobs = 2;
        o.dbPath = test::tempDir("hccl-ix") + "/index.sqlite";
        const auto built =
            pipeline::BuildPipeline(samples + "/mindinsight/tests/utils/resource/cluster_propose", o).run();
        QVERIFY2(built.ok, built.error.c_str());
        index::Db db(built.dbPath, true);
        query::CommMatrixRequest all;
        all.group = "hccl_raw_0.csv";
        const auto m = query::loadCommMatrix(db, all);
        QVERIFY2(m.empty.empty(), m.empty.c_str());
        QVERIFY(m.hcclRawUnits);
        QCOMPARE(QString::fromStdString(m.scope), QString("group-local"));
        QCOMPARE(m.cells.size(), size_t(2));
        const auto* c = m.at(1, 0);
        QVERIFY(c && c->timeNs);
        QCOMPARE(QString::fromStdString(c->transport()), QString("SDMA"));
        QCOMPARE(c->bytes, int64_t(276416512));
        QCOMPARE(*c->timeNs, int64_t(13204160));
        QCOMPARE(query::hcclRawSize(*c), 276416.512);
        QVERIFY(!c->slow); // hccl_raw's unit is not known: no slow-link judgement
        QVERIFY(m.at(0, 0) && m.at(0, 0)->bytes == 3329792 && m.at(0, 0)->timeNs == int64_t(408970));

        query::CommMatrixRequest step2;
        step2.group = "hccl_raw_2.csv";
        step2.step = 2;
        const auto s = query::loadCommMatrix(db, step2);
        QVERIFY(s.at(1, 0) && s.at(1, 0)->bytes == 1039360 && s.at(1, 0)->timeNs == int64_t(373930));
        QVERIFY(s.at(0, 0) && s.at(0, 0)->bytes == 26210816 && s.at(0, 0)->timeNs == int64_t(1250660));
        // step 6 of hccl_raw_0/1 is in no step table (Python over the files: hccl_raw_0/1 steps 1–6,
        // hccl_raw_2/3 steps 1–2, every step_trace_raw_<r>_detail_time.csv steps 1–5): said where summed or
        // shown, never of a group without it (r48c #1)
        QCOMPARE(m.linkOnlySteps, std::vector<int64_t>{6});
        const QString notes = QString::fromStdString(
            std::accumulate(m.notes.begin(), m.notes.end(), std::string(), std::plus<>()));
        QVERIFY2(
            notes.contains("step 6 is in the communication links only (hccl_raw), in no step of the "
                           "ranks that sent them: their step tables have steps 1–5; all steps include it"),
            qPrintable(notes));
        QVERIFY(s.linkOnlySteps.empty());
        for (const auto& n : s.notes)
            QVERIFY2(n.find("step 6") == std::string::npos, n.c_str());
        query::CommMatrixRequest step6 = all;
        step6.step = 6;
        const auto six = query::loadCommMatrix(db, step6);
        QVERIFY(std::any_of(six.notes.begin(), six.notes.end(), [](const std::string& n) {
            return n.find("step 6 is in the communication links only") != std::string::npos;
        }));
        auto d = db.prepare("SELECT count, excerpt FROM diagnostic WHERE what LIKE 'communication links of a "
                            "step the rank''s step table lacks%'");
        QVERIFY(d.step());
        QCOMPARE(d.i64(0), int64_t(2)); // ranks 0 and 1, step 6
        QCOMPARE(QString::fromStdString(d.text(1)), QString("rank 0 step 6 (group hccl_raw_0.csv)"));
        // every rank's file its own group, each used
        auto q = db.prepare("SELECT count(*) FROM comm_source WHERE source = 'hccl_raw' AND used = 1");
        QVERIFY(q.step());
        QCOMPARE(q.i64(0), int64_t(4));
        // review of stop 47: "per step" stood over these all-steps sums (276 416.512 = the steps' sum)
        const std::string scope = query::hcclRawScopeText(m);
        QVERIFY2(scope.find("summed over all steps") != std::string::npos, scope.c_str());
        QVERIFY2(query::hcclRawScopeText(s).find("step 2's sum over its ops") != std::string::npos,
                 query::hcclRawScopeText(s).c_str());
        const std::string json = query::commMatrixJson(m);
        QVERIFY2(json.find("\"size_unit\": \"units as in hccl_raw\"") != std::string::npos, json.c_str());
        // a group's total is in hccl_raw's units too, never bytes (it read the thousandths as bytes: × 1000)
        const auto groups = QJsonDocument::fromJson(QByteArray::fromStdString(json))["groups"].toArray();
        QCOMPARE(groups.size(), 4);
        for (const auto& v : groups) {
            const QJsonObject g = v.toObject();
            QVERIFY(g["bytes"].isNull());
            if (g["group"].toString() == "hccl_raw_0.csv") QCOMPARE(g["size"].toDouble(), 279746.304);
        }
    }

    void aStepAnotherRankHasIsNamedOfTheRanksThatLackIt() {
        // review of stop 48: the links-only rule is per rank (rank 0's hccl_raw step 6, rank 0's step table
        // 1–5) but the note named "the step table" of the whole run; with step 6 added to rank 1's
        // step_trace_raw (its step 5 row moved one step on), the run has a step 6 and the note still said
        // "the step table has steps 1–6" beside "no step of the run"
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        const std::string dir = test::tempDir("hccl-six");
        std::filesystem::copy(samples + "/mindinsight/tests/utils/resource/cluster_propose", dir);
        addStepSix(dir + "/step_trace_raw_1_detail_time.csv");
        pipeline::BuildOptions o;
        o.force = true;
        o.dbPath = dir + "/index.sqlite";
        const auto built = pipeline::BuildPipeline(dir, o).run();
        QVERIFY2(built.ok, built.error.c_str());
        index::Db db(built.dbPath, true);
        query::CommMatrixRequest all;
        all.group = "hccl_raw_1.csv";
        QVERIFY(query::loadCommMatrix(db, all).linkOnlySteps.empty()); // rank 1 has its step 6 now
        all.group = "hccl_raw_0.csv";
        const auto m = query::loadCommMatrix(db, all);
        QCOMPARE(m.linkOnlySteps, std::vector<int64_t>{6});
        const std::string notes = std::accumulate(m.notes.begin(), m.notes.end(), std::string());
        QVERIFY2(notes.find("their step tables have steps 1–5") != std::string::npos, notes.c_str());
        auto d = db.prepare("SELECT count FROM diagnostic WHERE what LIKE 'communication links of a step the "
                            "rank''s step table lacks%'");
        QVERIFY(d.step());
        QCOMPARE(d.i64(0), int64_t(1)); // rank 0 step 6 only
    }

    void damagedHugeFiguresDoNotOverflowTheMatrix() {
        // review of stop 47: a row's figures are read up to 10^12 ms (kept in ns) and 10^12 units; twelve
        // such rows summed past int64 and SQLite's sum() threw "integer overflow": `comm` and `report` failed
        // and the app could not open the profile. The cell's time is held at INT64_MAX; its size (12 × 5
        // units, kept in thousandths) is exact.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        const std::string dir = test::tempDir("hccl-huge") + "/cluster";
        std::filesystem::copy(samples + "/mindinsight/tests/utils/resource/cluster_propose", dir,
                              std::filesystem::copy_options::recursive);
        std::string csv = kHeader;
        for (int step = 1; step <= 12; ++step)
            csv += std::to_string(step) + ",1,1,\"{\"\"1-0\"\": {\"\"SDMA\"\": [1e12, 5, 1]}}\",{}\n";
        test::writeFile(dir + "/hccl_raw_0.csv", csv);
        pipeline::BuildOptions o;
        o.force = true;
        o.jobs = 2;
        o.dbPath = test::tempDir("hccl-huge-ix") + "/index.sqlite";
        const auto built = pipeline::BuildPipeline(dir, o).run();
        QVERIFY2(built.ok, built.error.c_str());
        index::Db db(built.dbPath, true);
        query::CommMatrixRequest all;
        all.group = "hccl_raw_0.csv";
        query::CommMatrix m;
        try {
            m = query::loadCommMatrix(db, all);
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        const auto* c = m.at(1, 0);
        QVERIFY(c && c->timeNs);
        QCOMPARE(*c->timeNs, std::numeric_limits<int64_t>::max());
        QCOMPARE(c->bytes, int64_t(12 * 5000));
    }
};

QTEST_GUILESS_MAIN(TstHcclRawLinks)
#include "tst_hcclrawlinks.moc"
