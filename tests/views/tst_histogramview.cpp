// The duration histogram of the Details panel: axis labels that read (no two alike; whole-number counts),
// its median, p95 and the ranks' median of the same kernels marked by lines labelled beside them (in rows
// above the bins and the lines' tops, in the Details panel's small size too), the kernels past the axis' end
// said in the title, and an empty chart once the histogram is taken away. The labels are computed from the
// chart's axes as Qt Charts prints them.
#include "views/common/timemapping.h"
#include "views/details/histogramview.h"

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtTest>
#include <cmath>
#include <numeric>

using namespace rs;

namespace {
/// The tick values of `a` as Qt Charts places them.
std::vector<double> tickValues(const QValueAxis* a) {
    std::vector<double> v;
    if (a->tickType() == QValueAxis::TicksDynamic) {
        const double first =
            a->tickAnchor() +
            std::ceil((a->min() - a->tickAnchor()) / a->tickInterval() - 1e-9) * a->tickInterval();
        for (double x = first; x <= a->max() + a->tickInterval() * 1e-6; x += a->tickInterval())
            v.push_back(x);
    } else {
        for (int i = 0; i < a->tickCount(); ++i)
            v.push_back(a->min() + (a->max() - a->min()) * i / (a->tickCount() - 1));
    }
    return v;
}

/// The labels Qt Charts prints for `a` (its printf label format; %d/%i take the value as an integer).
QStringList tickLabels(const QValueAxis* a) {
    QStringList out;
    const QByteArray f = a->labelFormat().toLatin1();
    const bool integer = f.contains('d') || f.contains('i');
    for (double x : tickValues(a))
        out << (integer ? QString::asprintf(f.constData(), int(x)) : QString::asprintf(f.constData(), x));
    return out;
}

QValueAxis* axis(views::HistogramView& v, Qt::Orientation o) {
    const auto axes = v.chart()->axes(o);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
}

/// The chart's title as read: its wrapped lines joined by spaces, unescaped.
QString titleText(views::HistogramView& v) {
    QTextDocument doc;
    doc.setHtml(v.chart()->title());
    // trimmed: the blank lines under the text are the markers' labels' band
    return doc.toPlainText().replace('\n', ' ').replace(QChar::LineSeparator, ' ').trimmed();
}

/// `v` on screen at `size` showing `h`, laid out (its labels placed).
bool shownAt(views::HistogramView& v, QSize size, std::shared_ptr<const query::Histogram> h) {
    v.resize(size);
    v.show();
    v.setHistogram(std::move(h));
    if (!QTest::qWaitForWindowExposed(&v)) return false;
    QTest::qWait(50);
    return true;
}

std::shared_ptr<query::Histogram> narrowHistogram() {
    // 412 kernels between 10.3 and 12.9 µs, a few per bin: five ticks printed without decimals read
    // "10, 11, 12, 12, 13"
    auto h = std::make_shared<query::Histogram>();
    h->opType = "MatMulV2";
    h->rank = 3;
    const int bins = 30;
    for (int i = 0; i <= bins; ++i)
        h->edgesNs.push_back(10300 + int64_t(2600.0 * i / bins));
    for (int i = 0; i < bins; ++i)
        h->counts.push_back(1 + (i * 7) % 6);
    h->medianNs = 11400;
    h->p95Ns = 12600;
    h->ranksMedianNs = 10900;
    h->ranksCounted = 4;
    return h;
}
} // namespace

