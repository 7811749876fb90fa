// The heatmap's row labels: two op types whose long names share a 60-character head (and their tail) are
// drawn as different labels, and the label's tooltip gives the whole name. A rank whose files were cut has
// its cells hatched and its op summary rows marked partial.
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmaplegend.h"
#include "views/heatmap/heatmapscale.h"
#include "views/tables/opsummarymodel.h"

#include <QtTest>

using namespace rs;

namespace {
const std::string kHead =
    "void at::native::(anonymous namespace)::vectorized_elementwise_kernel<4, at::native::";
const std::string kTail = ", at::detail::Array<char*, 3> >(int, at::detail::Array<char*, 3>)";

std::shared_ptr<query::HeatmapData> twoKernels() {
    auto d = std::make_shared<query::HeatmapData>();
    d->rows = {kHead + "AddFunctor<float>" + kTail, kHead + "MulFunctor<float>" + kTail};
    d->columns = {"rank 0", "rank 1"};
    d->columnKeys = {0, 1};
    d->cells.assign(2, std::vector<query::HeatCell>(2));
    d->rowTotalNs = {2, 1};
    return d;
}
} // namespace

class TstHeatmapCanvas : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theRatiosReferenceSaysHowAnEvenCountIsTaken() {
        // walk 24 #2: trace_filter's two ranks read 0.58× / 1.42× "to the median over the ranks" while their
        // lower median (the rule of every figure shown) gives 1.00× / 2.44×; r51a made the reference that
        // lower median, and the tooltip says so
        const QString ref = views::ratioReference(query::HeatmapData::Mode::OpByRank);
        QVERIFY2(ref.contains("the lower median: of an even number the lower of the middle two"),
                 qPrintable(ref));
        QVERIFY2(!ref.contains("midway"), qPrintable(ref));
    }
    // the legend names what a ratio is to, as each grid's caption does (the op × step legend said
    // "cross-rank median" under a caption saying "the op type's median step"; the op × rank legend said
    // "cross-rank median" where the ratio is the same kernels', by name, like the op summary's column)
    void legendNamesTheRatiosReference_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("reference");
        // walk 51b: "median" where the reference is the lower median (r51a #1: of two ranks the faster's)
        QTest::newRow("op x rank") << int(query::HeatmapData::Mode::OpByRank)
                                   << "same kernels' lower median over ranks";
        // r52c: the step grids' references are lower medians too (tst_stepheatmaps)
        QTest::newRow("op x step") << int(query::HeatmapData::Mode::OpByStep)
                                   << "op type's lower median step";
        QTest::newRow("rank x step") << int(query::HeatmapData::Mode::RankByStep)
                                     << "step's lower median over ranks";
    }
    void legendNamesTheRatiosReference() {
        QFETCH(int, mode);
        QFETCH(QString, reference);
        const auto m = query::HeatmapData::Mode(mode);
        QCOMPARE(views::statisticName(views::HeatStatistic::Ratio, m), "ratio to the " + reference);
        QCOMPARE(views::statisticName(views::HeatStatistic::P95, m), QString("p95 duration"));
        // the op × rank grid's tooltip says ranks are compared on the same kernels (sum_op_name)
        QCOMPARE(views::ratioReference(m).contains("same kernels"), m == query::HeatmapData::Mode::OpByRank);
        // every grid's reference says how an even count is taken, as a cell's own median says its lower
        // middle value: the step grids said nothing of theirs (r48c #4); every grid's is the lower median
        // (r51a the op × rank grid's, r52c the step grids')
        QVERIFY2(views::ratioReference(m).contains("of an even number the lower of the middle two") &&
                     !views::ratioReference(m).contains("midway"),
                 qPrintable(views::ratioReference(m)));
    }
    void theLegendsEndsAreTheCellsRange() {
        // trace_filter's cells run from 0.2249× to 1.78×: the colour scale, symmetric about 1.0, reaches
        // 1/0.2249 = 4.45× at its red end, which no cell does; the legend's bar and its end labels read
        // 0.22× … 4.45×. Its top must show the largest cell's colour, its bottom the smallest's.
        auto d = twoKernels();
        d->cells[0][0].present = d->cells[0][1].present = true;
        d->cells[0][0].ratio = 0.2249;
        d->cells[0][1].ratio = 1.78;
        const auto sc = views::HeatScale::forData(*d, views::HeatStatistic::Ratio);
        QImage img(200, 360, QImage::Format_ARGB32);
        img.fill(Qt::black);
        QPainter p(&img);
        constexpr int kTop = 10, kBar = 200;
        views::paintHeatLegend(p, QPoint(10, kTop), kBar, sc, query::HeatmapData::Mode::OpByRank, {},
                               QPalette());
        p.end();
        auto near = [](QColor a, QColor b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                       std::abs(a.blue() - b.blue()) <=
                   12;
        };
        const QColor top = img.pixelColor(15, kTop), bottom = img.pixelColor(15, kTop + kBar - 1);
        QVERIFY2(near(top, sc.color(1.78)),
                 qPrintable(top.name() + " at the top, not " + sc.color(1.78).name()));
        QVERIFY2(near(bottom, sc.color(0.2249)), qPrintable(bottom.name()));
        // the labels are the bar's ends
        QCOMPARE(sc.shownHi, 1.78);
        QCOMPARE(sc.shownLo, 0.2249);
        // walk 34: the demo's cells run 0.994× … 2.30×, and the legend read 0.67× (widened to 1/1.5): an end
        // no cell has; and a grid with no ratio at all labels no end
        d->cells[0][0].ratio = 0.994;
        d->cells[0][1].ratio = 2.30;
        const auto demo = views::HeatScale::forData(*d, views::HeatStatistic::Ratio);
        QCOMPARE(demo.shownLo, 0.994);
        QCOMPARE(demo.shownHi, 2.30);
        d->cells[0][0].noSharedKernels = d->cells[0][1].noSharedKernels = true;
        QVERIFY(views::HeatScale::forData(*d, views::HeatStatistic::Ratio).noValues);
    }
    void theLegendSaysWhereTheColoursAreFull() {
        // walk 54: the demo's legend topped at 2.30× while the ratio scale is said to saturate at 2×; the
        // scale reaches the farthest cell when it lies beyond 2× (forData), so the legend says both: the
        // bar's ends are the cells' extremes, and where red and blue are full
        auto d = twoKernels();
        d->cells[0][0].present = d->cells[0][1].present = true;
        d->cells[0][0].ratio = 0.994;
        d->cells[0][1].ratio = 2.30;
        const auto demo = views::HeatScale::forData(*d, views::HeatStatistic::Ratio);
        QCOMPARE(views::legendEndLabel(demo, true), QString("2.30× max"));
        QCOMPARE(views::legendEndLabel(demo, false), QString("0.99× min"));
        // 1 / 2.30 = 0.4348: full blue at 0.43×
        QCOMPARE(views::saturationText(demo),
                 QString("white at 1.00×, full red at 2.30×, full blue at 0.43×"));
        // the drawing as said: full red at 2.30× and not before (2× is lighter), nothing redder beyond
        QCOMPARE(demo.color(2.30), demo.color(50.0));
        QVERIFY(demo.color(2.0) != demo.color(2.30));
        QCOMPARE(demo.color(1 / 2.30), demo.color(0.001));
        // cells within 2×: full at 2× (the scale's floor), the bar's top the largest cell
        d->cells[0][1].ratio = 1.5;
        const auto calm = views::HeatScale::forData(*d, views::HeatStatistic::Ratio);
        QCOMPARE(views::legendEndLabel(calm, true), QString("1.50× max"));
        QCOMPARE(views::saturationText(calm),
                 QString("white at 1.00×, full red at 2.00×, full blue at 0.50×"));
        QCOMPARE(calm.color(2.0), calm.color(50.0));
        QVERIFY(calm.color(1.5) != calm.color(2.0));
        // painted in the legend, and in the strip of a narrow panel
        QImage img(200, 420, QImage::Format_ARGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        views::paintHeatLegend(p, QPoint(10, 10), 120, demo, query::HeatmapData::Mode::OpByRank, {},
                               QPalette());
        p.end();
        int ink = 0; // the saturation text under the statistic's name: some dark pixels there
        for (int y = 10 + 120 + 46; y < 10 + 120 + 76; ++y)
            for (int x = 10; x < 140; ++x)
                ink += qGray(img.pixel(x, y)) < 128;
        QVERIFY2(ink > 20, "no saturation text under the bar");
        // the sequential scales' bar runs from 0 to the largest cell, its darkest: nothing more to say
        d->cells[0][0].totalNs = 1000;
        d->cells[0][1].totalNs = 3000;
        const auto total = views::HeatScale::forData(*d, views::HeatStatistic::Total);
        QVERIFY(views::saturationText(total).isEmpty());
        QCOMPARE(views::legendEndLabel(total, true), views::formatDuration(3000));
    }
    void everyStatisticPrintsItsValueInACellBigEnough_data() {
        QTest::addColumn<int>("statistic");
        QTest::addColumn<QString>("text");
        // the cell's figures below, in the units a duration is said in (model::formatDuration)
        QTest::newRow("ratio") << int(views::HeatStatistic::Ratio) << "1.06";
        QTest::newRow("median") << int(views::HeatStatistic::Median) << "40.0 µs";
        QTest::newRow("p95") << int(views::HeatStatistic::P95) << "95.0 µs";
        QTest::newRow("mean") << int(views::HeatStatistic::Mean) << "45.6 µs";
        QTest::newRow("total") << int(views::HeatStatistic::Total) << "1.23 ms";
    }
    void everyStatisticPrintsItsValueInACellBigEnough() {
        // walk 54: with Total or Mean the cells printed nothing where Ratio's printed "1.06"
        QFETCH(int, statistic);
        QFETCH(QString, text);
        auto d = twoKernels();
        d->rows = {"MatMulV2", "Add"};
        for (auto& row : d->cells)
            for (auto& cell : row) {
                cell.present = true;
                cell.count = 27;
                cell.totalNs = 1230000;
                cell.meanNs = 45600;
                cell.medianNs = 40000;
                cell.p95Ns = 95000;
                cell.ratio = 1.06;
            }
        views::HeatmapCanvas c;
        c.setData(d);
        c.setStatistic(views::HeatStatistic(statistic));
        c.resize(c.sizeHint());
        QCOMPARE(c.cellText(0, 0), text);
        QVERIFY2(c.cellShowsText(0, 0), qPrintable(QString("%1 px wide").arg(c.cellWidth())));
        const QImage img = c.grab().toImage();
        const QRect cell = c.cellRect(0, 0);
        const QRgb fill = c.scale().color(views::cellValue(d->cells[0][0], c.statistic())).rgb();
        int ink = 0;
        for (int y = cell.top() + 2; y < cell.bottom() - 2; ++y)
            for (int x = cell.left() + 2; x < cell.right() - 2; ++x)
                ink += img.pixel(x, y) != fill;
        QVERIFY2(ink > 10, qPrintable(QString("no text in the cell (%1 px)").arg(ink)));
    }
    void longNamesSharingTheirHeadGetDifferentLabels() {
        views::HeatmapCanvas c;
        auto d = twoKernels();
        QVERIFY(d->rows[0].substr(0, 60) == d->rows[1].substr(0, 60));
        c.setData(d);
        c.resize(c.sizeHint());
        const auto labels = c.rowLabels();
        QCOMPARE(labels.size(), size_t(2));
        QVERIFY2(labels[0] != labels[1], qPrintable(labels[0]));
        for (const auto& l : labels) // elided: the whole names do not fit the label column
            QVERIFY2(l.size() < int(d->rows[0].size()), qPrintable(l));
    }
    void aCutRanksCellsAreHatchedAndSaySo() {
        // walk18a #1: rank 1's trace was cut at 60 %; its cells were coloured against rank 0's whole ones
        // (1.40× where the whole file reads 1.01×) with no caveat. Its cells carry a cross-hatch (pixels),
        // rank 0's none; the op summary's rows of rank 1 say "partial", its caption and tooltip why
        auto d = twoKernels();
        for (auto& row : d->cells)
            for (auto& cell : row)
                cell = {4, 400, 100, 100, 100, 100, 1.0, false, true};
        d->cutRanks = {{1, "sampled_rank-1.json"}};
        views::HeatmapCanvas c;
        c.setData(d);
        c.resize(c.sizeHint());
        const QImage img = c.grab().toImage();
        auto hatched = [&](int col) {
            const QRect r = c.cellRect(0, col);
            int n = 0;
            for (int y = r.top() + 1; y < r.bottom(); ++y)
                for (int x = r.left() + 1; x < r.right(); ++x)
                    n += QColor(img.pixel(x, y)) == QColor(90, 90, 90);
            return n;
        };
        QVERIFY2(hatched(1) > 10, qPrintable(QString::number(hatched(1))));
        QCOMPARE(hatched(0), 0);
        {
            // walk 20b: cut before any of its kernels, rank 1 has no cell at all: its blank column read
            // as a rank that ran none. Its column is cross-hatched too
            auto none = std::make_shared<query::HeatmapData>(*d);
            for (auto& row : none->cells)
                row[1].present = false;
            views::HeatmapCanvas empty;
            empty.setData(none);
            empty.resize(empty.sizeHint());
            const QImage e = empty.grab().toImage();
            const QRect r = empty.cellRect(0, 1);
            int n = 0;
            for (int y = r.top() + 1; y < r.bottom(); ++y)
                for (int x = r.left() + 1; x < r.right(); ++x)
                    n += QColor(e.pixel(x, y)) == QColor(90, 90, 90);
            QVERIFY2(n > 10, qPrintable(QString::number(n)));
            // and its note says the column is empty, not that its ratios compare (walk 23b)
            QCOMPARE(QString::fromStdString(query::cutRanksNote(*none)),
                     QString("rank 1 (sampled_rank-1.json cut or not read): no kernel of it was read, so its "
                             "column is empty"));
        }
        // and the legend keys the cross-hatch, right of the grid, inside the picture (walk 19: an exported
        // heatmap hatched rank 1's column and explained only "no shared kernels")
        int keyed = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = c.cellRect(0, 1).right() + 12; x < img.width(); ++x)
                keyed += QColor(img.pixel(x, y)) == QColor(90, 90, 90);
        QVERIFY2(keyed > 10, qPrintable(QString::number(keyed)));
        QCOMPARE(
            QString::fromStdString(query::cutRanksNote(*d)),
            QString("rank 1 (sampled_rank-1.json cut or not read): its cells hold only the kernels read, "
                    "so its ratios compare a partial rank with whole ones"));
        views::OpSummaryModel m;
        m.setData(d);
        QCOMPARE(m.rowCount(), 4);
        int partial = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            const bool cut = m.row(r)->rankKey == 1;
            QCOMPARE(m.data(m.index(r, views::OpSummaryModel::Rank), Qt::DisplayRole).toString(),
                     cut ? QString("rank 1 (partial)") : QString("rank 0"));
            partial += m.data(m.index(r, 0), Qt::ToolTipRole).toString().contains("Partial rank");
        }
        QCOMPARE(partial, 2);
        QCOMPARE(m.cutNote(), QString::fromStdString(query::cutRanksNote(*d)));
    }
    void theLabelsTooltipIsTheWholeName() {
        views::HeatmapCanvas c;
        auto d = twoKernels();
        c.setData(d);
        c.resize(c.sizeHint());
        c.show();
        QVERIFY(QTest::qWaitForWindowExposed(&c));
        const QRect cell = c.cellRect(1, 0);
        const QPoint label(cell.left() - 20, cell.center().y());
        QHelpEvent e(QEvent::ToolTip, label, c.mapToGlobal(label));
        QApplication::sendEvent(&c, &e);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), QString::fromStdString(d->rows[1]).toHtmlEscaped());
    }
    void aCellsMedianSaysItIsTheLowerMiddle_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("said");
        // walk 30: the tooltip's "median" of an even count is the lower of the two middle values (the rule
        // of every figure shown, as the report's step medians, model/median.h): read as their mean unless
        // said
        QTest::newRow("4 kernels: two middle values") << 4 << true;
        QTest::newRow("3 kernels: one middle value") << 3 << false;
        QTest::newRow("1 kernel") << 1 << false;
    }
    void aCellsMedianSaysItIsTheLowerMiddle() {
        QFETCH(int, count);
        QFETCH(bool, said);
        views::HeatmapCanvas c;
        auto d = twoKernels();
        for (auto& row : d->cells)
            for (auto& cell : row)
                cell.present = true, cell.count = count, cell.totalNs = 4000 * count, cell.meanNs = 4000,
                cell.medianNs = 3000;
        c.setData(d);
        const QString tip = c.cellToolTip(0, 1);
        QVERIFY2(tip.contains(QString("count %1 ").arg(count)), qPrintable(tip));
        QCOMPARE(
            tip.contains("median " + views::formatDuration(3000) + " (the lower of the two middle values)"),
            said);
    }
    void aCellWithNoMedianSaysNothingOfIt() {
        // review of stop 47: the op × step and rank × step cells have no median ("-"), and an even count
        // still read "median - (the lower of the two middle values)"
        views::HeatmapCanvas c;
        auto d = twoKernels();
        for (auto& row : d->cells)
            for (auto& cell : row)
                cell.present = true, cell.count = 4, cell.totalNs = 16000, cell.meanNs = 4000,
                cell.medianNs = 0;
        c.setData(d);
        const QString tip = c.cellToolTip(0, 1);
        QVERIFY2(tip.contains("median -"), qPrintable(tip));
        QVERIFY2(!tip.contains("middle values"), qPrintable(tip));
    }
    void aCellWithNoSharedKernelHasNoRatio() {
        // walk17b #6: a cell whose kernel names no other rank ran was compared with itself and read "1.00",
        // white; it has no ratio: hatched, no number, said in its tooltip and the legend
        views::HeatmapCanvas c;
        auto d = twoKernels();
        d->mode = query::HeatmapData::Mode::OpByRank;
        for (auto& row : d->cells)
            for (auto& cell : row) {
                cell.present = true;
                cell.count = 3;
                cell.totalNs = cell.meanNs = cell.medianNs = 1000;
                cell.ratio = 1.27;
            }
        d->cells[1][0].ratio = 0;
        d->cells[1][0].noSharedKernels = true;
        c.setData(d);
        c.resize(c.sizeHint());
        c.show();
        QVERIFY(QTest::qWaitForWindowExposed(&c));
        const QImage img = c.grab().toImage();
        auto inks = [&](QRect r) {
            QSet<QRgb> colours;
            for (int y = r.top() + 2; y < r.bottom() - 2; ++y)
                for (int x = r.left() + 2; x < r.right() - 2; ++x)
                    colours.insert(img.pixel(x, y));
            return colours;
        };
        const QRgb scaleWhite = c.scale().color(1.0).rgb();
        const QSet<QRgb> uncompared = inks(c.cellRect(1, 0));
        QVERIFY2(uncompared.contains(QColor(150, 150, 150).rgb()), "no hatch"); // the hatch lines
        QVERIFY(!uncompared.contains(scaleWhite));
        QVERIFY(!uncompared.contains(c.scale().color(1.27).rgb()));
        QVERIFY(inks(c.cellRect(0, 0)).contains(c.scale().color(1.27).rgb())); // a ratio cell: its colour
        const QPoint at = c.cellRect(1, 0).center();
        QHelpEvent e(QEvent::ToolTip, at, c.mapToGlobal(at));
        QApplication::sendEvent(&c, &e);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains("ratio: none, no shared kernels"), qPrintable(QToolTip::text()));
        QVERIFY2(!QToolTip::text().contains("ratio 0.00"), qPrintable(QToolTip::text()));
        // the scale is of the ratios there are: the 0 of no ratio does not stretch it
        QCOMPARE(c.scale().hi, views::kRatioSaturation); // its floor (2× since walk 52b)
    }
};

QTEST_MAIN(TstHeatmapCanvas)
#include "tst_heatmapcanvas.moc"
