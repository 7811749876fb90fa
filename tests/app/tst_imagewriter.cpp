// A picture's caption keeps every word (app/gui/imagewriter.h): a line longer than the picture is wide wraps
// onto the next row instead of ending in "…" (the exported heatmap's colour definition was cut at "that
// name's media…" on its 800 px picture). Checked by pixels: the wrapped line's second row has ink, and the
// caption grows by one row.
#include "app/gui/imagewriter.h"

#include <QApplication>
#include <QPainter>
#include <QtTest>

using namespace rs;

namespace {
gui::Picture blank(int w, int h) {
    return {QSize(w, h), [w, h](QPainter& p) { p.fillRect(0, 0, w, h, Qt::white); }};
}
/// Rows of the caption band (above the picture) that hold dark text pixels.
int inkedRows(const QImage& img, int captionHeight) {
    int rows = 0;
    for (int y = 0; y < captionHeight; ++y)
        for (int x = 0; x < img.width(); ++x)
            if (qGray(img.pixel(x, y)) < 128) {
                ++rows;
                break;
            }
    return rows;
}
} // namespace

class TstImageWriter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aLongCaptionLineWraps() {
        gui::Caption shortLine, longLine;
        shortLine.title = longLine.title = "Op heatmap — /data/run";
        shortLine.lines << "colour: a ratio";
        QString words;
        for (int i = 0; i < 40; ++i)
            words += QString("word%1 ").arg(i);
        longLine.lines << words.trimmed();
        const QImage a = gui::renderImage(blank(400, 50), &shortLine, 1.0);
        const QImage b = gui::renderImage(blank(400, 50), &longLine, 1.0);
        const int captionA = a.height() - 50, captionB = b.height() - 50;
        QVERIFY2(captionB > captionA, qPrintable(QString("%1 vs %2").arg(captionB).arg(captionA)));
        QVERIFY(inkedRows(b, captionB) > inkedRows(a, captionA));
    }
};

QTEST_MAIN(TstImageWriter)
#include "tst_imagewriter.moc"
