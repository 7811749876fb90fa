// The comparison view on two demo runs whose difference is known (every MatMulV2 kernel ×1.08 in the
// candidate): the verdict says FAIL, every delta is listed, the delta heatmap paints MatMulV2 red on every
// rank and an unchanged op type near white (real pixels), the step overlay holds both runs' steps, and
// clicking a cell or activating a row names the op type; the worst regression's spans are asked for at
// once and, read from both indexes, hold every MatMulV2 kernel of one step in each run (the count the demo
// plan schedules, 1.08× the time) drawn in the run's colour; one AllReduce is the hit of a collective; the
// memory overlay holds both runs' curves of one rank, its caption and axis text painted whole (wrapped, not
// cut with "…"). RANKSCOPE_SHOT_DIR saves the picture.
#include "core/compare/comparisondata.h"
#include "core/demo/demogenerator.h"
#include "core/demo/demoplan.h"
#include "tests/support/testsupport.h"
#include "views/common/timemapping.h"
#include "views/common/wholelines.h"
#include "views/compare/compareview.h"
#include "views/compare/deltagrid.h"
#include "views/compare/memoryoverlay.h"
#include "views/compare/spanpairview.h"
#include "views/compare/stepoverlay.h"

#include <QBuffer>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSvgGenerator>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>
#include <limits>

using namespace rs;

namespace {
/// The text `w` paints (its SVG rendering's text nodes, joined).
/// The panel's verdict label (the widget its verdict area scrolls).
QLabel* findVerdictLabel(views::CompareView* v) {
    return qobject_cast<QLabel*>(v->verdictArea()->widget());
}
QString paintedText(QWidget& w) {
    QBuffer svg;
    svg.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&svg);
    gen.setSize(w.size());
    w.render(&gen);
    QString painted = QString::fromUtf8(svg.data()).replace("&apos;", "'");
    painted.remove(QRegularExpression("<[^>]*>"));
    return painted.simplified();
}
} // namespace

class TstCompareView : public QObject {
    Q_OBJECT
    std::shared_ptr<const compare::ComparisonData> m_data;
    std::string m_db[2];

    static int matMulsPerStep(int layers) {
        int n = 0;
        for (const auto* ops : {&demo::DemoPlan::forwardOps(), &demo::DemoPlan::backwardOps()})
            for (const auto& op : *ops)
                n += std::string_view(op.type) == "MatMulV2" ? layers : 0;
        for (const auto& op : demo::DemoPlan::optimizerOps())
            n += std::string_view(op.type) == "MatMulV2";
        return n;
    }
    compare::SpanPair spans(const compare::SpanRequest& q) {
        index::Db b(m_db[0], true), c(m_db[1], true);
        return compare::spansOfBothRuns(b, 0, c, 0, q);
    }

