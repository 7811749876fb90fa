// The op heatmap's "median" is the lower median (core/model/median.h: of an even count the lower of the two
// middle values, a duration a kernel took), the one median of every figure Rankscope shows. Its statistic
// chooser and legend name it as the op summary's column and the report do, "median (lower middle)", and an
// even-count cell's tooltip says which value it is: a plain "median" read as the mean of the two (r55c).
// The cell checked: msinsight's pytorch/text/level1 rank 0 ran 8 MatMulV2 kernels (Python over its
// kernel_details.csv, Type column: sorted durations 4th and 5th 45.921 µs and 57.241 µs), so its lower
// median is 45.921 µs where the mean of the middle two would be 51.581 µs.
#include "views/heatmap/heatmapview.h"

#include "core/query/analysisqueries.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapscale.h"

#include "tests/support/testsupport.h"

#include <QComboBox>
#include <QtTest>

using namespace rs;

namespace {
const char* kProfile = "/msinsight/test/data/pytorch/text/level1";
constexpr int64_t kLowerMedianNs = 45921;  // the 4th of 8 sorted durations (by hand, above)
constexpr int64_t kMeanOfMiddleNs = 51581; // what a plain "median" reads as: (45.921 + 57.241) / 2
} // namespace

class TstHeatmapMedianLabel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void anEvenCountCellsMedianIsNamedTheLowerMiddle() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present (RANKSCOPE_SAMPLES)");
        auto ix = test::indexDir(samples + kProfile);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto d = std::make_shared<query::HeatmapData>(query::loadOpRankHeatmap(*ix.db));
        const auto row = std::find(d->rows.begin(), d->rows.end(), "MatMulV2") - d->rows.begin();
        QVERIFY(size_t(row) < d->rows.size());
        int col = -1;
        for (size_t c = 0; c < d->columns.size(); ++c)
            if (d->columns[c] == "rank 0") col = int(c);
        QVERIFY(col >= 0);
        const auto& cell = d->cells[size_t(row)][size_t(col)];
        QCOMPARE(cell.count, int64_t(8));
        QCOMPARE(cell.medianNs, kLowerMedianNs);
        QVERIFY(cell.medianNs != kMeanOfMiddleNs);

        views::InteractionState state;
        views::HeatmapView view(&state, nullptr);
        view.resize(900, 500);
        view.setProfile({0, 1}, int64_t(2), true);
        view.setData(d);
        QComboBox* stat = nullptr; // the statistic chooser: its first item is the ratio
        for (auto* box : view.findChildren<QComboBox*>())
            if (box->count() == 5 && box->itemText(0).startsWith("ratio")) stat = box;
        QVERIFY(stat);
        const QString item = stat->itemText(int(views::HeatStatistic::Median));
        QVERIFY2(item.contains("lower middle"), qPrintable(item));
        stat->setCurrentIndex(int(views::HeatStatistic::Median));
        const QString legend = views::statisticName(view.canvas()->statistic());
        QVERIFY2(legend.contains("median (lower middle)"), qPrintable(legend));
        const QString tip = view.canvas()->cellToolTip(int(row), col);
        // the cell's own tooltip says it of an even count (evenMedianNote)
        QVERIFY2(tip.contains("median " + views::formatDuration(kLowerMedianNs) +
                              " (the lower of the two middle values)"),
                 qPrintable(tip));
    }
};

QTEST_MAIN(TstHeatmapMedianLabel)
#include "tst_heatmapmedianlabel.moc"
