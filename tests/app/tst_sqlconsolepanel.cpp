// The SQL console and the Area statistics dock in the real window, offscreen, on a demo profile: the view
// list comes from the index (every view SCHEMA.md documents is there with its columns), Ctrl+Enter runs,
// a refused write and a syntax error are shown in the banner, Ctrl+Up / Ctrl+Down walk the history (kept in
// Settings), a clicked row naming a span selects that span in the shared InteractionState (and several
// rows highlight theirs), CSV export writes every row; the area table for a step answers with the same
// figures as query::computeAreaStats and copies them as TSV, and a row click highlights its spans.
#include "app/gui/mainwindow.h"
#include "app/gui/searchcontroller.h"
#include "app/gui/settings.h"
#include "app/gui/sqlconsolepanel.h"
#include "core/query/areastats.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/tables/areastatsmodel.h"
#include "views/tables/areastatsview.h"
#include "views/tables/sqlresultmodel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTreeWidget>
#include <QtTest>

using namespace rs;

class TstSqlConsolePanel : public QObject {
    Q_OBJECT
    QString m_profile;
    std::unique_ptr<gui::MainWindow> m_w;

    gui::SqlConsolePanel* console() const { return m_w->sqlConsole(); }

    /// Types `sql` into the editor and presses Ctrl+Enter there; true when the run ended (done or failed).
    bool runTyped(const QString& sql) {
        auto* ed = console()->editor();
        ed->setFocus();
        ed->setPlainText(sql);
        QTest::keyClick(ed, Qt::Key_Return, Qt::ControlModifier);
        using State = views::SqlResultModel::State;
        const auto ended = [&] {
            const auto s = console()->model()->state();
            return s == State::Done || s == State::Failed || s == State::Paging;
        };
        return QTest::qWaitFor([&] { return ended() && console()->model()->sql() == sql; }, 20000);
    }

    void clickRow(int row) {
        auto* g = console()->grid();
        g->setFocus();
        const QRect r = g->visualRect(console()->model()->index(row, 0));
        QTest::mouseClick(g->viewport(), Qt::LeftButton, {}, r.center());
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test-sqlconsole");
        QSettings().clear();
        m_profile = QString::fromStdString(test::tempDir("sqlconsole")) + "/demo";
        const std::string err = test::writeDemo(m_profile.toStdString(), test::demoOptions(4, 6, 1));
        QVERIFY2(err.empty(), err.c_str());
        m_w = std::make_unique<gui::MainWindow>();
        m_w->resize(1500, 950);
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
        QSignalSpy ready(m_w.get(), &gui::MainWindow::profileReady);
        m_w->openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        auto* dock = m_w->findChild<QDockWidget*>("sqlconsole");
        QVERIFY(dock);
        dock->show();
        dock->raise();
    }
    void cleanupTestCase() { m_w.reset(); }

    void listsTheIndexViews() {
        auto* list = console()->viewList();
        QTRY_VERIFY_WITH_TIMEOUT(list->topLevelItemCount() > 0, 10000);
        // every view SCHEMA.md documents (its "### name(" headings), with the columns the index has
        QFile schema(rs::test::sourceDir() + "/core/index/SCHEMA.md");
        QVERIFY(schema.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(schema.readAll());
        QStringList shown;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            shown << list->topLevelItem(i)->text(0);
        QVERIFY(shown.contains("spans"));
        for (const QString& v : {QString("spans"), QString("steps"), QString("collectives")}) {
            QVERIFY2(shown.contains(v), qPrintable(v));
            QVERIFY2(text.contains(v), qPrintable(v));
        }
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            if (list->topLevelItem(i)->text(0) == "spans") {
                QStringList cols;
                for (int c = 0; c < list->topLevelItem(i)->childCount(); ++c)
                    cols << list->topLevelItem(i)->child(c)->text(0);
                for (const char* c : {"span_id", "rank", "ts_ns", "dur_ns", "name"})
                    QVERIFY2(cols.contains(c), c);
            }
    }

    void errorsAreShown_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("says");
        QTest::newRow("write") << "DELETE FROM span"
                               << "Refused";
        // a view's rows are refused for what the console is (read-only), not for being a view's
        QTest::newRow("delete from a view") << "DELETE FROM spans"
                                            << "never change the index";
        QTest::newRow("syntax") << "SELEC 1"
                                << "SQL error";
        QTest::newRow("two statements") << "SELECT 1; SELECT 2"
                                        << "one statement";
    }
    void errorsAreShown() {
        QFETCH(QString, sql);
        QFETCH(QString, says);
        QAction* exportCsv = console()->consoleActions().back();
        QVERIFY(exportCsv->text().contains("CSV"));
        QVERIFY(runTyped("SELECT 1 AS one")); // a result first: Export CSV is on
        QVERIFY(exportCsv->isEnabled());
        QVERIFY(runTyped(sql));
        QCOMPARE(console()->model()->state(), views::SqlResultModel::State::Failed);
        QTRY_VERIFY(console()->errorBanner()->isVisible());
        QVERIFY2(console()->errorBanner()->text().contains(says, Qt::CaseInsensitive),
                 qPrintable(console()->errorBanner()->text()));
        QVERIFY(!exportCsv->isEnabled()); // a failed statement has no result to write (walk 9)
        QVERIFY(runTyped("SELECT 1 AS one"));
        QVERIFY(!console()->errorBanner()->isVisible());
        QVERIFY(exportCsv->isEnabled());
    }

