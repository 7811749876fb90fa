#include "views/comm/commmatrixcanvas.h"

#include "views/common/plural.h"

#include "core/model/commtext.h"
#include "views/common/celltooltip.h"
#include "views/common/palette.h"
#include "views/common/timemapping.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <set>

namespace rs::views {

CommMatrixCanvas::CommMatrixCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(300, 200);
}

void CommMatrixCanvas::setMatrix(std::shared_ptr<const query::CommMatrix> m) {
    m_matrix = std::move(m);
    layoutCells();
    setMetric(m_metric);
    updateGeometry();
}

void CommMatrixCanvas::setMetric(CommMetric m) {
    m_metric = m;
    if (m_matrix) m_scale = CommScale::forMatrix(*m_matrix, m);
    update();
}

void CommMatrixCanvas::setSelected(qint64 src, qint64 dst) {
    m_selected = {src, dst};
    update();
}

void CommMatrixCanvas::layoutCells() {
    const int n = m_matrix ? std::max<int>(1, int(m_matrix->ranks.size())) : 1;
    m_cell = std::clamp(720 / n, 12, 56);
    m_labelEvery = std::max(1, int(std::ceil(22.0 / m_cell)));
}

int CommMatrixCanvas::axisIndex(qint64 rank) const {
    if (!m_matrix) return -1;
    auto it = std::lower_bound(m_matrix->ranks.begin(), m_matrix->ranks.end(), rank);
    return it != m_matrix->ranks.end() && *it == rank ? int(it - m_matrix->ranks.begin()) : -1;
}

QRect CommMatrixCanvas::cellRect(qint64 src, qint64 dst) const {
    const int r = axisIndex(src), c = axisIndex(dst);
    if (r < 0 || c < 0) return {};
    return {m_left + c * m_cell, m_top + r * m_cell, m_cell - 1, m_cell - 1};
}

QSize CommMatrixCanvas::sizeHint() const {
    const int n = m_matrix ? int(m_matrix->ranks.size()) : 0;
    const int title = fontMetrics().horizontalAdvance(tr("← source rank")) + 4; // drawn along the rows
    return {m_left + n * m_cell + 24 + m_legendW,
            std::max({m_top + n * m_cell + 24, m_top + title + 8, 300})};
}

void CommMatrixCanvas::paintAxes(QPainter& p) {
    p.setPen(palette().text().color());
    const int n = int(m_matrix->ranks.size());
    // the titles may be wider than a small grid (one or two ranks): they take the room they need
    const QString dstTitle =
        tr("destination rank →%1").arg(m_matrix->scope == "global" ? QString() : tr(" (group-local)"));
    const QString srcTitle = tr("← source rank");
    p.drawText(QRect(m_left, 2, std::max(n * m_cell, p.fontMetrics().horizontalAdvance(dstTitle) + 4), 18),
               Qt::AlignLeft | Qt::AlignVCenter, dstTitle);
    const int srcW = std::max(n * m_cell, p.fontMetrics().horizontalAdvance(srcTitle) + 4);
    p.save();
    p.translate(14, m_top + srcW);
    p.rotate(-90);
    p.drawText(QRect(0, -12, srcW, 16), Qt::AlignRight | Qt::AlignVCenter, srcTitle);
    p.restore();
    for (int i = 0; i < n; ++i) {
        if (i % m_labelEvery) continue;
        const QString label = QString::number(m_matrix->ranks[size_t(i)]);
        p.drawText(
            QRect(m_left + i * m_cell, m_top - 20, m_labelEvery > 1 ? m_cell * m_labelEvery : m_cell, 18),
            (m_labelEvery > 1 ? Qt::AlignLeft : Qt::AlignHCenter) | Qt::AlignVCenter, label);
        p.drawText(QRect(20, m_top + i * m_cell, m_left - 24, m_cell), Qt::AlignRight | Qt::AlignVCenter,
                   label);
    }
}

