// Annotations in the views, offscreen on a small demo profile: the model's undo/redo and its file; a
// timeline note drawn where its time is, following zoom and window size (anchored to data, not pixels);
// a range drawn over its ranks only; a detached anchor not drawn; the Range tool drafting the dragged
// time and the ranks covered; the heatmap's box tool drafting (op types × ranks) in display order, and a
// box's leader line drawn past no cell's value.
#include "core/demo/demogenerator.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/annotate/annotationmodel.h"
#include "views/annotate/annotationpainter.h"
#include "views/annotate/annotationspanel.h"
#include "views/common/interactionstate.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QSignalSpy>
#include <QUndoGroup>
#include <QUndoStack>
#include <QtTest>
#include <filesystem>
#include <set>

using namespace rs;

namespace {
const QColor kInk(0, 160, 60); // a colour nothing else in the timeline uses
}

class TstAnnotationViews : public QObject {
    Q_OBJECT
    std::string m_db;
    std::unique_ptr<index::Db> m_conn;
    std::shared_ptr<const query::ProfileSummary> m_summary;

    struct Scene {
        views::InteractionState state;
        views::AnnotationModel model;
        std::unique_ptr<views::TimelineView> view;
    };
    std::unique_ptr<Scene> scene(QSize size) {
        auto s = std::make_unique<Scene>();
        s->state.setBounds(m_summary->startNs, m_summary->endNs);
        s->view = std::make_unique<views::TimelineView>(&s->state, nullptr);
        s->view->setExportMode(true);
        s->view->resize(size);
        s->view->setSummary(m_summary);
        s->view->setAnnotations(&s->model);
        return s;
    }
    void load(Scene& s) {
        s.view->setTimelineData(std::make_shared<const query::TimelineData>(
            query::loadTimeline(*m_conn, s.view->currentRequest())));
    }
    static QImage grab(Scene& s) {
        QImage img(s.view->size(), QImage::Format_ARGB32);
        s.view->render(&img);
        return img;
    }
    /// A box in kInk over the op types of `rows` and the ranks of `columns` of `c`'s heatmap.
    annotate::Annotation heatmapBox(const views::HeatmapCanvas& c, const std::vector<int>& rows,
                                    const std::vector<size_t>& columns, const std::string& text) const {
        annotate::Annotation a;
        a.kind = annotate::Kind::Box;
        a.text = text;
        a.color = kInk.name().toStdString();
        a.anchor.view = annotate::Surface::Heatmap;
        a.anchor.run = m_summary->run;
        for (int r : rows)
            a.anchor.opTypes.push_back(c.data()->rows[size_t(r)]);
        for (size_t col : columns)
            a.anchor.ranks.push_back(int(c.data()->columnKeys[col]));
        return a;
    }
    /// Pixels of the annotation's colour in column x over rows [y0, y1).
    static int inkAt(const QImage& img, int x, int y0, int y1) {
        int n = 0;
        for (int y = std::max(0, y0); y < std::min(img.height(), y1); ++y)
            for (int dx = -1; dx <= 1; ++dx) {
                QColor c = img.pixelColor(std::clamp(x + dx, 0, img.width() - 1), y);
                if (std::abs(c.red() - kInk.red()) < 30 && std::abs(c.green() - kInk.green()) < 30 &&
                    std::abs(c.blue() - kInk.blue()) < 30)
                    ++n;
            }
        return n;
    }
    annotate::Annotation note(int rank, int64_t t) const {
        annotate::Annotation a;
        a.kind = annotate::Kind::Note;
        a.text = "here";
        a.color = kInk.name().toStdString();
        a.anchor.run = m_summary->run;
        a.anchor.ranks = {rank};
        a.anchor.t0Ns = a.anchor.t1Ns = t;
        return a;
    }

