#pragma once
// Writes a view as a picture that can go into a bug report or a slide: a caption block on top (profile,
// run, ranks, time window or step, selection, Rankscope version, what the view cannot show) with the
// view's legend, then the view itself at its current size, untouched by overlays. PNG at any scale
// (device pixel ratio: 2 gives twice the pixels, same layout) or SVG through QSvgGenerator (vector text
// and shapes). The app's File ▸ Export, Copy image, the report and `rankscope export` all use it.
// GUI thread (widgets are rendered).
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>

class QPainter;
class QWidget;

namespace rs::views {
struct FrameInput;
class MemoryMapView;
} // namespace rs::views

namespace rs::gui {

/// The tallest picture exported: at 2× about 40 M pixels (160 MB), room for ~500 timeline lanes.
constexpr int kMaxPictureHeight = 20000;

struct Caption {
    QString title;     ///< e.g. "Timeline — /data/run7 (run 0)"
    QStringList lines; ///< "ranks 0-7 · window +140.0 ms … +350.0 ms (210 ms) · step 11", …
    QStringList notes; ///< what the view cannot show or know, said on the picture too
    /// Draws the view's legend at a point within a width (px), its entries in as many rows as that needs;
    /// `legendSize` gives its size within a width (none: no legend row). A one-row legend wider than a
    /// narrow picture lost its last entries (walk 21: a 700 px export kept 2½ of 6).
    std::function<void(QPainter&, QPoint, int maxWidth)> legend;
    std::function<QSize(int maxWidth)> legendSize;
};

/// What a picture shows below its caption: its size and how to paint it (a widget renders itself; the
/// timeline replays its frame's draw list).
struct Picture {
    QSize size;
    std::function<void(QPainter&)> paint;
};
/// A widget as a picture (rendered as it stands, children included).
Picture widgetPicture(QWidget& w);
/// The memory view as a picture: its legend, no rank drop-down (MemoryMapView::renderPicture).
Picture memoryPicture(views::MemoryMapView& m);
/// A timeline frame as a picture: built from `in` (views::FrameBuilder) and replayed by the painter the
/// widget uses, so the picture is what the screen would show.
/// What a timeline picture draws of the annotations, by id, for its caption.
struct PicturedAnnotations {
    std::vector<QString> drawn;      ///< whose shape is in the picture (DrawList::drawn)
    std::vector<QString> unlabelled; ///< drawn without their label (DrawList::unlabelled)
};
/// `pictured`: when given, set to what it draws of the annotations.
Picture timelinePicture(const views::FrameInput& in, PicturedAnnotations* pictured = nullptr);

/// Height of the caption block for a picture `width` px wide.
int captionHeight(const Caption& c, int width);
void paintCaption(QPainter& p, const Caption& c, int width);

/// The caption and the picture as one image, `scale` × the logical size in pixels.
QImage renderImage(const Picture& pic, const Caption* c, double scale);
/// Writes PNG or SVG by `path`'s suffix (".png", ".svg"); false with `error` naming the file.
bool writeImage(const Picture& pic, const Caption* c, double scale, const QString& path, QString& error);
inline QImage renderImage(QWidget& w, const Caption* c, double scale) {
    return renderImage(widgetPicture(w), c, scale);
}
inline bool writeImage(QWidget& w, const Caption* c, double scale, const QString& path, QString& error) {
    return writeImage(widgetPicture(w), c, scale, path, error);
}

} // namespace rs::gui
