#include "views/timeline/timelinelegend.h"

#include "views/common/palette.h"
#include "views/timeline/framebuilder.h"

#include <QCoreApplication>
#include <QFontMetrics>

namespace rs::views {

namespace {

struct LegendEntry {
    QColor c;
    Hatch hatch;
    QString text;
    std::vector<QColor> stripes = {}; ///< a family of hues, drawn side by side in the swatch instead of `c`
};

/// The communication family's ends and middle: each op type takes one hue of it (palette.h), and one blue
/// swatch left cpu_only's violet gloo:all_reduce unnamed (walk18a #6).
std::vector<QColor> communicationStripes() {
    std::vector<QColor> out;
    const auto [from, to] = kCommunicationHues;
    for (int i = 0; i < 4; ++i)
        out.push_back(QColor::fromHsv(from + (to - 1 - from) * i / 3, 180, 220));
    return out;
}

std::vector<LegendEntry> legendEntries(bool unread) {
    // the swatches are the colours the lanes use: an op type's hue in the compute or communication family.
    // One row in the widget's footer: the labels stay short enough for it at the app's default width
    // (a longer wait label pushed "idle before a collective" off a 1500 px window's timeline)
    auto tr = [](const char* s) { return QCoreApplication::translate("TimelineView", s); };
    std::vector<LegendEntry> out = {
        {colorForOpType("MatMulV2", false), Hatch::None, tr("compute (by op type)")},
        {colorForOpType("hcom_allReduce_", true), Hatch::None, tr("communication (by op type)"),
         communicationStripes()},
        {runtimeTaskColor(), Hatch::None, tr("runtime task (wait, copy)")},
        {waitColor(), Hatch::BDiag, tr("waiting (late rank, pipeline receive)")},
        {idleGapColor(), Hatch::FDiag, tr("idle before a collective")}};
    // only where some lane has one: a swatch of nothing would send readers looking for it
    if (unread) out.push_back({unreadColor(), Hatch::Cross, tr("not read (file cut)")});
    return out;
}

} // namespace

QSize legendSize(const QFont& base, bool unread) {
    const QFontMetrics fm(fontFor(FontRole::Small, base));
    int w = 12;
    for (const auto& e : legendEntries(unread))
        w += 18 + fm.horizontalAdvance(e.text) + 12;
    return {w, 20};
}

void addLegend(DrawList& out, QPointF topLeft, const QFont& base, const FramePalette& palette, bool unread) {
    const QFontMetrics fm(fontFor(FontRole::Small, base));
    const QRectF box(topLeft, QSizeF(legendSize(base, unread)));
    out.add(FillRect{box, qRgba(qRed(palette.window), qGreen(palette.window), qBlue(palette.window), 230)});
    out.add(StrokeRect{box, palette.mid, 1});
    double x = box.left() + 8;
    for (const auto& e : legendEntries(unread)) {
        const QRectF sw(x, box.top() + 5, 12, 10);
        if (!e.stripes.empty()) {
            const double w = sw.width() / double(e.stripes.size());
            for (size_t i = 0; i < e.stripes.size(); ++i)
                out.add(FillRect{QRectF(sw.left() + w * double(i), sw.top(), w, sw.height()),
                                 e.stripes[i].rgba()});
        } else if (e.hatch == Hatch::None) {
            out.add(FillRect{sw, e.c.rgba()});
        } else {
            out.add(FillRect{sw, qRgba(e.c.red(), e.c.green(), e.c.blue(), 70)});
            out.add(FillRect{sw, e.c.rgba(), e.hatch});
        }
        const int advance = fm.horizontalAdvance(e.text);
        out.add(Text{QRectF(x + 16, box.top(), advance + 4, 20), e.text, palette.windowText, FontRole::Small,
                     Qt::AlignVCenter});
        x += 18 + advance + 12;
    }
}

DrawList legendList(QPointF topLeft, const QFont& base, const FramePalette& palette, bool unread) {
    DrawList out;
    const QSize s = legendSize(base, unread);
    out.size = QSize(int(topLeft.x()) + s.width() + 1, int(topLeft.y()) + s.height() + 1);
    addLegend(out, topLeft, base, palette, unread);
    return out;
}

int footerHeight(const QString& notes, int width, const QFont& base) {
    if (notes.isEmpty()) return kLegendRow;
    const int w = std::max(200, width - 16);
    return kLegendRow +
           QFontMetrics(fontFor(FontRole::Axis, base))
               .boundingRect(QRect(0, 0, w - 16, 4000), Qt::TextWordWrap, notes)
               .height() +
           12;
}

} // namespace rs::views