  private Q_SLOTS:
    void initTestCase() {
        auto ix = test::indexedDemo(test::tempDir("annviews"), test::demoOptions(3, 4, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
        m_conn = std::make_unique<index::Db>(m_db, true);
        m_summary = std::make_shared<const query::ProfileSummary>(query::loadSummary(*m_conn));
        QCOMPARE(m_summary->ranks.size(), size_t(3));
    }

    void undoRedoAndTheFile() {
        const QString path = QString::fromStdString(test::tempDir("annmodel") + "/annotations.json");
        views::AnnotationModel m;
        m.open(path);
        QVERIFY(!m.readOnly());
        QSignalSpy changed(&m, &views::AnnotationModel::changed);
        const QString id = m.add(note(0, m_summary->startNs + 1000));
        QCOMPARE(id, QString("a1"));
        auto onDisk = [&] {
            annotate::AnnotationSet set;
            std::string err;
            set.load(path.toStdString(), err);
            return set.size();
        };
        QCOMPARE(onDisk(), size_t(1));
        annotate::Annotation edited = *m.find(id);
        edited.text = "edited";
        m.update(edited);
        QCOMPARE(m.find(id)->text, std::string("edited"));
        m.remove(id);
        QVERIFY(!m.find(id));
        QCOMPARE(onDisk(), size_t(0));
        m.undoStack()->undo(); // remove undone
        QCOMPARE(m.find(id)->text, std::string("edited"));
        m.undoStack()->undo(); // edit undone
        QCOMPARE(m.find(id)->text, std::string("here"));
        m.undoStack()->undo(); // add undone
        QVERIFY(m.items().empty());
        m.undoStack()->redo();
        QCOMPARE(m.find(id)->text, std::string("here")); // the same id and stamps come back
        QCOMPARE(onDisk(), size_t(1));
        QVERIFY(changed.count() >= 6);
        // reopened: the same annotation from the file, with no undo history
        views::AnnotationModel again;
        again.open(path);
        QCOMPARE(again.items().size(), size_t(1));
        QVERIFY(!again.undoStack()->canUndo());
    }

    void undoActsOnTheShownRunsEditsOnly() {
        // walk 48e: a box added in run 0, run 1 shown: the Annotate menu offered 'Undo Add box "box Y"' and
        // Ctrl+Z removed run 0's box unseen. Each run keeps its history; Undo (the menu's and the panel's,
        // both the group's) acts on the shown run's
        const QString path = QString::fromStdString(test::tempDir("annruns") + "/annotations.json");
        std::filesystem::remove(path.toStdString());
        views::AnnotationModel m;
        m.open(path);
        m.setRun(0);
        annotate::Annotation box = note(0, m_summary->startNs + 1000);
        box.kind = annotate::Kind::Box;
        box.text = "box Y";
        const QString id = m.add(box);
        QCOMPARE(m.undoGroup()->undoText(), QString("Add box \"box Y\""));
        m.setRun(1); // another run shown
        QVERIFY(!m.undoGroup()->canUndo());
        QVERIFY(m.undoGroup()->undoText().isEmpty()); // the menu says plain "Undo", disabled
        m.undoGroup()->undo();                        // Ctrl+Z there: nothing of run 0 changes
        QVERIFY(m.find(id));
        annotate::Annotation there = note(0, m_summary->startNs + 2000);
        there.anchor.run = 1;
        const QString other = m.add(there);
        m.undoGroup()->undo(); // run 1's own edit is undone
        QVERIFY(!m.find(other));
        QVERIFY(m.find(id));
        m.setRun(0); // back: run 0's history is still there
        QCOMPARE(m.undoGroup()->undoText(), QString("Add box \"box Y\""));
        m.undoGroup()->undo();
        QVERIFY(!m.find(id));
    }

    void anEditNeverWritesOverWhatAnotherProgramAdded() {
        // walk 24 #1: with the app open, `rankscope annotate … add` wrote six annotations; the app's next
        // note replaced the file with its own one. The model reloads what another program wrote (when it
        // sees the change, and again before an edit), so both survive and ids stay distinct
        const std::string path = test::tempDir("annexternal") + "/annotations.json";
        std::filesystem::remove(path);
        views::AnnotationModel m;
        m.open(QString::fromStdString(path));
        const QString mine = m.add(note(0, m_summary->startNs + 1000000));
        QVERIFY(!mine.isEmpty());
        // another program: reads the file, adds two, writes it (as the command line does)
        annotate::AnnotationSet other;
        std::string error;
        QVERIFY(other.load(path, error));
        other.add(note(0, m_summary->startNs + 2000000));
        other.add(note(0, m_summary->startNs + 3000000));
        QVERIFY(other.save(path, error));
        QTRY_COMPARE(m.items().size(), size_t(3)); // seen by the watch, without an edit
        QVERIFY(!m.undoStack()->canUndo());        // its history was of the set before
        // the same before an edit, even when the watch has not fired yet
        QVERIFY(other.load(path, error));
        other.add(note(0, m_summary->startNs + 4000000));
        QVERIFY(other.save(path, error));
        const QString next = m.add(note(0, m_summary->startNs + 5000000));
        annotate::AnnotationSet onDisk;
        QVERIFY(onDisk.load(path, error));
        QCOMPARE(onDisk.items().size(), size_t(5));
        std::set<std::string> ids;
        for (const auto& a : onDisk.items())
            ids.insert(a.id);
        QCOMPARE(ids.size(), size_t(5));
        QVERIFY(ids.count(next.toStdString()) && ids.count(mine.toStdString()));
    }

    void anotherRunsAnnotationIsListedWithoutATime() {
        // a folder with several runs keeps one annotation file: a note placed in run 3 was listed in run 1's
        // panel at "+19587 d 06:2…", its time measured from run 1's start on another clock (walk17b #5)
        views::AnnotationModel m;
        m.open(QString::fromStdString(test::tempDir("annruns") + "/annotations.json"));
        annotate::Annotation here = note(0, m_summary->startNs + 5000000);
        annotate::Annotation other = here;
        other.anchor.run = m_summary->run + 3;
        other.anchor.t0Ns = other.anchor.t1Ns = m_summary->startNs + int64_t(19587) * 86400 * 1000000000;
        m.add(here);
        m.add(other);
        views::AnnotationsPanel panel(&m);
        panel.setRun(m_summary->run, m_summary->startNs);
        QCOMPARE(panel.list()->topLevelItemCount(), 2);
        const int whereCol = 2;
        QCOMPARE(panel.list()->topLevelItem(0)->text(whereCol), QString("note at +5.000 ms on rank 0"));
        QCOMPARE(panel.list()->topLevelItem(1)->text(whereCol),
                 QString("in run %1 (choose that run to see it)").arg(m_summary->run + 3));
    }

    void aCollidedRankIsListedAsItsLanesNameIt() {
        // walk18a #3: in a folder of two runs that both have a rank 0, one run's rank 0 is key 10000; the
        // panel listed "on rank 10000" beside lanes that say "Rank 0"
        views::AnnotationModel m;
        m.open(QString::fromStdString(test::tempDir("anncollided") + "/annotations.json"));
        annotate::Annotation a = note(0, m_summary->startNs + 5000000);
        a.anchor.ranks = {10000};
        m.add(a);
        views::AnnotationsPanel panel(&m);
        panel.setRun(m_summary->run, m_summary->startNs, {{10000, 0}});
        QCOMPARE(panel.list()->topLevelItem(0)->text(2), QString("note at +5.000 ms on rank 0"));
    }

    void rangesInARowAreDistinct() {
        // the Range tool three times: three annotations with their own ids and ranges, in the file too
        // (each add re-gave the previous id: the list showed the first one again and the range was lost)
        const QString path = QString::fromStdString(test::tempDir("annranges") + "/annotations.json");
        views::AnnotationModel m;
        m.open(path);
        std::set<QString> ids;
        for (int i = 0; i < 3; ++i) {
            annotate::Annotation a = note(0, m_summary->startNs + 1000 * (i + 1));
            a.kind = annotate::Kind::Range;
            a.anchor.t1Ns = a.anchor.t0Ns + 500;
            a.text = "range " + std::to_string(i);
            ids.insert(m.add(a));
        }
        QCOMPARE(ids.size(), size_t(3));
        QCOMPARE(m.items().size(), size_t(3));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(m.items()[size_t(i)].text, "range " + std::to_string(i));
            QCOMPARE(m.items()[size_t(i)].anchor.t0Ns, m_summary->startNs + 1000 * (i + 1));
        }
        annotate::AnnotationSet onDisk;
        std::string err;
        QVERIFY2(onDisk.load(path.toStdString(), err), err.c_str());
        std::set<std::string> diskIds;
        for (const auto& a : onDisk.items())
            diskIds.insert(a.id);
        QCOMPARE(diskIds.size(), size_t(3));
        // undo the last, add another: still a new id, never the undone one's
        const QString last = QString::fromStdString(m.items().back().id);
        m.undoStack()->undo();
        const QString next = m.add(note(0, m_summary->startNs));
        QVERIFY(!ids.count(next));
        QVERIFY(next != last);
    }
    void damagedFileMakesTheModelReadOnly() {
        const std::string path = test::tempDir("annbroken") + "/annotations.json";
        test::writeFile(path, "{\"annotations\": [");
        views::AnnotationModel m;
        QSignalSpy failed(&m, &views::AnnotationModel::failed);
        m.open(QString::fromStdString(path));
        QVERIFY(m.readOnly());
        QCOMPARE(failed.count(), 1);
        QVERIFY(m.add(note(0, m_summary->startNs)).isEmpty());
        QCOMPARE(test::readDecompressed(path), std::string("{\"annotations\": ["));
    }

    void noteFollowsZoomAndSize() {
        auto s = scene({1000, 500});
        const int rank = m_summary->ranks[1];
        const int64_t t = m_summary->startNs + (m_summary->endNs - m_summary->startNs) * 3 / 10;
        load(*s);
        const QRect block = s->view->rankBlock(rank);
        QVERIFY(block.isValid());
        const int before = inkAt(grab(*s), int(s->view->xOf(t)), block.top() + 30, block.bottom());
        QCOMPARE(before, 0);
        annotate::AnnotationSet set;
        set.add(note(rank, t));
        s->model.setAnnotations(set);
        QImage img = grab(*s);
        QVERIFY2(inkAt(img, int(s->view->xOf(t)), block.top() + 30, block.bottom()) > 10,
                 "the note's line is where its time is");
        // not on the other ranks
        const QRect other = s->view->rankBlock(m_summary->ranks[0]);
        QCOMPARE(inkAt(img, int(s->view->xOf(t)), other.top() + 30, other.bottom()), 0);
        // zoomed around another point: the line moves with its time
        s->state.setWindow(t - 2000000, t + 8000000);
        load(*s);
        const int x = int(s->view->xOf(t));
        QVERIFY(x > 300);
        QVERIFY(inkAt(grab(*s), x, block.top() + 30, block.bottom()) > 10);
        // a wider window of the same widget: still at its time
        s->view->resize(1400, 500);
        load(*s);
        QVERIFY(int(s->view->xOf(t)) != x);
        QVERIFY(inkAt(grab(*s), int(s->view->xOf(t)), block.top() + 30, block.bottom()) > 10);
    }

    void doubleClickOnTheLabelAsksToEdit() {
        auto s = scene({1000, 500});
        load(*s);
        const int rank = m_summary->ranks[1];
        const int64_t t = m_summary->startNs + (m_summary->endNs - m_summary->startNs) / 3;
        annotate::AnnotationSet set;
        set.add(note(rank, t));
        s->model.setAnnotations(set);
        grab(*s); // paints, so the label's place is known
        QSignalSpy edit(s->view.get(), &views::TimelineView::annotationEditRequested);
        const QRect block = s->view->rankBlock(rank);
        const QPoint label(int(s->view->xOf(t)) + 14, block.top() + 9);
        QTest::mouseDClick(s->view.get(), Qt::LeftButton, {}, label);
        QCOMPARE(edit.count(), 1);
        QCOMPARE(edit.first().at(0).toString(), QString("a1"));
        // elsewhere a double-click zooms as before, and asks nothing
        QTest::mouseDClick(s->view.get(), Qt::LeftButton, {}, QPoint(label.x() + 200, block.bottom() - 5));
        QCOMPARE(edit.count(), 1);
    }

    void arrowLabelsStayWithTheirEnds() {
        // an arrow on a rank scrolled out of view: its label was clamped into view and floated over other
        // ranks' lanes (walk 5)
        auto s = scene({1000, 260});
        load(*s);
        const int low = m_summary->ranks[2], top = m_summary->ranks[0];
        QVERIFY2(s->view->rankBlock(low).top() > 260, "the last rank must be below the view for this test");
        const int64_t t0 = m_summary->startNs + (m_summary->endNs - m_summary->startNs) / 3;
        const int64_t t1 = t0 + (m_summary->endNs - m_summary->startNs) / 10;
        auto arrow = [&](int from, int to) {
            annotate::Annotation a = note(from, t0);
            a.kind = annotate::Kind::Arrow;
            a.text = "arrow label";
            a.anchor.toRank = to;
            a.anchor.toNs = t1;
            return a;
        };
        auto ink = [&](const QImage& img) {
            int n = 0;
            for (int x = views::TimelineView::kGutter; x < img.width(); x += 2)
                n += inkAt(img, x, 0, img.height());
            return n;
        };
        QCOMPARE(ink(grab(*s)), 0);
        annotate::AnnotationSet away;
        away.add(arrow(low, low));
        s->model.setAnnotations(away);
        QCOMPARE(ink(grab(*s)), 0); // both ends below the view: nothing of it is shown
        // from the hidden rank to a shown one: drawn, its label at the end in view (rank 0's block)
        annotate::AnnotationSet half;
        half.add(arrow(low, top));
        s->model.setAnnotations(half);
        const QImage img = grab(*s);
        const QRect block = s->view->rankBlock(top);
        const int x = int(s->view->xOf(t1));
        int near = 0;
        for (int dx = 6; dx < 60; dx += 2)
            near += inkAt(img, x + dx, block.top(), block.top() + 40);
        QVERIFY2(near > 10, qPrintable(QString("label ink near the shown end: %1").arg(near)));
    }
    void calloutLabelsAreCutAtAWord() {
        // r49b #3: a label too long for its callout was cut by Qt's elision mid-word ("the all-red…",
        // "stal…"), read as a label cut by the plot's edge; it is cut at a word's end, whatever the width
        const QString text = "rank 3 stalled waiting on the allreduce of the embedding gradients";
        const QFont font = QApplication::font();
        const QRectF bounds(0, 0, 2000, 400);
        int cut = 0;
        for (int w = 60; w < 420; w += 7) {
            const views::CalloutBox c = views::placeCallout(font, QPointF(10, 10), text, bounds, w);
            if (c.text == text) continue;
            ++cut;
            QVERIFY2(c.text.endsWith(QChar(0x2026)), qPrintable(c.text));
            const QString head = c.text.chopped(1);
            QVERIFY2(text.startsWith(head) && (text.size() == head.size() || text[head.size()] == ' '),
                     qPrintable(QString("cut mid-word at %1 px: %2").arg(w).arg(c.text)));
        }
        QVERIFY(cut > 10);
    }
    void detachedAnchorIsNotDrawn() {
        auto s = scene({1000, 500});
        load(*s);
        const int rank = m_summary->ranks[1];
        const int64_t t = m_summary->startNs + (m_summary->endNs - m_summary->startNs) / 2;
        annotate::AnnotationSet set;
        set.add(note(rank, t));
        s->model.setAnnotations(set);
        annotate::AnchorFacts facts = annotate::loadAnchorFacts(*m_conn, set);
        facts.runs[m_summary->run].ranks.erase(rank); // as if a re-index lost that rank
        s->model.setFacts(facts);
        QVERIFY(!s->model.detachedReason("a1").isEmpty());
        const QRect block = s->view->rankBlock(rank);
        QCOMPARE(inkAt(grab(*s), int(s->view->xOf(t)), block.top() + 30, block.bottom()), 0);
    }

    void rangeToolDraftsTimeAndRanks() {
        auto s = scene({1000, 600});
        load(*s);
        s->model.setTool(views::AnnotationModel::Tool::Range);
        QSignalSpy drafted(s->view.get(), &views::TimelineView::annotationDrafted);
        const QRect b0 = s->view->rankBlock(m_summary->ranks[0]),
                    b1 = s->view->rankBlock(m_summary->ranks[1]);
        const QPoint from(400, b0.top() + 30), to(700, b1.top() + 30);
        QTest::mousePress(s->view.get(), Qt::LeftButton, {}, from);
        QTest::mouseMove(s->view.get(), to);
        QTest::mouseRelease(s->view.get(), Qt::LeftButton, {}, to);
        QCOMPARE(drafted.count(), 1);
        auto a = drafted.takeFirst().at(0).value<annotate::Annotation>();
        QCOMPARE(int(a.kind), int(annotate::Kind::Range));
        QCOMPARE(a.anchor.ranks, (std::vector<int>{m_summary->ranks[0], m_summary->ranks[1]}));
        const double nsPerPx =
            double(s->state.windowEnd() - s->state.windowStart()) / (1000 - views::TimelineView::kGutter);
        QVERIFY(std::abs(double(a.anchor.t0Ns - s->state.windowStart()) -
                         (400 - views::TimelineView::kGutter) * nsPerPx) < 2 * nsPerPx);
        QVERIFY(std::abs(double(a.anchor.t1Ns - s->state.windowStart()) -
                         (700 - views::TimelineView::kGutter) * nsPerPx) < 2 * nsPerPx);
        // the window did not move: drawing is not panning
        QCOMPARE(s->state.windowStart(), m_summary->startNs);
        // Esc leaves the tool
        QTest::keyClick(s->view.get(), Qt::Key_Escape);
        QCOMPARE(int(s->model.tool()), int(views::AnnotationModel::Tool::None));
    }

    void heatmapLeaderLineCoversNoCellValue() {
        // walk 23 #4: a box annotation on the first two ranks drew its leader line from the box's middle
        // across the other ranks' cells to its label right of the grid, through their values. Those cells'
        // insides are the same pixels with the annotation drawn as without; the leader is drawn
        views::HeatmapCanvas c;
        c.setData(
            std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(*m_conn, m_summary->ranks)));
        const auto& order = c.order();
        QVERIFY(order.size() >= 2 && c.data()->columnKeys.size() == 3);
        const annotate::Annotation a = heatmapBox(c, {order[0], order[1]}, {0, 1}, "these two");
        annotate::AnnotationSet set;
        set.add(a);
        views::AnnotationModel model;
        model.setAnnotations(set);
        c.setAnnotations(&model);
        c.resize(c.sizeHint());
        auto shot = [&] {
            QImage img(c.size(), QImage::Format_ARGB32);
            c.render(&img);
            return img;
        };
        const QImage with = shot();
        c.setAnnotationsShown(false);
        const QImage without = shot();
        for (int row : {order[0], order[1]}) {
            // rank 2's, right of the box (less its left 4 px: the box's outline, 2 px outside it)
            const QRect cell = c.cellRect(row, 2).adjusted(4, 2, -3, -3);
            for (int y = cell.top(); y <= cell.bottom(); ++y)
                for (int x = cell.left(); x <= cell.right(); ++x)
                    QVERIFY2(with.pixel(x, y) == without.pixel(x, y),
                             qPrintable(QString("row %1: pixel %2,%3 differs").arg(row).arg(x).arg(y)));
        }
        const int right = c.cellRect(order[0], 2).right() + 4; // between the grid and the notes
        QVERIFY(inkAt(with, right, 0, with.height()) > 0);
    }
    void heatmapBoxOnTheFirstRowAndColumnKeepsItsEdges() {
        // r43a: a box on the first row had its top edge (2 px above the cells) painted over by the column
        // labels' background, drawn after the annotations; likewise the first column's left edge under the
        // row labels. Ink on every side of the box, with the grid not scrolled
        views::HeatmapCanvas c;
        c.setData(
            std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(*m_conn, m_summary->ranks)));
        const auto& order = c.order();
        const annotate::Annotation a = heatmapBox(c, {order[0]}, {0}, "first");
        annotate::AnnotationSet set;
        set.add(a);
        views::AnnotationModel model;
        model.setAnnotations(set);
        c.setAnnotations(&model);
        c.resize(c.sizeHint());
        QImage img(c.size(), QImage::Format_ARGB32);
        c.render(&img);
        const QRect cell = c.cellRect(order[0], 0);
        int top = 0, left = 0;
        for (int x = cell.left() + 4; x < cell.right() - 4; ++x) // a row of ink along the top
            top += inkAt(img, x, cell.top() - 3, cell.top() + 2) > 0;
        for (int y = cell.top() + 4; y < cell.bottom() - 4; ++y) { // and a column along the left
            const QColor px = img.pixelColor(cell.left() - 1, y), in = img.pixelColor(cell.left() + 1, y);
            auto inky = [](const QColor& q) {
                return std::abs(q.red() - kInk.red()) < 30 && std::abs(q.green() - kInk.green()) < 30 &&
                       std::abs(q.blue() - kInk.blue()) < 30;
            };
            left += inky(px) || inky(in) || inky(img.pixelColor(cell.left(), y));
        }
        QVERIFY2(top > (cell.width() - 8) / 2, qPrintable(QString("top edge: %1 px").arg(top)));
        QVERIFY2(left > (cell.height() - 8) / 2, qPrintable(QString("left edge: %1 px").arg(left)));
    }
    void heatmapBoxToolDraftsCells() {
        views::AnnotationModel model;
        views::HeatmapCanvas c;
        c.setData(
            std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(*m_conn, m_summary->ranks)));
        c.setAnnotations(&model);
        c.resize(c.sizeHint());
        model.setTool(views::AnnotationModel::Tool::Box);
        QSignalSpy drafted(&c, &views::HeatmapCanvas::annotationDrafted);
        const auto& order = c.order();
        QVERIFY(order.size() >= 2);
        const QRect a = c.cellRect(order[0], 0), b = c.cellRect(order[1], 1);
        QTest::mousePress(&c, Qt::LeftButton, {}, a.center());
        QTest::mouseRelease(&c, Qt::LeftButton, {}, b.center());
        QCOMPARE(drafted.count(), 1);
        auto an = drafted.takeFirst().at(0).value<annotate::Annotation>();
        QCOMPARE(an.anchor.opTypes, (std::vector<std::string>{c.data()->rows[size_t(order[0])],
                                                              c.data()->rows[size_t(order[1])]}));
        QCOMPARE(an.anchor.ranks,
                 (std::vector<int>{int(c.data()->columnKeys[0]), int(c.data()->columnKeys[1])}));
    }
};

QTEST_MAIN(TstAnnotationViews)
#include "tst_annotationviews.moc"
