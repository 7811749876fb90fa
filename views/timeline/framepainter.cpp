#include "views/timeline/framepainter.h"

#include "views/annotate/annotationpainter.h"

#include <QFontMetrics>
#include <QPainter>
#include <array>
#include <optional>

namespace rs::views {

namespace {

class Replayer {
  public:
    Replayer(QPainter& p, const QFont& base)
        : m_p(p), m_base(base), m_clipped(p.hasClipping()), m_clip(p.clipRegion()) {}
    void operator()(const FillRect& f) {
        const QColor c = QColor::fromRgba(f.color);
        if (f.hatch == Hatch::None)
            m_p.fillRect(f.rect, c);
        else
            m_p.fillRect(f.rect, QBrush(c, f.hatch == Hatch::BDiag   ? Qt::BDiagPattern
                                           : f.hatch == Hatch::FDiag ? Qt::FDiagPattern
                                                                     : Qt::DiagCrossPattern));
    }
    void operator()(const RectBatch& b) {
        m_p.setPen(Qt::NoPen);
        m_p.setBrush(QColor::fromRgba(b.color));
        m_p.drawRects(b.rects.data(), int(b.rects.size()));
    }
    void operator()(const StrokeRect& s) {
        m_p.setBrush(Qt::NoBrush);
        m_p.setPen(QPen(QColor::fromRgba(s.color), s.width));
        m_p.drawRect(s.rect);
    }
    void operator()(const Line& l) {
        m_p.setPen(QPen(QColor::fromRgba(l.color), l.width, l.dashed ? Qt::DashLine : Qt::SolidLine));
        m_p.drawLine(l.a, l.b);
    }
    void operator()(const Dot& d) {
        m_p.setPen(Qt::NoPen);
        m_p.setBrush(QColor::fromRgba(d.color));
        m_p.drawEllipse(d.centre, d.radius, d.radius);
    }
    void operator()(const Text& t) {
        const Face& face = this->face(t.font);
        m_p.setFont(face.font);
        m_p.setPen(QColor::fromRgba(t.color));
        const bool oneLine = !(t.flags & (Qt::TextWordWrap | Qt::TextWrapAnywhere)) && !t.text.contains('\n');
        QString text = t.text;
        double w = oneLine ? face.metrics.horizontalAdvance(text) : 0;
        if (oneLine && t.elide && w > t.rect.width()) {
            text = face.metrics.elidedText(text, Qt::ElideRight, t.rect.width());
            w = face.metrics.horizontalAdvance(text);
        }
        // A line that fits is drawn at its baseline (the rect-and-flags form lays the text out anew each
        // time: most of a zoomed-in frame's replay); the rest through the rect, which clips and wraps.
        if (!oneLine || w > t.rect.width() + 0.5 || face.metrics.height() > t.rect.height() + 2) {
            m_p.drawText(t.rect, t.flags, text);
            return;
        }
        double x = t.rect.left();
        if (t.flags & Qt::AlignRight)
            x = t.rect.right() - w;
        else if (t.flags & Qt::AlignHCenter)
            x = t.rect.center().x() - w / 2;
        double y = t.rect.top() + face.metrics.ascent();
        if (t.flags & Qt::AlignBottom)
            y = t.rect.bottom() - face.metrics.descent();
        else if (t.flags & Qt::AlignVCenter)
            y = t.rect.top() + (t.rect.height() - face.metrics.height()) / 2 + face.metrics.ascent();
        m_p.drawText(QPointF(x, y), text);
    }
    void operator()(const Area& a) {
        m_p.setPen(QPen(QColor::fromRgba(a.pen), 1));
        m_p.setBrush(QColor::fromRgba(a.fill));
        m_p.drawPolygon(a.outline);
    }
    void operator()(const Clip& c) {
        // within the clip the caller set, if any (a caption's painter, a widget's part)
        if (m_clipped)
            m_p.setClipRegion(m_clip);
        else
            m_p.setClipping(false);
        if (!c.rect.isNull()) m_p.setClipRect(c.rect, m_clipped ? Qt::IntersectClip : Qt::ReplaceClip);
    }
    void operator()(const Region& r) { drawRegion(m_p, r.rect, QColor::fromRgba(r.color), r.range); }
    void operator()(const Arrow& a) {
        drawArrow(m_p, a.from, a.to, QColor::fromRgba(a.color), a.head, a.tail);
    }
    void operator()(const Callout& c) {
        m_p.setFont(face(FontRole::Callout).font);
        paintCallout(m_p, c.box, c.text, QColor::fromRgba(c.color));
    }

  private:
    struct Face {
        QFont font;
        QFontMetricsF metrics;
    };
    const Face& face(FontRole r) {
        auto& f = m_faces[size_t(r)];
        if (!f) {
            const QFont font = fontFor(r, m_base);
            f.emplace(Face{font, QFontMetricsF(font, m_p.device())});
        }
        return *f;
    }
    QPainter& m_p;
    QFont m_base;
    bool m_clipped;
    QRegion m_clip;
    std::array<std::optional<Face>, 6> m_faces;
};

} // namespace

void paintDrawList(QPainter& p, const DrawList& list, const QFont& base) {
    p.save();
    if (qAlpha(list.background))
        p.fillRect(QRect(QPoint(0, 0), list.size), QColor::fromRgba(list.background));
    Replayer r(p, base);
    for (const auto& item : list.items)
        std::visit(r, item);
    p.restore();
}

} // namespace rs::views
