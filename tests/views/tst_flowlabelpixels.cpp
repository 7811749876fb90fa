// Issue 19 on a real sample: with Show flows on, MindStudio Insight's level1 db drew the labels of the
// arrows' off-screen ends as near-opaque boxes over host threads' spans (one over a MEMCPY_ASYNC task and
// the end of the arrow pointing at it), and the note on the window's arrows over rank 0's first lane. At
// Fit and zoomed in, through the query service and the view's own paint, offscreen: under every flow label
// and the note, each span's pixels still show it (not the lane's background), and the note is over no
// lane and not on the ruler.
#include "core/query/flowquery.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "tests/support/timelineviewfixture.h"
#include "views/timeline/timelineview.h"

#include <QSignalSpy>
#include <QtTest>
#include <map>

using namespace rs;

namespace {

using Fixture = test::TimelineViewFixture;

double distance(QRgb a, QRgb b) {
    const double r = qRed(a) - qRed(b), g = qGreen(a) - qGreen(b), bl = qBlue(a) - qBlue(b);
    return std::sqrt(r * r + g * g + bl * bl);
}

/// A lane's background in `img`: its most common colour.
QRgb background(const QImage& img, const QRect& lane) {
    std::map<QRgb, int> counts;
    for (int y = lane.top(); y <= lane.bottom(); ++y)
        for (int x = lane.left(); x <= lane.right(); ++x)
            ++counts[img.pixel(x, y)];
    return std::max_element(counts.begin(), counts.end(),
                            [](auto& a, auto& b) { return a.second < b.second; })
        ->first;
}

} // namespace

class TstFlowLabelPixels : public QObject {
    Q_OBJECT

  private:
    std::unique_ptr<Fixture> open(const std::string& db) { return Fixture::open(db, QSize(1400, 800)); }

    /// Shows [t0, t1] without the window's arrows, then with them: the two pictures and the frame drawn
    /// with them (its labels, its note) and without (its spans).
    bool pictures(Fixture& f, int64_t t0, int64_t t1, QImage& plain, views::DrawList& spans, QImage& drawn) {
        views::TimelineView& view = *f.view;
        QSignalSpy changed(&view, &views::TimelineView::flowsChanged);
        view.setWindowFlows(false);
        f.state.setWindow(t0, t1);
        auto shown = [&] {
            auto* d = view.timelineData();
            return d && d->window.t0 == f.state.windowStart() && d->window.t1 == f.state.windowEnd();
        };
        for (int i = 0; i < 400 && (!shown() || view.scene().flows()); ++i)
            QTest::qWait(50);
        if (!shown() || view.scene().flows()) return false;
        plain = f.grab();
        spans = view.paintedFrame();
        view.setWindowFlows(true);
        for (int i = 0; i < 400 && !(view.scene().flows() && !view.scene().flows()->arrows.empty()); ++i)
            changed.wait(50);
        if (!view.scene().flows()) return false;
        drawn = f.grab();
        return true;
    }

    /// Under `box`, each span of `spans` keeps most of its pixels its own (far from its lane's background):
    /// a plate over it left it near white, as if the thread were idle there.
    void spansShowUnder(const QRectF& box, const QString& what, const QImage& plain,
                        const views::DrawList& spans, const QImage& drawn) {
        for (const views::Lane& l : f->view->lanes()) {
            if (l.header || !l.trackId) continue;
            const QRect lane = f->view->laneRect(l.trackId);
            if (!lane.intersects(box.toAlignedRect())) continue;
            const QRgb back = background(plain, lane);
            for (const auto* b : spans.all<views::RectBatch>())
                for (const QRectF& r : b->rects) {
                    const QRectF under = r.intersected(box).intersected(QRectF(lane));
                    if (under.isEmpty()) continue;
                    int pixels = 0, seen = 0;
                    for (int y = int(std::ceil(under.top() - 0.5)); y + 0.5 < under.bottom(); ++y)
                        for (int x = int(std::ceil(under.left() - 0.5)); x + 0.5 < under.right(); ++x) {
                            if (plain.pixel(x, y) == back) continue; // another span drawn over it, or a gap
                            ++pixels;
                            seen += distance(drawn.pixel(x, y), back) > 40;
                        }
                    QVERIFY2(seen * 5 >= pixels * 4,
                             qPrintable(QString("%1 over a span of %2: %3 of its %4 pixels seen")
                                            .arg(what, l.label)
                                            .arg(seen)
                                            .arg(pixels)));
                }
        }
    }

    void check(int64_t t0, int64_t t1, bool labelsExpected) {
        QImage plain, drawn;
        views::DrawList spans;
        QVERIFY(pictures(*f, t0, t1, plain, spans, drawn));
        const views::DrawList frame = f->view->paintedFrame();
        QVERIFY(!frame.all<views::Arrow>().empty());
        if (labelsExpected) QVERIFY2(!frame.flowLabels.empty(), "the window has off-screen ends");
        for (const auto& l : frame.flowLabels) {
            spansShowUnder(l.box, "a flow label", plain, spans, drawn);
            if (QTest::currentTestFailed()) return;
        }
        const views::Text* note = nullptr;
        for (const auto* t : frame.all<views::Text>())
            if (t->text.startsWith("flows:")) note = t;
        if (!note) return;
        spansShowUnder(note->rect, "the note", plain, spans, drawn);
        QVERIFY2(note->rect.top() >= views::Viewport::kAxis, "the note is not on the ruler");
        for (const views::Lane& l : f->view->lanes())
            if (!l.header && l.trackId)
                QVERIFY2(!note->rect.intersects(QRectF(f->view->laneRect(l.trackId))),
                         qPrintable("the note over lane " + l.label));
    }

    std::unique_ptr<Fixture> f;

  private Q_SLOTS:
    void initTestCase() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QVERIFY(ix.db->scalar("SELECT count(*) FROM flow_link") > 0);
        std::set<QString> cats;
        for (const std::string& c : query::loadFlowCategories(*ix.db))
            cats.insert(QString::fromStdString(c));
        f = open(ix.result.dbPath);
        QVERIFY(f);
        f->view->setFlowCategories(cats);
    }

    void atFit() { check(f->summary->startNs, f->summary->endNs, false); }

    void zoomedIn() {
        // 22.6 ms of the 172 ms run from +49.8 ms: a collective, its planes' tasks and the host threads
        // that launch them, with arrows leaving the window both ways
        const int64_t run = f->summary->endNs - f->summary->startNs;
        check(f->summary->startNs + run * 29 / 100, f->summary->startNs + run * 42 / 100, true);
    }
};

QTEST_MAIN(TstFlowLabelPixels)
#include "tst_flowlabelpixels.moc"
