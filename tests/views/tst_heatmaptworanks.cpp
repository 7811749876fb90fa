// The op heatmap's legend of two ranks says what the colours can be (issue 19: it read "full blue at
// 0.13×"). Each cell's ratio is against the kernels' lower median over the ranks, of two ranks the faster
// one's, so no cell is under 1.00× and none is blue, whatever the scale's blue end mirrored from its red.
// Checked on HTA's trace_filter (two files, sampled_rank-0 and -1) and a two-rank demo; the legend's words
// against the colours the cells get.
#include "tests/support/heatgrid.h"
#include "tests/support/testsupport.h"
#include "views/heatmap/heatmapscale.h"

#include <QtTest>

using namespace rs;

class TstHeatmapTwoRanks : public QObject {
    Q_OBJECT

  private:
    /// The op × rank grid of `ix`'s two ranks: every ratio at least 1.00×, no cell blue, and a legend
    /// naming no blue.
    static void checkTwoRanks(test::Indexed& ix) {
        const auto d = query::loadOpRankHeatmap(*ix.db);
        QCOMPARE(d.columnKeys.size(), size_t(2));
        const auto scale = views::HeatScale::forData(d, views::HeatStatistic::Ratio);
        QVERIFY(!scale.noValues);
        double lowest = 1e9;
        for (const auto& row : d.cells)
            for (const auto& c : row)
                if (c.present && !c.noSharedKernels) {
                    lowest = std::min(lowest, c.ratio);
                    const QColor col = scale.color(c.ratio);
                    QVERIFY2(col.blue() <= col.red(), qPrintable(QString("a blue cell at %1×").arg(c.ratio)));
                }
        QVERIFY2(lowest >= 1.0, qPrintable(QString("a ratio of %1 to the faster of two").arg(lowest)));
        const QString words = views::saturationText(scale);
        QVERIFY2(!words.contains("blue") && words.contains("faster of two"), qPrintable(words));
        QVERIFY2(words.contains(QString("full red at %1×").arg(scale.hi, 0, 'f', 2)), qPrintable(words));
    }
  private Q_SLOTS:
    void aRealTwoRankRun() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/hta/tests/data/trace_filter", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        checkTwoRanks(ix);
    }
    void aTwoRankDemo() {
        auto ix = test::indexedDemo(test::tempDir("heatmaptworanks") + "/demo", test::demoOptions(2, 3, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        checkTwoRanks(ix);
    }
    void threeRanksStillNameBlue() {
        // of three ranks a cell can be under its median: the blue end is named (2.30× → 1 / 2.30 = 0.43×)
        auto d = test::heatGrid({"MatMul"}, 3);
        d->cells[0][0].ratio = 0.8;
        d->cells[0][2].ratio = 2.30;
        const QString blue =
            views::saturationText(views::HeatScale::forData(*d, views::HeatStatistic::Ratio));
        QCOMPARE(blue, QString("white at 1.00×, full red at 2.30×, full blue at 0.43×"));
        // and where none is under 1.00×, none is blue: said, not "full blue at 0.43×"
        d->cells[0][0].ratio = 1.0;
        const QString none =
            views::saturationText(views::HeatScale::forData(*d, views::HeatStatistic::Ratio));
        QCOMPARE(none, QString("white at 1.00× (no cell under it), full red at 2.30×"));
    }
};

QTEST_MAIN(TstHeatmapTwoRanks)
#include "tst_heatmaptworanks.moc"