    void cancelIsOnOnlyWhileAStatementRuns() {
        // walk 23: "Cancel query" stayed on beside a finished first page (more rows waiting, nothing running)
        QAction* cancel = console()->consoleActions().at(1);
        QVERIFY(cancel->text().contains("Cancel"));
        QVERIFY(runTyped("SELECT 1 AS one"));
        QCOMPARE(console()->model()->state(), views::SqlResultModel::State::Done);
        QVERIFY(!cancel->isEnabled());
        // more spans than a page: the statement waits for the grid to ask for more, it does not run
        QVERIFY(runTyped("SELECT * FROM spans"));
        QTRY_VERIFY_WITH_TIMEOUT(!console()->model()->busy(), 20000);
        QCOMPARE(console()->model()->state(), views::SqlResultModel::State::Paging);
        QVERIFY(!cancel->isEnabled());
    }

    void historyWithCtrlUpDown() {
        QVERIFY(runTyped("SELECT 11 AS a"));
        QVERIFY(runTyped("SELECT 22 AS b"));
        auto* ed = console()->editor();
        ed->setPlainText("draft");
        QTest::keyClick(ed, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(ed->toPlainText(), QString("SELECT 22 AS b"));
        QTest::keyClick(ed, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(ed->toPlainText(), QString("SELECT 11 AS a"));
        QTest::keyClick(ed, Qt::Key_Down, Qt::ControlModifier);
        QTest::keyClick(ed, Qt::Key_Down, Qt::ControlModifier);
        QCOMPARE(ed->toPlainText(), QString("draft"));
        const QStringList kept = gui::Settings().sqlHistory();
        QVERIFY(kept.size() >= 2);
        QCOMPARE(kept[0], QString("SELECT 22 AS b"));
        QCOMPARE(kept[1], QString("SELECT 11 AS a"));
    }

    void aRowSelectsItsSpan() {
        // a row on a lane kind the timeline hides (rank 2's 4th longest span is on an "overlap" lane, hidden
        // by default) cannot be shown: said, and nothing selected (as search does, searchcontroller.h)
        QVERIFY(runTyped("SELECT span_id, rank, name, dur_ns FROM spans s WHERE rank = 2 AND (SELECT kind "
                         "FROM tracks t WHERE t.track_id = s.track_id) = 'overlap' LIMIT 1"));
        QCOMPARE(console()->model()->rowCount(), 1);
        m_w->state()->clearSelection();
        clickRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(m_w->statusBar()->currentMessage().contains("hidden lane kinds"), 10000);
        QCOMPARE(m_w->state()->selection().kind, views::Selection::Kind::None);
        const QString sql =
            "SELECT span_id, rank, name, dur_ns FROM spans s WHERE rank = 2 AND (SELECT kind FROM tracks t "
            "WHERE t.track_id = s.track_id) NOT IN ('overlap', 'counter') ORDER BY dur_ns DESC, span_id "
            "LIMIT 20";
        QVERIFY(runTyped(sql));
        QVERIFY(console()->model()->namesSpans());
        QCOMPARE(console()->model()->rowCount(), 20);
        const qint64 want = console()->model()->cellText(3, 0).toLongLong();
        QVERIFY(want > 0);
        clickRow(3);
        QTRY_COMPARE_WITH_TIMEOUT(m_w->state()->selection().spanId, want, 10000);
        QCOMPARE(m_w->state()->selection().kind, views::Selection::Kind::Span);
        // by rank and start instead of the id: a span no other one of its rank shares its start and duration
        QVERIFY(runTyped(
            "SELECT rank, ts_ns, dur_ns, span_id AS id FROM spans s WHERE rank = 1 AND "
            "(SELECT count(*) FROM spans t WHERE t.rank = s.rank AND t.ts_ns = s.ts_ns AND t.dur_ns = "
            "s.dur_ns) = 1 AND (SELECT kind FROM tracks k WHERE k.track_id = s.track_id) NOT IN ('overlap', "
            "'counter') ORDER BY dur_ns DESC LIMIT 3"));
        QVERIFY(console()->model()->namesSpans());
        const qint64 unique = console()->model()->cellText(1, 3).toLongLong();
        m_w->state()->clearSelection();
        clickRow(1);
        QTRY_COMPARE_WITH_TIMEOUT(m_w->state()->selection().spanId, unique, 10000);
        // rank + start + duration shared by a span and its overlap-analysis copy: the rank's own lane's span
        QVERIFY(runTyped(
            "SELECT s.rank, s.ts_ns, s.dur_ns FROM spans s JOIN tracks k ON k.track_id = s.track_id "
            "WHERE k.kind = 'overlap' AND s.rank = 2 AND EXISTS (SELECT 1 FROM spans t JOIN tracks "
            "u ON u.track_id = t.track_id WHERE u.kind <> 'overlap' AND t.rank = s.rank AND t.ts_ns = "
            "s.ts_ns AND t.dur_ns = s.dur_ns) LIMIT 1"));
        QCOMPARE(console()->model()->rowCount(), 1);
        m_w->state()->clearSelection();
        clickRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(m_w->state()->selection().spanId > 0, 10000);
        index::Db db(m_w->queryService()->dbPath().toStdString(), true);
        QCOMPARE(db.scalar(
                     "SELECT k.kind <> 'overlap' FROM spans s JOIN tracks k ON k.track_id = s.track_id WHERE "
                     "s.span_id = " +
                     std::to_string(m_w->state()->selection().spanId)),
                 int64_t(1));
    }

    void csvExportWritesEveryRow() {
        QVERIFY(runTyped("SELECT span_id, name FROM spans ORDER BY span_id"));
        const QString path = QString::fromStdString(test::tempDir("sqlconsole-csv")) + "/out.csv";
        QSignalSpy done(console(), &gui::SqlConsolePanel::exported);
        console()->exportCsv(path);
        QVERIFY(done.wait(30000));
        QCOMPARE(done.at(0).at(2).toString(), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto lines = QString::fromUtf8(f.readAll()).split("\r\n", Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0), QString("span_id,name"));
        index::Db db(m_w->queryService()->dbPath().toStdString(), true);
        const qint64 spans = db.scalar("SELECT count(*) FROM spans");
        QVERIFY(spans > 1000); // more than the grid's first page
        QCOMPARE(qint64(lines.size() - 1), spans);
        QCOMPARE(done.at(0).at(1).toLongLong(), spans);
    }

    void areaTableForAStep() {
        auto* view = m_w->areaStats();
        auto* dock = m_w->findChild<QDockWidget*>("areastats");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        view->perRankBox()->setChecked(false);
        view->chooseStep(3);
        QSignalSpy shown(view, &views::AreaStatsView::statsShown);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && view->areaQuery().step == std::optional<int64_t>(3),
                                 20000);
        QVERIFY(view->model()->rowCount() > 0);
        QVERIFY(!view->areaQuery().perRank);
        // the same figures as the core computes for step 3 over every rank
        index::Db db(m_w->queryService()->dbPath().toStdString(), true);
        const auto want = query::computeAreaStats(db, view->areaQuery());
        QCOMPARE(view->model()->rowCount(), int(want.rows.size()));
        const QString tsv = view->tsv();
        const QStringList lines = tsv.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), int(want.rows.size()) + 1); // a header, then every row
        QVERIFY(lines[0].contains("count") && lines[0].contains('\t'));
        int matched = 0;
        for (const auto& r : want.rows)
            for (const QString& l : lines)
                if (l.startsWith(QString::fromStdString(r.name) + '\t') &&
                    l.contains('\t' + QString::number(r.count) + '\t'))
                    ++matched;
        QVERIFY(matched >= int(want.rows.size()));
        // a row click highlights its spans on the timeline
        auto* t = view->table();
        t->setFocus();
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->visualRect(t->model()->index(0, 0)).center());
        QTRY_VERIFY_WITH_TIMEOUT(m_w->state()->selection().kind == views::Selection::Kind::Span, 10000);
    }
    void aMarkedAreaIsFollowed() {
        // an area marked through the shared state (what the timeline's drag will set): the table answers for
        // exactly its lanes and time; when the mark goes, the window takes over
        auto* view = m_w->areaStats();
        index::Db db(m_w->queryService()->dbPath().toStdString(), true);
        const qint64 track =
            db.scalar("SELECT track_id FROM tracks WHERE rank = 1 AND kind = 'compute' LIMIT 1");
        const qint64 t0 = db.scalar("SELECT min(ts_ns) FROM spans WHERE track_id = " + std::to_string(track));
        views::MarkedArea a;
        a.t0 = t0 + 1000;
        a.t1 = t0 + 20'000'000;
        a.trackIds = {track};
        a.ranks = {1};
        QSignalSpy shown(view, &views::AreaStatsView::statsShown);
        m_w->state()->setArea(a);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && view->source() == views::AreaStatsView::Source::Area,
                                 20000);
        QCOMPARE(view->areaQuery().trackIds, std::vector<int64_t>{track});
        const auto want = query::computeAreaStats(db, view->areaQuery());
        QVERIFY(!want.rows.empty());
        QCOMPARE(view->model()->rowCount(), int(want.rows.size()));
        for (const auto& r : want.rows)
            QCOMPARE(r.kind, std::string("compute"));
        m_w->state()->clearArea();
        QTRY_COMPARE(view->source(), views::AreaStatsView::Source::Window);
    }
};

QTEST_MAIN(TstSqlConsolePanel)
#include "tst_sqlconsolepanel.moc"
