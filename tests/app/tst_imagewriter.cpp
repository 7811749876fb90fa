// A picture's caption keeps every word (app/gui/imagewriter.h): a line longer than the picture is wide wraps
// onto the next row instead of ending in "…" (the exported heatmap's colour definition was cut at "that
// name's media…" on its 800 px picture). Checked by pixels: the wrapped line's second row has ink, and the
// caption grows by one row.
#include "app/gui/imagewriter.h"
#include "app/gui/titlelines.h"

#include <QApplication>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>
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
    /// The width of the dark pixels' bounding box.
    static int inkWidth(const QImage& img) {
        int left = img.width(), right = -1;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                if (qGray(img.pixel(x, y)) < 128) left = std::min(left, x), right = std::max(right, x);
        return right - left + 1;
    }

  private Q_SLOTS:
    void anSvgDrawsTextAsLargeAsThePng() {
        // walk 23a: the SVG's labels were 75 % of the PNG's (and the screen's): it was painted at 72 dpi
        const gui::Picture pic{QSize(400, 60), [](QPainter& p) {
                                   p.fillRect(0, 0, 400, 60, Qt::white);
                                   QFont f = p.font();
                                   f.setPointSize(9);
                                   p.setFont(f);
                                   p.setPen(Qt::black);
                                   p.drawText(QPoint(10, 30), "MatMulV2 0123456789 AllReduce");
                               }};
        QTemporaryDir dir;
        QString error;
        QVERIFY2(gui::writeImage(pic, nullptr, 1.0, dir.filePath("t.png"), error), qPrintable(error));
        QVERIFY2(gui::writeImage(pic, nullptr, 1.0, dir.filePath("t.svg"), error), qPrintable(error));
        QSvgRenderer svg(dir.filePath("t.svg"));
        QVERIFY(svg.isValid());
        QCOMPARE(svg.viewBox(), QRect(0, 0, 400, 60));
        QImage drawn(400, 60, QImage::Format_ARGB32_Premultiplied);
        drawn.fill(Qt::white);
        QPainter p(&drawn);
        svg.render(&p);
        p.end();
        const int png = inkWidth(QImage(dir.filePath("t.png"))), fromSvg = inkWidth(drawn);
        QVERIFY2(png > 100, qPrintable(QString::number(png)));
        QVERIFY2(std::abs(fromSvg - png) <= png / 10,
                 qPrintable(QString("svg %1 px, png %2 px").arg(fromSvg).arg(png)));
    }

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
    void aTitleKeepsTheProfilesFolderWhole_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("lines");
        // walk 28: the op heatmap's SVG at 480 px read "Op heatmap —
        // /tmp/walk28/s…s/resource/cluster_propose"
        QTest::newRow("480 px") << 480 << 1;
        QTest::newRow("wide enough for all") << 1600 << 1;
        QTest::newRow("too narrow for both on a line") << 200 << 2;
    }
    void aTitleKeepsTheProfilesFolderWhole() {
        QFETCH(int, width);
        QFETCH(int, lines);
        const QString path = "/tmp/walk28/s/mindinsight/tests/utils/resource/cluster_propose";
        const QString title = "Op heatmap — " + path;
        QFont bold;
        bold.setBold(true);
        bold.setPointSizeF(bold.pointSizeF() + 1.5); // the caption's title font
        const QFontMetrics fm(bold);
        const QStringList got = gui::titleLines(title, fm, width);
        QCOMPARE(got.size(), lines);
        for (const QString& l : got)
            QVERIFY2(fm.horizontalAdvance(l) <= width, qPrintable(l));
        const QString all = got.join(' ');
        QVERIFY2(all.startsWith("Op heatmap"), qPrintable(all));
        // the folder whole, after a whole folder or the elision mark: never a cut name
        QVERIFY2(all.endsWith("/cluster_propose"), qPrintable(all));
        const QString pathShown = got.last().section(QString::fromUtf8(" — "), -1);
        QVERIFY2(pathShown == path ||
                     (pathShown.startsWith(QString::fromUtf8("…/")) && path.endsWith(pathShown.mid(1))),
                 qPrintable(pathShown));
        if (width >= fm.horizontalAdvance(title)) QCOMPARE(got.first(), title);
        // the picture's caption makes room for every title line
        gui::Caption c;
        c.title = title;
        gui::Caption oneLine;
        oneLine.title = "Op heatmap";
        QCOMPARE(gui::captionHeight(c, width + 20) - gui::captionHeight(oneLine, width + 20),
                 (lines - 1) * fm.height());
    }
    void aLongNameWrapsToo() {
        // walk18a #6: `export --select op:sm80_xmma_wgrad_implicit_gemm_…@0` on nccl_parser_config: the op's
        // 130-character name has no space, and the caption cut it at the picture's edge with no ellipsis.
        // Every glyph is drawn: the narrow picture's caption has as much ink as a picture wide enough for
        // the name on one row
        const QString name =
            "sm80_xmma_wgrad_implicit_gemm_indexed_tf32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16_"
            "stage4_warpsize2x2x1_g1_tensor16x8x8_execute_kernel_trt";
        gui::Caption c;
        c.title = "Timeline";
        c.lines << "selection: op " + name + " on rank 0";
        auto ink = [&](int width) {
            const QImage img = gui::renderImage(blank(width, 50), &c, 1.0);
            int dark = 0;
            for (int y = 0; y < img.height() - 50; ++y)
                for (int x = 0; x < width; ++x)
                    dark += qGray(img.pixel(x, y)) < 128;
            return dark;
        };
        const int narrow = ink(400), wide = ink(1600);
        QVERIFY2(narrow > wide * 9 / 10,
                 qPrintable(QString("%1 dark pixels at 400 px, %2 at 1600 px").arg(narrow).arg(wide)));
    }
};

QTEST_MAIN(TstImageWriter)
#include "tst_imagewriter.moc"
