// One rule for a memory curve past its last sample, in both places that draw it (walk 6: on the msinsight
// server test data the Memory panel's curve stopped at its last sample, 12 ms, while the timeline's memory
// lane ran on to the run's end, 271 ms): the last value is held to the run's end and no further, drawn
// lighter (dashed in the panel), and the panel's legend and the lane's tooltip say it is held from the
// last sample. Samples 1 GiB at 1 ms, 2 GiB at 5 ms, 1.5 GiB at 12 ms in a run of 0–271 ms.
#include "core/query/timelinequery.h"
#include "tests/support/timelinefixture.h"
#include "views/common/heldvalue.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/hittester.h"

#include <QtTest>
#include <qcustomplot.h>

using namespace rs;
using test::kMs;

namespace {
constexpr int64_t kRunEnd = 271 * kMs, kLast = 12 * kMs;
constexpr double kGiB = double(1 << 30);
const std::vector<std::pair<int64_t, double>> kSamples = {
    {1 * kMs, kGiB}, {5 * kMs, 2 * kGiB}, {kLast, 1.5 * kGiB}};
} // namespace

class TstHeldValue : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void memoryPanelHoldsTheLastValueToTheRunsEnd() {
        // the run starts at 1 s on the profile's clock; the panel's axis counts from it
        const int64_t t0 = 1000 * kMs;
        views::InteractionState state;
        state.setBounds(t0, t0 + kRunEnd);
        views::MemoryMapView view(&state, nullptr);
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0;
        d->curveComponent = "PTA";
        for (const auto& [ts, v] : kSamples)
            d->curve.push_back({t0 + ts, v, std::numeric_limits<double>::quiet_NaN(),
                                std::numeric_limits<double>::quiet_NaN()});
        d->startNs = t0 + 1 * kMs;
        d->endNs = t0 + kLast;
        view.setProfile({}, {});
        view.setData(d);
        QCustomPlot* plot = view.plot();
        // the curve's furthest point, over every graph: the run's end (271 ms), at the last value
        double maxKey = 0, valueThere = -1;
        QCPGraph* held = nullptr;
        for (int i = 0; i < plot->graphCount(); ++i)
            for (auto it = plot->graph(i)->data()->constBegin(); it != plot->graph(i)->data()->constEnd();
                 ++it)
                if (it->key > maxKey) maxKey = it->key, valueThere = it->value, held = plot->graph(i);
        QCOMPARE(maxKey, 271.0);
        QCOMPARE(valueThere, 1.5);
        QVERIFY(held);
        // the held part is its own dashed graph from the last sample, named in the legend
        QCOMPARE(held->pen().style(), Qt::DashLine);
        QCOMPARE(held->data()->constBegin()->key, 12.0);
        QVERIFY2(held->name().startsWith("held after the last sample") && held->name().contains("12"),
                 qPrintable(held->name()));
        QVERIFY(plot->legend->hasItemWithPlottable(held));
        // the measured part stops at the last sample, solid
        QCPGraph* measured = plot->graph(0);
        QCOMPARE(measured->pen().style(), Qt::SolidLine);
        QCOMPARE((measured->data()->constEnd() - 1)->key, 12.0);
    }
    void timelineLaneHoldsItToTheRunsEndLighter() {
        test::TimelineFixture f;
        const int64_t mem = query::memoryTrackId(0);
        f.summary->endNs = kRunEnd;
        f.summary->tracks.push_back({mem, 0, "memory", "device memory (allocated)", "", 0, 3, INT64_MAX});
        f.state.setBounds(0, kRunEnd);
        f.scene.setSummary(f.summary);
        query::CounterSeries c{mem, kSamples, 2 * kGiB, true, kLast};
        f.data->counters.push_back(c);
        const views::FrameInput in = f.input(0, kRunEnd);
        const views::DrawList list = views::FrameBuilder().build(in);
        const auto tm = in.rankMapping(0);
        const views::Lane* lane = in.layout->laneOf(mem);
        QVERIFY(lane);
        const double top = in.viewport.yOf(lane->y), bottom = top + lane->height;
        // the lane's areas: the measured one ends at the last sample, the held one runs from it to the end
        std::vector<const views::Area*> areas;
        for (const auto* a : list.all<views::Area>())
            if (a->outline.boundingRect().top() >= top && a->outline.boundingRect().bottom() <= bottom)
                areas.push_back(a);
        QCOMPARE(areas.size(), size_t(2));
        QCOMPARE(areas[0]->outline.boundingRect().right(), tm.x(kLast));
        const QRectF heldBox = areas[1]->outline.boundingRect();
        QCOMPARE(heldBox.left(), tm.x(kLast));
        QCOMPARE(heldBox.right(), tm.x(kRunEnd));
        QCOMPARE(qAlpha(areas[1]->fill), views::kHeldFillAlpha);
        QVERIFY(qAlpha(areas[0]->fill) > views::kHeldFillAlpha);
        // its height: the last value (1.5 of the 2 GiB in view)
        const double h = areas[0]->outline.boundingRect().bottom() - heldBox.top();
        QVERIFY2(std::abs(h / areas[0]->outline.boundingRect().height() - 0.75) < 0.02,
                 qPrintable(QString::number(h)));
        // the tooltip past the last sample says the value is held, before it not
        const auto tipAt = [&](int64_t t) {
            return views::tooltipFor(in, views::hitTest(in, QPointF(tm.x(t), (top + bottom) / 2)));
        };
        const QString past = tipAt(100 * kMs), before = tipAt(8 * kMs);
        QVERIFY2(past.contains("1.50 GiB") && past.contains("held after the last sample"), qPrintable(past));
        QVERIFY2(before.contains("2.00 GiB") && !before.contains("held"), qPrintable(before));
        // zoomed inside the held part: all of the window's lane is held, none of it measured
        const views::FrameInput late = f.input(100 * kMs, 200 * kMs);
        int heldAreas = 0;
        const views::DrawList lateList = views::FrameBuilder().build(late); // outlives the loop's pointers
        for (const auto* a : lateList.all<views::Area>())
            heldAreas += qAlpha(a->fill) == views::kHeldFillAlpha;
        QCOMPARE(heldAreas, 1);
    }
};

QTEST_MAIN(TstHeldValue)
#include "tst_heldvalue.moc"
