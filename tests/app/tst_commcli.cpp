// `rankscope comm` and `rankscope export --view comm` as a user runs them, on a 4-rank Ascend demo of 2
// steps: the JSON matrix (global ranks from parallel_group_info, every link 2B/n bytes per step of the
// 134217728-byte AllReduce buffer, the plan's slow link the one marked slow), the text table, the exit
// codes (0 done, 1 nothing to show for what was asked, 2 bad usage) and the exported picture.
#include "core/demo/demoplan.h"
#include "tests/support/testsupport.h"

#include <QImage>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace rs;

class TstCommCli : public QObject {
    Q_OBJECT
    QString m_dir;
    demo::DemoTruth m_truth;

  private Q_SLOTS:
    void initTestCase() {
        auto o = test::demoOptions(4, 2, 1);
        m_dir = QString::fromStdString(test::tempDir("commcli") + "/demo");
        QVERIFY2(test::writeDemo(m_dir.toStdString(), o).empty(), "demo not written");
        m_truth = demo::DemoPlan(o).truth();
    }

    void json() {
        QString out, err;
        QCOMPARE(test::runRankscope({"comm", m_dir, "--json"}, &out, &err), 0);
        const auto j = nlohmann::json::parse(out.toStdString(), nullptr, false);
        QVERIFY2(!j.is_discarded(), qPrintable(out));
        QCOMPARE(int(j["matrices"].size()), 1);
        const auto& m = j["matrices"][0];
        QCOMPARE(QString::fromStdString(m["scope"].get<std::string>()), QString("global"));
        QCOMPARE(int(m["cells"].size()), 16);
        QStringList slow;
        for (const auto& c : m["cells"]) {
            // 2 steps × 2 · 134217728 / 4 bytes
            QCOMPARE(c["bytes"].get<int64_t>(), int64_t(2 * 67108864));
            if (c["slow"].get<bool>())
                slow << QString("%1-%2").arg(c["src"].get<int64_t>()).arg(c["dst"].get<int64_t>());
        }
        QCOMPARE(slow, QStringList{QString("%1-%2").arg(m_truth.slowLinkSrc).arg(m_truth.slowLinkDst)});
    }

    void text() {
        QString out, err;
        QCOMPARE(test::runRankscope({"comm", m_dir, "--step", "1"}, &out, &err), 0);
        QVERIFY2(out.contains("16 links among 4 ranks") && out.contains("SLOW"), qPrintable(out));
        QVERIFY2(out.contains("HCCS") && out.contains("LOCAL"), qPrintable(out));
    }

    void smallMessagesSaidLatencyBound() {
        // the server sample's group …822: 14 HCCS links of ≤ 112 bytes (Python over both
        // communication_matrix.json, see tst_commmatrix): no SLOW mark, each link marked latency-bound, the
        // summary counting them once, the cell's figure the table's (0.0248, not 0.02)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const QString db = QString::fromStdString(test::tempDir("commcli-srv") + "/x.sqlite");
        QString out, err;
        QCOMPARE(test::runRankscope({"comm",
                                     QString::fromStdString(samples + "/msinsight/server/src/test/test_data"),
                                     "--group", "13337953553061386822", "--db", db, "--quiet"},
                                    &out, &err),
                 0);
        QVERIFY2(!out.contains("SLOW"), qPrintable(out));
        QCOMPARE(out.count("latency-bound\n"), 14);
        QVERIFY2(out.contains("14 links move small messages (mean under 1.00 MB per op)"), qPrintable(out));
        QVERIFY2(out.contains("HCCS: 14 links, all latency-bound"), qPrintable(out));
        QVERIFY2(out.contains(" 0.0248~") && out.contains("0.0248 GB/s"), qPrintable(out));
    }

    void uncountedOpsStillNamed() {
        // text/level1's communication_matrix.json gives each link per op type (allreduce-top1, -middle,
        // -bottom1 entries: sizes and times, no op count; rank 1's link 1-5 crosses only allreduce, Python
        // over the file): the count reads "-", said why once, and the link still names its ops, as the JSON
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const QString db = QString::fromStdString(test::tempDir("commcli-lv1") + "/x.sqlite");
        QString out, err;
        QCOMPARE(test::runRankscope(
                     {"comm", QString::fromStdString(samples + "/msinsight/test/data/pytorch/text/level1"),
                      "--db", db, "--quiet"},
                     &out, &err),
                 0);
        QCOMPARE(out.count("the source does not count the ops of that link"), 1);
        const QRegularExpression link15(R"(\n\s+1\s+5\s+HCCS\s.*\s-\s+allreduce\n)");
        QVERIFY2(link15.match(out).hasMatch(), qPrintable(out));
    }

    void exitCodes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("rc");
        QTest::addColumn<QString>("says");
        QTest::newRow("no step 99") << QStringList{"--step", "99"} << 1 << "no link in step 99";
        QTest::newRow("no such group")
            << QStringList{"--group", "nosuch"} << 1 << "no communication group 'nosuch'";
        QTest::newRow("unknown option") << QStringList{"--bogus"} << 2 << "bogus";
    }
    void exitCodes() {
        QFETCH(QStringList, args);
        QFETCH(int, rc);
        QFETCH(QString, says);
        QString out, err;
        QCOMPARE(test::runRankscope(QStringList{"comm", m_dir} + args, &out, &err), rc);
        QVERIFY2(err.contains(says), qPrintable(err));
    }

    void noDir() {
        QString out, err;
        QCOMPARE(test::runRankscope({"comm"}, &out, &err), 2);
    }

    void exportView() {
        const QString png = QString::fromStdString(test::tempDir("commcli-export")) + "/comm.png";
        QString out, err;
        QCOMPARE(test::runRankscope({"export", m_dir, "--view", "comm", "--out", png}, &out, &err), 0);
        QImage img(png);
        QVERIFY2(!img.isNull(), qPrintable(err));
        QVERIFY(img.width() >= 480 && img.height() >= 300);
        // the grid is coloured: some pixel is neither white nor grey
        bool coloured = false;
        for (int y = 0; y < img.height() && !coloured; y += 4)
            for (int x = 0; x < img.width() && !coloured; x += 4)
                coloured = img.pixelColor(x, y).hsvSaturation() > 80;
        QVERIFY(coloured);
    }
};

QTEST_GUILESS_MAIN(TstCommCli)
#include "tst_commcli.moc"
