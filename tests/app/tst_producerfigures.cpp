// msprof-analyze's own step figures in the app's Steps tables (r48c #5): the report's section
// (core/query/producersummary.h) under the drill-down's Steps table, saying whose figures they are, shown at
// the Steps level only and not at all where the folder has no such summary.
//
// Expected figures (Python 3 over msinsight test_data's cluster_analysis_output/cluster_step_trace_time.csv
// with the csv module): 18 rows (16 of Type rank, 2 stages), rank 0's Computing 75174.57464453117 µs
// (75.2 ms as shown); the folder holds the traces of ranks 0 and 1 (test_rank_0, test_rank_1), so two
// Rankscope rows follow theirs: 20 rows.
#include "app/gui/producerfigures.h"
#include "core/demo/demooptions.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"
#include "views/tables/drilldownview.h"
#include "views/tables/producerfiguresview.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>
#include <filesystem>

using namespace rs;

class TstProducerFigures : public QObject {
    Q_OBJECT
    nlohmann::json m_testData; ///< msinsight test_data's report (null when the samples are absent)

  private Q_SLOTS:
    void initTestCase() {
        // msinsight test_data's report, which both test_data checks show (indexed once)
        const std::string samples = test::samplesDir();
        if (samples.empty()) return;
        auto ix = test::indexDir(samples + "/msinsight/server/src/test/test_data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_testData = query::buildReport(*ix.db, 5);
    }
    void testDataUnderTheSteps() {
        if (m_testData.is_null()) QSKIP("../shared/samples is not present");
        views::DrillDownView drill(nullptr, nullptr);
        gui::showProducerFigures(&drill, m_testData, 0);
        const auto* p = drill.producerFigures();
        QVERIFY(p->hasFigures());
        QVERIFY2(p->caption().startsWith("msprof-analyze's figures"), qPrintable(p->caption()));
        QCOMPARE(p->caption().count("not Rankscope's"), 1); // walk 37: said twice
        const QAbstractItemModel* m = p->table()->model();
        QCOMPARE(m->rowCount(), 20);
        const int by = 3, computing = 4; // the report's columns: step, type, index, by, computing, …
        QCOMPARE(m->headerData(by, Qt::Horizontal).toString(), QString("by"));
        QCOMPARE(m->index(0, by).data().toString(), QString("msprof-analyze"));
        QCOMPARE(m->index(0, 2).data().toString(), QString("0"));
        QCOMPARE(m->index(0, computing).data().toString(), QString("75.2 ms"));
        QVERIFY(m->index(1, by).data().toString().startsWith("Rankscope"));
        // at the Steps level only: not beside a step's ops
        drill.show();
        QVERIFY(p->isVisible());
        // the file's Communication(Not Overlapped and Exclude Receive) is shown, its meaning in the header's
        // tooltip (r50b #1; the csv has the column: rank 0's 146614.02 µs = 147 ms)
        const int excl = m->columnCount() - 1;
        QCOMPARE(m->headerData(excl, Qt::Horizontal).toString(),
                 QString("comm not overlapped excl. receive"));
        QVERIFY(m->headerData(excl, Qt::Horizontal, Qt::ToolTipRole).toString().contains("Exclude Receive"));
        QCOMPARE(m->index(0, excl).data().toString(), QString("147 ms"));
        QVERIFY(p->heading().startsWith("msprof-analyze's step figures (18 rows"));
    }
    void theFiguresKeepAVisibleShareOfASmallDock() {
        // r50b #1: at the default dock size the figures under the Steps table were squeezed to a line or two
        // and easy to miss: they keep a few rows whatever the dock's height
        if (m_testData.is_null()) QSKIP("../shared/samples is not present");
        views::DrillDownView drill(nullptr, nullptr);
        gui::showProducerFigures(&drill, m_testData, 0);
        drill.resize(520, 260);
        drill.show();
        QVERIFY(QTest::qWaitForWindowExposed(&drill));
        const QTableView* t = drill.producerFigures()->table();
        const int rows = views::ProducerFiguresView::kLeastRows;
        QVERIFY2(t->height() >=
                     t->horizontalHeader()->height() + rows * t->verticalHeader()->defaultSectionSize(),
                 qPrintable(QString::number(t->height())));
    }
    void aRunShowsItsOwnFilesFigures() {
        // review of stop 48: the app passed the folder's report, so under run 0's Steps table both runs'
        // summary files were listed (two "rank 0 / step 2" rows with different numbers), where `report --run
        // 0` lists run 0's file only. Two demos, each with a summary of rank 0's step 2
        namespace fs = std::filesystem;
        const std::string root = test::tempDir("producer-figures-two-runs");
        demo::DemoOptions o = test::demoOptions(4, 6, 2);
        QVERIFY(test::writeDemo(root + "/a", o).empty());
        o.seed = 3;
        QVERIFY(test::writeDemo(root + "/b", o).empty());
        for (const char* run : {"a", "b"}) {
            fs::create_directories(root + "/" + run + "/cluster_analysis_output");
            test::writeFile(
                root + "/" + run + "/cluster_analysis_output/cluster_step_trace_time.csv",
                "Step,Type,Index,Computing,Communication(Not Overlapped),Stage\n2,rank,0,1,2,3\n");
        }
        auto ix = test::indexDir(root);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto report = query::buildReport(*ix.db, 5);
        QCOMPARE(report["runs"].size(), size_t(2));
        for (const auto& run : report["runs"]) {
            views::DrillDownView drill(nullptr, nullptr);
            gui::showProducerFigures(&drill, report, int(run["run"].get<int64_t>()));
            const QAbstractItemModel* m = drill.producerFigures()->table()->model();
            QCOMPARE(m->rowCount(), 2); // the run's file's rank 0 row and Rankscope's beside it
            const QString caption = drill.producerFigures()->caption();
            QCOMPARE(caption.count("cluster_analysis_output/cluster_step_trace_time.csv"), 1); // its own file
        }
    }
    void noSummaryNothingShown() {
        const std::string dir = test::tempDir("producer-figures-demo");
        QVERIFY(test::writeDemo(dir, test::demoOptions(2, 3, 1)).empty());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        views::DrillDownView drill(nullptr, nullptr);
        gui::showProducerFigures(&drill, query::buildReport(*ix.db, 5), 0);
        drill.show();
        QVERIFY(!drill.producerFigures()->hasFigures());
        QVERIFY(!drill.producerFigures()->isVisible());
    }
};

QTEST_MAIN(TstProducerFigures)
#include "tst_producerfigures.moc"
