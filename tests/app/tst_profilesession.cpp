// What belongs to the profile on screen (a folder of two runs): the same run again keeps the selection
// and the lanes chosen; another run resets them (reset(false)); the profile opened again resets them and
// the search text (reset(true)); a view state captured on one run and applied on the other waits for its run,
// then shows exactly its window, selection, lanes and track filter.
#include "app/gui/mainwindow.h"
#include "app/gui/profilesession.h"
#include "core/demo/demogenerator.h"
#include "tests/support/testsupport.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;
using Change = gui::ProfileSession::Change;

namespace {
/// What a session stands on, as the main window builds it.
struct Parts {
    QMainWindow window;
    query::QueryService service;
    views::InteractionState state;
    views::TimelineView timeline{&state, &service};
    views::MemoryMapView memory{&state, &service};
    gui::ProfileSession session{&window, &state, &service, &timeline, &memory};
};
} // namespace

class TstProfileSession : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theViewMenuShowsAnotherRun() {
        // walk 53b: at 800 x 600 the toolbar's run chooser went behind its overflow button while the banner
        // said "choose another in the toolbar": View ▸ Run shows each other run of the folder
        const std::string dir = test::tempDir("profilesession-runmenu");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        gui::MainWindow w;
        w.resize(800, 600);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(dir));
        QVERIFY(ready.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(w.shownRun().has_value(), 20000);
        const int first = *w.shownRun();
        QMenu* runs = nullptr;
        for (QMenu* m : w.findChildren<QMenu*>())
            if (m->title() == "&Run") runs = m;
        QVERIFY(runs);
        QVERIFY(runs->isEnabled());
        QCOMPARE(runs->actions().size(), 1); // the folder's other run
        runs->actions().front()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.shownRun() && *w.shownRun() != first, 20000);
        QCOMPARE(runs->actions().size(), 1); // the first run, now the other
        QVERIFY(runs->actions().front()->text().contains(QString("%1").arg(first)));
    }
    void resetsWhatBelongedToTheLastRun() {
        const std::string dir = test::tempDir("profilesession");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY(ix.db);
        Parts p;
        auto& [window, service, state, timeline, memory, session] = p;
        QSignalSpy reset(&session, &gui::ProfileSession::reset);
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        auto next = [&]() -> std::shared_ptr<const query::ProfileSummary> {
            if (!ready.wait(20000)) return nullptr;
            return ready.takeLast().first().value<std::shared_ptr<const query::ProfileSummary>>();
        };
        auto show = [&](std::shared_ptr<const query::ProfileSummary> s) {
            const Change c = session.accept(s);
            state.setBounds(s->startNs, s->endNs);
            timeline.setSummary(s);
            memory.setProfile(s->ranks, s->dataRank);
            session.applyPending();
            return c;
        };
        session.beginOpen(QString::fromStdString(dir));
        service.open(QString::fromStdString(ix.result.dbPath));
        auto first = next();
        QVERIFY(first);
        QCOMPARE(show(first), Change::NewProfile);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(reset.takeFirst().first().toBool(), true);
        // a selection and lanes chosen on the first run
        views::Selection sel;
        sel.kind = views::Selection::Kind::Step;
        sel.rank = first->ranks.front();
        sel.step = 1;
        state.setSelection(sel);
        timeline.setVisibleRanks({first->ranks.front()});
        timeline.setCollapsed(first->ranks.back(), true);
        // the track filter, typed in the window's field (issue 19: a saved view lost it)
        auto* field = new QLineEdit(&window);
        field->setObjectName("trackFilter");
        QObject::connect(field, &QLineEdit::textChanged, &timeline, &views::TimelineView::setTrackFilter);
        field->setText("Stream");
        const qint64 t0 = first->startNs + (first->endNs - first->startNs) / 3,
                     t1 = first->startNs + (first->endNs - first->startNs) / 2;
        state.setWindow(t0, t1);
        const gui::ViewState saved = session.capture();
        QCOMPARE(saved.run, std::optional<int>(first->run));
        QCOMPARE(saved.ranks, (std::set<int>{first->ranks.front()}));
        QCOMPARE(saved.trackFilter, QString("Stream"));
        // the same run again (a summary refreshed): all kept
        QCOMPARE(show(first), Change::SameRun);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(state.selection(), sel);
        QCOMPARE(timeline.visibleRanks(), (std::set<int>{first->ranks.front()}));
        // the other run: its ids and ranks are others, nothing of the first stays
        const int otherRun = first->runs[0].run == first->run ? first->runs[1].run : first->runs[0].run;
        service.selectRun(otherRun);
        auto second = next();
        QVERIFY(second && second->run == otherRun);
        QCOMPARE(show(second), Change::NewRun);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(reset.takeFirst().first().toBool(), false);
        QCOMPARE(state.selection().kind, views::Selection::Kind::None);
        QVERIFY(timeline.visibleRanks().empty());
        QVERIFY(timeline.collapsedRanks().empty());
        // the saved picture of the first run: asked for, then shown as it was
        field->setText("rank 1");
        session.apply(saved);
        auto back = next();
        QVERIFY(back && back->run == first->run);
        QCOMPARE(show(back), Change::NewRun);
        QCOMPARE(state.windowStart(), t0);
        QCOMPARE(state.windowEnd(), t1);
        QCOMPARE(state.selection(), sel);
        QCOMPARE(timeline.visibleRanks(), (std::set<int>{first->ranks.front()}));
        QCOMPARE(timeline.collapsedRanks(), (std::set<int>{first->ranks.back()}));
        QCOMPARE(timeline.layoutOptions().filter, QString("Stream"));
        QCOMPARE(field->text(), QString("Stream"));
        // the profile opened again: a new profile, the search text goes too
        reset.clear();
        session.beginOpen(QString::fromStdString(dir));
        QCOMPARE(show(back), Change::NewProfile);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(reset.first().first().toBool(), true);
        QCOMPARE(state.selection().kind, views::Selection::Kind::None);
    }
    void aViewOfAnotherProfileAsksToOpenIt() {
        Parts p;
        auto& [window, service, state, timeline, memory, session] = p;
        QSignalSpy open(&session, &gui::ProfileSession::openRequested);
        gui::ViewState v;
        v.profile = "/data/elsewhere";
        session.apply(v);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().first().toString(), QString("/data/elsewhere"));
    }
    void aViewThatCanNeverBeAppliedIsDropped() {
        // walk 27 #3: a view waiting for its profile waited for ever when another profile was opened or its
        // own failed to open (its comparison "comparing" all along): it is dropped, saying why
        Parts p;
        auto& session = p.session;
        QStringList why;
        connect(&session, &gui::ProfileSession::dropped, this,
                [&](const gui::ViewState&, const QString& w) { why << w; });
        gui::ViewState v;
        v.profile = "/data/elsewhere";
        session.apply(v);
        session.beginOpen(v.profile); // its own profile opens: it still waits
        QCOMPARE(why.size(), 0);
        session.beginOpen("/data/other");
        QCOMPARE(why, QStringList{"/data/other was opened instead of its profile /data/elsewhere"});
        session.apply(v);
        session.beginOpen(v.profile);
        session.openFailed("no profiler files found");
        QCOMPARE(why.size(), 2);
        QCOMPARE(why.last(),
                 QString("its profile /data/elsewhere could not be opened: no profiler files found"));
        session.openFailed("again"); // nothing waits any more
        QCOMPARE(why.size(), 2);
    }
    void anOpenThatEndsWithoutASummaryGoesBackToTheProfileShown_data() {
        QTest::addColumn<bool>("cancelled");
        QTest::newRow("cancelled") << true;
        // r47f: an empty folder failed to open and the path stayed on it, under the profile still on
        // screen: F5 re-indexed the empty folder, Save view named it
        QTest::newRow("failed") << false;
    }
    void anOpenThatEndsWithoutASummaryGoesBackToTheProfileShown() {
        QFETCH(bool, cancelled);
        Parts p;
        auto& session = p.session;
        const auto summary = std::make_shared<query::ProfileSummary>();
        session.beginOpen("/data/shown");
        QCOMPARE(session.accept(summary), Change::NewProfile);
        session.beginOpen("/data/empty");
        QCOMPARE(session.path(), QString("/data/empty"));
        if (cancelled)
            session.openCancelled();
        else
            session.openFailed("no profiler files found");
        QCOMPARE(session.path(), QString("/data/shown"));
        QCOMPARE(session.capture().profile, QString("/data/shown"));
        QCOMPARE(session.accept(summary), Change::SameRun); // its summary again: the profile shown
    }
    void everyTabOnTopIsSavedAndRaised() {
        // the window's tabs under the timeline, as the user sees them: whichever is on top is what a saved
        // view says, so it is raised again when the view is opened (walk 9: a view saved with the Op summary
        // open said "timeline")
        gui::MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList tabs;
        for (auto* d : w.findChildren<QDockWidget*>())
            if (w.dockWidgetArea(d) == Qt::BottomDockWidgetArea) tabs << d->objectName();
        QCOMPARE(tabs.size(), 9); // Op heatmap … SQL console
        for (const QString& name : tabs) {
            w.findChild<QDockWidget*>(name)->raise();
            QTRY_VERIFY(!w.findChild<QDockWidget*>(name)->visibleRegion().isEmpty());
            QCOMPARE(w.captureViewState().view, name);
        }
    }
};

QTEST_MAIN(TstProfileSession)
#include "tst_profilesession.moc"
