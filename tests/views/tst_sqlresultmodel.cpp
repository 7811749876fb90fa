// The SQL console's result grid model: a 10-million-row result arrives one page at a time (the model holds
// only the pages the view asked for: canFetchMore / fetchMore on the console's worker thread), a grid
// scrolled to its end asks for the next page, Cancel stops a long statement while it runs (the GUI thread
// never waits on it), a write is refused and said so, the time budget stops a runaway statement, and a row
// names its span by span_id or by rank + ts_ns / start_ns (+ dur_ns).
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"
#include "views/tables/sqlresultmodel.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace rs;
using State = views::SqlResultModel::State;

namespace {
const char* kTenMillion = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 10000000) "
                          "SELECT x, x * 2 AS twice FROM c";
const char* kRunaway =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
} // namespace

class TstSqlResultModel : public QObject {
    Q_OBJECT
    QString m_db;

  private Q_SLOTS:
    void initTestCase() {
        m_db = QString::fromStdString(test::tempDir("sqlresultmodel") + "/t.sqlite");
        index::Db db(m_db.toStdString());
        db.exec("CREATE TABLE t(span_id INTEGER, rank INTEGER, ts_ns INTEGER, dur_ns INTEGER, name TEXT);"
                "INSERT INTO t VALUES(41, 2, 1700000000000000123, 500, 'a'), (NULL, 3, 99, NULL, NULL);");
    }
    void pagesThroughTenMillionRows() {
        query::SqlConsoleService service;
        service.setDatabase(m_db);
        views::SqlResultModel model(&service);
        model.run(kTenMillion);
        QCOMPARE(model.state(), State::Running);
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Paging, 20000);
        QCOMPARE(model.columns(), (QStringList{"x", "twice"}));
        QCOMPARE(model.rowCount(), query::SqlConsoleService::kPageRows); // one page, not ten million rows
        QVERIFY(model.canFetchMore({}));
        QCOMPARE(model.data(model.index(999, 1), Qt::DisplayRole).toString(), QString("2000"));
        model.fetchMore({});
        QVERIFY(!model.canFetchMore({})); // one page in flight at a time
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2 * query::SqlConsoleService::kPageRows, 20000);
        // the grid scrolled to its end asks for the next page itself
        QTableView grid;
        grid.setModel(&model);
        grid.resize(400, 300);
        grid.show();
        QVERIFY(QTest::qWaitForWindowExposed(&grid));
        grid.scrollToBottom();
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() >= 3 * query::SqlConsoleService::kPageRows, 20000);
        QVERIFY(model.rowCount() < 100 * query::SqlConsoleService::kPageRows);
        QCOMPARE(model.state(), State::Paging);
        QCOMPARE(model.cellText(2500, 0), QString("2501"));
        QVERIFY(model.statusText().contains("more rows exist"));
        QVERIFY(!model.namesSpans());
    }
    void cancelStopsARunningStatement() {
        query::SqlConsoleService service;
        service.setDatabase(m_db);
        views::SqlResultModel model(&service);
        model.run(kRunaway);
        QTest::qWait(200);
        QCOMPARE(model.state(), State::Running);
        QElapsedTimer t;
        t.start();
        model.cancel();
        QVERIFY(t.elapsed() < 100); // the GUI thread does not wait for SQLite
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Failed, 10000);
        QCOMPARE(model.failure(), query::QueryFailure::Cancelled);
        QVERIFY(model.statusText().startsWith("cancelled"));
    }
    void cancelWhilePaging() {
        query::SqlConsoleService service;
        service.setDatabase(m_db);
        views::SqlResultModel model(&service);
        model.run(kTenMillion);
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Paging, 20000);
        model.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Failed, 10000);
        QCOMPARE(model.failure(), query::QueryFailure::Cancelled);
        QCOMPARE(model.rowCount(), query::SqlConsoleService::kPageRows); // the rows given stay
        QVERIFY(!model.canFetchMore({}));
    }
    void writesAreRefused() {
        query::SqlConsoleService service;
        service.setDatabase(m_db);
        views::SqlResultModel model(&service);
        model.run("DELETE FROM t");
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Failed, 10000);
        QCOMPARE(model.failure(), query::QueryFailure::Refused);
        QVERIFY2(model.error().contains("read-only"), qPrintable(model.error()));
        index::Db db(m_db.toStdString(), true);
        QCOMPARE(db.scalar("SELECT count(*) FROM t"), int64_t(2));
    }
    void budgetStopsARunaway() {
        query::SqlConsoleService service;
        service.setDatabase(m_db);
        service.setBudgetMs(300);
        views::SqlResultModel model(&service);
        model.run(kRunaway);
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Failed, 10000);
        QCOMPARE(model.failure(), query::QueryFailure::TimedOut);
        QVERIFY2(model.error().contains("stopped after 0.3 s"), qPrintable(model.error()));
    }
    void rowsNameSpans() {
        query::SqlConsoleService service;
        service.setDatabase(m_db);
        views::SqlResultModel model(&service);
        model.run("SELECT span_id, rank, ts_ns, dur_ns, name FROM t ORDER BY rank");
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Done, 10000);
        QVERIFY(model.namesSpans());
        QCOMPARE(model.rowCount(), 2);
        auto ref = model.spanRef(0);
        QVERIFY(ref);
        QCOMPARE(ref->spanId, qint64(41));
        ref = model.spanRef(1); // no span_id: its rank and start
        QVERIFY(ref);
        QCOMPARE(ref->spanId, qint64(0));
        QCOMPARE(ref->rank, 3);
        QCOMPARE(ref->tsNs, qint64(99));
        QVERIFY(!ref->durNs);
        QCOMPARE(model.data(model.index(1, 4), Qt::DisplayRole).toString(), QString("NULL"));
        QVERIFY(model.isNull(1, 4));
        // start_ns names a span too (collectives, waits); a row without a time does not
        model.run("SELECT rank, ts_ns AS start_ns, dur_ns FROM t WHERE span_id = 41");
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Done, 10000);
        ref = model.spanRef(0);
        QVERIFY(ref);
        QCOMPARE(ref->tsNs, qint64(1700000000000000123));
        QCOMPARE(ref->durNs.value_or(0), qint64(500));
        model.run("SELECT rank, name FROM t");
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Done, 10000);
        QVERIFY(!model.namesSpans());
        QVERIFY(!model.spanRef(0));
    }
};

QTEST_MAIN(TstSqlResultModel)
#include "tst_sqlresultmodel.moc"
