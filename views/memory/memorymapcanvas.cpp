#include "views/memory/memorymapcanvas.h"

#include "core/query/tensorop.h"
#include "core/query/tensortext.h"

#include "views/annotate/annotationmodel.h"
#include "views/annotate/annotationpainter.h"

#include <QContextMenuEvent>
#include <QMenu>

#include "views/common/palette.h"
#include "views/common/plural.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QRegion>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace rs::views {

namespace {
/// Draws `text` whole in `r`, in a smaller font when it would not fit: an address that loses a digit to
/// the clip is a wrong address.
void drawFitted(QPainter& p, const QRectF& r, const QString& text) {
    QFont f = p.font();
    while (QFontMetricsF(f).horizontalAdvance(text) > r.width() && f.pointSizeF() > 4.5)
        f.setPointSizeF(f.pointSizeF() - 0.5);
    p.save();
    p.setFont(f);
    p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, text);
    p.restore();
}
} // namespace

MemoryMapCanvas::MemoryMapCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(300, kMinHeight);
    setFocusPolicy(Qt::StrongFocus);
}

void MemoryMapCanvas::setData(std::shared_ptr<const query::MemoryMapData> d) {
    m_data = std::move(d);
    m_clickedTensor = -1; // an index into the previous data's tensors
    m_stackY.clear();
    if (m_data && !m_data->hasAddresses) {
        // Lifetime view: each tensor takes the first lane free at its allocation (allocation order).
        std::vector<int64_t> laneEnd;
        for (const auto& t : m_data->tensors) {
            int64_t a = t.allocNs.value_or(0), f = t.freeNs.value_or(INT64_MAX);
            size_t lane = 0;
            while (lane < laneEnd.size() && laneEnd[lane] > a)
                ++lane;
            if (lane == laneEnd.size()) laneEnd.push_back(0);
            laneEnd[lane] = f;
            m_stackY.push_back(double(lane));
        }
    }
    m_hlMatches = tensorsNamedBy(m_hlOp);
    resetView();
    setMinimumHeight(labelledHeight());
    updateGeometry();
}

int MemoryMapCanvas::labelledHeight() const {
    // every bank of the whole map a band two lines high, its name and base address (up to 8 banks; more
    // scroll or zoom): the memory dock squeezed the demo's 6 banks into ~80 px at 1600 × 1000, each band
    // thinner than its name (r54c #4). The dock scrolls when its view is taller (DockScrollArea)
    if (!m_data || !m_data->hasAddresses || m_data->bankSizeBytes <= 0 || m_fullA1 <= m_fullA0)
        return kMinHeight;
    const uint64_t banks =
        (m_fullA1 - m_fullA0 + uint64_t(m_data->bankSizeBytes) - 1) / uint64_t(m_data->bankSizeBytes);
    const double line = std::ceil(QFontMetricsF(smallFont()).height());
    const int perBank = int(2 * line + 4); // bankLabels' two lines and their margin, with a pixel to spare
    return std::max(kMinHeight, int(std::min<uint64_t>(banks, 8)) * perBank + 12); // addressMapping's 12
}

std::optional<std::pair<int, int>> MemoryMapCanvas::lineThrough(int y) const {
    if (!m_data || !m_data->hasAddresses || m_data->bankSizeBytes <= 0) return std::nullopt;
    const auto& d = *m_data;
    const AddressMapping am = addressMapping();
    for (int64_t b = 0; b < std::max(d.bankCount, 1) + 64; ++b) {
        const uint64_t lo = d.bankBase + uint64_t(b) * uint64_t(d.bankSizeBytes),
                       hi = lo + uint64_t(d.bankSizeBytes);
        if (hi <= m_a0) continue;
        if (lo >= m_a1) break;
        // the band as painted (its fill from y(lo) to y(hi), clipped to the widget)
        const int top = int(std::floor(std::max(am.y(lo), 0.0))),
                  bottom = int(std::ceil(std::min(am.y(hi), double(height()))));
        if (top < y && y < bottom) return std::make_pair(top, bottom);
    }
    return std::nullopt;
}

