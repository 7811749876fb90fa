#include "views/details/histogramview.h"

#include "views/common/chartstyle.h"
#include "views/common/niceaxis.h"
#include "views/common/palette.h"
#include "views/common/plural.h"
#include "views/common/timemapping.h"

#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <cmath>
#include <numeric>

namespace rs::views {

HistogramView::HistogramView(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(kMinimumHeight);
    setHistogram(nullptr);
}

void HistogramView::setHistogram(std::shared_ptr<const query::Histogram> h, const QString& rank) {
    m_hist = std::move(h);
    m_rankName = rank;
    m_xLabels.clear();
    m_yLabels.clear();
    m_unit.clear();
    m_markers.clear();
    m_title.clear();
    m_bandLines = 0; // the new chart's labels ask for their band once placed
    auto* c = new QChart;
    c->legend()->hide();
    c->setMargins(QMargins(2, 2, 2, 2));
    if (m_hist && !m_hist->counts.empty())
        build(c);
    else
        m_title = QStringList{tr("Choose a heatmap cell to see its duration distribution")};
    QFont f = c->titleFont();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    c->setTitleFont(f);
    styleChart(c, palette());
    QChart* old = chart();
    setChart(c);
    delete old;
    setWrappedTitle(viewport()->width());
    // the labels stand by their lines: placed once the plot area is known, again whenever it moves
    connect(c, &QChart::plotAreaChanged, this, &HistogramView::placeLabels);
    placeLabels();
}

void HistogramView::build(QChart* c) {
    const auto& h = *m_hist;
    const auto [div, unit] = durationUnit(double(h.edgesNs.back()));
    m_unit = unit;
    // a step outline over a value axis (bar categories would need a label per bin)
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    int64_t maxCount = 0;
    // each bin its own bar, its outline down to the axis on both sides: two neighbouring bins of one count
    // drew as one block twice as wide (db/level1's ForeachAddList: 3 kernels read as 2, walk 20b)
    for (size_t i = 0; i < h.counts.size(); ++i) {
        const double x0 = double(h.edgesNs[i]) / div, x1 = double(h.edgesNs[i + 1]) / div;
        const double c = double(h.counts[i]);
        upper->append(x0, 0);
        if (c > 0) upper->append({QPointF(x0, c), QPointF(x1, c), QPointF(x1, 0)});
        maxCount = std::max(maxCount, h.counts[i]);
    }
    lower->append(double(h.edgesNs.front()) / div, 0);
    lower->append(double(h.edgesNs.back()) / div, 0);
    auto* area = new QAreaSeries(upper, lower);
    // an area series does not own its boundary lines (Qt Charts): without a parent they leaked per rebuild
    upper->setParent(area);
    lower->setParent(area);
    const QColor col = colorForOpType(QString::fromStdString(h.opType), false);
    area->setBrush(col);
    area->setPen(QPen(col.darker(140), 1));
    c->addSeries(area);
    const NiceAxis xs = NiceAxis::of(double(h.edgesNs.front()) / div, double(h.edgesNs.back()) / div, 6);
    // fitted to the tallest bin with a little head room: the markers' labels stand in a band reserved above
    // the plot (placeLabels), so they never stretch the axis (it ran to 1 500 over bins of 250, walk 16)
    const NiceAxis ys = NiceAxis::of(0, double(maxCount) * 1.1 + 1, 4, true);
    auto* x = new QValueAxis;
    x->setRange(xs.min, xs.max);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(xs.min);
    x->setTickInterval(xs.step);
    x->setLabelFormat(xs.format());
    x->setTitleText(tr("duration (%1)").arg(unit));
    auto* y = new QValueAxis;
    y->setRange(ys.min, ys.max);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(ys.step);
    y->setLabelFormat("%.0f");
    y->setTitleText(tr("kernels"));
    m_xLabels = xs.labels();
    m_yLabels = ys.labels();
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    area->attachAxis(x);
    area->attachAxis(y);
    const double top = double(maxCount) * 1.05;
    m_lineTop = top;
    m_maxCount = double(maxCount);
    // both medians are the lower of the two middle values of an even count (a duration that ran, as the Op
    // summary's "median (lower middle)"): an unqualified "median" reads as the mean of the two
    addMarker(c, double(h.medianNs) / div, top,
              tr("median (lower middle) %1").arg(formatDuration(h.medianNs)), Qt::SolidLine);
    addMarker(c, double(h.p95Ns) / div, top, tr("p95 %1").arg(formatDuration(h.p95Ns)), Qt::DotLine);
    if (h.ranksCounted > 0)
        addMarker(c, double(h.ranksMedianNs) / div, top,
                  tr("ranks' median (lower middle) %1").arg(formatDuration(h.ranksMedianNs)), Qt::DashLine);
    const qint64 kernels = std::accumulate(h.counts.begin(), h.counts.end(), qint64(0)) + h.overflowCount;
    m_title = {tr("%1 on %2 · %3")
                   .arg(QString::fromStdString(h.opType))
                   .arg(m_rankName.isEmpty() ? tr("rank %1").arg(h.rank) : m_rankName)
                   .arg(counted(kernels, tr("kernel"), tr("kernels")))};
    if (const QString over = overflowText(h); !over.isEmpty()) m_title << over;
    if (const QString ranks = ranksMedianText(h); !ranks.isEmpty()) m_title << ranks;
}

QString HistogramView::ranksMedianText(const query::Histogram& h) {
    // the dashed line is a figure the user can check against each rank's median (Op summary): the median
    // of the ranks' medians, between them; its reference before (median ÷ the same-kernels ratio) could lie
    // below every rank's median (walk17b #7)
    if (h.ranksCounted <= 0) return {};
    QString text =
        h.ranksCounted == 1
            ? tr("ranks' median (dashed): this rank's median, the only rank of its run with %1")
                  .arg(QString::fromStdString(h.opType))
            : tr("ranks' median (dashed): the lower middle of the %1 ranks' medians of %2 (each rank's "
                 "kernels of every name)")
                  .arg(h.ranksCounted)
                  .arg(QString::fromStdString(h.opType));
    if (h.mixesDiffer)
        text += tr("; their kernel names differ: the heatmap's × same kernels compares name by name");
    return text;
}

void HistogramView::setWrappedTitle(int viewWidth) {
    if (!chart()) return;
    const QString title = wrappedTitle(viewWidth);
    chart()->setTitle(title);
    // each title line past the first takes its height from the bins: the view asks for it (at 160 px a
    // three-line title left the plot 30 px and the axis labels elided)
    const int extra = int(title.count("<br>")) * QFontMetrics(chart()->titleFont()).lineSpacing();
    setMinimumHeight(kMinimumHeight + extra);
}

int HistogramView::titleInset() const {
    // Qt Charts lays the title out inside the chart's layout margins and its own margins, and elides a line
    // wider than that (the dock's subtitle ended "… (each ran…" when it was wrapped at the view's width less
    // a guess); a few pixels more for the rich text's own document margin
    if (!chart()) return 24;
    const QMargins m = chart()->margins();
    qreal l = 0, t = 0, r = 0, b = 0;
    if (chart()->layout()) chart()->layout()->getContentsMargins(&l, &t, &r, &b);
    return m.left() + m.right() + int(std::ceil(l + r)) + 10;
}

QString HistogramView::wrappedTitle(int viewWidth) const {
    // Qt Charts cuts a title line wider than the chart ("… 1 kernel up t" at the Details dock's width): each
    // line is wrapped at the view's width instead, a word longer than that cut by characters
    QFont f = chart() ? chart()->titleFont() : font();
    const QFontMetrics fm(f);
    const int width = std::max(80, viewWidth - titleInset());
    QStringList lines;
    for (const QString& paragraph : m_title) {
        QString line;
        for (const QString& word : paragraph.split(' ', Qt::SkipEmptyParts)) {
            const QString joined = line.isEmpty() ? word : line + ' ' + word;
            if (fm.horizontalAdvance(joined) <= width) {
                line = joined;
                continue;
            }
            if (!line.isEmpty()) lines << line;
            line = word;
            while (fm.horizontalAdvance(line) > width && line.size() > 1) {
                int n = line.size() - 1;
                while (n > 1 && fm.horizontalAdvance(line.left(n)) > width)
                    --n;
                lines << line.left(n);
                line = line.mid(n);
            }
        }
        if (!line.isEmpty()) lines << line;
    }
    for (QString& l : lines)
        l = l.toHtmlEscaped();
    for (int i = 0; i < m_bandLines; ++i)
        lines << "&nbsp;"; // the markers' labels stand here (placeLabels)
    return lines.join("<br>");
}

namespace {
/// `a` and `b` (ns) as texts that differ when the values do: formatDuration's three digits, else more
/// decimals of a's unit (14.199 µs and 14.213 µs both read "14.2 µs": the edge looked like the maximum).
std::pair<QString, QString> distinctDurations(int64_t a, int64_t b) {
    QString ta = formatDuration(a), tb = formatDuration(b);
    if (ta != tb || a == b || a < 1000) return {ta, tb};
    const auto [unit, name] = a < 1000000      ? std::pair<double, QString>(1e3, QString::fromUtf8("µs"))
                              : a < 1000000000 ? std::pair<double, QString>(1e6, "ms")
                                               : std::pair<double, QString>(1e9, "s");
    for (int digits = 1; digits <= 9; ++digits) {
        ta = QString("%1 %2").arg(double(a) / unit, 0, 'f', digits).arg(name);
        tb = QString("%1 %2").arg(double(b) / unit, 0, 'f', digits).arg(name);
        if (ta != tb) break;
    }
    return {ta, tb};
}
} // namespace

QString HistogramView::overflowText(const query::Histogram& h) {
    // the axis ends near p99: the kernels past it are named, with the longest, instead of drawn in the
    // last bin as if they were that short
    if (h.overflowCount <= 0) return {};
    // the edge is named: the axis is rounded up past it, and "past the axis" read as past that round end;
    // with the digits that tell it from the longest
    const int64_t edge = h.edgesNs.empty() ? 0 : h.edgesNs.back();
    const auto [edgeText, maxText] = distinctDurations(edge, h.overflowMaxNs);
    return (edge == h.p99Ns ? tr("over %1 (p99, where the bins end; not drawn): %2 up to %3")
                            : tr("over %1 (where the bins end, past the p99; not drawn): %2 up to %3"))
        .arg(edgeText, counted(h.overflowCount, tr("kernel"), tr("kernels")), maxText);
}

QColor HistogramView::ranksMedianInk() {
    return QColor(190, 30, 140); // a magenta read on a light and a dark chart, and beside any op's hue
}

void HistogramView::addMarker(QChart* c, double x, double top, const QString& text, Qt::PenStyle style) {
    const auto axes = c->axes(Qt::Horizontal);
    auto* xa = axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
    if (!xa || x < xa->min() || x > xa->max()) return; // a marker off the axis would lie about its place
    auto* line = new QLineSeries;
    line->append(x, 0);
    line->append(x, top);
    // the ranks' median (dashed, added last: on top) in an ink of its own, wider than the median's solid
    // line: in the same ink it hid under it when the two were close (51.1 vs 51.3 µs, walk 20b), and the
    // one broken line left to see, the dotted p95, read as it
    const bool ranks = style == Qt::DashLine;
    const QColor ink = ranks ? ranksMedianInk() : referenceInk(palette());
    line->setPen(QPen(ink, ranks ? 2.0 : style == Qt::SolidLine ? 1.5 : 1.2, style));
    c->addSeries(line);
    for (auto* a : c->axes())
        line->attachAxis(a);
    Marker m{x, text, style, new QGraphicsSimpleTextItem(text, c)};
    m.label->setBrush(ink);
    QFont f = m.label->font();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    m.label->setFont(f);
    m_markers.push_back(m);
}

void HistogramView::placeLabels() {
    QChart* c = chart();
    if (!c || m_markers.empty() || c->series().isEmpty() || m_placing) return;
    // the chart not yet at the view's size (shown again in a dock, before its resize): labels placed now
    // would stand where the old size put them (walk17b #7); the resize places them
    if (std::abs(c->size().width() - viewport()->width()) > 4 ||
        std::abs(c->size().height() - viewport()->height()) > 4)
        return;
    m_placing = true; // the layouts below emit plotAreaChanged: the labels are placed here, once
    if (c->layout()) c->layout()->activate(); // the plot area of the present size, not of a pending layout
    const QRectF plot = c->plotArea();
    // each label at its line's x, to the right of it (to the left near the right edge), in rows counted from
    // the top of a band above the plot; a label that would overlap one already placed goes one row lower
    std::vector<QRectF> placed;
    for (auto& m : m_markers) {
        const QPointF p = c->mapToPosition(QPointF(m.x, 0), c->series().first());
        const QRectF r0 = m.label->boundingRect();
        double lx = p.x() + 3;
        if (lx + r0.width() > plot.right()) lx = std::max(c->rect().left() + 2, p.x() - 3 - r0.width());
        QRectF r(QPointF(lx, 0), r0.size());
        const auto clashes = [&](const QRectF& o) { return o.adjusted(-6, 0, 6, 0).intersects(r); };
        while (std::any_of(placed.begin(), placed.end(), clashes))
            r.translate(0, r0.height() + 1); // a pixel apart: rows that touch read as one
        placed.push_back(r);
    }
    double rows = 0;
    for (const QRectF& r : placed)
        rows = std::max(rows, r.bottom());
    // the band is made by blank lines under the title, so Qt Charts lays the axes and the series out in
    // the same plot area below it (a plot area set by hand moved the series but not the axis: a bin of 2
    // read 1.1 on the count axis, walk 19); the title's lines grow only when the labels need another row
    const int lines = int(std::ceil((rows + 3) / QFontMetrics(c->titleFont()).lineSpacing()));
    if (lines != m_bandLines) {
        m_bandLines = lines;
        setWrappedTitle(viewport()->width());
        if (c->layout()) c->layout()->activate();
    }
    const double bandTop = c->plotArea().top() - rows - 3;
    for (size_t i = 0; i < m_markers.size(); ++i)
        m_markers[i].label->setPos(placed[i].topLeft() + QPointF(0, bandTop));
    m_placing = false;
}

void HistogramView::resizeEvent(QResizeEvent* e) {
    // wrapped at the new width before the chart is laid out at it (a title changed after moved the labels
    // placed for the old one out of the chart: the view scrolled them into sight, cutting the title)
    setWrappedTitle(e->size().width());
    QChartView::resizeEvent(e);
    placeLabels(); // plotAreaChanged does not follow a resize that keeps the plot area's size
}

std::vector<HistogramView::MarkerInfo> HistogramView::markers() const {
    std::vector<MarkerInfo> out;
    QChart* c = chart();
    if (c->series().isEmpty()) return out;
    for (const auto& m : m_markers) {
        const QPointF at = c->mapToPosition(QPointF(m.x, 0), c->series().first());
        const QRectF label = m.label->mapRectToScene(m.label->boundingRect());
        const QPointF top = c->mapToPosition(QPointF(m.x, m_lineTop), c->series().first());
        out.push_back({m.text, double(mapFromScene(c->mapToScene(at)).x()),
                       double(mapFromScene(c->mapToScene(top)).y()), mapFromScene(label).boundingRect()});
    }
    return out;
}

double HistogramView::tallestBinTop() const {
    QChart* c = chart();
    if (c->series().isEmpty()) return 0;
    const QPointF at = c->mapToPosition(QPointF(0, m_maxCount), c->series().first());
    return double(mapFromScene(c->mapToScene(at)).y());
}

void HistogramView::changeEvent(QEvent* e) {
    QChartView::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) setHistogram(m_hist, m_rankName); // rebuilt: the markers' ink too
}

} // namespace rs::views
