// The op heatmap's caption says what the cells print and what the grid leaves out (issue 19): a per-step
// grid of ratios said "Mean duration …, coloured by the ratio" over cells reading "1.40"; a run whose
// largest consumer was a collective showed no sign that communication is not in the grid.
#include "tests/support/heatgrid.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"

#include <QComboBox>
#include <QtTest>

using namespace rs;
using Mode = query::HeatmapData::Mode;

class TstHeatmapCaption : public QObject {
    Q_OBJECT

  private:
    /// A grid of `mode` (a per-step one, or op × rank), 2 rows × 3 columns, ratios 1.40 and 1.00.
    static std::shared_ptr<query::HeatmapData> grid(Mode mode) {
        auto d = test::heatGrid(mode == Mode::RankByStep ? std::vector<std::string>{"rank 0", "rank 1"}
                                                         : std::vector<std::string>{"MatMul", "Add"},
                                3, mode);
        d->rank = 0;
        d->opType = "MatMul";
        d->cells[0][0].ratio = 1.4;
        return d;
    }
    static void showRatios(views::HeatmapView& v, Mode mode) {
        v.setProfile({0, 1, 2});
        v.setData(grid(mode));
        auto* stat = v.findChildren<QComboBox*>().at(2); // mode, subject, statistic, sort
        stat->setCurrentIndex(int(views::HeatStatistic::Ratio));
        Q_EMIT stat->activated(int(views::HeatStatistic::Ratio));
    }

  private Q_SLOTS:
    void aRatioGridsCaptionSaysTheCellsAreRatios_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("op x step") << int(Mode::OpByStep);
        QTest::newRow("rank x step") << int(Mode::RankByStep);
    }
    void aRatioGridsCaptionSaysTheCellsAreRatios() {
        QFETCH(int, mode);
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        showRatios(v, Mode(mode));
        // the cell prints a bare number, no unit: a ratio
        const QString cell = v.canvas()->cellText(0, 0);
        QCOMPARE(cell, QString("1.40"));
        bool number = false;
        cell.toDouble(&number);
        QVERIFY(number);
        // so the caption's first words say what a cell's number is, and that it is a ratio
        const QString caption = v.caption();
        QVERIFY2(caption.startsWith("Each cell: ") && caption.section('.', 0, 1).contains("as a ratio to"),
                 qPrintable(caption));
        QVERIFY2(!caption.startsWith("Mean duration"), qPrintable(caption));
    }
    void theCaptionSaysCommunicationIsNotInTheGrid_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("op x rank") << int(Mode::OpByRank);
        QTest::newRow("op x step") << int(Mode::OpByStep);
        QTest::newRow("rank x step") << int(Mode::RankByStep);
    }
    void theCaptionSaysCommunicationIsNotInTheGrid() {
        QFETCH(int, mode);
        const QString note = "Communication kernels are not in it: the Communication panel shows them.";
        auto summary = std::make_shared<query::ProfileSummary>();
        summary->ranks = {0, 1, 2};
        summary->strings = {"MatMul", "ncclKernel_AllReduce"};
        summary->communication = {0, 0};
        views::InteractionState state;
        {
            // a run without communication: nothing to say
            views::HeatmapView v(&state, nullptr);
            v.setSummary(summary);
            showRatios(v, Mode(mode));
            QVERIFY2(!v.caption().contains(note), qPrintable(v.caption()));
        }
        summary->communication = {0, 1};
        views::HeatmapView v(&state, nullptr);
        v.setSummary(summary);
        showRatios(v, Mode(mode));
        QVERIFY2(v.caption().endsWith(note), qPrintable(v.caption()));
    }
};

QTEST_MAIN(TstHeatmapCaption)
#include "tst_heatmapcaption.moc"