void MemoryMapCanvas::resetView() {
    if (!m_data) return;
    m_t0 = m_data->startNs;
    m_t1 = std::max<qint64>(m_data->endNs, m_t0 + 1000);
    int64_t pad = (m_t1 - m_t0) / 50;
    m_t0 -= pad;
    m_t1 += pad;
    if (m_data->hasAddresses) {
        uint64_t lo = UINT64_MAX, hi = 0;
        for (const auto& t : m_data->tensors)
            if (t.addr) {
                lo = std::min(lo, *t.addr);
                hi = std::max(hi, *t.addr + uint64_t(t.sizeBytes));
            }
        if (m_data->bankSizeBytes > 0) { // show whole banks
            uint64_t base = m_data->bankBase, sz = uint64_t(m_data->bankSizeBytes);
            lo = lo >= base ? base + (lo - base) / sz * sz : lo;
            hi = base + ((hi - base + sz - 1) / sz) * sz;
        }
        m_fullA0 = m_a0 = lo;
        m_fullA1 = m_a1 = std::max(hi, lo + 1);
    } else {
        double lanes = 1;
        for (double y : m_stackY)
            lanes = std::max(lanes, y + 1);
        m_fullA0 = m_a0 = 0;
        m_fullA1 = m_a1 = uint64_t(lanes);
    }
    updateColorKey();
    Q_EMIT timeWindowChanged(m_t0, m_t1);
    update();
    linesMoved(this);
}

void MemoryMapCanvas::setTimeWindow(qint64 t0, qint64 t1) {
    if (t1 <= t0 || (t0 == m_t0 && t1 == m_t1)) return;
    m_t0 = t0;
    m_t1 = t1;
    updateColorKey();
    Q_EMIT timeWindowChanged(m_t0, m_t1);
    update();
}

void MemoryMapCanvas::updateColorKey() {
    // hues by the rank's whole run (stable at every zoom); the key names what the window draws
    m_key = m_data ? TensorColorKey::of(*m_data, m_t0, m_t1) : TensorColorKey();
    Q_EMIT colorKeyChanged();
}

void MemoryMapCanvas::setHighlight(const QString& op, const QString& tensor) {
    m_hlOp = op;
    m_hlTensor = tensor;
    m_hlMatches = tensorsNamedBy(op);
    update();
}

int MemoryMapCanvas::tensorsNamedBy(const QString& opName) const {
    if (!m_data || opName.isEmpty()) return 0;
    const std::string op = opName.toStdString();
    return int(std::count_if(m_data->tensors.begin(), m_data->tensors.end(), [&](const query::TensorItem& t) {
        return query::recordNamesOp(t, op, m_data->kernelTypeOf);
    }));
}

TimeMapping MemoryMapCanvas::timeMapping() const {
    return TimeMapping{m_t0, m_t1, double(kLeft), double(std::max(1, width() - kLeft - 8))};
}

AddressMapping MemoryMapCanvas::addressMapping() const {
    return AddressMapping{m_a0, m_a1, 6.0, double(std::max(1, height() - 12))};
}

QRectF MemoryMapCanvas::barRect(size_t i) const {
    if (!m_data || i >= m_data->tensors.size()) return {};
    const auto& t = m_data->tensors[i];
    TimeMapping tm = timeMapping();
    AddressMapping am = addressMapping();
    double x0 = tm.x(t.allocNs.value_or(m_data->startNs));
    double x1 = tm.x(t.freeNs.value_or(m_data->endNs));
    double y, h;
    if (m_data->hasAddresses) {
        if (!t.addr) return {};
        y = am.y(*t.addr);
        h = am.barHeight(t.sizeBytes);
    } else {
        y = am.y(uint64_t(m_stackY[i]));
        h = std::max(2.0, am.barHeight(1) - 1);
    }
    return QRectF(x0, y, std::max(1.0, x1 - x0), h);
}

QFont MemoryMapCanvas::smallFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    return small;
}

std::vector<MemoryMapCanvas::BankLabel> MemoryMapCanvas::bankLabels() const {
    std::vector<BankLabel> out;
    if (!m_data || m_data->tensors.empty() || !m_data->hasAddresses || m_data->bankSizeBytes <= 0) return out;
    const auto& d = *m_data;
    const AddressMapping am = addressMapping();
    const double line = std::ceil(QFontMetricsF(smallFont()).height());
    for (int64_t b = 0; b < std::max(d.bankCount, 1) + 64; ++b) {
        const uint64_t lo = d.bankBase + uint64_t(b) * uint64_t(d.bankSizeBytes),
                       hi = lo + uint64_t(d.bankSizeBytes);
        if (hi <= m_a0) continue;
        if (lo >= m_a1) break;
        const double y0 = std::max(am.y(lo), 0.0), y1 = std::min(am.y(hi), double(height()));
        if (y1 - y0 < line + 2) continue; // thinner than a line: the tooltip says the bank
        out.push_back({QRectF(4, y0 + 1, kLeft - 8, line),
                       tr("bank %1%2").arg(b).arg(b >= d.bankCount ? "?" : ""), false});
        if (y1 - y0 >= 2 * line + 2)
            out.push_back({QRectF(4, y0 + 1 + line, kLeft - 8, line), QString("0x%1").arg(lo, 0, 16), true});
    }
    return out;
}

