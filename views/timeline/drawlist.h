#pragma once
// One frame of the timeline as plain values: filled and hatched rectangles, outlines, lines, dots, text,
// area charts and annotation shapes, each with its colour as data, in painting order. The frame builder
// makes it (any thread), the frame painter replays it onto any QPainter (the widget, a PNG, an SVG), so
// the screen and a picture cannot disagree. Pixels of the widget or picture; colours as ARGB.
#include <QFont>
#include <QLineF>
#include <QPolygonF>
#include <QRectF>
#include <QRgb>
#include <QSize>
#include <QString>
#include <variant>
#include <vector>

namespace rs::views {

/// The font an item is drawn in, derived from one base font (the widget's, or the application's in a
/// picture) by fontFor, so the builder measures text with the font the painter draws it in.
enum class FontRole : uint8_t {
    Base,
    Small, ///< span labels, lane names, the legend: base − 1.5 pt
    Bold,  ///< rank names
    Axis,  ///< tick labels: base − 1 pt
    AxisBold,
    Callout, ///< annotation labels: base − 0.5 pt, bold
};
QFont fontFor(FontRole role, const QFont& base);

enum class Hatch : uint8_t { None, BDiag, FDiag, Cross };

struct FillRect {
    QRectF rect;
    QRgb color;
    Hatch hatch = Hatch::None; ///< a pattern in `color` instead of a solid fill
};
/// Many rectangles of one colour (the spans of a frame are batched by colour: one drawRects each).
struct RectBatch {
    QRgb color;
    std::vector<QRectF> rects;
};
struct StrokeRect {
    QRectF rect;
    QRgb color;
    float width;
};
struct Line {
    QPointF a, b;
    QRgb color;
    float width = 1;
    bool dashed = false;
};
struct Dot {
    QPointF centre;
    float radius;
    QRgb color;
};
struct Text {
    QRectF rect;
    QString text;
    QRgb color;
    FontRole font = FontRole::Base;
    int flags = 0;      ///< Qt::AlignmentFlag | Qt::TextFlag
    bool elide = false; ///< elided on the right to the rect's width, in the item's font
};
/// A closed area chart: `outline` filled with `fill` and stroked with `pen`.
struct Area {
    QPolygonF outline;
    QRgb pen, fill;
};
/// Clips the following items to `rect` (a null rect: no clip).
struct Clip {
    QRectF rect;
};
/// Annotation shapes, drawn as every view draws annotations (annotationpainter.h).
struct Region {
    QRectF rect;
    QRgb color;
    bool range; ///< translucent fill with edges (a range), else an outline (a box)
};
/// An arrow's part in view (clipped by the builder to the plot, segmentclip.h): its head where its end is
/// in view, its start's dot where its start is; a part between two cut ends is a bare shaft.
struct Arrow {
    QPointF from, to;
    QRgb color;
    bool head = true; ///< `to` is the arrow's own end (not where the plot's edge cut it)
    bool tail = true; ///< `from` is the arrow's own start
};
struct Callout {
    QRectF box; ///< placed by the builder (measured in FontRole::Callout)
    QString text;
    QRgb color;
};

/// A drawn label naming the off-screen end of a flow arrow: a click goes to that end.
struct FlowLabel {
    QRectF box;
    size_t arrow = 0;   ///< index into the frame's FlowOverlay::arrows
    bool dst = true;    ///< the arrow's destination (else its source) is the end it names
    int64_t spanId = 0; ///< that end's span (to check the overlay is still the frame's)
    QString tip;        ///< rich text
};

using DrawCommand =
    std::variant<FillRect, RectBatch, StrokeRect, Line, Dot, Text, Area, Clip, Region, Arrow, Callout>;

struct DrawList {
    QSize size;          ///< of the widget or picture
    QRgb background = 0; ///< filled first (0: nothing)
    std::vector<DrawCommand> items;
    /// The annotation labels drawn, by id, last on top: tooltips and double-click to edit.
    std::vector<std::pair<QRectF, QString>> callouts;
    /// The annotations whose shape (rule, outline, arrow) is in the list, by id: a caption counts these as
    /// drawn, not the ones whose time meets the window (an arrow passing above the lanes in view).
    std::vector<QString> drawn;
    /// The annotations drawn without their label (a few pixels wide at this zoom), by id: their tooltip
    /// names them, and a picture's caption says so instead of claiming every label is there.
    std::vector<QString> unlabelled;
    /// The flow arrows drawn, as segments with their tooltips (rich text), last on top.
    std::vector<std::pair<QLineF, QString>> flowMarks;
    /// The labels of arrows' off-screen ends, last on top.
    std::vector<FlowLabel> flowLabels;
    /// The ruler's step names: each step's part of the names row with its step number (tooltips).
    std::vector<std::pair<QRectF, int64_t>> stepNames;
    size_t spanRects = 0; ///< spans drawn (a figure for the benchmark and the tests)

    template <class T> void add(T&& item) { items.emplace_back(std::forward<T>(item)); }
    /// Every item of type T, in order (tests). Not on a temporary list: the pointers point into it (CI's
    /// ASan run caught two tests reading a freed list that way).
    template <class T> std::vector<const T*> all() const& {
        std::vector<const T*> out;
        for (const auto& i : items)
            if (const T* t = std::get_if<T>(&i)) out.push_back(t);
        return out;
    }
    template <class T> std::vector<const T*> all() const&& = delete;
    /// How many items are of type T (tests).
    template <class T> size_t count() const {
        size_t n = 0;
        for (const auto& i : items)
            n += std::holds_alternative<T>(i) ? 1 : 0;
        return n;
    }
};

} // namespace rs::views
