// The one read-only runner of user SQL (`rankscope query` and the SQL console): a result read page by
// page, the time budget spent only while stepping (a reader pausing between pages does not use it up), a
// runaway statement stopped at the budget, a cancel from another thread, and each refusal with its kind
// (a write, a schema change, ATTACH, a PRAGMA assignment, a second statement, nothing at all, bad SQL, a
// value over the size limit). The file is unchanged after every refusal.
#include "core/index/sqlite.h"
#include "core/query/readonlycursor.h"
#include "core/query/readonlyquery.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <thread>

using namespace rs;

Q_DECLARE_METATYPE(rs::query::QueryFailure)

namespace {
const char* kCount = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
}

class TstReadOnlyCursor : public QObject {
    Q_OBJECT
    std::string m_db;

  private Q_SLOTS:
    void initTestCase() {
        m_db = test::tempDir("readonlycursor") + "/t.sqlite";
        index::Db db(m_db);
        db.exec("CREATE TABLE t(x INTEGER, s TEXT); CREATE VIEW v AS SELECT x, s FROM t;");
        auto ins = db.prepare("INSERT INTO t VALUES(?, ?)");
        for (int i = 1; i <= 2500; ++i) {
            ins.bind(1, int64_t(i));
            if (i % 10)
                ins.bind(2, "v" + std::to_string(i));
            else
                ins.bindNull(2);
            ins.exec();
        }
    }
    void pagesThroughAResult() {
        query::ReadOnlyCursor c(m_db, "SELECT x, s FROM v ORDER BY x");
        QVERIFY(c.ok());
        QCOMPARE(c.columns(), (std::vector<std::string>{"x", "s"}));
        int64_t expect = 1, nulls = 0;
        const auto sink = [&](const std::vector<std::string>& v, const std::vector<bool>& n) {
            QCOMPARE(v[0], std::to_string(expect));
            nulls += n[1];
            ++expect;
        };
        QCOMPARE(c.fetch(1000, sink), int64_t(1000));
        QVERIFY(!c.done());
        QCOMPARE(c.rowsFetched(), int64_t(1000));
        QCOMPARE(c.fetch(1000, sink), int64_t(1000));
        QCOMPARE(c.fetch(1000, sink), int64_t(500));
        QVERIFY(c.done());
        QVERIFY(c.ok());
        QCOMPARE(c.fetch(1000, sink), int64_t(0));
        QCOMPARE(nulls, int64_t(250));
    }
    void budgetCountsOnlyStepping() {
        // a 300 ms budget, a reader that pauses 500 ms between two pages: the second page still comes
        query::ReadOnlyCursor c(m_db, "SELECT x FROM t", 300);
        const auto none = [](const std::vector<std::string>&, const std::vector<bool>&) {};
        QCOMPARE(c.fetch(10, none), int64_t(10));
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        QCOMPARE(c.fetch(10, none), int64_t(10));
        QVERIFY2(c.ok(), c.error().c_str());
        QVERIFY(c.elapsed() < std::chrono::milliseconds(300));
    }
    void runawayStopsAtTheBudget() {
        query::ReadOnlyCursor c(m_db, kCount, 200);
        QVERIFY(c.ok());
        c.fetch(1, [](const std::vector<std::string>&, const std::vector<bool>&) {});
        QCOMPARE(c.failure(), query::QueryFailure::TimedOut);
        QVERIFY2(c.error().find("stopped after 0.2 s") != std::string::npos, c.error().c_str());
        QVERIFY(c.done());
    }
    void cancelFromAnotherThread() {
        std::atomic<bool> cancel{false};
        query::ReadOnlyCursor c(m_db, kCount, 0, &cancel);
        std::thread t([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel = true;
        });
        c.fetch(1, [](const std::vector<std::string>&, const std::vector<bool>&) {});
        t.join();
        QCOMPARE(c.failure(), query::QueryFailure::Cancelled);
    }
    void refusals_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<query::QueryFailure>("failure");
        QTest::newRow("delete") << "DELETE FROM t" << query::QueryFailure::Refused;
        QTest::newRow("insert") << "INSERT INTO t VALUES(1, 'x')" << query::QueryFailure::Refused;
        // SQLite refuses these before the authorizer, saying "because it is a view": the console's reason is
        // that it never changes the index, said as for a table
        QTest::newRow("delete from a view") << "DELETE FROM v" << query::QueryFailure::Refused;
        QTest::newRow("update a view") << "/* c */ update v SET x = 1" << query::QueryFailure::Refused;
        QTest::newRow("insert into a view") << "INSERT INTO v VALUES(1)" << query::QueryFailure::Refused;
        QTest::newRow("with, delete from a view")
            << "WITH a AS (SELECT 1) DELETE FROM v" << query::QueryFailure::Refused;
        QTest::newRow("drop") << "DROP VIEW v" << query::QueryFailure::Refused;
        QTest::newRow("create") << "CREATE TABLE u(x)" << query::QueryFailure::Refused;
        QTest::newRow("attach") << "ATTACH DATABASE '/tmp/x.db' AS x" << query::QueryFailure::Refused;
        QTest::newRow("pragma write") << "PRAGMA user_version = 3" << query::QueryFailure::Refused;
        QTest::newRow("extension") << "SELECT load_extension('/tmp/evil')" << query::QueryFailure::Refused;
        QTest::newRow("second statement") << "SELECT 1; DELETE FROM t" << query::QueryFailure::TooMany;
        QTest::newRow("two selects") << "SELECT 1; SELECT 2" << query::QueryFailure::TooMany;
        QTest::newRow("nothing") << "  -- a comment only\n" << query::QueryFailure::Empty;
        QTest::newRow("syntax") << "SELEC x FROM t" << query::QueryFailure::Syntax;
        QTest::newRow("no such view") << "SELECT * FROM nowhere" << query::QueryFailure::Syntax;
        QTest::newRow("huge value") << "SELECT length(zeroblob(900000000))" << query::QueryFailure::Runtime;
    }
    void refusals() {
        QFETCH(QString, sql);
        QFETCH(query::QueryFailure, failure);
        int64_t rows = 0;
        const auto r = query::runReadOnlyQuery(
            m_db, sql.toStdString(),
            [&](const std::vector<std::string>&, const std::vector<bool>&) { ++rows; });
        QVERIFY(!r.ok);
        QCOMPARE(r.failure, failure);
        QCOMPARE(rows, int64_t(0));
        QVERIFY(!r.error.empty());
        if (failure == query::QueryFailure::Refused) {
            QVERIFY2(r.error.find("read-only") != std::string::npos, r.error.c_str());
            QVERIFY2(r.error.find("it is a view") == std::string::npos, r.error.c_str());
        }
        index::Db db(m_db, true); // the file is as it was
        QCOMPARE(db.scalar("SELECT count(*) FROM t"), int64_t(2500));
        QCOMPARE(db.scalar("SELECT count(*) FROM sqlite_master"), int64_t(2));
        QCOMPARE(db.scalar("PRAGMA user_version"), int64_t(0));
    }
    void readingPragmasAndCtesIsFine() {
        for (const char* sql : {"PRAGMA table_info(v)", "WITH a AS (SELECT 1 AS y) SELECT y FROM a",
                                "SELECT name FROM sqlite_master"}) {
            const auto r = query::runReadOnlyQuery(
                m_db, sql, [](const std::vector<std::string>&, const std::vector<bool>&) {});
            QVERIFY2(r.ok, (std::string(sql) + ": " + r.error).c_str());
        }
    }
    void csvFields() {
        QCOMPARE(query::csvField("plain"), std::string("plain"));
        QCOMPARE(query::csvField("a,b"), std::string("\"a,b\""));
        QCOMPARE(query::csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(query::csvField("two\nlines"), std::string("\"two\nlines\""));
    }
};

QTEST_GUILESS_MAIN(TstReadOnlyCursor)
#include "tst_readonlycursor.moc"
