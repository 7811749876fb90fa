// The run chooser on a folder of two runs (an Ascend demo of 4 ranks, a Kineto demo of 2): one entry per
// run, the shown one current, the others offered to File ▸ Compare with run, a banner that says there are
// two; choosing the shown run again asks for nothing. Labels: ranks in the right number, a UTC date for a
// wall clock, the run's length for a profiler's own clock (no 1970 dates).
#include "app/gui/runchooser.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;

class TstRunChooser : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void oneEntryPerRun() {
        const std::string dir = test::tempDir("runchooser");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY(ix.db);
        auto s = std::make_shared<query::ProfileSummary>(query::loadSummary(*ix.db));
        QCOMPARE(ix.scalar("SELECT count(*) FROM run"), int64_t(2));
        gui::RunChooser runs;
        runs.setSummary(s);
        QCOMPARE(runs.count(), 2);
        QVERIFY(runs.severalRuns());
        QCOMPARE(runs.currentData().toInt(), s->run);
        for (int i = 0; i < runs.count(); ++i) {
            QVERIFY(runs.itemText(i).startsWith(QString("Run %1: ").arg(runs.itemData(i).toInt())));
            QVERIFY2(runs.itemText(i).contains("ranks "), qPrintable(runs.itemText(i))); // 4 and 2 ranks
        }
        const auto others = runs.otherRuns();
        QCOMPARE(others.size(), size_t(1));
        QVERIFY(others[0].first != s->run);
        QVERIFY(runs.notice().contains("holds 2 runs"));
        // and why that run: the Ascend run's 4 ranks against the Kineto run's 2 (walk 25)
        QVERIFY2(
            runs.notice().contains(QString("showing run %1 (the one with the most ranks, 4)").arg(s->run)),
            qPrintable(runs.notice()));
        QSignalSpy chosen(&runs, &gui::RunChooser::runChosen);
        Q_EMIT runs.activated(runs.currentIndex()); // the run shown: nothing to do
        QCOMPARE(chosen.size(), 0);
        const int other = runs.currentIndex() == 0 ? 1 : 0;
        Q_EMIT runs.activated(other);
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.first().first().toInt(), runs.itemData(other).toInt());
        runs.setSummary(nullptr);
        QCOMPARE(runs.count(), 0);
        QVERIFY(runs.notice().isEmpty());
    }
    void labels() {
        query::RunDesc wall{};
        wall.run = 1;
        wall.dataRanks = {3};
        wall.source = "kineto";
        wall.worldSize = 8;
        wall.startNs = 1736408882000000000LL; // 2025-01-09 07:48 UTC
        wall.endNs = wall.startNs + 5000000000LL;
        const QString date =
            QDateTime::fromMSecsSinceEpoch(wall.startNs / 1000000, Qt::UTC).toString("yyyy-MM-dd hh:mm");
        QCOMPARE(gui::RunChooser::label(wall), QString("Run 1: kineto, rank 3 of 8  %1 UTC").arg(date));
        query::RunDesc own{};
        own.run = 0;
        own.dataRanks = {0, 1, 2, 3, 4, 5, 6, 7};
        own.source = "mindspore";
        own.startNs = 1000;
        own.endNs = 1000 + 66000000000LL;
        const QString l = gui::RunChooser::label(own);
        QVERIFY2(l.startsWith(QString::fromUtf8("Run 0: mindspore, ranks 0,1,2,3,4,5…")), qPrintable(l));
        QVERIFY2(l.contains("own clock") && !l.contains("1970"), qPrintable(l));
        // a rank the files do not name is said to be Rankscope's number, not shown as if the data said it
        own.assignedRanks = {3};
        QVERIFY2(gui::RunChooser::label(own).contains("1 numbered by Rankscope"),
                 qPrintable(gui::RunChooser::label(own)));
        wall.assignedRanks = {3};
        QVERIFY2(gui::RunChooser::label(wall).contains("numbered by Rankscope: the files name no rank"),
                 qPrintable(gui::RunChooser::label(wall)));
        // where its files are, and its ranks in the files' numbers' order (walk 23a: "1,0")
        own.dataRanks = {1, 0};
        own.folder = "trace_filter";
        QVERIFY2(gui::RunChooser::label(own).startsWith("Run 0: mindspore, ranks 0,1"),
                 qPrintable(gui::RunChooser::label(own)));
        QVERIFY2(gui::RunChooser::label(own).endsWith("  in trace_filter"),
                 qPrintable(gui::RunChooser::label(own)));
    }
};

QTEST_MAIN(TstRunChooser)
#include "tst_runchooser.moc"
