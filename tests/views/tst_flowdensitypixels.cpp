// Issue 19: with View ▸ Show flows in the window on and the whole run in view (Fit), real profiles with
// thousands of flows (HTA's nccl_parser_config: 4317 in its window; MindStudio Insight's level1 db sample)
// drew up to 2000 teal arrows, a solid block over the lanes: the spans under it could not be seen. On the
// real samples, offscreen, through the query service and the view's own paint: the plot's pixels in the
// arrows' colour stay under a bound, every lane that shows spans without the arrows still shows most of
// them with the arrows, and the note says how many are drawn and "zoom in".
#include "core/query/flowquery.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "tests/support/timelineviewfixture.h"
#include "views/common/palette.h"
#include "views/timeline/timelineview.h"

#include <QSignalSpy>
#include <QtTest>
#include <map>

using namespace rs;

namespace {

using Fixture = test::TimelineViewFixture;

bool isFlowColour(QColor c) {
    const QColor f = views::flowArrowColor();
    return std::abs(c.red() - f.red()) < 24 && std::abs(c.green() - f.green()) < 24 &&
           std::abs(c.blue() - f.blue()) < 24;
}

} // namespace

class TstFlowDensityPixels : public QObject {
    Q_OBJECT

  private:
    std::unique_ptr<Fixture> open(const std::string& db) {
        auto f = Fixture::open(db, QSize(1200, 700));
        if (!f) return nullptr;
        f->state.setWindow(f->summary->startNs, f->summary->endNs); // Fit
        auto shown = [&] {
            auto* d = f->view->timelineData();
            return d && d->window.t0 == f->state.windowStart() && d->window.t1 == f->state.windowEnd();
        };
        for (int i = 0; i < 400 && !shown(); ++i)
            QTest::qWait(50);
        return shown() ? std::move(f) : nullptr;
    }

    void checkAtFit(const std::string& rel) {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/" + rel);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t flows = ix.db->scalar("SELECT count(*) FROM flow_link");
        QVERIFY2(flows > 500, qPrintable(QString("%1 flows").arg(flows))); // many: the case at hand
        std::set<QString> cats;
        for (const std::string& c : query::loadFlowCategories(*ix.db))
            cats.insert(QString::fromStdString(c));
        auto f = open(ix.result.dbPath);
        QVERIFY(f);
        views::TimelineView& view = *f->view;
        const QImage plain = f->grab();
        QSignalSpy changed(&view, &views::TimelineView::flowsChanged);
        view.setFlowCategories(cats);
        view.setWindowFlows(true);
        for (int i = 0; i < 400 && !(view.scene().flows() && !view.scene().flows()->arrows.empty()); ++i)
            changed.wait(50);
        QVERIFY2(view.scene().flows(), "the window's arrows arrived");
        const QImage drawn = f->grab();
        const views::DrawList& frame = view.paintedFrame();
        const QRect plot = view.frameInput().viewport.plot().toRect();
        QVERIFY(!frame.all<views::Arrow>().empty());

        // the arrows' colour where it was not: the density rule's budget is 6 % of the plot's area
        // (flowdensity.h); each lane with flows gets one arrow beyond it, the off-screen ends' labels add a
        // teal outline each. 10 % leaves the lanes ~90 % of the plot (before: a solid block over them)
        int teal = 0;
        for (int y = plot.top(); y <= plot.bottom(); ++y)
            for (int x = plot.left(); x <= plot.right(); ++x)
                teal += drawn.pixel(x, y) != plain.pixel(x, y) && isFlowColour(drawn.pixelColor(x, y));
        const double share = double(teal) / (double(plot.width()) * plot.height());
        QVERIFY2(share < 0.10, qPrintable(QString("%1 % of the plot in the flows' colour").arg(share * 100)));

        // every lane shown whole that has spans without the arrows shows at least half of their pixels
        // unchanged with them (its spans: the pixels not of its most common colour, its background)
        int lanesWithSpans = 0;
        for (const views::Lane& l : view.lanes()) {
            if (l.header || !l.trackId) continue;
            const QRect r = view.laneRect(l.trackId).intersected(plot);
            if (r.height() < 6 || !plot.contains(view.laneRect(l.trackId))) continue;
            std::map<QRgb, int> counts;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    ++counts[plain.pixel(x, y)];
            const QRgb back = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) {
                                  return a.second < b.second;
                              })->first;
            int spans = 0, kept = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    if (plain.pixel(x, y) != back) {
                        ++spans;
                        kept += drawn.pixel(x, y) == plain.pixel(x, y);
                    }
            if (spans < 50) continue; // no spans drawn on it at this zoom
            ++lanesWithSpans;
            QVERIFY2(
                kept * 2 >= spans,
                qPrintable(
                    QString("lane %1: %2 of %3 span pixels still seen").arg(l.label).arg(kept).arg(spans)));
        }
        QVERIFY(lanesWithSpans > 1);

        // the note: how many of how many, and zoom in, drawn in the picture's strip under the lanes (its
        // own rows, not a lane's: over the plot it covered rank 0's first lane, issue 19)
        const views::Text* note = nullptr;
        for (const auto* t : frame.all<views::Text>())
            if (t->text.startsWith("flows:")) note = t;
        QVERIFY2(note, "the note is drawn");
        QVERIFY2(note->text.contains(" of ") && note->text.contains("zoom in"), qPrintable(note->text));
        const views::Viewport vp = view.frameInput().viewport;
        QVERIFY(vp.noteStrip > 0);
        const QRectF strip(plot.left(), vp.lanesBottom(), plot.width(), vp.noteStrip);
        QVERIFY(strip.contains(note->rect));
        int ink = 0;
        const QRect box = note->rect.toRect();
        for (int y = box.top(); y <= box.bottom(); ++y)
            for (int x = box.left(); x <= box.right(); ++x)
                ink += qGray(drawn.pixel(x, y)) < 100; // its dark text on its light box
        QVERIFY(ink > 30);
    }

  private Q_SLOTS:
    void ncclParserConfigAtFit() { checkAtFit("hta/tests/data/nccl_parser_config"); }
    void msinsightLevel1AtFit() { checkAtFit("msinsight/test/data/pytorch/db/level1"); }
};

QTEST_MAIN(TstFlowDensityPixels)
#include "tst_flowdensitypixels.moc"
