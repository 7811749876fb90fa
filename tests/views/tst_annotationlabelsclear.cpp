// Issue 19 (walk r56a): a box's or a range's label was seen over other lanes' bars and span names in a small
// timeline (the main window at 800 × 600) and in some windows (the demo at a 50.7 ms window with step 11 at
// its left edge). A guard, not a reproduction: this build passes it (the failing case was not found). On the
// demo profile through the query service and the view's own paint, with an annotation of
// each kind, at several sizes, windows and scroll offsets: no box's or range's label in the draw list
// covers a span rect of a lane other than its own (and its rank's header row); a label with no such room is
// not drawn (its hover box and the caption name it).
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/annotate/annotationmodel.h"
#include "views/timeline/timelineview.h"

#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;

namespace {

constexpr int64_t kMs = 1000000;

struct Fixture {
    views::InteractionState state;
    query::QueryService service;
    views::AnnotationModel annotations;
    std::unique_ptr<views::TimelineView> view;
    std::shared_ptr<const query::ProfileSummary> summary;
};

annotate::Annotation region(annotate::Kind kind, int rank, const char* lane, int64_t t0, int64_t t1,
                            const char* text) {
    annotate::Annotation a;
    a.kind = kind;
    a.text = text;
    a.anchor.ranks = {rank};
    a.anchor.t0Ns = t0;
    a.anchor.t1Ns = t1;
    a.anchor.lanes = {{rank, lane}};
    return a;
}

QScrollBar* vbar(const views::TimelineView& v) {
    for (QScrollBar* b : v.findChildren<QScrollBar*>())
        if (b->orientation() == Qt::Vertical) return b;
    return nullptr;
}

} // namespace

class TstAnnotationLabelsClear : public QObject {
    Q_OBJECT

  private:
    std::string m_db;
    int64_t m_step11 = 0; ///< rank 0's step 11 start (its clock)

    std::unique_ptr<Fixture> open(QSize size) {
        auto f = std::make_unique<Fixture>();
        f->view = std::make_unique<views::TimelineView>(&f->state, &f->service);
        f->view->setAnnotations(&f->annotations);
        f->view->resize(size);
        f->view->show();
        QSignalSpy ready(&f->service, &query::QueryService::summaryReady);
        f->service.open(QString::fromStdString(m_db));
        if (!ready.wait(20000)) return nullptr;
        f->summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        f->state.setBounds(f->summary->startNs, f->summary->endNs);
        f->view->setSummary(f->summary);
        const int64_t s = m_step11;
        // one of each kind about step 11's start, the box and the range on one lane each
        annotate::Annotation note;
        note.kind = annotate::Kind::Note;
        note.text = "NOTE-A: the stall starts";
        note.anchor.ranks = {2};
        note.anchor.t0Ns = note.anchor.t1Ns = s + 13 * kMs;
        f->annotations.add(note);
        f->annotations.add(region(annotate::Kind::Range, 3, "Group 0 Communication", s + 3 * kMs,
                                  s + 23 * kMs, "RANGE-B: slow AllReduce window"));
        f->annotations.add(region(annotate::Kind::Box, 1, "Plane 0", s + 8 * kMs, s + 33 * kMs,
                                  "BOX-C: late rank 1 compute"));
        f->annotations.add(
            region(annotate::Kind::Box, 5, "Stream 2", s - 2 * kMs, s + 1 * kMs, "BOX-E: a short one"));
        annotate::Annotation arrow;
        arrow.kind = annotate::Kind::Arrow;
        arrow.text = "ARROW-D: rank 4 waits for it";
        arrow.anchor.ranks = {0};
        arrow.anchor.t0Ns = arrow.anchor.t1Ns = s + 13 * kMs;
        arrow.anchor.toRank = 4;
        arrow.anchor.toNs = s + 43 * kMs;
        f->annotations.add(arrow);
        return f;
    }

