// Parts of a saved view (.rsview) walk 38 found lost on reopening, in the app: the area marked on the
// timeline (the Area statistics measure it; a view without one says what they cover), the Communication
// view's step (a link selected in step N beside the all-steps matrix), and the user's own track filter (a
// selected link's temporary "rank 1, rank 5" is not theirs: reopened, the link derives it again and
// deselecting it clears it); a reopened link shows its two ranks, in the app as in `export --state`, and
// the window saved, not its first collective's (r51c).
#include "app/gui/exportscene.h"
#include "app/gui/mainwindow.h"
#include "app/gui/viewstate.h"
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"
#include "views/comm/commmatrixview.h"
#include "views/common/interactionstate.h"
#include "views/common/palette.h"
#include "views/heatmap/heatmapview.h"
#include "views/tables/areastatsview.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsmodel.h"
#include "views/tables/stepsmodel.h"
#include "views/tables/tensorsmodel.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/timelineview.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QtTest>

using namespace rs;

class TstSavedViewParts : public QObject {
    Q_OBJECT
    QString m_profile;

    static bool showAndOpen(gui::MainWindow& w, const QString& profile) {
        w.resize(1500, 900);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) return false;
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(profile);
        return ready.wait(60000);
    }
    /// Selects the comm matrix's link src → dst of `w`'s shown matrix (its group).
    static void selectLink(gui::MainWindow& w, int src, int dst) {
        views::Selection link;
        link.kind = views::Selection::Kind::CommLink;
        link.linkSrc = src;
        link.linkDst = dst;
        link.group = QString::fromStdString(w.commView()->matrix()->group);
        w.state()->setSelection(link);
    }
    /// `w`'s view saved and read back, as Save view then Open view do.
    static std::optional<gui::ViewState> savedAndRead(const gui::MainWindow& w, const std::string& tag) {
        const QString file = QString::fromStdString(test::tempDir(tag)) + "/v.rsview";
        QString err;
        if (!gui::writeViewState(w.captureViewState(), file, err)) return std::nullopt;
        return gui::readViewState(file, err);
    }
    static QComboBox* stepBox(const views::CommMatrixView* v) {
        for (auto* box : v->findChildren<QComboBox*>())
            if (box->count() > 0 && box->itemText(0) == "all steps") return box;
        return nullptr;
    }
    static QComboBox* groupBox(const views::CommMatrixView* v) {
        for (auto* box : v->findChildren<QComboBox*>())
            if (box->count() > 0 && box->itemText(0) == "all") return box;
        return nullptr;
    }

  private Q_SLOTS:
    void aLinksCollectivesAreOutlinedWhereverTheWindowIs() {
        // issue 19: once the window no longer showed the link's first collective, the ones in view were
        // not outlined: past a few ms a collective is a level-of-detail bucket of one span, without an id
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        auto* comm = w.commView();
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix() && comm->matrix()->at(1, 5), 20000);
        selectLink(w, 1, 5);
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->selection().spans.empty() && !comm->resolvingLink(), 20000);
        const std::vector<qint64> spans = w.state()->selection().spans;
        auto rings = [&] {
            const views::DrawList d = views::FrameBuilder().build(w.timeline()->frameInput());
            int n = 0;
            for (const auto* r : d.all<views::StrokeRect>())
                n += r->color == views::selectionRingColor().rgba();
            return n;
        };
        // the link's collectives inside a window, counted over the index's spans
        index::Db db(QString(m_profile + "/.rankscope/index.sqlite").toStdString(), true);
        auto inside = [&](qint64 t0, qint64 t1) {
            int n = 0;
            auto q = db.prepare("SELECT ts_ns >= ?2 AND ts_ns + dur_ns <= ?3 FROM span WHERE span_id = ?1");
            for (qint64 id : spans) {
                q.bind(1, int64_t(id)).bind(2, int64_t(t0)).bind(3, int64_t(t1));
                n += q.step() && q.i64(0);
                q.reset();
            }
            return n;
        };
        // from just after the link's first collective to the end of its last: the rest in view
        qint64 t0 = INT64_MAX;
        {
            auto q = db.prepare("SELECT ts_ns + dur_ns FROM span WHERE span_id = ?1");
            for (qint64 id : spans) {
                q.bind(1, int64_t(id));
                if (q.step()) t0 = std::min<qint64>(t0, q.i64(0));
                q.reset();
            }
        }
        const qint64 t1 = w.state()->boundsEnd();
        w.state()->setWindow(t0 + 1, t1);
        const int expected = inside(t0 + 1, t1);
        QVERIFY(expected >= 2);
        QTRY_COMPARE_WITH_TIMEOUT(rings(), expected, 20000);
    }

    void theHeatmapLayoutComesBack() {
        // walk 53a: a view saved on the rank × step grid of one op kept only "view": "heatmap"; `export
        // --state` pictured op × rank, a grid never on screen, and the app showed the layout only because
        // its settings remembered it
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        views::HeatmapView* heat = w.heatmap();
        QTRY_VERIFY_WITH_TIMEOUT(heat->canvas()->data() && !heat->canvas()->data()->rows.empty(), 20000);
        const QString op = QString::fromStdString(heat->canvas()->data()->rows.back()); // not the first row
        heat->setMode(query::HeatmapData::Mode::RankByStep, -1, op);
        QTRY_VERIFY_WITH_TIMEOUT(heat->canvas()->data() &&
                                     heat->canvas()->data()->mode == query::HeatmapData::Mode::RankByStep,
                                 20000);
        for (QComboBox* box : heat->findChildren<QComboBox*>())
            if (box->findText("total") >= 0) box->setCurrentIndex(box->findText("total"));
        auto saved = savedAndRead(w, "savedviewparts-heatmap");
        QVERIFY(saved);
        QCOMPARE(saved->heatmapMode, 2);
        QCOMPARE(saved->heatmapOp, op);
        QCOMPARE(saved->heatmapStatistic, QString("total"));
        // another window (its settings remember no layout: setMode is not the user's choice) reopens it
        gui::MainWindow w2;
        QVERIFY(showAndOpen(w2, m_profile));
        w2.applyViewState(*saved);
        QTRY_VERIFY_WITH_TIMEOUT(w2.heatmap()->canvas()->data() && w2.heatmap()->canvas()->data()->mode ==
                                                                       query::HeatmapData::Mode::RankByStep,
                                 20000);
        QCOMPARE(w2.heatmap()->layoutOp(), op);
        QCOMPARE(w2.heatmap()->canvas()->statistic(), views::HeatStatistic::Total);
        // and `export --state` pictures the same grid
        gui::ExportScene scene(m_profile + "/.rankscope/index.sqlite", m_profile, std::nullopt);
        scene.apply(*saved);
        scene.image("heatmap", 800, 0, 1);
        const QString caption = scene.caption("heatmap").lines.join(" | ");
        QVERIFY2(caption.contains("rank × step of " + op) && caption.contains("colour: total"),
                 qPrintable(caption));
    }

    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_profile = QString::fromStdString(test::tempDir("savedviewparts")) + "/demo";
        const std::string err = test::writeDemo(m_profile.toStdString(), test::demoOptions(8, 3, 1));
        QVERIFY2(err.empty(), err.c_str());
    }

    void theMarkedAreaComesBack() {
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        views::MarkedArea area;
        for (const auto& l : w.timeline()->lanes())
            if (!l.header && (l.rank == 3 || l.rank == 4) && l.trackId > 0)
                area.trackIds.push_back(l.trackId);
        QVERIFY(!area.trackIds.empty());
        area.ranks = {3, 4};
        const qint64 s0 = w.state()->boundsStart(), e0 = w.state()->boundsEnd();
        area.t0 = s0 + (e0 - s0) / 5;
        area.t1 = s0 + (e0 - s0) / 2;
        area.aligned = w.timeline()->aligned();
        w.state()->setArea(area); // a Ctrl+drag over ranks 3-4
        QCOMPARE(w.areaStats()->source(), views::AreaStatsView::Source::Area);
        auto saved = savedAndRead(w, "savedviewparts-area");
        QVERIFY(saved && saved->area);
        QVERIFY(*saved->area == area);
        gui::MainWindow w2;
        QVERIFY(showAndOpen(w2, m_profile));
        w2.applyViewState(*saved);
        QVERIFY(w2.state()->area() == area);
        QCOMPARE(w2.areaStats()->source(), views::AreaStatsView::Source::Area);
        // a view saved without an area: none marked after it, and the status bar says what the figures are
        saved->area.reset();
        saved->view = "areastats";
        w2.applyViewState(*saved);
        QVERIFY(!w2.state()->area().valid());
        QCOMPARE(w2.areaStats()->source(), views::AreaStatsView::Source::Window);
        QVERIFY2(w2.statusBar()->currentMessage().contains("marks no area"),
                 qPrintable(w2.statusBar()->currentMessage()));
    }

    void theCommunicationStepComesBack() {
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        auto* comm = w.commView();
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix() && comm->matrix()->steps.size() >= 2, 20000);
        const qint64 last = comm->matrix()->steps.back();
        QComboBox* box = stepBox(comm);
        QVERIFY(box);
        box->setCurrentIndex(box->findData(qlonglong(last))); // the user's choice
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix()->step == std::optional<int64_t>(last), 20000);
        auto saved = savedAndRead(w, "savedviewparts-step");
        QVERIFY(saved);
        QCOMPARE(saved->commStep, std::optional<qint64>(last));
        gui::MainWindow w2;
        QVERIFY(showAndOpen(w2, m_profile));
        QTRY_VERIFY_WITH_TIMEOUT(w2.commView()->matrix(), 20000);
        w2.applyViewState(*saved);
        QTRY_VERIFY_WITH_TIMEOUT(w2.commView()->matrix()->step == std::optional<int64_t>(last), 20000);
        QCOMPARE(stepBox(w2.commView())->currentText(), QString("step %1").arg(last));
        // a file from before comm_step, with a link of step `last` selected: the link's step is shown
        saved->commStep.reset();
        saved->selection = {};
        saved->selection.kind = views::Selection::Kind::CommLink;
        saved->selection.linkSrc = 1;
        saved->selection.linkDst = 5;
        saved->selection.step = last;
        saved->selection.group = QString::fromStdString(w2.commView()->matrix()->group);
        gui::MainWindow w3;
        QVERIFY(showAndOpen(w3, m_profile));
        QTRY_VERIFY_WITH_TIMEOUT(w3.commView()->matrix(), 20000);
        w3.applyViewState(*saved);
        QTRY_VERIFY_WITH_TIMEOUT(w3.commView()->matrix()->step == std::optional<int64_t>(last), 20000);
    }

    void theCommunicationGroupComesBack() {
        // walk 55a: saved on "all", reopened (and exported by the CLI from the file) on the default group
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        auto* comm = w.commView();
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix(), 20000);
        QComboBox* box = groupBox(comm);
        QVERIFY(box && box->count() >= 2);
        const int all = box->findData(QString());
        QVERIFY(all >= 0);
        box->setCurrentIndex(all == box->currentIndex() ? 1 : all); // the other one than the default
        const QString chosen = box->currentData().toString();
        QTRY_VERIFY_WITH_TIMEOUT(QString::fromStdString(comm->matrix()->group) == chosen, 20000);
        auto saved = savedAndRead(w, "savedviewparts-group");
        QVERIFY(saved && saved->commGroup);
        QCOMPARE(*saved->commGroup, chosen);
        gui::MainWindow w2;
        QVERIFY(showAndOpen(w2, m_profile));
        QTRY_VERIFY_WITH_TIMEOUT(w2.commView()->matrix(), 20000);
        const QString shownFirst = QString::fromStdString(w2.commView()->matrix()->group);
        QVERIFY(shownFirst != chosen); // the default is the other one
        w2.applyViewState(*saved);
        QTRY_VERIFY_WITH_TIMEOUT(QString::fromStdString(w2.commView()->matrix()->group) == chosen, 20000);
        QCOMPARE(groupBox(w2.commView())->currentData().toString(), chosen);
    }

    void aLinksFilterIsNotTheUsers() {
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        auto* comm = w.commView();
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix() && comm->matrix()->at(1, 5), 20000);
        QCOMPARE(comm->matrix()->scope, std::string("global"));
        auto* filter = w.findChild<QLineEdit*>("trackFilter");
        QVERIFY(filter && filter->text().isEmpty());
        selectLink(w, 1, 5); // as a click on the cell does
        QTRY_COMPARE_WITH_TIMEOUT(filter->text(), QString("rank 1, rank 5"), 20000);
        auto saved = savedAndRead(w, "savedviewparts-filter");
        QVERIFY(saved);
        QCOMPARE(saved->trackFilter, QString()); // the user typed none
        gui::MainWindow w2;
        QVERIFY(showAndOpen(w2, m_profile));
        QTRY_VERIFY_WITH_TIMEOUT(w2.commView()->matrix(), 20000);
        w2.applyViewState(*saved);
        auto* filter2 = w2.findChild<QLineEdit*>("trackFilter");
        QTRY_COMPARE_WITH_TIMEOUT(filter2->text(), QString("rank 1, rank 5"), 20000); // the link's again
        w2.state()->clearSelection();                                                 // Esc
        QCOMPARE(filter2->text(), QString());
        QVERIFY(w2.timeline()->layoutOptions().filter.isEmpty());
    }

    void escClearsALinksFilterWhereverTheFocusIs_data() {
        QTest::addColumn<QString>("where");
        QTest::newRow("the comm view, after the click") << "comm";
        QTest::newRow("the timeline") << "timeline";
        QTest::newRow("the Details text") << "details";
    }
    void escClearsALinksFilterWhereverTheFocusIs() {
        // issue 19: after a click on a link's cell the status bar said Esc clears the track filter
        // "rank 1, rank 5"; Esc (on the comm view, the timeline or elsewhere) left it
        QFETCH(QString, where);
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* comm = w.commView();
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix() && comm->matrix()->at(1, 5), 20000);
        w.findChild<QDockWidget*>("comm")->raise();
        QTRY_VERIFY(comm->canvas()->isVisible() && !comm->canvas()->cellRect(1, 5).isEmpty());
        auto* filter = w.findChild<QLineEdit*>("trackFilter");
        QTest::mouseClick(comm->canvas(), Qt::LeftButton, {}, comm->canvas()->cellRect(1, 5).center());
        QTRY_COMPARE_WITH_TIMEOUT(filter->text(), QString("rank 1, rank 5"), 20000);
        QVERIFY2(w.statusBar()->currentMessage().contains("Esc"),
                 qPrintable(w.statusBar()->currentMessage()));
        QWidget* focus = QApplication::focusWidget();
        if (where == "timeline") focus = w.timeline();
        if (where == "details") focus = w.findChild<QDockWidget*>("details")->findChild<QTextBrowser*>();
        QVERIFY(focus);
        focus->setFocus();
        QTRY_VERIFY(focus->hasFocus());
        QCOMPARE(filter->text(), QString("rank 1, rank 5")); // the focus alone changed nothing
        QTest::keyClick(focus, Qt::Key_Escape);
        QTRY_COMPARE_WITH_TIMEOUT(filter->text(), QString(), 2000);
        QVERIFY(w.state()->selection().kind != views::Selection::Kind::CommLink);
    }

    void aReopenedViewShowsTheDrilledTensorList() {
        // walk 52b: drilled to a tensor list (step ▸ op ▸ tensors) and a tensor picked, the view saved and
        // reopened showed the drill-down's Steps level. It shows the same list, the tensor's row selected
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        auto* drill = w.findChild<views::DrillDownView*>();
        QVERIFY(drill);
        w.findChild<QDockWidget*>("drilldown")->raise();
        QTRY_VERIFY_WITH_TIMEOUT(drill->stepsModel()->rowCount() > 2, 20000);
        drill->table(0)->selectRow(2); // a step past the first
        drill->drillDown();
        QCOMPARE(drill->level(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(drill->opsModel()->rowCount() > 0, 20000);
        // the first op of the step with a list of tensors (its own, or its type's in the step)
        bool found = false;
        for (int op = 0; op < drill->opsModel()->rowCount() && !found; ++op) {
            drill->table(1)->selectRow(op);
            drill->drillDown();
            QTRY_VERIFY_WITH_TIMEOUT(drill->tensorsModel()->rowCount() > 0 ||
                                         drill->breadcrumbs().contains("no memory record"),
                                     20000);
            found = drill->tensorsModel()->rowCount() > 1;
            if (!found) drill->goUp();
        }
        QVERIFY2(found, "an op of the step lists tensors");
        drill->table(2)->selectRow(1); // a tensor, not the first row
        QCOMPARE(w.state()->selection().kind, views::Selection::Kind::Tensor);
        const QString tensor = w.state()->selection().tensorId;
        const QString crumbs = drill->breadcrumbs();
        const int rows = drill->tensorsModel()->rowCount();
        const views::DrillPath path = drill->path();
        QCOMPARE(path.level, 2);
        // the file holds the level, the step and the op (read as JSON, not through the app's reader)
        const QString file = QString::fromStdString(test::tempDir("savedviewparts-drill")) + "/v.rsview";
        QString err;
        QVERIFY2(gui::writeViewState(w.captureViewState(), file, err), qPrintable(err));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto j = nlohmann::json::parse(f.readAll().toStdString());
        QVERIFY(j.contains("drill"));
        QCOMPARE(j["drill"]["level"].get<std::string>(), std::string("tensors"));
        QCOMPARE(j["drill"]["step"].get<qint64>(), path.step);
        QCOMPARE(j["drill"]["rank"].get<int>(), path.rank);
        QCOMPARE(QString::fromStdString(j["drill"]["op"]["name"].get<std::string>()), path.opName);
        QCOMPARE(QString::fromStdString(j["selection"]["tensor_id"].get<std::string>()), tensor);
        // reopened in a new window, as `rankscope v.rsview` does (the view before the profile is open)
        auto saved = gui::readViewState(file, err);
        QVERIFY2(saved, qPrintable(err));
        gui::MainWindow w2;
        w2.resize(1500, 900);
        w2.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w2));
        QSignalSpy ready(&w2, &gui::MainWindow::profileReady);
        w2.applyViewState(*saved);
        QVERIFY(ready.wait(60000));
        auto* drill2 = w2.findChild<views::DrillDownView*>();
        QTRY_COMPARE_WITH_TIMEOUT(drill2->level(), 2, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(drill2->tensorsModel()->rowCount(), rows, 20000);
        QCOMPARE(drill2->breadcrumbs(), crumbs);
        QCOMPARE(drill2->path(), path);
        const QModelIndex cur = drill2->table(2)->currentIndex();
        QVERIFY(cur.isValid());
        const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(drill2->table(2)->model());
        QVERIFY(proxy);
        const auto* row = drill2->tensorsModel()->row(proxy->mapToSource(cur).row());
        QVERIFY(row);
        QCOMPARE(QString::fromStdString(row->tensorId), tensor);
        QCOMPARE(w2.state()->selection().tensorId, tensor);
    }

    void aReopenedLinkShowsItsRanksAndTheSavedWindow() {
        // r51c: reopened as `rankscope v.rsview` does (the view applied before the profile is open, so the
        // link resolves before the run's matrix arrives), the link's other rank was off screen and the
        // window jumped to the link's first collective; `export --state` pictured every rank
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        auto* comm = w.commView();
        QTRY_VERIFY_WITH_TIMEOUT(comm->matrix() && comm->matrix()->at(1, 5), 20000);
        selectLink(w, 1, 5); // as a click on the cell does
        auto* filter = w.findChild<QLineEdit*>("trackFilter");
        QTRY_COMPARE_WITH_TIMEOUT(filter->text(), QString("rank 1, rank 5"), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->selection().spans.empty(), 20000);
        // the user looks elsewhere than the first collective, then saves
        const qint64 s0 = w.state()->boundsStart(), e0 = w.state()->boundsEnd();
        const std::pair<qint64, qint64> looked{s0 + (e0 - s0) / 3, s0 + (e0 - s0) / 2};
        w.state()->setWindow(looked.first, looked.second);
        auto saved = savedAndRead(w, "savedviewparts-link");
        QVERIFY(saved);
        QCOMPARE(saved->window, std::optional(looked));

        gui::MainWindow w2;
        w2.resize(1500, 900);
        w2.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w2));
        w2.applyViewState(*saved); // opens the profile, then applies the view
        QTRY_VERIFY_WITH_TIMEOUT(!w2.state()->selection().spans.empty(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!w2.commView()->resolvingLink(), 20000);
        QCOMPARE(w2.state()->windowStart(), looked.first); // the saved window, not the collective's
        QCOMPARE(w2.state()->windowEnd(), looked.second);
        auto* filter2 = w2.findChild<QLineEdit*>("trackFilter");
        QCOMPARE(filter2->text(), QString("rank 1, rank 5"));
        auto laidOut = [&] {
            std::set<int> ranks;
            for (const auto& l : w2.timeline()->lanes())
                ranks.insert(l.rank);
            return ranks;
        };
        QTRY_COMPARE_WITH_TIMEOUT(laidOut(), (std::set<int>{1, 5}), 5000);
        // the whole window's caption names the ranks its timeline draws (issue 19: "ranks 0-7" under
        // the link's two)
        const QString windowCaption = w2.exportCaption("window").lines.join(" | ");
        QVERIFY2(windowCaption.contains("ranks 1, 5") && !windowCaption.contains("ranks 0-7"),
                 qPrintable(windowCaption));

        // `export --state` of the same file pictures the same lanes
        gui::ExportScene scene(m_profile + "/.rankscope/index.sqlite", m_profile, std::nullopt);
        scene.apply(*saved);
        scene.image("timeline", 1200, 0, 1);
        const QString caption = scene.caption("timeline").lines.join(" | ");
        QVERIFY2(caption.contains("ranks 1, 5") && caption.contains("track filter \"rank 1, rank 5\""),
                 qPrintable(caption));
    }
};

QTEST_MAIN(TstSavedViewParts)
#include "tst_savedviewparts.moc"