class TstHistogramView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void axisLabelsRead() {
        views::HistogramView v;
        v.resize(420, 240);
        v.show();
        v.setHistogram(narrowHistogram());
        QTest::qWait(50);
        auto* x = axis(v, Qt::Horizontal);
        auto* y = axis(v, Qt::Vertical);
        QVERIFY(x && y);
        const QStringList xl = tickLabels(x);
        QVERIFY2(xl.size() >= 3, qPrintable(xl.join(", ")));
        QCOMPARE(QSet<QString>(xl.begin(), xl.end()).size(), xl.size()); // no two alike
        for (double t : tickValues(y))
            QVERIFY2(std::abs(t - std::round(t)) < 1e-9, qPrintable(QString("count tick %1").arg(t)));
        QVERIFY(y->max() >= 6); // the tallest bin fits
        QVERIFY(x->min() <= 10.3 && x->max() >= 12.9);
        QVERIFY(x->titleText().contains(QString::fromUtf8("µs")));
    }
    void markersAreLabelledBesideTheirLines() {
        views::HistogramView v;
        v.resize(520, 260);
        v.show();
        v.setHistogram(narrowHistogram());
        QTest::qWait(50);
        auto* c = v.chart();
        // every label item of the chart, in scene coordinates
        std::vector<std::pair<QString, QRectF>> labels;
        for (QGraphicsItem* it : c->childItems())
            if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(it); t && t->isVisible())
                labels.emplace_back(t->text(), t->mapRectToScene(t->boundingRect()));
        const std::pair<const char*, double> lines[] = {
            {"median", 11.4}, {"p95", 12.6}, {"ranks' median", 10.9}};
        for (auto [word, us] : lines) {
            const QPointF at = c->mapToScene(c->mapToPosition(QPointF(us, 0), c->series().first()));
            bool beside = false;
            for (const auto& [text, r] : labels)
                if (text.startsWith(word))
                    // in the band above the plot area (inside it, the room they took stretched the count
                    // axis)
                    beside |= std::min(std::abs(r.left() - at.x()), std::abs(r.right() - at.x())) < 8 &&
                              r.top() >= 0 && r.bottom() <= c->plotArea().top() + 1;
            QVERIFY2(beside, word);
        }
        // and they do not run into each other (a few pixels apart at least)
        for (size_t i = 0; i < labels.size(); ++i)
            for (size_t j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!labels[i].second.adjusted(-2, 0, 2, 0).intersects(labels[j].second),
                         qPrintable(labels[i].first + " / " + labels[j].first));
    }
    void labelsStandAboveTheBinsAndLines() {
        // walk 9's Cast on rank 0 in the Details panel (≈ 450 × 150 px): 18 kernels between 5.66 and 6.25 µs,
        // at most 3 in a bin; its median and the ranks' median both 5.96 µs, p95 6.12 µs. The third label sat
        // on the bins, crossed by the p95 line
        auto h = std::make_shared<query::Histogram>();
        h->opType = "Cast";
        h->rank = 0;
        const int counts[] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 1,
                              3, 1, 0, 2, 1, 1, 3, 0, 0, 1, 0, 0, 0, 0, 1};
        for (int i = 0; i <= 30; ++i)
            h->edgesNs.push_back(5660 + int64_t(590.0 * i / 30));
        h->counts.assign(std::begin(counts), std::end(counts));
        h->medianNs = 5960;
        h->p95Ns = 6120;
        h->ranksMedianNs = 5960;
        h->ranksCounted = 2;
        for (const QSize size : {QSize(390, 125), QSize(450, 150), QSize(520, 260)}) {
            views::HistogramView v;
            QVERIFY(shownAt(v, size, h));
            const auto ms = v.markers();
            QCOMPARE(ms.size(), size_t(3));
            const QString at = QString("%1×%2: ").arg(size.width()).arg(size.height());
            for (const auto& m : ms) {
                // above the tallest bin, and above every line's top: no bin under it, no line through it
                QVERIFY2(m.label.bottom() <= v.tallestBinTop(),
                         qPrintable(at + m.text +
                                    QString(" ends at y %1, the bins rise to %2")
                                        .arg(m.label.bottom())
                                        .arg(v.tallestBinTop())));
                for (const auto& o : ms)
                    QVERIFY2(m.label.bottom() <= o.lineTop + 0.5 || o.lineX < m.label.left() ||
                                 o.lineX > m.label.right(),
                             qPrintable(at + o.text + "'s line crosses the label " + m.text));
                // beside its line, or (too wide for either side of it) over it
                const double gap =
                    std::min(std::abs(m.label.left() - m.lineX), std::abs(m.label.right() - m.lineX));
                QVERIFY2(gap < 8 || (m.label.left() <= m.lineX && m.lineX <= m.label.right()),
                         qPrintable(at + m.text + " is not by its line"));
                QVERIFY(v.rect().contains(m.label.toRect()));
            }
            for (size_t i = 0; i < ms.size(); ++i)
                for (size_t j = i + 1; j < ms.size(); ++j)
                    QVERIFY2(!ms[i].label.intersects(ms[j].label),
                             qPrintable(at + ms[i].text + " / " + ms[j].text));
        }
    }
    void countAxisFitsTheTallestBin() {
        // walk 16's MatMulV2 × rank 3 on the demo: the tallest bin 250 kernels, the count axis ran to ~1 500
        // (room for the three marker labels was made inside the plot by stretching the axis)
        auto h = std::make_shared<query::Histogram>();
        h->opType = "MatMulV2";
        h->rank = 3;
        for (int i = 0; i <= 30; ++i)
            h->edgesNs.push_back(180000 + int64_t(51000.0 * i / 30));
        for (int i = 0; i < 30; ++i)
            h->counts.push_back(i == 12 ? 250 : 5 + (i * 11) % 40);
        h->medianNs = 201000;
        h->p95Ns = 224000;
        h->ranksMedianNs = 199000;
        h->ranksCounted = 8;
        for (const QSize size : {QSize(390, 125), QSize(450, 150), QSize(520, 260), QSize(700, 300)}) {
            views::HistogramView v;
            QVERIFY(shownAt(v, size, h));
            const QString at = QString("%1×%2: ").arg(size.width()).arg(size.height());
            const QValueAxis* y = axis(v, Qt::Vertical);
            QVERIFY(y);
            // the tallest bin fits, with at most a round step of head room
            QVERIFY2(y->max() >= 250 && y->max() <= 250 * 1.3,
                     qPrintable(at + QString("count axis to %1 over a tallest bin of 250").arg(y->max())));
            QCOMPARE(v.yLabels().last(), QString::number(int(y->max())));
            // and the labels still stand above the bins
            for (const auto& m : v.markers())
                QVERIFY2(m.label.bottom() <= v.tallestBinTop() && v.rect().contains(m.label.toRect()),
                         qPrintable(at + m.text));
        }
    }
    void kernelsPastTheAxisAreSaid() {
        // walk15b #3: the axis ends near p99; a 357.4 µs kernel past it was drawn in the last bin (~285 µs)
        // with nothing said. The title counts every kernel and names those past the axis with the longest
        auto h = narrowHistogram();
        const qint64 onAxis = std::accumulate(h->counts.begin(), h->counts.end(), qint64(0));
        h->overflowCount = 2;
        h->overflowMaxNs = 357367;
        views::HistogramView v;
        v.resize(520, 260);
        v.setHistogram(h);
        const QString title = titleText(v);
        QVERIFY2(title.contains(QString("%1 kernels").arg(onAxis + 2)), qPrintable(title));
        QVERIFY2(title.contains("p99") && title.contains("2 kernels up to 357"), qPrintable(title));
        // the bins' end is named: the axis is rounded up past it (walk 16: "past the axis" read as past 250
        // µs)
        QVERIFY2(title.contains("over " + views::formatDuration(h->edgesNs.back())), qPrintable(title));
        QVERIFY(axis(v, Qt::Horizontal)->max() < 357.367); // drawn nowhere on the axis
        v.setHistogram(narrowHistogram());                 // none past it: nothing said
        QVERIFY(!v.chart()->title().contains("p99"));
    }
    void edgeAndLongestReadApart() {
        // walk17a L5: demo d8's Cast on rank 3 (python over kernel_details.csv: nearest-rank p99 14.199 µs,
        // 2 longer, the longest 14.213 µs) read "over 14.2 µs … up to 14.2 µs": as many digits as tell them
        // apart are printed (14.20 / 14.21)
        auto make = [](int64_t p99, int64_t longest) {
            auto h = std::make_shared<query::Histogram>();
            h->opType = "Cast";
            h->rank = 3;
            h->edgesNs = {6100, 14199};
            h->counts = {238};
            h->p99Ns = p99;
            h->overflowCount = 2;
            h->overflowMaxNs = longest;
            return h;
        };
        views::HistogramView v;
        v.resize(520, 260);
        v.setHistogram(make(14199, 14213));
        QString t = titleText(v);
        QVERIFY2(t.contains(QString::fromUtf8("over 14.20 µs (p99, where the bins end")) &&
                     t.contains(QString::fromUtf8("2 kernels up to 14.21 µs")),
                 qPrintable(t));
        v.setHistogram(make(14199, 357367)); // texts that differ anyway keep three digits
        t = titleText(v);
        QVERIFY2(t.contains(QString::fromUtf8("over 14.2 µs")), qPrintable(t));
        v.setHistogram(make(13000, 14213)); // an edge raised past the p99 (the ranks' median) is no p99
        QVERIFY(!v.chart()->title().contains("(p99,"));
    }
    void binsReadOnTheCountAxis() {
        // walk 19, test_data's Cast on rank 0 (3 kernels: 5.80, 72.16, 72.86 µs) in the real window: the
        // bins of 1 and 2 kernels reached 0.55 and 1.1 on the 0-4 axis. The plot area set by hand for the
        // labels' band moved the series but not the axis: the grid lines (the axis' own items) and the
        // series' mapping of the same counts now agree, in each size and after a resize
        auto h = std::make_shared<query::Histogram>();
        h->opType = "Cast";
        h->rank = 0;
        for (int i = 0; i <= 30; ++i)
            h->edgesNs.push_back(5800 + int64_t((72860.0 - 5800) * i / 30));
        h->counts.assign(30, 0);
        h->counts.front() = 1;
        h->counts.back() = 2;
        h->medianNs = 72160;
        h->p95Ns = 72860;
        h->ranksMedianNs = 37800;
        h->ranksCounted = 2;
        views::HistogramView v;
        QVERIFY(shownAt(v, QSize(460, 230), h));
        for (const QSize size : {QSize(460, 230), QSize(390, 160), QSize(900, 300), QSize(460, 230)}) {
            v.resize(size);
            QTest::qWait(50);
            const QString at = QString("%1×%2: ").arg(size.width()).arg(size.height());
            // the y axis' grid: the horizontal line items, one per tick, the lowest at 0, the highest at max
            std::vector<double> gridY;
            for (QGraphicsItem* item : v.scene()->items()) {
                auto* line = qgraphicsitem_cast<QGraphicsLineItem*>(item);
                if (!line || !line->isVisible()) continue;
                const QPointF a = line->mapToScene(line->line().p1()),
                              b = line->mapToScene(line->line().p2());
                if (std::abs(a.y() - b.y()) < 0.5 && std::abs(a.x() - b.x()) > size.width() / 3)
                    gridY.push_back(a.y());
            }
            const QValueAxis* y = axis(v, Qt::Vertical);
            QVERIFY(y);
            const int ticks = int(std::lround((y->max() - y->min()) / y->tickInterval())) + 1;
            QVERIFY2(int(gridY.size()) >= ticks - 1,
                     qPrintable(at + QString("%1 grid lines for %2 ticks").arg(gridY.size()).arg(ticks)));
            std::sort(gridY.begin(), gridY.end());
            QChart* c = v.chart();
            const double seriesMax =
                c->mapToScene(c->mapToPosition(QPointF(0, y->max()), c->series().first())).y();
            const double seriesZero = c->mapToScene(c->mapToPosition(QPointF(0, 0), c->series().first())).y();
            // the grid spans [max, 0] where the series puts them (the 0 line may be hidden: the zero pen)
            QVERIFY2(
                std::abs(gridY.front() - seriesMax) <= 1.5,
                qPrintable(
                    at +
                    QString("the axis' top at y %1, the series' at %2").arg(gridY.front()).arg(seriesMax)));
            QVERIFY2(std::abs(gridY.back() - seriesZero) <= 1.5 ||
                         std::abs(gridY.back() - (seriesZero - (seriesZero - seriesMax) / (ticks - 1))) <=
                             1.5,
                     qPrintable(at + QString("the axis' lowest grid line at y %1, the series' 0 at %2")
                                         .arg(gridY.back())
                                         .arg(seriesZero)));
        }
    }
    void neighbouringBinsOfOneCountReadApart() {
        // walk 20b, db/level1's ForeachAddList on rank 0: 3 kernels (624.5, 628.0 and 1 950 µs), the first
        // two in neighbouring bins of 1 drawn as one block: the picture read as 2 kernels. Each bin's outline
        // now goes down to the axis at both its edges: the bars are told apart by their outlines
        auto h = std::make_shared<query::Histogram>();
        h->opType = "ForeachAddList";
        h->rank = 0;
        for (int i = 0; i <= 30; ++i)
            h->edgesNs.push_back(620000 + int64_t(1340000.0 * i / 30));
        h->counts.assign(30, 0);
        h->counts[0] = 1, h->counts[1] = 1, h->counts[29] = 1;
        h->medianNs = 628000;
        h->p95Ns = 1950000;
        views::HistogramView v;
        QVERIFY(shownAt(v, QSize(460, 260), h));
        const auto* area = qobject_cast<QAreaSeries*>(v.chart()->series().first());
        QVERIFY(area);
        const QList<QPointF> pts = area->upperSeries()->points();
        // the outline's drops to zero between the edges of the first and last bins: one per bar edge
        QCOMPARE(v.unit(), QString("ms")); // the axis' unit: the bins run to 1.96 ms
        const double shared = double(h->edgesNs[1]) / 1e6;
        int drops = 0;
        for (int i = 1; i < pts.size(); ++i)
            if (qAbs(pts[i].x() - shared) < 1e-9 && pts[i].y() == 0 && pts[i - 1].y() == 1) ++drops;
        QCOMPARE(drops, 1); // the first bar closes at the shared edge before the second rises
        int bars = 0;
        for (int i = 1; i < pts.size(); ++i)
            if (pts[i].y() > 0 && pts[i - 1].y() == 0) ++bars;
        QCOMPARE(bars, 3); // three kernels, three bars
    }
    void mediansSayTheyAreTheLowerMiddle() {
        // r49d #1: op_stat's median is the lower of the two middle kernels of an even count (a duration that
        // ran), and the ranks' median the lower middle of their medians; the Op summary says "median (lower
        // middle)", the histogram said "median", read as the mean of the two
        views::HistogramView v;
        QVERIFY(shownAt(v, QSize(520, 260), narrowHistogram()));
        QStringList texts;
        for (const auto& m : v.markers())
            texts << m.text;
        QVERIFY2(texts.contains(QString::fromUtf8("median (lower middle) 11.4 µs")),
                 qPrintable(texts.join(" | ")));
        QVERIFY2(texts.contains(QString::fromUtf8("ranks' median (lower middle) 10.9 µs")),
                 qPrintable(texts.join(" | ")));
        QVERIFY2(titleText(v).contains("the lower middle of the 4 ranks' medians"), qPrintable(titleText(v)));
    }
    void ranksMedianShowsBesideAnEqualMedian() {
        // walk 20b: at 51.1 vs 51.3 µs the ranks' median (dashed, the same ink) hid under the median's
        // solid line: the only broken line left, the dotted p95, read as it. Its own ink, drawn on top.
        auto h = narrowHistogram();
        h->ranksMedianNs = h->medianNs;
        views::HistogramView v;
        QVERIFY(shownAt(v, QSize(460, 260), h));
        const QImage img = v.grab().toImage();
        double lineX = -1, lineTop = 0;
        for (const auto& m : v.markers())
            if (m.text.startsWith("median")) lineX = m.lineX, lineTop = m.lineTop;
        QVERIFY(lineX > 0);
        const QColor ink = views::HistogramView::ranksMedianInk();
        int inked = 0;
        const double dpr = img.devicePixelRatio();
        for (int y = int(lineTop); y < int(v.tallestBinTop()) + 40 && y < v.height(); ++y)
            for (int dx = -2; dx <= 2; ++dx) {
                const QColor c = img.pixelColor(int((lineX + dx) * dpr), int(y * dpr));
                inked += std::abs(c.red() - ink.red()) + std::abs(c.green() - ink.green()) +
                             std::abs(c.blue() - ink.blue()) <
                         60;
            }
        QVERIFY2(inked > 10, qPrintable(QString::number(inked)));
    }
    void titleLinesFitTheView() {
        // walk17b #7: at the Details dock's size the title's second line ran past the chart and Qt Charts
        // cut it ("… 1 kernel up t"); every line now fits the view, and the last says what the dashed line is
        auto h = narrowHistogram();
        h->opType = "MatMulV2";
        h->overflowCount = 1;
        h->overflowMaxNs = 357367;
        h->ranksCounted = 2;
        for (const QSize size : {QSize(390, 150), QSize(450, 160), QSize(520, 260)}) {
            // as the Details panel does: filled while hidden, then shown in its place
            views::HistogramView v;
            v.setHistogram(h);
            v.resize(size);
            v.show();
            QVERIFY(QTest::qWaitForWindowExposed(&v));
            QTest::qWait(50);
            const QFontMetrics fm(v.chart()->titleFont());
            // the whole chart in the view: a chart larger than the view is cut at its edges
            QVERIFY2(v.chart()->size().width() <= v.viewport()->width() + 0.5 &&
                         v.chart()->size().height() <= v.viewport()->height() + 0.5,
                     qPrintable(QString("%1×%2 chart in a %3×%4 view")
                                    .arg(v.chart()->size().width())
                                    .arg(v.chart()->size().height())
                                    .arg(v.viewport()->width())
                                    .arg(v.viewport()->height())));
            for (const QString& line : v.chart()->title().split("<br>")) {
                QTextDocument doc;
                doc.setHtml(line);
                QVERIFY2(fm.horizontalAdvance(doc.toPlainText()) <= v.viewport()->width() - 8,
                         qPrintable(QString("%1 px: %2").arg(size.width()).arg(doc.toPlainText())));
            }
            const QString t = titleText(v);
            QVERIFY2(t.contains("1 kernel up to 357"), qPrintable(t));
            QVERIFY2(t.endsWith(
                         "ranks' median (dashed): the lower middle of the 2 ranks' medians of MatMulV2 (each "
                         "rank's kernels of every name)"),
                     qPrintable(t));
        }
    }
    void filledWhileHiddenItIsLaidOutAtItsShownSize() {
        // the Details panel keeps the view hidden in its layout until a cell is chosen, fills it hidden (at
        // a hidden widget's 640 × 480) and shows it, when the layout gives it the dock's room: the labels'
        // band was reserved from the 640 × 480 plot and kept, so the chart was drawn cut (walk17b #7: the
        // title above the view, the x axis below the dock's edge)
        auto h = narrowHistogram();
        h->overflowCount = 1;
        h->overflowMaxNs = 357367;
        QWidget dock;
        auto* lay = new QVBoxLayout(&dock);
        lay->setContentsMargins(0, 0, 0, 0);
        auto* text = new QWidget;
        auto* v = new views::HistogramView;
        v->hide();
        lay->addWidget(text, 2);
        lay->addWidget(v, 1);
        dock.resize(469, 420);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        v->setHistogram(h);
        v->show();
        QTest::qWait(100);
        const QRectF chartRect(QPointF(0, 0), v->chart()->size());
        const QRectF plot = v->chart()->plotArea();
        QVERIFY2(chartRect.contains(plot) && v->viewport()->rect().contains(chartRect.toRect()),
                 qPrintable(QString("plot %1,%2 %3×%4 in a %5×%6 chart, a %7×%8 view")
                                .arg(plot.x())
                                .arg(plot.y())
                                .arg(plot.width())
                                .arg(plot.height())
                                .arg(chartRect.width())
                                .arg(chartRect.height())
                                .arg(v->viewport()->width())
                                .arg(v->viewport()->height())));
        for (const auto& m : v->markers())
            QVERIFY2(v->rect().contains(m.label.toRect()), qPrintable(m.text));
    }
    void emptiedWhenTakenAway() {
        views::HistogramView v;
        v.resize(420, 240);
        v.setHistogram(narrowHistogram());
        QVERIFY(!v.chart()->series().isEmpty());
        v.setHistogram(nullptr);
        QVERIFY(v.histogram() == nullptr);
        QVERIFY(v.chart()->series().isEmpty());
        QVERIFY(v.chart()->title().contains("heatmap cell"));
    }
};

QTEST_MAIN(TstHistogramView)
#include "tst_histogramview.moc"
