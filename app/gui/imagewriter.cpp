#include "app/gui/imagewriter.h"

#include "app/gui/titlelines.h"

#include "views/memory/memorymapview.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/framepainter.h"

#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QWidget>
#include <algorithm>

namespace rs::gui {

namespace {
constexpr int kPad = 10;

QFont titleFont(const QFont& base) {
    QFont f = base;
    f.setBold(true);
    f.setPointSizeF(base.pointSizeF() + 1.5);
    return f;
}

int notesHeight(const Caption& c, int width, const QFont& f) {
    if (c.notes.isEmpty()) return 0;
    return QFontMetrics(f)
               .boundingRect(QRect(0, 0, width - 4 * kPad, 10000), Qt::TextWordWrap, c.notes.join("\n"))
               .height() +
           12;
}

void paint(QPainter& p, const Picture& pic, const Caption* c) {
    const int width = pic.size.width();
    int top = 0;
    if (c) {
        paintCaption(p, *c, width);
        top = captionHeight(*c, width);
    }
    p.save();
    p.translate(0, top);
    pic.paint(p);
    p.restore();
}
} // namespace

Picture widgetPicture(QWidget& w) {
    return {w.size(), [&w](QPainter& p) { w.render(&p, QPoint(), QRegion(), QWidget::DrawChildren); }};
}

Picture memoryPicture(views::MemoryMapView& m) {
    return {m.size(), [&m](QPainter& p) { m.renderPicture(p); }};
}

Picture timelinePicture(const views::FrameInput& in, PicturedAnnotations* pictured) {
    auto frame = std::make_shared<const views::DrawList>(views::FrameBuilder().build(in));
    if (pictured) *pictured = {frame->drawn, frame->unlabelled};
    return {frame->size, [frame, font = in.font](QPainter& p) { views::paintDrawList(p, *frame, font); }};
}

/// `line` with a zero-width space where a word of over 30 characters may break: after its _ / , ( and at
/// least every 24 characters. Word wrap never breaks inside a word, so a kernel name of 120 characters
/// without a space ran past the picture's edge, cut with no ellipsis (walk18a #6). Shorter words ("+5.0
/// ms") are kept whole, so an SVG's text stays as written.
QString breakable(const QString& line) {
    static const QString kBreakAfter = "_/,(";
    static const QChar kZwsp(0x200B);
    QString out;
    out.reserve(line.size() + line.size() / 8);
    for (qsizetype at = 0; at < line.size();) {
        qsizetype end = at;
        while (end < line.size() && !line[end].isSpace())
            ++end;
        const QStringView word = QStringView(line).mid(at, end - at);
        int run = 0; // characters since the last break opportunity
        for (const QChar ch : word) {
            out += ch;
            if (word.size() > 30 && (kBreakAfter.contains(ch) || ++run >= 24)) out += kZwsp, run = 0;
        }
        for (; end < line.size() && line[end].isSpace(); ++end)
            out += line[end];
        at = end;
    }
    return out;
}

/// A caption line's height: wrapped at the picture's width, never cut (the heatmap's definition of its colour
/// ended "… that name's media…" on the 800 px picture).
int lineHeight(const QString& line, int width, const QFont& base) {
    return QFontMetrics(base)
        .boundingRect(QRect(0, 0, std::max(1, width - 2 * kPad), 100000), Qt::TextWordWrap, breakable(line))
        .height();
}

/// The title's lines at the picture's width (titlelines.h).
QStringList titleLinesAt(const Caption& c, int width) {
    return titleLines(c.title, QFontMetrics(titleFont(QFont())), width - 2 * kPad);
}

int captionHeight(const Caption& c, int width) {
    QFont base;
    int h = kPad + QFontMetrics(titleFont(base)).height() * int(titleLinesAt(c, width).size()) + 4;
    for (const auto& line : c.lines)
        h += lineHeight(line, width, base) + 2;
    if (c.legend && c.legendSize) h += c.legendSize(width - 2 * kPad).height() + 6;
    h += notesHeight(c, width, base);
    return h + kPad;
}

void paintCaption(QPainter& p, const Caption& c, int width) {
    QFont base;
    const int h = captionHeight(c, width);
    p.save();
    p.fillRect(QRect(0, 0, width, h), QColor(250, 250, 250));
    p.setPen(QColor(200, 200, 200));
    p.drawLine(0, h - 1, width, h - 1);
    int y = kPad;
    p.setFont(titleFont(base));
    p.setPen(QColor(20, 20, 20));
    const int th = QFontMetrics(titleFont(base)).height();
    for (const QString& line : titleLinesAt(c, width)) {
        p.drawText(QRect(kPad, y, width - 2 * kPad, th), Qt::AlignLeft | Qt::AlignVCenter, line);
        y += th;
    }
    y += 4;
    p.setFont(base);
    p.setPen(QColor(60, 60, 60));
    for (const auto& line : c.lines) {
        const int lh = lineHeight(line, width, base);
        p.drawText(QRect(kPad, y, width - 2 * kPad, lh), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                   breakable(line));
        y += lh + 2;
    }
    if (c.legend && c.legendSize) {
        c.legend(p, QPoint(kPad, y + 2), width - 2 * kPad);
        y += c.legendSize(width - 2 * kPad).height() + 6;
    }
    if (!c.notes.isEmpty()) {
        const int nh = notesHeight(c, width, base);
        QRect box(kPad, y, width - 2 * kPad, nh - 4);
        p.fillRect(box, QColor(253, 236, 205));
        p.setPen(QColor(245, 165, 36));
        p.drawRect(box);
        p.setPen(QColor(40, 40, 40));
        p.drawText(box.adjusted(kPad, 4, -kPad, -4), Qt::TextWordWrap, c.notes.join("\n"));
    }
    p.restore();
}

QImage renderImage(const Picture& pic, const Caption* c, double scale) {
    const int width = pic.size.width();
    const int h = pic.size.height() + (c ? captionHeight(*c, width) : 0);
    QImage img(QSize(int(width * scale + 0.5), int(h * scale + 0.5)), QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(scale);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    paint(p, pic, c);
    p.end();
    return img;
}

bool writeImage(const Picture& pic, const Caption* c, double scale, const QString& path, QString& error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const int width = pic.size.width();
    if (suffix == "svg") {
        const int h = pic.size.height() + (c ? captionHeight(*c, width) : 0);
        QSvgGenerator gen;
        // the resolution the PNG is painted at (a QImage's logical dpi, 96): at QSvgGenerator's default 72
        // a 9 pt label was written 9 px high in a pixel viewBox, 75 % of the screen's and the PNG's, and the
        // file opened at 133 % (walk 23a)
        gen.setResolution(QImage(1, 1, QImage::Format_ARGB32_Premultiplied).logicalDpiY());
        gen.setFileName(path);
        gen.setSize(QSize(width, h));
        gen.setViewBox(QRect(0, 0, width, h));
        gen.setTitle(c ? c->title : QString("Rankscope"));
        gen.setDescription("Rankscope " RANKSCOPE_VERSION);
        QPainter p;
        if (!p.begin(&gen)) {
            error = QObject::tr("cannot write %1").arg(path);
            return false;
        }
        p.fillRect(QRect(0, 0, width, h), Qt::white);
        paint(p, pic, c);
        p.end();
        if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
            error = QObject::tr("cannot write %1").arg(path);
            return false;
        }
        return true;
    }
    if (suffix != "png") {
        error = QObject::tr("%1: the format is chosen by the suffix, .png or .svg").arg(path);
        return false;
    }
    if (!renderImage(pic, c, scale).save(path, "PNG")) {
        error = QObject::tr("cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace rs::gui