std::vector<MemoryMapCanvas::BankLabel> MemoryMapCanvas::addressLabels() const {
    // addresses without a bank model (PyTorch's caching allocator, Kineto): the axis had no label at all
    // (df_index_resolver, walk 20a). Round hex addresses, a power of two apart, at least three lines apart
    std::vector<BankLabel> out;
    if (!m_data || m_data->tensors.empty() || !m_data->hasAddresses || m_data->bankSizeBytes > 0) return out;
    const AddressMapping am = addressMapping();
    const double line = std::ceil(QFontMetricsF(smallFont()).height());
    const double perPx = double(m_a1 - m_a0) / std::max(1.0, am.height);
    uint64_t step = 1;
    while (double(step) < 3 * line * perPx && step < (uint64_t(1) << 62))
        step <<= 1;
    for (uint64_t a = (m_a0 + step - 1) / step * step; a < m_a1; a += step) {
        const double y = am.y(a);
        if (y - line / 2 < 0 || y + line / 2 > height()) continue;
        out.push_back({QRectF(4, y - line / 2, kLeft - 8, line), QString("0x%1").arg(a, 0, 16), true});
        if (a > UINT64_MAX - step) break;
    }
    return out;
}

void MemoryMapCanvas::paintAddressAxis(QPainter& p) const {
    p.setPen(palette().color(QPalette::PlaceholderText));
    for (const BankLabel& l : addressLabels()) {
        drawFitted(p, l.rect, l.text);
        p.drawLine(QPointF(kLeft - 3, l.rect.center().y()), QPointF(kLeft, l.rect.center().y()));
    }
}

bool MemoryMapCanvas::barShown(const QRectF& r) const {
    return !r.isNull() && r.right() >= kLeft && r.left() <= width() && r.bottom() >= 0 && r.top() <= height();
}

std::vector<std::pair<std::string, QRectF>> MemoryMapCanvas::anomalyOutlines() const {
    std::vector<std::pair<std::string, QRectF>> out;
    if (!m_data) return out;
    const auto& d = *m_data;
    const AddressMapping am = addressMapping();
    for (const auto& op : d.anomalyOps) {
        QRectF box;
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t i = 0; i < d.tensors.size(); ++i) {
            const auto& t = d.tensors[i];
            if (t.opName != op) continue;
            const QRectF r = barRect(i);
            if (!barShown(r)) continue;
            box = box.isNull() ? r : box.united(r);
            if (t.addr) lo = std::min(lo, *t.addr), hi = std::max(hi, *t.addr + uint64_t(t.sizeBytes));
        }
        if (box.isNull()) continue;
        box.adjust(-3, -3, 3, 3); // around the bars, not on them
        if (d.hasAddresses && d.bankSizeBytes > 0 && lo < hi && lo >= d.bankBase) {
            // the padding and the bars' minimum height put the outline of bank 0's anomaly (3.5–3.625 GiB
            // into its 4 GiB) over bank 1's band on a short map (r54c #1): kept inside the bands of the
            // banks its tensors lie in, its pen too
            const uint64_t sz = uint64_t(d.bankSizeBytes);
            const uint64_t bankLo = d.bankBase + (lo - d.bankBase) / sz * sz;
            const uint64_t bankHi = d.bankBase + ((hi - 1 - d.bankBase) / sz + 1) * sz;
            const double inset = kOutlinePen / 2;
            box.setTop(std::max(box.top(), am.y(bankLo) + inset));
            box.setBottom(std::min(box.bottom(), am.y(bankHi) - inset));
            if (box.height() <= 0) continue; // the banks are off the map (zoomed away)
        }
        out.push_back({op, box});
    }
    return out;
}

void MemoryMapCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_data || m_data->tensors.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyText());
        return;
    }
    const auto& d = *m_data;
    AddressMapping am = addressMapping();
    p.setFont(smallFont());
    // HBM banks as alternating bands with labels
    if (d.hasAddresses && d.bankSizeBytes > 0) {
        for (int64_t b = 0; b < std::max(d.bankCount, 1) + 64; ++b) {
            uint64_t lo = d.bankBase + uint64_t(b) * uint64_t(d.bankSizeBytes),
                     hi = lo + uint64_t(d.bankSizeBytes);
            if (hi <= m_a0) continue;
            if (lo >= m_a1) break;
            double y0 = std::max(am.y(lo), 0.0), y1 = std::min(am.y(hi), double(height()));
            QColor band = b % 2 ? palette().color(QPalette::AlternateBase) : palette().color(QPalette::Base);
            if (band == palette().color(QPalette::Base) && b % 2) band = band.darker(106);
            p.fillRect(QRectF(0, y0, width(), y1 - y0), band);
            p.setPen(palette().color(QPalette::Mid));
            p.drawLine(QPointF(0, y0), QPointF(width(), y0));
        }
        for (const BankLabel& l : bankLabels()) { // over every band: none paints over a label
            p.setPen(palette().color(l.address ? QPalette::PlaceholderText : QPalette::WindowText));
            if (l.address)
                drawFitted(p, l.rect, l.text);
            else
                p.drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter, l.text);
        }
    } else if (d.hasAddresses) {
        paintAddressAxis(p);
    } else {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(4, 4, kLeft - 8, 60), Qt::TextWordWrap,
                   tr("no addresses: lifetimes stacked by allocation order"));
    }
    // tensor bars, batched by colour
    std::map<QRgb, QVector<QRectF>> batches;
    QRectF selected;
    const std::string hlOp = m_hlOp.toStdString();
    std::vector<QRectF> drawn; // what a note's label must not cover
    for (size_t i = 0; i < d.tensors.size(); ++i) {
        QRectF r = barRect(i);
        if (!barShown(r)) continue;
        const auto& t = d.tensors[i];
        QColor c = m_key.colorOf(t.opName);
        bool dim = dimsOthers() && !query::recordNamesOp(t, hlOp, d.kernelTypeOf);
        if (dim) c.setAlpha(40);
        batches[c.rgba()].push_back(r);
        drawn.push_back(r);
        if (!m_hlTensor.isEmpty() && QString::fromStdString(t.tensorId) == m_hlTensor) selected = r;
    }
    p.save();
    p.setClipRect(QRect(kLeft, 0, width() - kLeft, height()));
    p.setPen(Qt::NoPen);
    for (auto& [rgb, rects] : batches) {
        p.setBrush(QColor::fromRgba(rgb));
        p.drawRects(rects.constData(), int(rects.size()));
    }
    // the bank anomaly, outlined as a group with its explanation
    std::vector<QRectF> findingLabels;
    for (const auto& [op, b] : anomalyOutlines()) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(waitColor(), kOutlinePen, Qt::DashLine));
        p.drawRect(b);
        drawn.push_back(b.adjusted(-1, -1, 1, 1)); // its dashed outline
        p.setPen(waitColor());
        const QString text =
            tr("%1 buffers in an unusual HBM bank (other ranks differ)").arg(QString::fromStdString(op));
        const QPointF at(std::max(b.left(), double(kLeft) + 4), std::max(12.0, b.top() - 4));
        p.drawText(at, text);
        const QFontMetricsF fm(p.font());
        findingLabels.push_back(
            QRectF(at.x(), at.y() - fm.ascent(), fm.horizontalAdvance(text), fm.height()));
    }
    if (!selected.isNull()) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(palette().color(QPalette::Highlight), 2.5));
        p.drawRect(selected.adjusted(-2, -2, 2, 2));
    }
    if (const QString empty = emptyWindowText(); !empty.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(kLeft + 8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, empty);
    }
    paintAnnotations(p, std::move(findingLabels), drawn);
    if (drafting() && m_drag && m_annotations->tool() != AnnotationModel::Tool::Note) {
        annotate::Annotation preview;
        preview.kind = annotate::Kind::Box;
        preview.color = "#1f77b4";
        drawRegion(p, QRectF(QPointF(m_pressPos), QPointF(m_draftEnd)).normalized(), preview);
    }
    p.restore();
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(kLeft - 1, 0, kLeft - 1, height());
}

QString MemoryMapCanvas::emptyText() const {
    if (!m_data) return tr("No tensors on this rank");
    if (!m_data->unknown.empty()) return QString::fromStdString(m_data->unknown);
    const auto& s = m_data->sources;
    if (!s.leftOut.empty())
        return tr("No tensors drawn on this rank: %1").arg(QString::fromStdString(query::leftOutText(s)));
    return s.files.empty() ? tr("No tensors on this rank: none of its files records memory")
                           : tr("No tensors on this rank: its memory files record none");
}

QString MemoryMapCanvas::emptyWindowText() const {
    if (aliveInWindow() > 0) return {};
    // walk 29 (db/level1): after its last record at +77 ms the map said no tensor was alive while 24 were
    // never freed in the data (19.3 MB from +19.7 ms): their lifetimes are not known past the data's end
    const qint64 unfreed =
        !m_data || m_t0 < m_data->endNs
            ? 0
            : std::count_if(m_data->tensors.begin(), m_data->tensors.end(),
                            [](const query::TensorItem& t) { return !t.freeNs.has_value(); });
    if (unfreed == 0) return tr("No tensors alive in this window");
    return tr("No tensor recorded alive in this window, after the memory data's end: %1 never freed in the "
              "data, whose bars end where it ends")
        .arg(counted(unfreed, tr("tensor was"), tr("tensors were")));
}

