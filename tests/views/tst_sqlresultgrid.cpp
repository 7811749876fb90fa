// The SQL console's result grid on a 10-million-row result paged 1 000 rows at a time: Ctrl+End lands on
// the last fetched row and stays there (a plain table view fetched the next page as the end came on
// screen and left the cursor on row 1 000 of 2 000), the status says more rows exist; Ctrl+End again
// fetches the next page and lands on its last row; Down on the last row fetches on; scrolling up lets the
// grid fetch as it scrolls again.
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"
#include "views/tables/sqlresultgrid.h"
#include "views/tables/sqlresultmodel.h"

#include <QScrollBar>
#include <QtTest>

using namespace rs;
using State = views::SqlResultModel::State;

namespace {
const char* kTenMillion = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 10000000) "
                          "SELECT x, x * 2 AS twice FROM c";
constexpr int kPage = query::SqlConsoleService::kPageRows;

/// A grid shown over a model of its own service on `db`.
struct Grid {
    query::SqlConsoleService service;
    views::SqlResultModel model{&service};
    views::SqlResultGrid grid;
    explicit Grid(const QString& db) {
        service.setDatabase(db);
        grid.setResultModel(&model);
        grid.resize(400, 300);
        grid.show();
    }
};
} // namespace

class TstSqlResultGrid : public QObject {
    Q_OBJECT
    QString m_db;

  private Q_SLOTS:
    void initTestCase() {
        m_db = QString::fromStdString(test::tempDir("sqlresultgrid") + "/t.sqlite");
        index::Db db(m_db.toStdString());
        db.exec("CREATE TABLE t(x INTEGER)");
    }
    void ctrlEndReachesTheLastFetchedRow() {
        Grid g(m_db);
        auto& [service, model, grid] = g;
        QVERIFY(QTest::qWaitForWindowExposed(&grid));
        model.run(kTenMillion);
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Paging, 20000);
        QCOMPARE(model.rowCount(), kPage);
        grid.setFocus();
        grid.setCurrentIndex(model.index(0, 0));
        QTest::keyClick(&grid, Qt::Key_End, Qt::ControlModifier);
        QTest::qWait(500); // a page the view would fetch by itself has time to come
        QVERIFY(!model.busy());
        QCOMPARE(model.rowCount(), kPage);
        QCOMPARE(grid.currentIndex().row(), model.rowCount() - 1); // the last fetched row, not the middle
        QCOMPARE(model.cellText(grid.currentIndex().row(), 0), QString::number(kPage));
        QVERIFY(grid.parked());
        QVERIFY2(model.statusText().contains("more rows exist"), qPrintable(model.statusText()));
        // Ctrl+End again: the next page, and its last row
        QTest::keyClick(&grid, Qt::Key_End, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2 * kPage, 20000);
        QTRY_COMPARE(grid.currentIndex().row(), 2 * kPage - 1);
        QTest::qWait(300);
        QCOMPARE(model.rowCount(), 2 * kPage); // parked again: nothing more fetched behind the cursor
        QCOMPARE(model.cellText(grid.currentIndex().row(), 0), QString::number(2 * kPage));
        // Down on the last row: on to the next page's end
        QTest::keyClick(&grid, Qt::Key_Down);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 3 * kPage, 20000);
        QTRY_COMPARE(grid.currentIndex().row(), 3 * kPage - 1);
        // Home: the grid fetches as it scrolls again (scrolled back to the end, it asks for the next page)
        QTest::keyClick(&grid, Qt::Key_Home, Qt::ControlModifier);
        QVERIFY(!grid.parked());
        grid.scrollToBottom();
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() >= 4 * kPage, 20000);
    }
    void aShortResultEndsOnItsLastRow() {
        Grid g(m_db);
        auto& [service, model, grid] = g;
        QVERIFY(QTest::qWaitForWindowExposed(&grid));
        // 1 500 rows: a page, then the rest; Ctrl+End twice reaches row 1 500 and the result's end
        model.run(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1500) SELECT x FROM c");
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Paging, 20000);
        grid.setFocus();
        grid.setCurrentIndex(model.index(0, 0));
        QTest::keyClick(&grid, Qt::Key_End, Qt::ControlModifier);
        QTest::keyClick(&grid, Qt::Key_End, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(model.state(), State::Done, 20000);
        QCOMPARE(model.rowCount(), 1500);
        QTRY_COMPARE(grid.currentIndex().row(), 1499);
        QVERIFY(!model.moreRows());
        QVERIFY2(model.statusText().startsWith("1") && !model.statusText().contains("more rows"),
                 qPrintable(model.statusText()));
    }
};

QTEST_MAIN(TstSqlResultGrid)
#include "tst_sqlresultgrid.moc"