  private Q_SLOTS:
    void initTestCase() {
        const std::string root = test::tempDir("compareview");
        std::string db[2];
        for (int i = 0; i < 2; ++i) {
            demo::DemoOptions o = test::demoOptions(4, 8, 2);
            if (i == 1) o.scaleOp["MatMulV2"] = 1.08;
            auto ix = test::indexedDemo(root + (i ? "/demo-matmul-8pct-slower" : "/demo"), o);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            db[i] = ix.result.dbPath;
            m_db[i] = db[i];
        }
        index::Db b(db[0], true), c(db[1], true);
        m_data = std::make_shared<const compare::ComparisonData>(compare::buildComparison(b, c));
        QVERIFY(m_data->result.fail());
    }
    void showsTheComparison() {
        views::CompareView v;
        v.resize(1200, 520);
        v.setData(m_data);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QVERIFY(v.verdictText().contains("FAIL"));
        const auto& r = m_data->result;
        // one row per root, as `rankscope compare` prints them (per-rank deltas fold under their root)
        const size_t roots =
            compare::groupDeltas(r, r.regressions).size() + compare::groupDeltas(r, r.improvements).size();
        QCOMPARE(compare::groupDeltas(r, r.regressions).size(), compare::compareSummary(r).size());
        QVERIFY(roots <
                r.regressions.size() + r.improvements.size()); // MatMulV2 moved on every rank: grouped
        QCOMPARE(v.regressionList()->topLevelItemCount(), int(roots));
        int rows = 0;
        for (int i = 0; i < v.regressionList()->topLevelItemCount(); ++i)
            rows += 1 + v.regressionList()->topLevelItem(i)->childCount();
        QCOMPARE(rows, int(r.regressions.size() + r.improvements.size())); // every delta still listed
        QVERIFY(v.verdictText().contains(QString("FAIL</b>, %1 regression%2")
                                             .arg(compare::compareSummary(r).size())
                                             .arg(compare::compareSummary(r).size() == 1 ? "" : "s")));
        // the top row is core's first (by the time it costs a step), not re-sorted here
        const compare::Delta& first = *compare::groupDeltas(r, r.regressions).front().lead;
        QCOMPARE(v.regressionList()->topLevelItem(0)->text(0),
                 QString::fromStdString(compare::deltaChange(first)));
        QCOMPARE(v.regressionList()->currentItem(), v.regressionList()->topLevelItem(0));
        QVERIFY(!v.regressionList()->findItems("MatMulV2", Qt::MatchStartsWith, 1).isEmpty());
        // both runs' steady steps: 4 ranks × 7 steps (the first is a warm-up)
        int counts[2] = {0, 0};
        for (int s = 0; s < 2; ++s)
            for (int n : v.stepOverlay()->counts(s))
                counts[s] += n;
        QCOMPARE(counts[0], 28);
        QCOMPARE(counts[1], 28);
        // pooled over the matched ranks: rank-steps (walk 26: "20 steps" beside runs of 6 steps)
        QVERIFY2(v.stepOverlay()->sideTitle(0).startsWith("baseline: 28 rank-steps of 4 ranks, median "),
                 qPrintable(v.stepOverlay()->sideTitle(0)));
        // pixels of the delta heatmap: MatMulV2 red on every rank, an unchanged op type close to white
        const auto& ops = m_data->opTypes;
        const int mm = int(std::find(ops.begin(), ops.end(), "MatMulV2") - ops.begin());
        QVERIFY(mm < int(ops.size()));
        const int same = mm == 0 ? 1 : 0;
        QImage img = v.deltaGrid()->grab().toImage();
        for (int c = 0; c < int(m_data->ranks.size()); ++c) {
            const QColor hot = img.pixelColor(v.deltaGrid()->cellRect(mm, c).topLeft() + QPoint(4, 3));
            QVERIFY2(hot.red() > hot.blue() + 40, qPrintable(hot.name()));
            const QColor calm = img.pixelColor(v.deltaGrid()->cellRect(same, c).topLeft() + QPoint(4, 3));
            QVERIFY2(std::abs(calm.red() - calm.blue()) < 40 && calm.lightness() > 180,
                     qPrintable(calm.name()));
        }
        // clicking MatMulV2 on rank 2 names it
        QSignalSpy chosen(&v, &views::CompareView::opTypeChosen);
        QTest::mouseClick(v.deltaGrid(), Qt::LeftButton, {}, v.deltaGrid()->cellRect(mm, 2).center());
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen[0][0].toString(), QString("MatMulV2"));
        QCOMPARE(chosen[0][1].toInt(), 2);
    }
    void deltaLegendIsWholeAtAnyWidth() {
        // walk 23 #4: the 8-rank demo's grid in a 1200 px window kept its 56 px cells and cut the legend off
        // at the panel's edge. At widths from the narrowest the grid asks for to a wide one: the legend's
        // swatch (red on top, blue below) right of the last column, and its labels' ink ends inside the grid
        views::DeltaGrid g;
        g.setData(m_data);
        const int last = int(m_data->ranks.size()) - 1;
        for (int w : {std::max(280, g.minimumSizeHint().width()), 300, 380, 460, 900}) {
            if (w < g.minimumSizeHint().width())
                continue; // narrower than it asks for: its scroll area scrolls
            g.resize(w, 300);
            const QImage img = g.grab().toImage();
            const QRect cell = g.cellRect(0, last);
            const QColor base = g.palette().color(QPalette::Base);
            bool hot = false, cold = false;
            int rightmostInk = -1;
            const QRect bar = g.legendBarRect();
            for (int y = cell.top(); y <= bar.bottom() && y < img.height(); ++y)
                for (int x = cell.right() + 2; x < img.width(); ++x) {
                    const QColor c = img.pixelColor(x, y);
                    if (c == base) continue;
                    rightmostInk = std::max(rightmostInk, x);
                    hot |= y < bar.top() + 6 && c.red() > c.blue() + 40;
                    cold |= y > bar.bottom() - 6 && c.blue() > c.red() + 40;
                }
            QVERIFY2(hot && cold, qPrintable(QString("%1 px: no legend swatch").arg(w)));
            QVERIFY2(
                rightmostInk < img.width() - 2,
                qPrintable(
                    QString("%1 px: the legend's ink reaches the edge (x %2)").arg(w).arg(rightmostInk)));
        }
    }
    void theSpansFollowTheCurrentRow() {
        // walk 51b: selecting another row wrapped its text under the list while the side-by-side spans
        // stayed the top row's (MatMulV2's): the spans are asked for the current row's delta
        views::CompareView v;
        v.resize(1200, 700);
        QSignalSpy wanted(&v, &views::CompareView::spansWanted);
        v.setData(m_data);
        QCOMPARE(wanted.count(), 1); // the top row's, without a click
        QTreeWidgetItem* other = nullptr;
        for (QTreeWidgetItemIterator it(v.regressionList()); *it && !other; ++it)
            if ((*it)->data(3, Qt::UserRole).isValid() && (*it)->data(3, Qt::UserRole).toInt() >= 0 &&
                (*it) != v.regressionList()->topLevelItem(0))
                other = *it;
        QVERIFY(other);
        v.regressionList()->setCurrentItem(other);
        QCOMPARE(wanted.count(), 2);
        const int k = other->data(3, Qt::UserRole).toInt();
        const auto& r = m_data->result;
        const compare::Delta& d = size_t(k) < r.regressions.size()
                                      ? r.regressions[size_t(k)]
                                      : r.improvements[size_t(k) - r.regressions.size()];
        QCOMPARE(wanted.last()[0].value<compare::SpanRequest>().kind, d.kind);
        QCOMPARE(QString::fromStdString(wanted.last()[0].value<compare::SpanRequest>().opType),
                 QString::fromStdString(d.opType));
    }

    void spansOfTheWorstRegression() {
        views::CompareView v;
        v.resize(1200, 700);
        QSignalSpy wanted(&v, &views::CompareView::spansWanted);
        v.setData(m_data);
        QCOMPARE(wanted.count(), 1); // asked for without a click: the top row's, by core's order
        const auto& regs = m_data->result.regressions;
        QCOMPARE(wanted[0][0].value<compare::SpanRequest>().kind,
                 compare::groupDeltas(m_data->result, regs).front().lead->kind);
        const auto activate = [&](int k) {
            QTreeWidgetItemIterator it(v.regressionList());
            for (; *it; ++it)
                if ((*it)->data(3, Qt::UserRole).toInt() == k) break;
            QVERIFY(*it);
            Q_EMIT v.regressionList()->itemActivated(*it, 0);
        };
        // MatMulV2's figure over every rank
        const auto all =
            std::find_if(regs.begin(), regs.end(), [](const auto& d) { return !d.rank && d.kind == "op"; });
        const auto one = std::find_if(regs.begin(), regs.end(), [](const auto& d) { return bool(d.rank); });
        QVERIFY(all != regs.end() && one != regs.end());
        activate(int(all - regs.begin()));
        const auto q = wanted.last()[0].value<compare::SpanRequest>();
        QCOMPARE(q.kind, std::string("op"));
        QCOMPARE(q.opType, std::string("MatMulV2"));
        QVERIFY(std::find(m_data->ranks.begin(), m_data->ranks.end(), q.dataRank) != m_data->ranks.end());
        auto pair = std::make_shared<const compare::SpanPair>(spans(q));
        for (const auto& s : pair->side) {
            QVERIFY(s.found);
            QCOMPARE(s.hits, int64_t(matMulsPerStep(2)));
            QVERIFY(!s.truncated);
        }
        QCOMPARE(pair->side[0].step, pair->side[1].step); // the same step number in both runs
        const double ratio = double(pair->side[1].hitNs) / double(pair->side[0].hitNs);
        QVERIFY2(std::abs(ratio - 1.08) < 0.02, qPrintable(QString::number(ratio)));
        v.setSpans(pair);
        // MatMulV2's figure over every rank: the strip says so, then whose spans it shows (walk 13 read
        // "on rank 4" for an every-rank delta); a rank's own delta names its rank
        activate(int(all - regs.begin()));
        const auto qa = wanted.last()[0].value<compare::SpanRequest>();
        v.setSpans(pair);
        QVERIFY2(v.spanPairView()->subject().contains(
                     QString("over all ranks together (one rank's own change can differ: its row says); the "
                             "spans of rank %1, where it moved most")
                         .arg(qa.dataRank)),
                 qPrintable(v.spanPairView()->subject()));
        activate(int(one - regs.begin()));
        v.setSpans(pair);
        QVERIFY2(v.spanPairView()->subject().endsWith(QString(" on rank %1").arg(*one->rank)),
                 qPrintable(v.spanPairView()->subject()));
        v.setSpans(pair);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        // pixels: a hit in the run's colour, a kernel of another type in grey
        auto* view = v.spanPairView();
        view->resize(std::max(view->width(), 900), view->sizeHint().height());
        const QImage img = view->grab().toImage();
        for (int side = 0; side < 2; ++side) {
            const auto& ss = pair->side[side].spans;
            const QColor want =
                side ? views::StepOverlay::candidateColor() : views::StepOverlay::baselineColor();
            size_t hit = ss.size(), other = ss.size();
            for (size_t i = 0; i < ss.size(); ++i) {
                if (ss[i].hit && (hit == ss.size() || ss[i].durNs > ss[hit].durNs)) hit = i;
                if (!ss[i].hit && (other == ss.size() || ss[i].durNs > ss[other].durNs)) other = i;
            }
            QVERIFY(hit < ss.size() && other < ss.size());
            QCOMPARE(img.pixelColor(view->spanRect(side, hit).center().toPoint()).rgb(), want.rgb());
            QCOMPARE(img.pixelColor(view->spanRect(side, other).center().toPoint()).rgb(),
                     view->palette().mid().color().rgb());
        }
        // a collective's spans: the step's first AllReduce, once per run
        compare::SpanRequest cq{"collective", "hcom_allReduce_", 0, q.dataRank};
        const auto cp = spans(cq);
        QCOMPARE(cp.side[0].hits, int64_t(1));
        QCOMPARE(cp.side[1].hits, int64_t(1));
        // memory of one rank in both runs; the curve keeps the samples' peak
        const auto* mem = v.memoryOverlay();
        QVERIFY(!mem->curve(0).empty() && !mem->curve(1).empty());
        QCOMPARE(mem->curve(0).dataRank, mem->curve(1).dataRank);
        index::Db b(m_db[0], true);
        const int64_t peak = b.scalar("SELECT max(allocated_bytes) FROM memory_samples WHERE rank = " +
                                      std::to_string(mem->curve(0).dataRank) + " AND component = '" +
                                      mem->curve(0).component + "'");
        double top = -1;
        for (double x : mem->curve(0).allocated)
            if (!std::isnan(x)) top = std::max(top, x);
        QCOMPARE(int64_t(top), peak);
        // the value held after the last bucket is the last sample's, in the order recorded
        const int64_t last = b.scalar("SELECT allocated_bytes FROM memory_sample WHERE rank = " +
                                      std::to_string(mem->curve(0).dataRank) + " AND component = '" +
                                      mem->curve(0).component + "' ORDER BY ts_ns DESC, rowid DESC LIMIT 1");
        QCOMPARE(int64_t(mem->curve(0).allocatedLast.back()), last);
        // the peaks compare judges (memory_summary: one component's allocated and reserved) are this
        // curve's on the demo (PTA), so no second pair is stated; the reserved peak is PTA's own
        const int64_t judged = b.scalar("SELECT peak_reserved_bytes FROM memory_summary WHERE rank = " +
                                        std::to_string(mem->curve(0).dataRank));
        QCOMPARE(
            judged,
            b.scalar("SELECT max(reserved_bytes) FROM memory_samples WHERE component = 'PTA' AND rank = " +
                     std::to_string(mem->curve(0).dataRank)));
        QVERIFY2(!mem->sideText(0).contains("compared peaks") &&
                     mem->sideText(0).contains("/ " + views::formatBytes(judged)),
                 qPrintable(mem->sideText(0)));
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR"))
            v.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/compare.png");
    }
    void memoryHoldsItsValueBetweenSamples() {
        // walk 7's d8: allocated 1.75 GiB from 12.3 ms to the next sample at 214.6 ms, nothing between; a
        // straight line from sample to sample drew it falling across the stall
        const double gib = 1024.0 * 1024 * 1024;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        compare::MemoryCurve c;
        c.dataRank = 0;
        c.component = "PTA";
        c.tNs = {0, 12.3e6, 214.6e6, 222e6};
        // the 12.3 ms bucket rose to 1.9375 GiB and ended at 1.75 GiB (d8 rank 0's samples): the last
        // value holds, not the bucket's peak
        c.allocated = {1.0 * gib, 1.9375 * gib, 0.5 * gib, 0.5 * gib};
        c.allocatedLast = {1.0 * gib, 1.75 * gib, 0.5 * gib, 0.5 * gib};
        c.reserved = c.reservedLast = {nan, nan, nan, nan};
        views::MemoryOverlay m;
        m.resize(600, 300);
        m.setCurves(c, {});
        QImage img(m.size(), QImage::Format_ARGB32);
        m.render(&img);
        // the plot's rectangle: the flat part's height, from the axis maximum
        const QRect plot = m.geometry().plot;
        const int bottom = plot.bottom();
        const double flatY = bottom - 1.75 * gib / m.yMax() * plot.height();
        const QColor blue = views::StepOverlay::baselineColor();
        for (double ms : {50.0, 100.0, 200.0}) {
            const int x = int(std::lround(m.xOf(ms * 1e6)));
            int lowest = -1; // the lowest baseline-blue pixel in the column
            for (int y = plot.top(); y <= bottom; ++y) {
                const QColor px = img.pixelColor(x, y);
                if (std::abs(px.red() - blue.red()) + std::abs(px.green() - blue.green()) +
                        std::abs(px.blue() - blue.blue()) <
                    60)
                    lowest = y;
            }
            QVERIFY2(
                lowest >= 0 && std::abs(lowest - flatY) <= 3,
                qPrintable(
                    QString("at %1 ms: curve at y %2, held value at %3").arg(ms).arg(lowest).arg(flatY)));
        }
        // the caption says what is drawn: the whole run, not "from the first step"
        QVERIFY2(m.caption().contains("whole run") && !m.caption().contains("from each run's first step"),
                 qPrintable(m.caption()));
        QVERIFY(m.xAxisText().contains("first step"));
    }
    void aShortPanelShowsTheRegressionList() {
        // walk 52 (800 × 600): the Comparison dock showed its wrapped verdict alone, the regression list
        // and the heatmap pushed out below its edge. The verdict scrolls in at most a share of the panel
        // (and a few lines); the panel, in its dock's scroll area, shows the list's rows in the first screen
        QScrollArea dock; // as the app's DockScrollArea holds it
        dock.setFrameShape(QFrame::NoFrame);
        dock.setWidgetResizable(true);
        auto* v = new views::CompareView;
        dock.setWidget(v);
        v->setData(m_data);
        dock.resize(540, 200);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QVERIFY(v->verdictArea()->height() <= int(v->height() * views::CompareView::kVerdictShare));
        auto* list = v->regressionList();
        const int row = list->visualItemRect(list->topLevelItem(0)).height();
        QVERIFY(row > 0);
        const QRect shown(list->viewport()->mapTo(v, QPoint()), list->viewport()->size());
        QVERIFY2(shown.height() >= 2 * row && shown.top() + 2 * row < dock.viewport()->height(),
                 qPrintable(QString("the list's rows at %1-%2 px of a %3 px dock")
                                .arg(shown.top())
                                .arg(shown.bottom())
                                .arg(dock.viewport()->height())));
        // the verdict whole, by scrolling its area
        QVERIFY(v->verdictArea()->verticalScrollBar()->maximum() > 0);
    }
    void noPartIsDrawnOverAnother_data() {
        QTest::addColumn<QSize>("dock");
        QTest::newRow("1600x1000 window's dock") << QSize(960, 180);
        QTest::newRow("800x600 window's dock") << QSize(620, 130);
        QTest::newRow("a tall dock") << QSize(1200, 620);
    }
    void noPartIsDrawnOverAnother() {
        // walk 52b (29.png, 37.png, 64z.png): in the ~180 px dock the current row's wrapped text was drawn
        // over the list and the spans, the step histogram's labels ("13.6 ms", "baseline: 152 rank-steps")
        // over each other, the memory strip cut to two lines. Each part keeps its minimum (the charts the
        // height their own painting asks for); a dock shorter than the sum scrolls the panel
        QFETCH(QSize, dock);
        QScrollArea area; // as the app's DockScrollArea holds the panel
        area.setFrameShape(QFrame::NoFrame);
        area.setWidgetResizable(true);
        auto* v = new views::CompareView;
        area.setWidget(v);
        v->setData(m_data);
        area.resize(dock);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        auto* list = v->regressionList();
        list->setCurrentItem(list->topLevelItem(0)); // its wrapped text under the list
        QVERIFY(!v->rowDetails()->text().isEmpty());
        QCoreApplication::processEvents();
        // what of a widget is on screen: its rectangle in the panel, clipped by every parent's
        const auto seen = [v](QWidget* w) {
            QRect r(w->mapTo(v, QPoint()), w->size());
            for (QWidget* p = w->parentWidget(); p && p != v; p = p->parentWidget())
                r &= QRect(p->mapTo(v, QPoint()), p->size());
            return r;
        };
        const QList<QPair<QString, QWidget*>> parts = {
            {"verdict", v->verdictArea()}, {"swap", v->swapButton()},     {"list", list},
            {"row text", v->rowDetails()}, {"spans", v->spanPairView()},  {"heatmap", v->deltaGrid()},
            {"steps", v->stepOverlay()},   {"memory", v->memoryOverlay()}};
        for (const auto& [name, w] : parts) {
            QVERIFY2(w->isVisible(), qPrintable(name));
            QVERIFY2(!seen(w).isEmpty(), qPrintable(name + " has no pixel on screen"));
        }
        for (int i = 0; i < parts.size(); ++i)
            for (int k = i + 1; k < parts.size(); ++k) {
                const QRect a = seen(parts[i].second), b = seen(parts[k].second);
                QVERIFY2(!a.intersects(b), qPrintable(QString("%1 (%2,%3 %4x%5) over %6 (%7,%8 %9x%10)")
                                                          .arg(parts[i].first)
                                                          .arg(a.x())
                                                          .arg(a.y())
                                                          .arg(a.width())
                                                          .arg(a.height())
                                                          .arg(parts[k].first)
                                                          .arg(b.x())
                                                          .arg(b.y())
                                                          .arg(b.width())
                                                          .arg(b.height())));
            }
        // each at least its minimum; the charts at least the minimum their painting was made for (a fresh
        // one's: a title line, both sides' titles, the plot and its axis labels; the panel once set less)
        const views::StepOverlay freshSteps;
        const views::MemoryOverlay freshMemory;
        for (const auto& [name, w] : parts)
            QVERIFY2(w->height() >= w->minimumHeight(),
                     qPrintable(QString("%1: %2 px").arg(name).arg(w->height())));
        QVERIFY2(v->stepOverlay()->height() >= freshSteps.minimumHeight(),
                 qPrintable(QString::number(v->stepOverlay()->height())));
        QVERIFY2(v->memoryOverlay()->height() >= freshMemory.minimumHeight(),
                 qPrintable(QString::number(v->memoryOverlay()->height())));
        QVERIFY2(list->viewport()->height() >= 3 * list->visualItemRect(list->topLevelItem(0)).height(),
                 "three rows of the list");
    }
    void captionIsShownWhole() {
        // walk 10: at the panel's width the caption ended "peaks alloc…" and the axis' text "first memory
        // sampl…". Both wrap now: every word is painted (the SVG of the widget holds the painted text)
        compare::MemoryCurve c;
        c.dataRank = 0;
        c.component = "PTA";
        c.tNs = {0, 1e6};
        c.allocated = c.allocatedLast = {1e9, 1e9};
        c.reserved = c.reservedLast = {2e9, 2e9};
        views::MemoryOverlay m;
        m.resize(420, 220);
        m.setCurves(c, c);
        const QString painted = paintedText(m);
        QVERIFY2(!painted.contains(QString::fromUtf8("…")), qPrintable(painted));
        for (const QString& whole : {m.caption(), m.xAxisText()})
            for (const QString& word : whole.split(' '))
                QVERIFY2(painted.contains(word), qPrintable(word + " is not painted in: " + painted));
        // wrapped onto more lines, above the plot and under it
        const auto g = m.geometry();
        QVERIFY(g.caption.height() > QFontMetrics(m.font()).height() + 2);
        QVERIFY(g.caption.bottom() < g.plot.top() && g.axisText.top() > g.plot.bottom());
        QVERIFY(g.axisText.bottom() <= m.height());
        // the span pair's note above its steps (walk 10: "… (the median step, 3, c" at the panel's edge)
        auto pair = std::make_shared<compare::SpanPair>();
        pair->notes = {"step 2: the step whose wait changed most (the median step, 3, carries little of it); "
                       "a longer note that cannot stand on one line of this width"};
        views::SpanPairView sp;
        sp.resize(300, 200);
        sp.setSpans(pair, "communication wait per step +101 ms on rank 6");
        const QString spText = paintedText(sp);
        for (const QString& word : QString::fromStdString(pair->notes[0]).split(' '))
            QVERIFY2(spText.contains(word), qPrintable(word + " is not painted in: " + spText));
        QVERIFY(sp.noteRect(0).height() > QFontMetrics(sp.font()).height() + 2);
    }
    void spanStripLinesAreNeverCut() {
        // the span strip's side line ("candidate · step 50 · wall 132 ms (its events span 152 ms) ·
        // collective wait …") and its subject were one fixed line each, cut at the panel's right edge (walk
        // 12): each wraps now, and the lanes start below it
        auto pair = std::make_shared<compare::SpanPair>();
        pair->request.kind = "comm_wait";
        for (auto& side : pair->side) {
            side.found = true;
            side.step = 50;
            side.stepNs = 152000000;
            side.wallNs = 132000000;
            side.waitNs = 3690000;
            side.hits = 4;
            side.hitNs = 102000000;
            side.lanes = {"Stream 7", "Communication"};
            side.spans = {{1, 1000000, 2000000, true, "hcom_allReduce__123"}};
        }
        views::SpanPairView sp;
        sp.resize(300, 400);
        sp.setSpans(pair, "communication wait per step +101 ms on rank 6 (the worst of 8 ranks)");
        QFont bold = sp.font();
        bold.setBold(true);
        const auto fits = [&](const QRect& r, const QFont& f, const QString& text) {
            const QRect need = QFontMetrics(f).boundingRect(r, Qt::TextWordWrap, text);
            return r.left() >= 0 && r.right() < sp.width() && need.height() <= r.height() &&
                   need.right() <= r.right();
        };
        QVERIFY(fits(sp.subjectRect(), bold,
                     "communication wait per step +101 ms on rank 6 (the worst of 8 ranks)"));
        for (int side = 0; side < 2; ++side) {
            const QString t = sp.titleText(side);
            QVERIFY2(QFontMetrics(sp.font()).horizontalAdvance(t) > sp.width(),
                     qPrintable(t)); // needs a wrap
            QVERIFY2(fits(sp.titleRect(side), sp.font(), t), qPrintable(t));
            QVERIFY(sp.spanRect(side, 0).top() > sp.titleRect(side).bottom());
        }
        QVERIFY(sp.titleRect(1).top() > sp.spanRect(0, 0).bottom());
    }
    void anotherWorkloadIsNoFail() {
        // the candidate's op types renamed: no op type in common, so not one workload, whatever its figures
        // (mindinsight cluster_propose vs HTA trace_filter read FAIL with 2 regressions in the CLI)
        compare::BaselineRecord b = m_data->baseline, c = m_data->candidate;
        std::map<std::string, double> renamed;
        for (const auto& [op, share] : c.opShare)
            renamed["other:" + op] = share;
        c.opShare = renamed;
        auto data = std::make_shared<compare::ComparisonData>(*m_data);
        data->baseline = b;
        data->candidate = c;
        data->result = compare::compareRecords(b, c);
        QVERIFY(!data->result.unrelated.empty());
        QVERIFY(data->result.regressions.empty() && data->result.improvements.empty());
        QCOMPARE(compare::verdictExitCode(data->result), 4);
        views::CompareView v;
        v.setData(data);
        QVERIFY2(v.verdictText().contains("<b>INCONCLUSIVE</b>: the runs share 0 of ") &&
                     v.verdictText().contains("not one workload, no verdict") &&
                     !v.verdictText().contains("FAIL") && !v.verdictText().contains("PASS"),
                 qPrintable(v.verdictText()));
        // walk 18a: no threshold sentence after a verdict that judged nothing ("… not the change beyond the
        // thresholds …, 0 improvements"), and no cell coloured as a change of speed
        const QString headline = v.verdictText().section("<br>", 0, 0); // the notes follow
        QVERIFY2(!headline.contains("beyond the thresholds") && !headline.contains("improvement"),
                 qPrintable(headline));
        QVERIFY2(v.deltaGrid()->emptyReason().startsWith("Not drawn: the runs share 0 of "),
                 qPrintable(v.deltaGrid()->emptyReason()));
    }
    void nothingMatchedIsNoPass() {
        // two records with no rank in common (another job's ranks): nothing compared, so no PASS
        compare::BaselineRecord b = m_data->baseline, c = m_data->candidate;
        std::map<int, compare::RankStats> moved;
        for (auto& [rank, rr] : c.ranks)
            moved[rank + 100] = rr;
        c.ranks = moved;
        auto data = std::make_shared<compare::ComparisonData>(*m_data);
        data->baseline = b;
        data->candidate = c;
        data->result = compare::compareRecords(b, c);
        data->ranks.clear(); // the grid's columns are the matched ranks (buildComparison)
        data->ratio.clear();
        QVERIFY(data->result.regressions.empty());
        QVERIFY(data->result.inconclusive());
        QCOMPARE(compare::verdictExitCode(data->result), 4);
        views::CompareView v;
        v.setData(data);
        QVERIFY2(v.verdictText().contains("INCONCLUSIVE") && !v.verdictText().contains("PASS"),
                 qPrintable(v.verdictText()));
        QVERIFY(v.verdictText().contains("no rank is in both runs"));
        // no verdict, but the count is still said (walk 19: "nothing compared, no verdict; beyond the
        // thresholds" dropped it)
        QVERIFY2(v.verdictText().contains("(no verdict), 0 regressions beyond the thresholds"),
                 qPrintable(v.verdictText()));
        // and the charts say so instead of drawing each run's own ranks as if they were matched
        QVERIFY(v.stepOverlay()->note().contains("No rank is in both runs"));
        QVERIFY(v.memoryOverlay()->note().contains("No rank is in both runs"));
        // walk 11: op labels and a legend over no cell, unexplained; the grid says why it is empty
        QVERIFY2(v.deltaGrid()->emptyReason().startsWith("No rank is in both runs (4 in the baseline, 4 in "
                                                         "the candidate)"),
                 qPrintable(v.deltaGrid()->emptyReason()));
        // ranks matched but no op type in both runs: what each side has of its own, not "none above the
        // share"
        auto noOps = std::make_shared<compare::ComparisonData>(*m_data);
        noOps->opTypes.clear();
        noOps->ratio.clear();
        noOps->result.opTypes.clear();
        noOps->result.opTypesOnlyInBaseline = {"MatMulV2"};
        noOps->result.opTypesOnlyInCandidate = {"Conv2D", "Add"};
        v.setData(noOps);
        QVERIFY2(
            v.deltaGrid()->emptyReason().startsWith("No op type is in both runs: 1 above the share (1 % of "
                                                    "the device time) only in the baseline, 2 only in "
                                                    "the candidate"),
            qPrintable(v.deltaGrid()->emptyReason()));
        v.setData(m_data); // a comparison with matched ranks draws them
        QVERIFY(v.stepOverlay()->note().isEmpty() && v.memoryOverlay()->note().isEmpty());
        QVERIFY(v.deltaGrid()->emptyReason().isEmpty());
    }
    void anUnknownWaitIsAGreyRow() {
        // walk 12: an unknown wait (waitknowledge.h) read as 0 ns and listed as a -100 % improvement
        auto data = std::make_shared<compare::ComparisonData>(*m_data);
        data->baseline.waitUnknown = "no collective was matched across the ranks";
        data->baseline.waitNsPerStep = 0;
        for (auto& [rank, rr] : data->baseline.ranks)
            rr.waitNsPerStep = 0;
        data->result = compare::compareRecords(data->baseline, data->candidate);
        views::CompareView v;
        v.setData(data);
        int greys = 0;
        for (int i = 0; i < v.regressionList()->topLevelItemCount(); ++i) {
            const auto* it = v.regressionList()->topLevelItem(i);
            QVERIFY2(!it->text(1).startsWith("communication wait per step") ||
                         it->text(0) == "not comparable",
                     qPrintable(it->text(0) + " " + it->text(1)));
            if (it->text(0) == "not comparable") {
                ++greys;
                QVERIFY2(it->text(1).contains("the baseline's wait is not known (no collective was matched"),
                         qPrintable(it->text(1)));
            }
        }
        QCOMPARE(greys, 2); // the wait, and the collectives' transfer (a duration minus that wait)
        QVERIFY(v.stepOverlay()->note().isEmpty()); // the steps are steps: drawn
        // a pseudo step is not drawn beside steps as one (resource run 0: 6.04 s "step" vs 179 ms)
        data->baseline.stepsUnknown = "no step marks: its whole trace is one pseudo step";
        data->result = compare::compareRecords(data->baseline, data->candidate);
        v.setData(data);
        QVERIFY2(v.stepOverlay()->note().startsWith("Not comparable: the baseline has no real steps"),
                 qPrintable(v.stepOverlay()->note()));
        QVERIFY(v.verdictText().contains("FAIL")); // MatMulV2 is still known on both sides
    }
    void aFigureOverRanksSaysWhatItIsInTheList() {
        // the Rank column of a row whose figures are over every rank says what they are of them (the
        // median of the ranks), as `compare`'s text and JSON do; a rank's own row says its rank
        views::CompareView v;
        v.setData(m_data);
        int said = 0;
        for (int i = 0; i < v.regressionList()->topLevelItemCount(); ++i) {
            const auto* it = v.regressionList()->topLevelItem(i);
            if (it->text(2) == "on every rank") QFAIL(qPrintable("bare: " + it->text(1)));
            if (it->text(2).startsWith("on every rank (figures: median of ")) ++said;
            for (int k = 0; k < it->childCount(); ++k)
                if (it->child(k)->text(2) == "all") QFAIL(qPrintable("bare all: " + it->child(k)->text(1)));
        }
        QVERIFY(said > 0);
    }
    void aRowsWholeTextIsReadableInANarrowPanel() {
        // r51b #2: in the panel's list a few hundred pixels wide the MatMulV2 row read "MatMulV2 per step;
        // median +30.0 % (124 µs -> 161" and stopped there: ", each the median of 8 ranks)", the rank
        // column and both values were past the edge. The row's whole line (as `rankscope compare` prints
        // it) is every column's tooltip and, for the current row, the wrapped text under the list. The demo
        // pair has 4 ranks, MatMulV2 ×1.08 on each: its time per step and its median both moved
        views::CompareView v;
        v.resize(640, 420);
        v.setData(m_data);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        const auto lines = compare::compareSummary(m_data->result);
        auto* list = v.regressionList();
        QTreeWidgetItem* matMul = nullptr;
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            auto* it = list->topLevelItem(i);
            for (int c = 0; c < list->columnCount(); ++c)
                QCOMPARE(it->toolTip(c), QString::fromStdString(lines[size_t(i)]));
            if (it->text(1).startsWith("MatMulV2")) matMul = it;
        }
        QVERIFY(matMul);
        const QString whole = matMul->toolTip(1);
        QVERIFY2(whole.contains("each the median of 4 ranks); median +") &&
                     whole.endsWith(", each the median of 4 ranks)"),
                 qPrintable(whole));
        // the row is shortened in the list (the reason for the rest): some column's text is wider than its
        // column, elided there (r56c: the columns stay within the list's view, never past its edge)
        const QFontMetrics fm(list->font());
        bool shortened = false;
        for (int c = 0; c < list->columnCount(); ++c)
            shortened |= fm.horizontalAdvance(matMul->text(c)) > list->header()->sectionSize(c);
        QVERIFY(shortened);
        QVERIFY(list->header()->length() <= list->viewport()->width());
        list->setCurrentItem(matMul);
        QLabel* details = v.rowDetails();
        QVERIFY(details->isVisible() && details->wordWrap());
        QCOMPARE(details->text(), whole);
        QVERIFY2(details->width() <= list->width(), "the text wraps within the list's width");
        // a per-rank child reads whole too
        QVERIFY(matMul->childCount() > 0);
        const QString child = matMul->child(0)->toolTip(0);
        QVERIFY2(child.startsWith("MatMulV2 ") && child.contains(" on rank ") && child.contains(" -> "),
                 qPrintable(child));
        list->setCurrentItem(matMul->child(0));
        QCOMPARE(details->text(), child);
    }
    void linkAndBankRowsChooseWhatTheyName() {
        // walk 32: a link's row (named by its group's hash, its bandwidth and time two rows) and a bank
        // anomaly's row selected nothing; now one row per link naming the group by its ranks, and each row
        // says what it is about
        auto data = std::make_shared<compare::ComparisonData>(*m_data);
        compare::LinkStat slow{1, 2, "HCCS", "9738785293833666908", "global", 24.8, 1.35e6, {0, 1, 2, 3}};
        data->baseline.links[slow.key()] = slow;
        slow.bandwidthGBps = 14.2, slow.timeNsPerStep = 2.37e6;
        data->candidate.links[slow.key()] = slow;
        data->baseline.banksChecked = data->candidate.banksChecked = true;
        data->candidate.bankAnomalies.push_back({1, "Cast", "[0]", "[5]"}); // not one the demo has
        data->result = compare::compareRecords(data->baseline, data->candidate);
        views::CompareView v;
        QSignalSpy links(&v, &views::CompareView::linkChosen), banks(&v, &views::CompareView::bankChosen);
        v.setData(data);
        QTreeWidgetItem *link = nullptr, *bank = nullptr;
        for (int i = 0; i < v.regressionList()->topLevelItemCount(); ++i) {
            auto* it = v.regressionList()->topLevelItem(i);
            if (it->text(1).startsWith("link ")) {
                QVERIFY2(!link, "two rows for one link");
                link = it;
            }
            if (it->text(1).startsWith("HBM bank anomaly")) bank = it;
        }
        QVERIFY(link && bank);
        QVERIFY2(link->text(1).contains("in group of ranks 0-3 transfer time per step; bandwidth -42.7 %"),
                 qPrintable(link->text(1)));
        QVERIFY(!link->text(1).contains("9738785293833666908"));
        Q_EMIT v.regressionList()->itemActivated(link, 0);
        QCOMPARE(links.count(), 1);
        QCOMPARE(links[0][0].toLongLong(), 1LL);
        QCOMPARE(links[0][1].toLongLong(), 2LL);
        QCOMPARE(links[0][2].toString(), QString("9738785293833666908")); // the data's id, to find the cell
        Q_EMIT v.regressionList()->itemActivated(bank, 0);
        QCOMPARE(banks.count(), 1);
        QCOMPARE(banks[0][0].toString(), QString("Cast"));
        QCOMPARE(banks[0][1].toInt(), 1);
    }
    void linksThatMovedAlikeAreOneRow() {
        // as `rankscope compare` prints them: three links of one group each ~+75 % are one row naming the
        // group, every link's two figures its children
        auto data = std::make_shared<compare::ComparisonData>(*m_data);
        for (int dst = 1; dst <= 3; ++dst) {
            compare::LinkStat l{0, dst, "HCCS", "9738785293833666908", "global", 24.8, 1.35e6, {0, 1, 2, 3}};
            data->baseline.links[l.key()] = l;
            l.bandwidthGBps = 14.2 - 0.1 * dst, l.timeNsPerStep = 2.37e6 + 1e4 * dst;
            data->candidate.links[l.key()] = l;
        }
        data->result = compare::compareRecords(data->baseline, data->candidate);
        views::CompareView v;
        v.setData(data);
        int rows = 0;
        for (int i = 0; i < v.regressionList()->topLevelItemCount(); ++i) {
            const auto* it = v.regressionList()->topLevelItem(i);
            QVERIFY2(!it->text(1).startsWith("link "), qPrintable(it->text(1)));
            if (!it->text(1).startsWith("links of group of ranks 0-3 transfer time per step; bandwidth"))
                continue;
            ++rows;
            QVERIFY2(it->text(2).startsWith("on 3 links ("), qPrintable(it->text(2)));
            QCOMPARE(it->childCount(), 5); // the lead's bandwidth, the two other links' time and bandwidth
        }
        QCOMPARE(rows, 1);
    }
    void aWaitDeltaShowsTheStepThatCarriesIt() {
        // walk 10: a wait regression that one step carries (the demo's stall) was pictured with the median
        // step, where both runs wait alike
        const std::string root = test::tempDir("compareview-wait");
        demo::DemoOptions healthy = test::demoOptions(4, 8, 2), stalled = healthy;
        healthy.healthy = true;
        const demo::DemoTruth truth = demo::demoTruth(stalled);
        auto b = test::indexedDemo(root + "/baseline", healthy);
        auto c = test::indexedDemo(root + "/candidate", stalled);
        QVERIFY2(b.result.ok && c.result.ok, (b.result.error + c.result.error).c_str());
        index::Db bdb(b.result.dbPath, true), cdb(c.result.dbPath, true);
        compare::SpanRequest q;
        q.kind = "comm_wait";
        q.dataRank = (truth.stallRank + 1) % 4; // a rank that waited for the stalled one
        const compare::SpanPair p = compare::spansOfBothRuns(bdb, 0, cdb, 0, q);
        QCOMPARE(p.side[0].step, truth.stallStep);
        QCOMPARE(p.side[1].step, truth.stallStep);
        QVERIFY(p.side[1].hits > 0);
    }
    void oneStepIsOneStep() {
        // a legacy run compared with a run of one steady step read "1 steps"
        views::StepOverlay o;
        // under three steps the steps themselves, shortest first: no median to misread (walk 8: a "median"
        // of 107 ms from a 7.95 ms and a 207 ms step)
        o.setSteps({1e6}, {4e6, 2e6});
        QCOMPARE(o.sideTitle(0), QString("baseline: 1 step: 1.00 ms"));
        QCOMPARE(o.sideTitle(1), QString("candidate: 2 steps: 2.00 ms and 4.00 ms"));
        // an even count: the lower middle step, a step that happened (not (8 + 200) / 2 = 104 ms)
        o.setSteps({200e6, 8e6, 200e6, 8e6}, {});
        QCOMPARE(o.sideTitle(0), QString("baseline: 4 steps, median 8.00 ms"));
        // two ranks' steps pooled are rank-steps, few or many
        o.setSteps({1e6, 3e6}, {200e6, 8e6, 200e6, 8e6}, 2);
        QCOMPARE(o.sideTitle(0), QString("baseline: 2 rank-steps of 2 ranks: 1.00 ms and 3.00 ms"));
        QCOMPARE(o.sideTitle(1), QString("candidate: 4 rank-steps of 2 ranks, median 8.00 ms"));
    }
    void bothTitlesReadInFull() {
        // walk 27: in a 600 px panel each title had half the width, side by side, and "baseline: 20
        // rank-steps of 4 ranks, median 8.00 ms" ran under "candidate: …"; each has a line of its own now,
        // wide enough for the whole title
        views::StepOverlay o;
        o.resize(600, 260);
        o.setSteps(std::vector<double>(20, 8e6), std::vector<double>(20, 9e6), 4);
        QCOMPARE(o.sideTitle(0), QString("baseline: 20 rank-steps of 4 ranks, median 8.00 ms"));
        QVERIFY(!o.titleRect(0).intersects(o.titleRect(1)));
        for (int side : {0, 1})
            QVERIFY2(o.fontMetrics().horizontalAdvance(o.sideTitle(side)) <= o.titleRect(side).width(),
                     qPrintable(o.sideTitle(side)));
    }
    void textLinesAreWholeOrScrolled_data() {
        QTest::addColumn<QSize>("dock");
        QTest::newRow("1600x1000 window's dock") << QSize(960, 180);
        QTest::newRow("800x600 window's dock") << QSize(620, 130);
        QTest::newRow("a squeezed dock") << QSize(420, 100);
    }
    void textLinesAreWholeOrScrolled() {
        // walk 54 (1600 × 1000): the verdict's second line was cut in half at its strip's edge (a strip of
        // lines × lineSpacing() + 4 px, where the rich text's lines and margin are its document's). Every
        // line of the verdict and of the current row's text is wholly inside its strip's viewport or wholly
        // out
        QFETCH(QSize, dock);
        QScrollArea area; // as the app's DockScrollArea holds the panel
        area.setFrameShape(QFrame::NoFrame);
        area.setWidgetResizable(true);
        auto* v = new views::CompareView;
        area.setWidget(v);
        v->setData(m_data);
        area.resize(dock);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QCoreApplication::processEvents();
        const auto check = [](const QString& what, QScrollArea* strip, QLabel* label) {
            const QRect port(QPoint(), strip->viewport()->size());
            const QList<QRect> lines = views::labelLineRects(label, label->width());
            QVERIFY2(lines.size() >= 2, qPrintable(what + ": wrapped onto fewer than two lines"));
            int shown = 0;
            for (const QRect& r : lines) {
                const QRect inPort(label->mapTo(strip->viewport(), r.topLeft()), r.size());
                const bool whole = port.contains(inPort), out = !port.intersects(inPort);
                QVERIFY2(whole || out, qPrintable(QString("%1: a line at y %2-%3 of a %4 px strip")
                                                      .arg(what)
                                                      .arg(inPort.top())
                                                      .arg(inPort.bottom())
                                                      .arg(port.height())));
                shown += whole;
            }
            QVERIFY2(shown >= 1, qPrintable(what + ": no line shown"));
        };
        check("verdict", v->verdictArea(), findVerdictLabel(v));
        auto* list = v->regressionList();
        list->setCurrentItem(list->topLevelItem(0));
        QCoreApplication::processEvents();
        check("row text", v->rowDetailsArea(), v->rowDetails());
        // the verdict shows two lines at least (its sides and its verdict), whole
        const QList<QRect> lines = v->verdictLineRects();
        QVERIFY(v->verdictArea()->viewport()->height() >= lines[1].bottom());
    }
    void kernelCellsCarryTheirNumberWhenItFits() {
        // walk 54 (800 × 600): the delta grid's cells of ~30 px printed no number (a fixed 36 px rule) where
        // "+8%" fits in 25. At every width: a cell as wide as its text (+4 px) prints it (ink of its own in
        // the cell), a narrower one does not and the legend says where it is then (the tooltip)
        views::DeltaGrid g;
        g.setData(m_data);
        const QFontMetrics fm(g.font());
        bool sawNarrowPrinting = false, sawHidden = false;
        for (int w = g.minimumSizeHint().width(); w <= 900; w += 10) {
            g.resize(w, 400);
            const QImage img = g.grab().toImage();
            bool hidden = false;
            for (int r = 0; r < int(m_data->opTypes.size()); ++r)
                for (int c = 0; c < int(m_data->ranks.size()); ++c) {
                    const double ratio = m_data->at(size_t(r), size_t(c));
                    if (ratio <= 0) continue;
                    const QRect cell = g.cellRect(r, c);
                    const QString t = views::DeltaGrid::changeText(ratio);
                    // fits at the widget's font, or at three quarters of its size (walk 54a: the strongest
                    // changes, the longest texts, were the cells without a number)
                    QFont small = g.font();
                    small.setPointSizeF(g.font().pointSizeF() * 0.75);
                    const QFontMetrics sfm(small);
                    const bool fits =
                        sfm.horizontalAdvance(t) + 4 <= cell.width() && sfm.height() <= cell.height();
                    QCOMPARE(g.cellShowsNumber(r, c), fits);
                    if (fm.horizontalAdvance(t) + 4 <= cell.width()) QVERIFY(g.cellShowsNumber(r, c));
                    hidden |= !fits;
                    sawNarrowPrinting |= fits && cell.width() < 36;
                    if (!fits || r > 0) continue; // pixels of the first row: enough
                    int ink = 0;
                    const QColor fill = g.cellColor(ratio);
                    for (int y = cell.top() + 3; y < cell.bottom() - 2; ++y)
                        for (int x = cell.left() + 3; x < cell.right() - 2; ++x)
                            ink += img.pixelColor(x, y) != fill;
                    QVERIFY2(ink > 5, qPrintable(QString("%1 px: cell (%2, %3) of %4 px has no text")
                                                     .arg(w)
                                                     .arg(r)
                                                     .arg(c)
                                                     .arg(cell.width())));
                }
            sawHidden |= hidden;
            QCOMPARE(g.legendLines().size() == 4 && g.legendLines().last().contains("hover"), hidden);
        }
        QVERIFY2(sawNarrowPrinting, "no width gave cells under 36 px that fit their number");
        QVERIFY(sawHidden);
    }
    void aStoredRecordsMedianIsOnTheAxis() {
        // walk 54a: against a stored record (steps not kept), the histogram's axis ran 16.0-24.1 ms over the
        // candidate's steps and the baseline's median, 13.6 ms, the headline's +17.6 %, had no bar and no
        // mark
        views::StepOverlay o;
        o.resize(520, 220);
        std::vector<double> candidate;
        for (int i = 0; i < 40; ++i)
            candidate.push_back(16.0e6 + i * 0.2e6); // 16.0 … 23.8 ms
        o.setSteps({}, candidate, 8);
        o.setStoredMedian(0, 13.6e6);
        QVERIFY2(o.axisRange().first <= 13.6e6 && 13.6e6 <= o.axisRange().second,
                 qPrintable(QString("axis %1-%2 ns").arg(o.axisRange().first).arg(o.axisRange().second)));
        // its dashed mark: a column of the baseline's (bluish) colour down the plot, under both titles
        QVERIFY(views::StepOverlay::baselineColor().blue() - views::StepOverlay::baselineColor().red() > 40);
        const auto tallestBluishColumn = [&o]() {
            const QImage img = o.grab().toImage();
            int most = 0;
            for (int x = 0; x < img.width(); ++x) {
                int n = 0;
                for (int y = o.titleRect(1).bottom() + 6; y < img.height(); ++y) {
                    const QColor c = img.pixelColor(x, y);
                    n += c.blue() - c.red() > 40;
                }
                most = std::max(most, n);
            }
            return most;
        };
        QVERIFY2(tallestBluishColumn() >= 20, qPrintable(QString::number(tallestBluishColumn())));
        o.setStoredMedian(0, 0); // no record: no mark
        QVERIFY2(tallestBluishColumn() < 5, qPrintable(QString::number(tallestBluishColumn())));
    }
    void theKernelLegendExplainsBothColours() {
        // walk 54: the legend explained red only, and a change under half a per cent printed "+0%"/"-0%"
        QCOMPARE(views::DeltaGrid::changeText(1.08), QString("+8%"));
        QCOMPARE(views::DeltaGrid::changeText(0.93), QString("-7%"));
        QCOMPARE(views::DeltaGrid::changeText(1.004), QString("0%"));
        QCOMPARE(views::DeltaGrid::changeText(0.996), QString("0%"));
        views::DeltaGrid g;
        g.setData(m_data);
        // drawn neutral: the colour of 1.0, not a faint red or blue
        QCOMPARE(g.cellColor(1.004), g.cellColor(1.0));
        QCOMPARE(g.cellColor(0.996), g.cellColor(1.0));
        QVERIFY(g.cellColor(1.08) != g.cellColor(1.0));
        // the scale's ends: the largest change either way, at least 10 % (counted here from the ratios)
        double worst = 1.1;
        for (double r : m_data->ratio)
            if (r > 0) worst = std::max({worst, r, 1 / r});
        const QStringList lines = g.legendLines();
        QVERIFY2(lines[0].contains("red") && lines[0].contains("slower") &&
                     lines[0].contains(QString("×%1").arg(worst, 0, 'f', 2)),
                 qPrintable(lines[0]));
        QVERIFY2(lines[2].contains("blue") && lines[2].contains("faster") &&
                     lines[2].contains(QString("×%1").arg(1 / worst, 0, 'f', 2)),
                 qPrintable(lines[2]));
        QVERIFY2(lines[1].contains("equal"), qPrintable(lines[1]));
        // each line painted, whole, beside the bar
        g.resize(g.sizeHint());
        const QString painted = paintedText(g);
        for (int i = 0; i < 3; ++i)
            QVERIFY2(painted.contains(lines[i]), qPrintable(lines[i] + " not in: " + painted));
    }
    void aBaselineRecordsSideSaysWhatItLacks() {
        // a stored record compared (File ▸ Compare with baseline record…): its steps are not kept, only
        // their median and p95; its side's title says so, and no median line is drawn for it
        auto data = std::make_shared<compare::ComparisonData>(*m_data);
        data->fromRecord[0] = true;
        data->baselineStepsNs.clear();
        views::CompareView v;
        v.setData(data);
        const QString t = v.stepOverlay()->sideTitle(0);
        QVERIFY2(t.startsWith("baseline: a stored record (steps not kept): median ") &&
                     t.contains(views::formatDuration(int64_t(data->baseline.step.medianNs))),
                 qPrintable(t));
        QVERIFY(views::CompareView::sidesText(*data).contains("(stored record)"));
    }
    void theHistogramsLabelsStayInItsArea() {
        // walk 54: the step histogram's axis label "11.2 ms" lay half under the dock's tab bar. Its labels
        // lie inside the widget, each tall and wide enough for its text; one a scroll area cuts is not drawn
        std::vector<double> b(20, 8e6), c(20, 9e6);
        c.back() = 200e6; // a stall: the overflow bin and its label
        for (QSize size : {QSize(260, 140), QSize(520, 200), QSize(900, 300)}) {
            views::StepOverlay o;
            o.setSteps(b, c, 4);
            o.resize(size);
            const QList<QRect> labels = o.axisLabelRects();
            QCOMPARE(labels.size(), 3);
            const QFontMetrics fm(o.font());
            for (const QRect& r : labels) {
                QVERIFY2(o.rect().contains(r), qPrintable(QString("%1x%2: a label at %3,%4 %5x%6")
                                                              .arg(size.width())
                                                              .arg(size.height())
                                                              .arg(r.x())
                                                              .arg(r.y())
                                                              .arg(r.width())
                                                              .arg(r.height())));
                QVERIFY(r.height() >= fm.height());
            }
            QVERIFY(labels[2].width() >= fm.horizontalAdvance("> " + views::formatDuration(12000000)));
        }
        // in a scroll area whose edge runs through the labels: their visible half is blank, not cut text
        QScrollArea area;
        area.setFrameShape(QFrame::NoFrame);
        area.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        area.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        auto* o = new views::StepOverlay;
        o->setSteps(b, c, 4);
        o->resize(520, 200);
        area.setWidget(o);
        const QRect label = o->axisLabelRects()[0];
        area.resize(520, label.top() + label.height() / 2);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        const QImage img = area.viewport()->grab().toImage();
        const QColor base = o->palette().color(QPalette::Base);
        int ink = 0;
        for (int y = label.top(); y < img.height(); ++y)
            for (int x = label.left(); x <= label.right() && x < img.width(); ++x)
                ink += img.pixelColor(x, y) != base;
        QCOMPARE(ink, 0);
    }
    void emptyComparison() {
        views::CompareView v;
        // nothing compared yet: the grid says so, not "none above the share in both runs" (walk 13)
        QVERIFY2(v.deltaGrid()->emptyReason().startsWith("No comparison yet"),
                 qPrintable(v.deltaGrid()->emptyReason()));
        QVERIFY(v.stepOverlay()->note().startsWith("No comparison yet")); // not "no steps in either run"
        QVERIFY(v.memoryOverlay()->note().startsWith("No comparison yet"));
        v.setData(nullptr);
        QCOMPARE(v.regressionList()->topLevelItemCount(), 0);
    }
};

QTEST_MAIN(TstCompareView)
#include "tst_compareview.moc"