int MemoryMapCanvas::aliveInWindow() const {
    if (!m_data) return 0;
    // as barRect draws them: an unknown allocation from the data's start, an unknown free to its end
    return int(std::count_if(m_data->tensors.begin(), m_data->tensors.end(), [&](const query::TensorItem& t) {
        return t.allocNs.value_or(m_data->startNs) < m_t1 && t.freeNs.value_or(m_data->endNs) >= m_t0;
    }));
}

int MemoryMapCanvas::tensorAt(QPoint pos) const {
    if (!m_data) return -1;
    int best = -1;
    double bestH = 1e18;
    for (size_t i = 0; i < m_data->tensors.size(); ++i) {
        QRectF r = barRect(i).adjusted(0, -1, 0, 1);
        if (r.contains(pos) && r.height() < bestH) { // the smallest bar under the cursor wins
            best = int(i);
            bestH = r.height();
        }
    }
    return best;
}

QString MemoryMapCanvas::tensorTitle(const query::TensorItem& t) {
    // a Kineto allocation's id is only its address and time ("139935155748864@1669783687789163000"), which
    // the tooltip says in words: not shown, nor an empty "()" for an allocation no op is recorded for
    const bool idIsAddressAndTime =
        t.addr && t.allocNs && t.tensorId == std::to_string(*t.addr) + "@" + std::to_string(*t.allocNs);
    const QString op = QString::fromStdString(t.opName), id = QString::fromStdString(query::tensorName(t));
    if (idIsAddressAndTime || id.isEmpty()) return op.isEmpty() ? tr("allocation (no op recorded)") : op;
    return op.isEmpty() ? id : tr("%1 (%2)").arg(id, op);
}

QString MemoryMapCanvas::tooltipAt(QPoint pos) const {
    const int i = m_data ? tensorAt(pos) : -1;
    if (i < 0) return {};
    const auto& t = m_data->tensors[size_t(i)];
    // plain words: "freed at +4.10 ms, in step 3"; "still allocated at the end of the profile"
    // a rank without step marks: its whole trace is the index's step 0, no step (walk 30: "in step 0")
    auto stepText = [whole = m_data->wholeTrace](const std::optional<double>& s) { // a whole number
        if (s && whole) return tr("the rank has no step marks");
        return s ? tr("in step %1").arg(int64_t(std::floor(*s))) : tr("outside any step");
    };
    QString tip = tr("<b>%1</b><br>size %2<br>address %3")
                      .arg(tensorTitle(t).toHtmlEscaped(), formatBytes(t.sizeBytes),
                           t.addr ? QString("0x%1").arg(*t.addr, 0, 16)
                                  : QString::fromStdString(query::noAddressText(t)));
    if (t.bank) tip += tr(" · bank %1").arg(*t.bank); // none without a bank model (Kineto)
    tip += t.allocNs ? tr("<br>allocated at %1, %2")
                           .arg(formatOffset(*t.allocNs - origin(), 1000), stepText(t.allocStep))
                     : tr("<br>allocation time not recorded");
    tip += t.freeNs
               ? tr("<br>freed at %1, %2").arg(formatOffset(*t.freeNs - origin(), 1000), stepText(t.freeStep))
               : tr("<br>still allocated at the end of the profile");
    if (t.allocNs && t.freeNs) tip += tr("<br>lifetime %1").arg(formatDuration(*t.freeNs - *t.allocNs));
    return tip;
}