void CommMatrixCanvas::paintCell(QPainter& p, const query::CommCell& c) {
    const QRect cell = cellRect(c.src, c.dst);
    QColor col = m_metric == CommMetric::Transport ? transportColor(QString::fromStdString(c.transport()))
                                                   : m_scale.cellColor(c);
    if (!col.isValid()) col = palette().alternateBase().color();
    p.fillRect(cell, col);
    if (m_metric == CommMetric::Bandwidth && c.latencyBound) // hatched: its figure measures latency
        p.fillRect(cell, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
    if (m_cell >= 36) {
        p.setPen(textOn(col));
        p.drawText(cell, Qt::AlignCenter,
                   commCellText(c, m_metric, m_matrix->hcclRawUnits, p.fontMetrics(), cell.width() - 4));
    }
    if (c.slow) { // ink on any fill, with a light core so it reads on dark cells
        p.setPen(QPen(palette().text().color(), 3));
        p.drawRect(cell.adjusted(1, 1, -2, -2));
        p.setPen(QPen(palette().base().color(), 1));
        p.drawRect(cell.adjusted(3, 3, -4, -4));
    }
    if (m_selected == std::make_pair(qint64(c.src), qint64(c.dst))) {
        p.setPen(QPen(palette().highlight().color(), 3));
        p.drawRect(cell.adjusted(-1, -1, 0, 0));
    }
}

int CommMatrixCanvas::paintRatioLegend(QPainter& p, int lx, int y) {
    // the fixed ratio scale: kRatioTop (top) down to half the usual slow threshold, its turn marked
    const int lh = 110;
    const double top = std::log(kRatioTop), bottom = std::log(query::kSlowRatio / 2);
    auto at = [&](double r) { return y + int(std::lround((top - std::log(r)) / (top - bottom) * lh)); };
    for (int i = 0; i < lh; ++i)
        p.fillRect(lx, y + i, 14, 1,
                   bandwidthRatioColor(std::exp(top - (top - bottom) * i / lh), query::kSlowRatio));
    const std::pair<double, QString> ticks[] = {
        {kRatioTop, tr("%1× its type's median").arg(kRatioTop)},
        {1.0, tr("1.0× (the median)")},
        {query::kSlowRatio, tr("%1×: slow below").arg(query::kSlowRatio)},
        {query::kSlowRatio / 2, tr("%1×").arg(query::kSlowRatio / 2)}};
    for (const auto& [r, label] : ticks) {
        p.drawLine(lx + 14, at(r), lx + 18, at(r));
        p.drawText(QRect(lx + 20, at(r) - 8, m_legendW - 20, 16), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    y += lh + 14;
    p.fillRect(lx, y, 12, 10, notJudgedColor());
    p.drawText(QRect(lx + 18, y - 3, m_legendW - 18, 16), Qt::AlignLeft, tr("not judged (too few, mixed)"));
    y += 18;
    p.fillRect(lx, y, 12, 10, notJudgedColor());
    p.fillRect(lx, y, 12, 10, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
    const QRect small(lx + 18, y - 3, m_legendW - 18, 60);
    const QString smallText =
        tr("small messages (mean under %1): latency-bound, not judged")
            .arg(QString::fromStdString(model::formatDecimalBytes(query::kLatencyBoundBytes)));
    p.drawText(small, Qt::AlignLeft | Qt::TextWordWrap, smallText);
    return y + p.fontMetrics().boundingRect(small, Qt::AlignLeft | Qt::TextWordWrap, smallText).height() + 8;
}

QStringList CommMatrixCanvas::legendValueTexts() const {
    if (!m_matrix || (m_metric != CommMetric::Size && m_metric != CommMetric::Time)) return {};
    const bool raw = m_matrix->hcclRawUnits;
    if (std::isfinite(m_scale.only)) return {commShortText(m_scale.only, m_metric, raw)};
    return {commShortText(m_scale.hi, m_metric, raw), commShortText(m_scale.lo, m_metric, raw)};
}

QString CommMatrixCanvas::sizeOrTimeName() const {
    return m_metric == CommMetric::Size ? (m_matrix->logical        ? tr("logical bytes")
                                           : m_matrix->hcclRawUnits ? tr("size (units as in hccl_raw)")
                                                                    : tr("bytes (decimal units)"))
                                        : tr("time");
}

int CommMatrixCanvas::paintOneValueLegend(QPainter& p, int lx, int y) {
    p.fillRect(lx, y, 14, 12, m_scale.color(m_scale.only));
    p.drawText(QRect(lx + 20, y - 2, m_legendW - 20, 16), Qt::AlignLeft | Qt::AlignVCenter,
               (m_matrix->cells.size() == 1 ? tr("%1 of the one link: %2") : tr("%1, every link: %2"))
                   .arg(sizeOrTimeName(), legendValueTexts().value(0)));
    return y + 30;
}

void CommMatrixCanvas::paintLegend(QPainter& p) {
    const int n = int(m_matrix->ranks.size());
    const int lx = m_left + n * m_cell + 20;
    int y = m_top;
    p.setPen(palette().text().color());
    if (m_metric == CommMetric::Transport) {
        std::set<std::string> seen;
        for (const auto& c : m_matrix->cells)
            seen.insert(c.transport());
        for (const auto& t : seen) {
            p.fillRect(lx, y, 14, 12, transportColor(QString::fromStdString(t)));
            p.drawText(lx + 20, y + 11, QString::fromStdString(t));
            y += 18;
        }
    } else if (m_metric == CommMetric::Bandwidth) {
        y = paintRatioLegend(p, lx, y);
    } else if (std::isfinite(m_scale.only)) {
        y = paintOneValueLegend(p, lx, y);
    } else {
        const int lh = 110;
        for (int i = 0; i < lh; ++i) // top = hi, on the log axis
            p.fillRect(lx, y + i, 14, 1,
                       m_scale.color(
                           std::pow(10.0, std::log10(m_scale.hi) -
                                              (std::log10(m_scale.hi) - std::log10(m_scale.lo)) * i / lh)));
        const QStringList ends = legendValueTexts();
        p.drawText(lx + 20, y + 9, ends.value(0));
        p.drawText(lx + 20, y + lh, ends.value(1));
        y += lh + 18;
        // wrapped, as the slow-link rule below (walk 37: "size (units as in hccl_raw), log scale (at le" was
        // cut at the legend's width)
        const QRect caption(lx, y - 12, m_legendW, 200);
        const QString text =
            tr("%1, log scale (at least ×%2)").arg(sizeOrTimeName()).arg(kMinSpan, 0, 'f', 0);
        p.drawText(caption, Qt::AlignLeft | Qt::TextWordWrap, text);
        y += p.fontMetrics().boundingRect(caption, Qt::AlignLeft | Qt::TextWordWrap, text).height() - 8;
    }
    if (m_matrix->sizeOnly()) return;
    p.setPen(QPen(palette().text().color(), 3));
    p.drawRect(lx, y, 12, 10);
    p.setPen(palette().text().color());
    const QRect rule(lx + 18, y - 3, m_legendW - 18, 200);
    const QString ruleText =
        tr("slow link: under %1 % of its transport type's median and a robust z under −%2 (MAD)")
            .arg(query::kSlowRatio * 100, 0, 'f', 0)
            .arg(query::kSlowZ, 0, 'f', 1);
    p.drawText(rule, Qt::AlignLeft | Qt::TextWordWrap, ruleText);
    y += p.fontMetrics().boundingRect(rule, Qt::AlignLeft | Qt::TextWordWrap, ruleText).height() + 8;
    for (const auto& t : m_matrix->thresholds) {
        p.drawText(QRect(lx, y, m_legendW, 16), Qt::AlignLeft,
                   t.judged ? tr("%1: median %2")
                                  .arg(QString::fromStdString(t.transport))
                                  .arg(QString::fromStdString(model::formatBandwidth(t.medianGBps)))
                   : t.links == 0
                       ? tr("%1: all latency-bound, not judged").arg(QString::fromStdString(t.transport))
                       : tr("%1: %2, too few to judge")
                             .arg(QString::fromStdString(t.transport))
                             .arg(counted(t.links, tr("link"), tr("links"))));
        y += 16;
        if (t.latencyBound > 0 && t.links > 0) {
            p.drawText(
                QRect(lx + 12, y, m_legendW - 12, 16), Qt::AlignLeft,
                tr("+ %1 latency-bound, not judged").arg(counted(t.latencyBound, tr("link"), tr("links"))));
            y += 16;
        }
        if (!t.judged) continue;
        p.drawText(QRect(lx + 12, y, m_legendW - 12, 16), Qt::AlignLeft,
                   tr("slow below %1").arg(QString::fromStdString(model::formatBandwidth(t.thresholdGBps))));
        y += 18;
    }
}

QString CommMatrixCanvas::placeholderText() const {
    if (m_matrix && !m_matrix->cells.empty()) return {};
    return m_matrix && !m_matrix->empty.empty() ? QString::fromStdString(m_matrix->empty)
                                                : tr("No communication matrix");
}

void CommMatrixCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    if (const QString none = placeholderText(); !none.isEmpty()) {
        p.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, none);
        return;
    }
    const int n = int(m_matrix->ranks.size());
    for (int r = 0; r < n; ++r) // the grid, so a link nobody reported reads as absent, not as a colour
        for (int c = 0; c < n; ++c)
            p.fillRect(m_left + c * m_cell, m_top + r * m_cell, m_cell - 1, m_cell - 1,
                       palette().alternateBase());
    paintAxes(p);
    for (const auto& c : m_matrix->cells)
        paintCell(p, c);
    paintLegend(p);
}

const query::CommCell* CommMatrixCanvas::cellAt(QPoint pt) const {
    if (!m_matrix || pt.x() < m_left || pt.y() < m_top) return nullptr;
    const size_t c = size_t((pt.x() - m_left) / m_cell), r = size_t((pt.y() - m_top) / m_cell);
    if (r >= m_matrix->ranks.size() || c >= m_matrix->ranks.size()) return nullptr;
    return m_matrix->at(m_matrix->ranks[r], m_matrix->ranks[c]);
}

void CommMatrixCanvas::mousePressEvent(QMouseEvent* e) {
    if (const auto* c = cellAt(e->pos())) emit cellClicked(c->src, c->dst);
}

QStringList CommMatrixCanvas::captionLines() const {
    if (!m_matrix) return {};
    QString group = tr("every group");
    for (const auto& g : m_matrix->groups)
        if (g.name == m_matrix->group)
            group = tr("group %1%2")
                        .arg(QString::fromStdString(g.name),
                             g.label.empty() ? QString() : " (" + QString::fromStdString(g.label) + ")");
    // one group of several pictured: said, so its links are not read as the run's (test_data's export
    // drew a latency-bound group of six, its 19 GB/s HCCS traffic in another; walk 20b)
    if (!m_matrix->group.empty() && m_matrix->groups.size() > 1)
        group += tr(", one of %1 groups (the others: the Communication tab's group box, or rankscope comm)")
                     .arg(m_matrix->groups.size());
    return {
        tr("source rank × destination rank · %1 · %2")
            .arg(group)
            .arg(m_matrix->step ? tr("step %1").arg(*m_matrix->step) : tr("all steps summed")),
        tr("colour: %1%2%3")
            .arg(m_metric == CommMetric::Bandwidth
                     ? tr("bandwidth as a ratio to its transport type's median (fixed scale)")
                     : commMetricName(m_metric, m_matrix->logical, m_matrix->hcclRawUnits))
            .arg(m_matrix->sizeOnly() ? QString() : tr(" · outlined: slow links"))
            .arg(query::latencyBoundLinks(*m_matrix) > 0
                     ? tr(" · hatched: %1 with small messages (mean under %2), latency-bound, not judged")
                           .arg(counted(query::latencyBoundLinks(*m_matrix), tr("link"), tr("links")))
                           .arg(QString::fromStdString(model::formatDecimalBytes(query::kLatencyBoundBytes)))
                     : QString())};
}

QString CommMatrixCanvas::linkText(const query::CommCell& c) const {
    QString t = tr("rank %1 → rank %2%3")
                    .arg(c.src)
                    .arg(c.dst)
                    .arg(m_matrix && m_matrix->scope != "global" ? tr(" (group-local ranks)") : QString());
    if (m_matrix && m_matrix->logical) {
        t += tr("\n%1 logical bytes (from the collectives' args; not link bandwidth)")
                 .arg(QString::fromStdString(model::formatDecimalBytes(c.bytes)));
    } else if (m_matrix && m_matrix->hcclRawUnits) { // hccl_raw names no size unit: no bytes, no GB/s
        t += tr("\n%1 · size %2 (units as in hccl_raw) in %3, from hccl_raw link_info")
                 .arg(QString::fromStdString(c.transport()))
                 .arg(commValueText(double(c.bytes), CommMetric::Size, true))
                 .arg(c.timeNs ? formatDuration(*c.timeNs) : tr("?"));
    } else {
        t += tr("\n%1 · %2 in %3 = %4")
                 .arg(QString::fromStdString(c.transport()))
                 .arg(QString::fromStdString(model::formatDecimalBytes(c.bytes)))
                 .arg(c.timeNs ? formatDuration(*c.timeNs) : tr("?"))
                 .arg(QString::fromStdString(model::formatBandwidth(c.bandwidthGBps())));
        if (c.transports.size() > 1) t += tr(" (over several transports)");
    }
    QStringList ops;
    for (const auto& o : c.ops)
        ops << QString::fromStdString(o);
    t += c.opCount ? tr("\n%1: %2").arg(counted(*c.opCount, tr("op"), tr("ops"))).arg(ops.join(", "))
                   : tr("\nops: %1").arg(ops.join(", "));
    if (c.latencyBound)
        t += tr("\nsmall messages (mean %1): latency-bound, not judged")
                 .arg(QString::fromStdString(
                     model::formatDecimalBytes(int64_t(std::llround(c.meanMessageBytes())))));
    else if (const double r = m_scale.ratio(c); std::isfinite(r) && !c.slow)
        t += tr("\n%1× the %2 links' median")
                 .arg(QString::fromStdString(model::threeSignificant(r)),
                      QString::fromStdString(c.transport()));
    if (c.slow && m_matrix)
        for (const auto& th : m_matrix->thresholds)
            if (th.transport == c.transport())
                t += tr("\nslow: below %1 (the %2 links' median is %3)")
                         .arg(QString::fromStdString(model::formatBandwidth(th.thresholdGBps)))
                         .arg(QString::fromStdString(th.transport))
                         .arg(QString::fromStdString(model::formatBandwidth(th.medianGBps)));
    return t + tr("\nclick: select its collectives on the timeline");
}

QString CommMatrixCanvas::emptyText(QPoint pt) const {
    if (!m_matrix || m_matrix->ranks.empty() || pt.x() < m_left || pt.y() < m_top) return {};
    const size_t c = size_t((pt.x() - m_left) / m_cell), r = size_t((pt.y() - m_top) / m_cell);
    if (r >= m_matrix->ranks.size() || c >= m_matrix->ranks.size()) return {};
    const int64_t src = m_matrix->ranks[r], dst = m_matrix->ranks[c];
    const bool reports = std::any_of(m_matrix->cells.begin(), m_matrix->cells.end(),
                                     [&](const query::CommCell& x) { return x.src == src; });
    return reports
               ? tr("rank %1 → rank %2: no data moved (in this group and step)").arg(src).arg(dst)
               : tr("rank %1 → rank %2: not known — a rank's own files report its links, and none of rank "
                    "%1's are in the profile")
                     .arg(src)
                     .arg(dst);
}

bool CommMatrixCanvas::event(QEvent* e) {
    if (handleCellToolTip(this, e, [this](QPoint pt) {
            if (const auto* c = cellAt(pt)) return linkText(*c);
            return emptyText(pt);
        }))
        return true;
    return QWidget::event(e);
}

} // namespace rs::views