    static bool showWindow(Fixture& f, int64_t t0, int64_t t1, int scroll) {
        f.state.setWindow(t0, t1);
        vbar(*f.view)->setValue(scroll);
        auto shown = [&] {
            auto* d = f.view->timelineData();
            return d && d->window.t0 == f.state.windowStart() && d->window.t1 == f.state.windowEnd();
        };
        for (int i = 0; i < 400 && !shown(); ++i)
            QTest::qWait(50);
        QTest::qWait(100); // the scrolled rows' data
        return shown();
    }

    /// Every box's and range's label in the last frame painted stays off other lanes' span rects.
    void checkLabels(Fixture& f, const QString& where) {
        f.view->repaint();
        const views::DrawList& d = f.view->paintedFrame();
        for (const auto& [box, id] : d.callouts) {
            const annotate::Annotation* a = f.annotations.find(id);
            QVERIFY(a);
            if (a->kind != annotate::Kind::Box && a->kind != annotate::Kind::Range) continue;
            if (std::find(d.unlabelled.begin(), d.unlabelled.end(), id) != d.unlabelled.end()) continue;
            // its own rows: its lane's and its rank's header's
            std::vector<std::pair<double, double>> ownRows;
            for (const views::Lane& l : f.view->lanes()) {
                if (l.rank != a->anchor.ranks.front()) continue;
                if (!l.header && l.label.toStdString() != a->anchor.lanes.front().label) continue;
                const double top = f.view->frameInput().viewport.yOf(l.y);
                ownRows.emplace_back(top, top + l.height);
            }
            for (const auto* b : d.all<views::RectBatch>())
                for (const QRectF& r : b->rects) {
                    const double y = r.center().y();
                    const bool mine = std::any_of(ownRows.begin(), ownRows.end(),
                                                  [&](auto& o) { return y >= o.first && y <= o.second; });
                    if (mine) continue;
                    const QRectF over = r.intersected(box);
                    QVERIFY2(over.width() < 1 || over.height() < 1,
                             qPrintable(QString("%1: %2's label (%3,%4 %5×%6) over a span at %7,%8 %9×%10")
                                            .arg(where, QString::fromStdString(a->text))
                                            .arg(box.left())
                                            .arg(box.top())
                                            .arg(box.width())
                                            .arg(box.height())
                                            .arg(r.left())
                                            .arg(r.top())
                                            .arg(r.width())
                                            .arg(r.height())));
                }
        }
    }

  private Q_SLOTS:
    void initTestCase() {
        const std::string dir = test::tempDir("annotation-labels-clear");
        auto ix = test::indexedDemo(dir, test::demoOptions(8, 20, 4));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
        m_step11 = ix.db->scalar("SELECT start_ns FROM steps WHERE rank = 0 AND step = 11");
        QVERIFY(m_step11 > 0);
    }

    void regionLabelsStayOffOtherLanesSpans() {
        for (const QSize size : {QSize(560, 260), QSize(800, 420), QSize(1200, 700), QSize(1600, 900)}) {
            auto f = open(size);
            QVERIFY(f);
            const int64_t s = m_step11;
            const std::vector<std::pair<int64_t, int64_t>> windows = {
                {f->summary->startNs, f->summary->endNs}, // Fit
                {s, s + 50700000},                        // the 50.7 ms window at step 11
                {s - 5 * kMs, s + 40 * kMs},
                {s + 2 * kMs, s + 12 * kMs}};
            for (const auto& [t0, t1] : windows) {
                const int bottom = vbar(*f->view)->maximum();
                for (int scroll = 0; scroll <= bottom + 59; scroll += 60) {
                    QVERIFY(showWindow(*f, t0, t1, std::min(scroll, bottom)));
                    checkLabels(*f, QString("%1×%2, [%3, %4] ms, scroll %5")
                                        .arg(size.width())
                                        .arg(size.height())
                                        .arg(double(t0 - s) / kMs)
                                        .arg(double(t1 - s) / kMs)
                                        .arg(scroll));
                    if (QTest::currentTestFailed()) return;
                }
            }
        }
    }
};

QTEST_MAIN(TstAnnotationLabelsClear)
#include "tst_annotationlabelsclear.moc"