bool MemoryMapCanvas::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && m_data) {
        auto* he = static_cast<QHelpEvent*>(e);
        const QString tip = tooltipAt(he->pos());
        if (!tip.isEmpty())
            QToolTip::showText(he->globalPos(), tip, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void MemoryMapCanvas::wheelEvent(QWheelEvent* e) {
    double f = std::pow(1.25, e->angleDelta().y() / 120.0);
    if (e->modifiers() & Qt::ControlModifier) {
        AddressMapping am = addressMapping();
        uint64_t anchor = am.addr(e->position().y());
        long double w = (long double)(m_a1 - m_a0) / f;
        w = std::max<long double>(w, 4096);
        long double frac = (long double)(anchor - m_a0) / (long double)(m_a1 - m_a0);
        m_a0 = uint64_t(std::max<long double>((long double)m_fullA0, (long double)anchor - frac * w));
        m_a1 = uint64_t(std::min<long double>((long double)m_fullA1, (long double)m_a0 + w));
        update();
        linesMoved(this);       // the banks' bands moved with the addresses
    } else if (hasTimeAxis()) { // none yet (data not arrived, a rank without memory): nothing to zoom
        auto [a, b] = zoomWindow(m_t0, m_t1, timeMapping().t(e->position().x()), f,
                                 m_data->startNs - (m_data->endNs - m_data->startNs),
                                 m_data->endNs + (m_data->endNs - m_data->startNs));
        setTimeWindow(a, b);
        Q_EMIT timeWindowMoved(m_t0, m_t1);
    }
    e->accept();
}

void MemoryMapCanvas::mousePressEvent(QMouseEvent* e) {
    m_pressPos = e->pos();
    m_pressT0 = m_t0, m_pressT1 = m_t1, m_pressA0 = m_a0, m_pressA1 = m_a1;
    m_drag = e->button() == Qt::LeftButton;
}

void MemoryMapCanvas::mouseMoveEvent(QMouseEvent* e) {
    if (!m_drag || !(e->buttons() & Qt::LeftButton)) return;
    if (drafting()) {
        m_draftEnd = e->pos();
        update();
        return;
    }
    QPoint d = e->pos() - m_pressPos;
    if (hasTimeAxis()) {
        double nsPerPx = double(m_pressT1 - m_pressT0) / timeMapping().width;
        int64_t dt = int64_t(-d.x() * nsPerPx);
        setTimeWindow(m_pressT0 + dt, m_pressT1 + dt);
        Q_EMIT timeWindowMoved(m_t0, m_t1);
    }
    long double bytesPerPx = (long double)(m_pressA1 - m_pressA0) / addressMapping().height;
    long double da = -(long double)d.y() * bytesPerPx;
    long double n0 = std::clamp((long double)m_pressA0 + da, (long double)m_fullA0,
                                (long double)m_fullA1 - (long double)(m_pressA1 - m_pressA0));
    m_a0 = uint64_t(n0);
    m_a1 = m_a0 + (m_pressA1 - m_pressA0);
    update();
    linesMoved(this);
}

void MemoryMapCanvas::mouseReleaseEvent(QMouseEvent* e) {
    // a double-click's release selects nothing: the map shows the data's range under the pointer now, and
    // the bar there (or none, clearing the selection) was never clicked
    const bool second = std::exchange(m_doubleClicked, false);
    bool click = (e->pos() - m_pressPos).manhattanLength() <= 3;
    m_drag = false;
    if (drafting() && e->button() == Qt::LeftButton) {
        update();
        if (auto a = draftAt(e->pos(), click)) Q_EMIT annotationDrafted(*a);
        return;
    }
    if (e->button() != Qt::LeftButton) return;
    // every left release says what a double-click may zoom to: a press that moved (a drag, not a click)
    // chose no tensor, and must not leave an earlier click's (review of stop 48)
    m_clickedTensor = click && !second ? tensorAt(e->pos()) : -1;
    if (click && !second) Q_EMIT tensorClicked(m_clickedTensor);
}

std::optional<annotate::Annotation> MemoryMapCanvas::draftAt(QPoint end, bool click) const {
    annotate::Annotation a;
    a.kind = annotate::Kind::Box;
    a.anchor.view = annotate::Surface::Memory;
    a.anchor.ranks = {m_data->rank};
    const TimeMapping tm = timeMapping();
    if (click || m_annotations->tool() == AnnotationModel::Tool::Note) {
        // a note: on the tensor under the press, else at its time (as the timeline's note tool places one);
        // the other tools' click names a tensor or nothing
        a.kind = annotate::Kind::Note;
        if (const int i = tensorAt(m_pressPos); i >= 0) return tensorNote(size_t(i), m_pressPos);
        if (m_annotations->tool() != AnnotationModel::Tool::Note || m_pressPos.x() < kLeft || !hasTimeAxis())
            return std::nullopt;
        a.anchor.t0Ns = a.anchor.t1Ns = tm.t(m_pressPos.x());
        return a;
    }
    const AddressMapping am = addressMapping();
    a.anchor.t0Ns = tm.t(std::min(m_pressPos.x(), end.x()));
    a.anchor.t1Ns = tm.t(std::max(m_pressPos.x(), end.x()));
    a.anchor.addr0 = am.addr(std::min(m_pressPos.y(), end.y()));
    a.anchor.addr1 = am.addr(std::max(m_pressPos.y(), end.y()));
    if (a.anchor.addr1 < a.anchor.addr0) std::swap(a.anchor.addr0, a.anchor.addr1);
    return a;
}

annotate::Annotation MemoryMapCanvas::tensorNote(size_t i, QPoint at) const {
    // anchored in data coordinates, the press's time on the tensor's life and, where the map has
    // addresses, its address: the widget and every export hang the leader from that spot (walk 47 #5: the
    // app's leader hung from the press, the export's from the bar's left end, ~60 px apart)
    const query::TensorItem& t = m_data->tensors[i];
    annotate::Annotation a;
    a.kind = annotate::Kind::Note;
    a.anchor.view = annotate::Surface::Memory;
    a.anchor.ranks = {m_data->rank};
    a.anchor.tensorId = t.tensorId;
    const int64_t alloc = t.allocNs.value_or(m_data->startNs);
    const int64_t free = std::max(alloc, t.freeNs.value_or(m_data->endNs));
    a.anchor.t0Ns = a.anchor.t1Ns = std::clamp(timeMapping().t(at.x()), alloc, free);
    if (m_data->hasAddresses) a.anchor.addr0 = addressMapping().addr(at.y());
    return a;
}

QPointF MemoryMapCanvas::noteAnchor(const annotate::Annotation& a, const QRectF& bar) const {
    const QRectF plot(kLeft, 0, width() - kLeft, height());
    const double left = std::clamp(bar.left(), plot.left(), plot.right());
    const double right = std::clamp(bar.right(), left, plot.right());
    const auto& an = a.anchor;
    const double y = m_data->hasAddresses && an.addr0 > 0 ? addressMapping().y(an.addr0) : bar.center().y();
    return {std::clamp(timeMapping().x(an.t0Ns), left, right), std::clamp(y, bar.top(), bar.bottom())};
}

void MemoryMapCanvas::mouseDoubleClickEvent(QMouseEvent*) {
    m_doubleClicked = true;
    // the first click's tensor: the map may have moved under the pointer since (the click brought the
    // tensor's allocation into the window), so the bar under it now is not the one double-clicked
    const int clicked = std::exchange(m_clickedTensor, -1);
    resetView();
    if (m_data && clicked >= 0 && size_t(clicked) < m_data->tensors.size()) {
        const query::TensorItem& t = m_data->tensors[size_t(clicked)];
        const int64_t alloc = t.allocNs.value_or(m_data->startNs);
        const int64_t free = std::max(alloc + 1000, t.freeNs.value_or(m_data->endNs));
        const int64_t pad = (free - alloc) / 50;
        Q_EMIT dataRangeAsked(alloc - pad, free + pad);
        return;
    }
    // Fit's window is asked of the shared window, as a wheel's zoom is (undoable, every view follows): the
    // map alone went there and the timeline stayed put (r47c #4)
    if (m_data && (!m_data->tensors.empty() || !m_data->curve.empty())) Q_EMIT fitAsked();
}

bool MemoryMapCanvas::drafting() const {
    // a note needs a tensor or a time; a region needs the address axis. The note tool on a map without
    // addresses (a Kineto profile's lifetime view) selected the tensor instead (walk 27)
    if (!m_annotations || !m_data) return false;
    const AnnotationModel::Tool tool = m_annotations->tool();
    return tool == AnnotationModel::Tool::Note ||
           (tool != AnnotationModel::Tool::None && m_data->hasAddresses);
}

void MemoryMapCanvas::setAnnotations(AnnotationModel* m) {
    m_annotations = m;
    if (m) connect(m, &AnnotationModel::changed, this, qOverload<>(&QWidget::update));
    update();
}

void MemoryMapCanvas::setAnnotationsShown(bool on) {
    m_annotationsShown = on;
    update();
}

void MemoryMapCanvas::contextMenuEvent(QContextMenuEvent* e) {
    if (!m_annotations || !m_data) return;
    int i = tensorAt(e->pos());
    if (i < 0) return;
    QMenu menu(this);
    const auto& t = m_data->tensors[size_t(i)];
    menu.addAction(tr("Annotate this tensor (%1)…").arg(tensorTitle(t)), this,
                   [this, i, at = e->pos()] { Q_EMIT annotationDrafted(tensorNote(size_t(i), at)); });
    menu.exec(e->globalPos());
}

void MemoryMapCanvas::paintMoment(QPainter& p, const QRectF& line, const annotate::Annotation& a) const {
    // a dashed rule down the map at that time, in the annotation's colour, as the timeline marks a note
    p.save();
    QPen pen(annotationColor(a), 2, Qt::DashLine);
    p.setPen(pen);
    p.drawLine(line.topLeft(), line.bottomLeft());
    p.restore();
}

void MemoryMapCanvas::paintLeader(QPainter& p, const QRectF& box, const QRectF& target, const QColor& c) {
    // a callout moved off the bars (placeCalloutOff: beside them, or above or below) still points at what it
    // names: a dotted line from its nearest point to the nearest point of the tensor, region or moment's
    // rule. Only beside it had one: a tensor's note put under the stacked rows stood there alone (walk 27)
    const QLineF l = leaderLine(box, target);
    if (l.isNull()) return;
    p.save();
    p.setPen(QPen(c, 1, Qt::DotLine));
    p.drawLine(l);
    p.restore();
}

QLineF MemoryMapCanvas::leaderLine(const QRectF& box, const QRectF& target) {
    const double gapX = std::max({0.0, target.left() - box.right(), box.left() - target.right()});
    const double gapY = std::max({0.0, target.top() - box.bottom(), box.top() - target.bottom()});
    if (gapX <= kTouchPx && gapY <= kTouchPx) return {}; // the label touches it
    const QPointF onTarget(std::clamp(box.center().x(), target.left(), target.right()),
                           std::clamp(box.center().y(), target.top(), target.bottom()));
    const QPointF onBox(std::clamp(onTarget.x(), box.left(), box.right()),
                        std::clamp(onTarget.y(), box.top(), box.bottom()));
    return QLineF(onBox, onTarget);
}

void MemoryMapCanvas::paintAnnotations(QPainter& p, std::vector<QRectF> labels,
                                       const std::vector<QRectF>& bars) {
    if (!m_annotations || !m_annotationsShown || !m_annotations->visible() || !m_data) return;
    const TimeMapping tm = timeMapping();
    const AddressMapping am = addressMapping();
    const QRectF plot(kLeft, 0, width() - kLeft, height());
    for (const auto& a : m_annotations->items()) {
        const auto& an = a.anchor;
        if (an.view != annotate::Surface::Memory || m_annotations->detached(a)) continue;
        if (std::find(an.ranks.begin(), an.ranks.end(), m_data->rank) == an.ranks.end()) continue;
        QRectF r;
        if (!an.tensorId.empty()) {
            for (size_t i = 0; i < m_data->tensors.size(); ++i)
                if (m_data->tensors[i].tensorId == an.tensorId) {
                    r = barRect(i);
                    break;
                }
        } else if (an.addr1 > an.addr0 && m_data->hasAddresses) {
            r = QRectF(QPointF(tm.x(an.t0Ns), am.y(an.addr0)), QPointF(tm.x(an.t1Ns), am.y(an.addr1)))
                    .normalized();
        } else if (an.t1Ns > an.t0Ns) { // a time range over every address
            r = QRectF(QPointF(tm.x(an.t0Ns), plot.top() + 24), QPointF(tm.x(an.t1Ns), plot.bottom() - 2));
        } else { // a moment (a note placed by time alone, e.g. `annotate --view memory --at 1ms`)
            r = QRectF(QPointF(tm.x(an.t0Ns), plot.top() + 24), QPointF(tm.x(an.t0Ns), plot.bottom() - 2));
        }
        if (r.isNull()) continue; // its tensor is not on this map
        const bool moment = r.width() == 0;
        if (moment ? r.left() < plot.left() || r.left() > plot.right() : !r.intersects(plot)) continue;
        if (moment) {
            paintMoment(p, r, a);
        } else {
            annotate::Annotation outline = a;
            outline.kind = annotate::Kind::Box;
            drawRegion(p, r.adjusted(-2, -2, 2, 2), outline);
        }
        // off the finding's label and the callouts before it (walk 23 #4: a range's label hid the bank
        // anomaly's explanation on a short map), and off the bars where the map has room (walk 24: a
        // tensor's note, pushed below the explanation, covered the anomaly's bars and its own)
        QFont bold = p.font();
        bold.setBold(true);
        // a tensor's note by its anchor on the bar (noteAnchor), in the widget and every export alike
        const bool tensor = !an.tensorId.empty();
        const QPointF anchor = tensor ? noteAnchor(a, r) : QPointF(std::max(r.left(), plot.left()), r.top());
        const CalloutBox c = placeCalloutOff(bold, QPointF(anchor.x() + 2, r.top() - 20),
                                             QString::fromStdString(a.text), plot, labels, bars);
        // to the tensor's outline; under no label (the finding's explanation, the callouts before)
        QRegion clear(plot.toAlignedRect());
        for (const QRectF& l : labels)
            clear -= l.toAlignedRect();
        p.save();
        p.setClipRegion(clear, Qt::IntersectClip);
        paintLeader(p, c.box,
                    tensor   ? QRectF(anchor, anchor)
                    : moment ? r
                             : r.adjusted(-2, -2, 2, 2),
                    annotationColor(a));
        p.restore();
        p.save();
        p.setFont(bold);
        paintCallout(p, c.box, c.text, annotationColor(a));
        p.restore();
        labels.push_back(c.box);
    }
}

} // namespace rs::views
