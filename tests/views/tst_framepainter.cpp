// The one painter of timeline frames: each kind of draw item lands where and in the colour the list says;
// and one frame with spans on every lane of every rank, painted into a QImage and into an SVG rendered back,
// has span pixels on every lane in both, in the same places (the screen, the PNG and the SVG export all
// replay the same list through it).
#include "core/query/namekinds.h"
#include "tests/support/summarynames.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/framepainter.h"
#include "views/timeline/timelinescene.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgGenerator>
#include <QSvgRenderer>
#include <QtTest>

using namespace rs;

namespace {

constexpr int64_t kMs = 1000000;

QImage paintImage(const views::DrawList& list) {
    QImage img(list.size, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    views::paintDrawList(p, list, QFont());
    return img;
}

QImage paintSvgAndRenderBack(const views::DrawList& list) {
    QBuffer svg;
    svg.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&svg);
    gen.setSize(list.size);
    gen.setViewBox(QRect(QPoint(0, 0), list.size));
    {
        QPainter p(&gen);
        views::paintDrawList(p, list, QFont());
    }
    QSvgRenderer back(svg.data());
    QImage img(list.size, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    back.render(&p);
    return img;
}

bool near(QColor a, QColor b, int tolerance = 12) {
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

} // namespace

class TstFramePainter : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void itemsLandWhereTheListSays() {
        views::DrawList list;
        list.size = QSize(200, 100);
        list.background = qRgb(250, 250, 250);
        list.add(views::FillRect{QRectF(10, 10, 30, 20), qRgb(200, 0, 0)});
        list.add(views::RectBatch{qRgb(0, 0, 200), {QRectF(50, 10, 10, 10), QRectF(70, 10, 10, 10)}});
        list.add(views::StrokeRect{QRectF(100, 10, 40, 40), qRgb(0, 150, 0), 2});
        list.add(views::Clip{QRectF(0, 60, 100, 40)});
        list.add(views::FillRect{QRectF(0, 50, 200, 50), qRgb(240, 200, 0)}); // only its clipped part
        list.add(views::Clip{});
        list.add(views::Line{QPointF(150, 60), QPointF(190, 60), qRgb(0, 0, 0), 2});
        const QImage img = paintImage(list);
        QCOMPARE(img.pixelColor(5, 5), QColor(250, 250, 250));
        QCOMPARE(img.pixelColor(25, 20), QColor(200, 0, 0));
        QCOMPARE(img.pixelColor(55, 15), QColor(0, 0, 200));
        QCOMPARE(img.pixelColor(75, 15), QColor(0, 0, 200));
        QCOMPARE(img.pixelColor(65, 15), QColor(250, 250, 250));
        QVERIFY(near(img.pixelColor(100, 30), QColor(0, 150, 0), 40)); // the outline, not its inside
        QCOMPARE(img.pixelColor(120, 30), QColor(250, 250, 250));
        QCOMPARE(img.pixelColor(50, 80), QColor(240, 200, 0));
        QCOMPARE(img.pixelColor(150, 80), QColor(250, 250, 250)); // clipped away
        QCOMPARE(img.pixelColor(50, 55), QColor(250, 250, 250));  // above the clip
        QVERIFY(near(img.pixelColor(170, 60), Qt::black, 60));
    }
    void textIsDrawnInItsRect() {
        views::DrawList list;
        list.size = QSize(300, 60);
        list.background = qRgb(255, 255, 255);
        list.add(views::Text{QRectF(10, 10, 120, 20), "MatMulV2 and more text than fits", qRgb(0, 0, 0),
                             views::FontRole::Small, Qt::AlignVCenter | Qt::AlignLeft, true});
        list.add(views::Text{QRectF(150, 10, 140, 20), "right", qRgb(0, 0, 0), views::FontRole::Base,
                             Qt::AlignVCenter | Qt::AlignRight});
        const QImage img = paintImage(list);
        auto inkIn = [&](QRect r) {
            int n = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    n += img.pixelColor(x, y).lightness() < 128;
            return n;
        };
        QVERIFY(inkIn(QRect(10, 10, 120, 20)) > 20);
        QCOMPARE(inkIn(QRect(131, 0, 18, 60)), 0);   // elided: nothing past its rect
        QVERIFY(inkIn(QRect(250, 10, 40, 20)) > 10); // right-aligned: at the right edge
        QCOMPARE(inkIn(QRect(150, 10, 60, 20)), 0);
    }
    void pngAndSvgShowEveryLane() {
        // 4 ranks × (compute, communication, host) lanes, one span in each: the image and the SVG rendered
        // back both have that span's colour in every lane, at the same x
        auto s = std::make_shared<query::ProfileSummary>();
        s->strings = {"", "MatMulV2-op1", "MatMulV2", "hcom_allReduce__1", "hcom_allReduce_", "step", "step"};
        auto data = std::make_shared<query::TimelineData>();
        int64_t id = 1;
        for (int r = 0; r < 4; ++r) {
            s->ranks.push_back(r);
            for (const char* kind : {"compute", "communication", "host"}) {
                s->tracks.push_back({id, r, kind, kind, "", 0, 1, id});
                const bool comm = std::string(kind) == "communication";
                data->tracks.push_back(
                    {id, {{10 * kMs + r * kMs, 40 * kMs, comm ? 3 : 1, comm ? 4 : 2, 0, 1, 100 + id}}});
                ++id;
            }
        }
        test::classifyAsIndexed(*s);
        s->startNs = 0;
        s->endNs = 50 * kMs;
        views::TimelineScene scene;
        scene.setSummary(s);
        scene.setData(data);
        views::InteractionState state;
        state.setBounds(0, 50 * kMs);
        const views::FrameInput in = scene.picture(900, 0, state, nullptr);
        const views::DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.size.height(), scene.fullHeight());
        const QImage png = paintImage(list), svg = paintSvgAndRenderBack(list);
        for (const auto& l : in.layout->lanes()) {
            if (l.header) continue;
            const int y = in.viewport.yOf(l.y) + 6;
            for (const QImage* img : {&png, &svg}) {
                int ink = 0;
                for (int x = int(in.mapping().x(15 * kMs)); x < int(in.mapping().x(35 * kMs)); x += 4) {
                    const QColor c = img->pixelColor(x, y);
                    ink += c.saturation() > 60;
                }
                QVERIFY2(ink > 20, qPrintable(QString("%1, rank %2 %3: %4 span pixels")
                                                  .arg(img == &png ? "PNG" : "SVG")
                                                  .arg(l.rank)
                                                  .arg(l.label)
                                                  .arg(ink)));
            }
            // the same colour in both at the span's middle, and nothing left of its start
            const int x = int(in.mapping().x(25 * kMs)), before = int(in.mapping().x(9 * kMs));
            QVERIFY2(near(png.pixelColor(x, y), svg.pixelColor(x, y)),
                     qPrintable(png.pixelColor(x, y).name() + " / " + svg.pixelColor(x, y).name()));
            QVERIFY(png.pixelColor(before, y).saturation() < 30 &&
                    svg.pixelColor(before, y).saturation() < 30);
        }
    }
    void aDenseLaneIsAsSolidInTheSvgAsInThePng() {
        // walk 52: ns_resolution_trace's Stream 7 drew every sub-pixel kernel as its own 1 px rect at a
        // fractional x. The PNG (no antialiasing) filled whole pixels: solid blocks. The SVG, rasterised with
        // antialiasing, spread each rect over two pixels in part: a pale, striped lane. Kernels of two op
        // types alternate (no two neighbours merge), one every 0.7 px, 0.3 px long.
        auto s = std::make_shared<query::ProfileSummary>();
        s->strings = {"", "MatMulV2-op1", "MatMulV2", "Cast-op2", "Cast"};
        s->tracks.push_back({1, 0, "compute", "compute", "", 0, 1, 1});
        s->ranks.push_back(0);
        auto data = std::make_shared<query::TimelineData>();
        query::TrackDraw lane{1, {}};
        const int width = 900;
        views::TimelineScene scene;
        scene.setSummary(s);
        views::InteractionState state;
        state.setBounds(0, 50 * kMs);
        const double plotPx = scene.picture(width, 0, state, nullptr).viewport.plotWidth();
        const int64_t pxNs = int64_t(50 * kMs / plotPx); // about one pixel of time
        for (int64_t i = 0, t = 5 * kMs; t < 45 * kMs; ++i, t += pxNs * 7 / 10)
            lane.items.push_back(
                {t, t + pxNs * 3 / 10, int32_t(i % 2 ? 3 : 1), int32_t(i % 2 ? 4 : 2), 0, 1, 1000 + i});
        data->tracks.push_back(lane);
        test::classifyAsIndexed(*s);
        s->startNs = 0;
        s->endNs = 50 * kMs;
        scene.setSummary(s);
        scene.setData(data);
        const views::FrameInput in = scene.picture(width, 0, state, nullptr);
        const views::DrawList list = views::FrameBuilder().build(in);
        const QImage png = paintImage(list), svg = paintSvgAndRenderBack(list);
        const views::Lane& l = in.layout->lanes().back();
        const int y = in.viewport.yOf(l.y) + l.height / 2;
        const int x0 = int(in.mapping().x(10 * kMs)), x1 = int(in.mapping().x(40 * kMs));
        // the share of the lane's pixels painted as a span is (saturated), and how pale they are on average
        auto coverage = [&](const QImage& img) {
            int painted = 0;
            for (int x = x0; x < x1; ++x)
                painted += img.pixelColor(x, y).saturation() > 60;
            return double(painted) / (x1 - x0);
        };
        const double inPng = coverage(png), inSvg = coverage(svg);
        QVERIFY2(inPng > 0.9, qPrintable(QString("PNG %1").arg(inPng)));
        QVERIFY2(std::abs(inSvg - inPng) < 0.02, qPrintable(QString("SVG %1, PNG %2").arg(inSvg).arg(inPng)));
        // pixel by pixel the same colours: no antialiased edge blends two spans (or a span and white)
        int differ = 0;
        for (int x = x0; x < x1; ++x)
            differ += !near(png.pixelColor(x, y), svg.pixelColor(x, y));
        QVERIFY2(differ <= (x1 - x0) / 50,
                 qPrintable(QString("%1 of %2 pixels differ").arg(differ).arg(x1 - x0)));
    }
};

QTEST_MAIN(TstFramePainter)
#include "tst_framepainter.moc"
