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

std::vector<LegendEntry> legendEntries(LegendKinds kinds) {
    const bool compact = kinds.compact;
    // the swatches are the colours the lanes use: an op type's hue in the compute or communication family.
    // One row in the widget's footer: the labels stay short enough for it at the app's default width
    // (a longer wait label pushed "idle before a collective" off a 1500 px window's timeline)
    // compact (a short view): one word each, so the legend takes one row and the lanes keep the height
    auto tr = [](const char* s) { return QCoreApplication::translate("TimelineView", s); };
    auto say = [&](const char* full, const char* word) { return compact ? tr(word) : tr(full); };
    std::vector<LegendEntry> out = {
        {colorForOpType("MatMulV2", false), Hatch::None, say("compute (by op type)", "compute")},
        {colorForOpType("hcom_allReduce_", true), Hatch::None, say("communication (by op type)", "comm."),
         communicationStripes()},
        {runtimeTaskColor(), Hatch::None, say("runtime task (wait, copy)", "runtime")}};
    // only what the picture draws: a swatch of nothing would send readers looking for it
    if (kinds.waits) {
        out.push_back({waitColor(), Hatch::BDiag, say("waiting (late rank, pipeline receive)", "waiting")});
        out.push_back({idleGapColor(), Hatch::FDiag, say("idle before a collective", "idle")});
    }
    if (kinds.flows)
        out.push_back({flowArrowColor(), Hatch::None, say("flow arrow (launch, fwd → bwd)", "flow")});
    if (kinds.unread) out.push_back({unreadColor(), Hatch::Cross, say("not read (file cut)", "not read")});
    return out;
}

} // namespace

namespace {

constexpr int kRowHeight = 20; ///< px per row of swatches

/// Each entry's place in the box (its left edge and row), the entries flowed into rows no wider than
/// `maxWidth` px (at least one entry per row): a window narrower than the one row clipped its last entries.
struct LegendLayout {
    std::vector<QPointF> at; ///< entry i's left edge and row top, relative to the box
    QSize size;
};

/// An entry's label as drawn within `maxWidth`: whole, or elided when the entry alone is wider (a 700 px
/// window cut "waiting (late rank, pipeline receiv" at its edge, walk 21).
QString fittedText(const LegendEntry& e, const QFontMetrics& fm, int maxWidth) {
    const int room =
        maxWidth - 8 - 18 - 12 - 4; // the box's left margin, the swatch, the gap, the right margin
    if (maxWidth == INT_MAX || fm.horizontalAdvance(e.text) <= room) return e.text;
    return fm.elidedText(e.text, Qt::ElideRight, std::max(room, 24));
}

LegendLayout layOut(const std::vector<LegendEntry>& entries, const QFontMetrics& fm, int maxWidth) {
    LegendLayout l;
    int x = 8, row = 0, widest = 0;
    for (const auto& e : entries) {
        const int w = 18 + fm.horizontalAdvance(fittedText(e, fm, maxWidth)) + 12;
        if (x > 8 && x + w + 4 > maxWidth) x = 8, ++row; // +4: the box's right margin
        l.at.push_back(QPointF(x, row * kRowHeight));
        x += w;
        widest = std::max(widest, x + 4);
    }
    l.size = QSize(widest, (row + 1) * kRowHeight);
    return l;
}

} // namespace

QStringList legendLabels(LegendKinds kinds) {
    QStringList out;
    for (const auto& e : legendEntries(kinds))
        out << e.text;
    return out;
}

QSize legendSize(const QFont& base, LegendKinds kinds, int maxWidth) {
    return layOut(legendEntries(kinds), QFontMetrics(fontFor(FontRole::Small, base)), maxWidth).size;
}

void addLegend(DrawList& out, QPointF topLeft, const QFont& base, const FramePalette& palette,
               LegendKinds kinds, int maxWidth) {
    const QFontMetrics fm(fontFor(FontRole::Small, base));
    const auto entries = legendEntries(kinds);
    const LegendLayout l = layOut(entries, fm, maxWidth);
    const QRectF box(topLeft, QSizeF(l.size));
    out.add(FillRect{box, qRgba(qRed(palette.window), qGreen(palette.window), qBlue(palette.window), 230)});
    out.add(StrokeRect{box, palette.mid, 1});
    for (size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const double x = box.left() + l.at[i].x(), top = box.top() + l.at[i].y();
        const QRectF sw(x, top + 5, 12, 10);
        if (!e.stripes.empty()) {
            const double w = sw.width() / double(e.stripes.size());
            for (size_t k = 0; k < e.stripes.size(); ++k)
                out.add(FillRect{QRectF(sw.left() + w * double(k), sw.top(), w, sw.height()),
                                 e.stripes[k].rgba()});
        } else if (e.hatch == Hatch::None) {
            out.add(FillRect{sw, e.c.rgba()});
        } else {
            out.add(FillRect{sw, qRgba(e.c.red(), e.c.green(), e.c.blue(), 70)});
            out.add(FillRect{sw, e.c.rgba(), e.hatch});
        }
        const QString text = fittedText(e, fm, maxWidth);
        out.add(Text{QRectF(x + 16, top, fm.horizontalAdvance(text) + 4, kRowHeight), text,
                     palette.windowText, FontRole::Small, Qt::AlignVCenter});
    }
}

DrawList legendList(QPointF topLeft, const QFont& base, const FramePalette& palette, LegendKinds kinds,
                    int maxWidth) {
    DrawList out;
    const QSize s = legendSize(base, kinds, maxWidth);
    out.size = QSize(int(topLeft.x()) + s.width() + 1, int(topLeft.y()) + s.height() + 1);
    addLegend(out, topLeft, base, palette, kinds, maxWidth);
    return out;
}

QRect legendPlace(int width, const QFont& base, LegendKinds kinds) {
    // beside the lanes' gutter when it fits in one row there; else from the widget's left edge, where
    // the gutter's width gives the rows room (at the gutter a 500 px dock took four rows)
    const QSize beside = legendSize(base, kinds, width - Viewport::kGutter - 4);
    if (beside.height() <= kRowHeight) return QRect(QPoint(Viewport::kGutter, 2), beside);
    return QRect(QPoint(4, 2), legendSize(base, kinds, width - 8));
}

int legendBand(int width, const QFont& base, LegendKinds kinds) {
    return legendPlace(width, base, kinds).height() + kLegendRow - kRowHeight;
}

int footerHeight(const QString& notes, int width, const QFont& base, LegendKinds kinds) {
    const int band = legendBand(width, base, kinds);
    if (notes.isEmpty()) return band;
    const int w = std::max(200, width - 16);
    return band +
           QFontMetrics(fontFor(FontRole::Axis, base))
               .boundingRect(QRect(0, 0, w - 16, 4000), Qt::TextWordWrap, notes)
               .height() +
           12;
}

} // namespace rs::views
