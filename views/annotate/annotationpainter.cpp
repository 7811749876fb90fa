#include "views/annotate/annotationpainter.h"

#include "views/common/wordelide.h"

#include <QFontMetrics>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <optional>

namespace rs::views {

QColor annotationColor(const annotate::Annotation& a) {
    QColor c(QString::fromStdString(a.color));
    return c.isValid() ? c : QColor(19, 141, 74);
}

namespace {
/// `sized` (a placed callout: its text and size) moved to `at`, kept inside `bounds`
/// (2 px in from its edges).
CalloutBox movedTo(CalloutBox sized, QPointF at, const QRectF& bounds) {
    QRectF& b = sized.box;
    b.moveTopLeft(at);
    if (b.right() > bounds.right()) b.moveRight(bounds.right() - 2);
    if (b.left() < bounds.left()) b.moveLeft(bounds.left() + 2);
    if (b.bottom() > bounds.bottom()) b.moveBottom(bounds.bottom() - 2);
    if (b.top() < bounds.top()) b.moveTop(bounds.top() + 2);
    return sized;
}

} // namespace

CalloutBox placeCallout(const QFont& font, QPointF at, const QString& text, const QRectF& bounds,
                        double maxWidth) {
    QFontMetrics fm(font);
    CalloutBox c;
    // at a word: Qt's elision cut mid-word ("waiting on the all-red…"), read as a label cut by the plot's
    // edge (r49b #3); the annotation's tooltip has the whole text
    c.text = elideAtWord(text, fm, int(maxWidth) - 12);
    c.box = QRectF(0, 0, fm.horizontalAdvance(c.text) + 12, fm.height() + 6);
    return movedTo(c, at, bounds);
}

CalloutBox placeCalloutClear(const QFont& font, QPointF at, const QString& text, const QRectF& bounds,
                             const std::vector<QRectF>& avoid, double maxWidth) {
    const CalloutBox first = placeCallout(font, at, text, bounds, maxWidth);
    auto clashing = [&](const QRectF& box) {
        auto it =
            std::find_if(avoid.begin(), avoid.end(), [&](const QRectF& r) { return r.intersects(box); });
        return it == avoid.end() ? nullptr : &*it;
    };
    const QRectF* hit = clashing(first.box);
    if (!hit) return first;
    const double h = first.box.height();
    for (QPointF spot :
         {QPointF(first.box.left(), hit->bottom() + 2), QPointF(first.box.left(), hit->top() - h - 2),
          QPointF(hit->right() + 4, first.box.top())}) {
        const CalloutBox c = placeCallout(font, spot, text, bounds, maxWidth);
        if (!clashing(c.box)) return c;
    }
    return first;
}

namespace {
/// The nearest spot above or below `at` (one callout height apart, alternating) inside `bounds` where
/// `sized` covers none of `avoid` nor `soft`; none when the column has no such spot. Only the rects
/// across the column are tried (a dense map has thousands of bars).
std::optional<CalloutBox> freeInColumn(const CalloutBox& sized, QPointF at, const QRectF& bounds,
                                       const std::vector<QRectF>& avoid, const std::vector<QRectF>& soft) {
    const QRectF column = movedTo(sized, at, bounds).box;
    std::vector<QRectF> across;
    for (const auto* rects : {&avoid, &soft})
        for (const QRectF& r : *rects)
            if (r.right() >= column.left() && r.left() <= column.right()) across.push_back(r);
    const double step = sized.box.height() + 2;
    for (int k = 0; k < 2 * int(bounds.height() / step) + 2; ++k) {
        const double dy = (k % 2 ? 1 : -1) * double((k + 1) / 2) * step;
        const double y = at.y() + dy;
        if (y < bounds.top() || y + step - 2 > bounds.bottom()) continue;
        const CalloutBox c = movedTo(sized, QPointF(at.x(), y), bounds);
        if (std::none_of(across.begin(), across.end(), [&](const QRectF& r) { return r.intersects(c.box); }))
            return c;
    }
    return std::nullopt;
}
} // namespace

CalloutBox placeCalloutOff(const QFont& font, QPointF at, const QString& text, const QRectF& bounds,
                           const std::vector<QRectF>& avoid, const std::vector<QRectF>& soft,
                           double maxWidth) {
    const CalloutBox first = placeCallout(font, at, text, bounds, maxWidth);
    // `at`'s column first; then columns half a callout apart, right and left in turn, the nearest first
    // (a map whose bars fill every row over `at`, level1's stacked lifetimes, had its note drawn over them)
    const double dx = std::max(8.0, first.box.width() / 2);
    for (int k = 0; k < 2 * int(bounds.width() / dx) + 2; ++k) {
        const double x = at.x() + (k % 2 ? -1 : 1) * double((k + 1) / 2) * dx;
        if (k > 0 && (x + first.box.width() < bounds.left() || x > bounds.right())) continue;
        if (auto c = freeInColumn(first, QPointF(x, at.y()), bounds, avoid, soft)) return *c;
    }
    return placeCalloutClear(font, at, text, bounds, avoid, maxWidth);
}

void paintCallout(QPainter& p, const QRectF& box, const QString& text, const QColor& c) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(c.darker(140), 1));
    p.setBrush(c);
    p.drawRoundedRect(box, 3, 3);
    // readable on any annotation colour
    p.setPen(c.lightnessF() > 0.6 ? QColor(20, 20, 20) : QColor(255, 255, 255));
    p.drawText(box.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
    p.restore();
}

QRectF drawCallout(QPainter& p, QPointF at, const annotate::Annotation& a, const QRectF& bounds,
                   double maxWidth) {
    p.save();
    QFont f = p.font();
    f.setBold(true);
    p.setFont(f);
    const CalloutBox c = placeCallout(f, at, QString::fromStdString(a.text), bounds, maxWidth);
    paintCallout(p, c.box, c.text, annotationColor(a));
    p.restore();
    return c.box;
}

void drawRegion(QPainter& p, const QRectF& r, const annotate::Annotation& a) {
    drawRegion(p, r, annotationColor(a), a.kind == annotate::Kind::Range);
}

void drawRegion(QPainter& p, const QRectF& r, const QColor& c, bool range) {
    p.save();
    if (range) {
        QColor fill = c;
        fill.setAlpha(40);
        p.fillRect(r, fill);
        p.setPen(QPen(c, 1.5));
        p.drawLine(r.topLeft(), r.bottomLeft());
        p.drawLine(r.topRight(), r.bottomRight());
    } else {
        p.setPen(QPen(c, 2, Qt::SolidLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
    }
    p.restore();
}

void drawArrow(QPainter& p, QPointF from, QPointF to, const annotate::Annotation& a) {
    drawArrow(p, from, to, annotationColor(a));
}

void drawArrow(QPainter& p, QPointF from, QPointF to, const QColor& c, bool head, bool tail) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(c, 2));
    p.drawLine(from, to);
    p.setPen(Qt::NoPen);
    p.setBrush(c);
    if (tail) p.drawEllipse(from, 3, 3);
    if (!head) {
        p.restore();
        return;
    }
    const double angle = std::atan2(to.y() - from.y(), to.x() - from.x()), len = 10, spread = 0.45;
    QPainterPath tip;
    tip.moveTo(to);
    tip.lineTo(to.x() - len * std::cos(angle - spread), to.y() - len * std::sin(angle - spread));
    tip.lineTo(to.x() - len * std::cos(angle + spread), to.y() - len * std::sin(angle + spread));
    tip.closeSubpath();
    p.drawPath(tip);
    p.restore();
}

} // namespace rs::views
