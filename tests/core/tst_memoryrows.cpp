// Rows in memory read by one SQL statement as rs_rows(?1) (core/index/memoryrows.h): every value comes back
// as it was set, with its type (int64 limits, doubles, text with quotes and NULs, NULL, unset cells), rows
// in order; an UPDATE … FROM rs_rows looks each target row up by rowid (the rows read once, outermost),
// the rows of an analysis pass change exactly the rows named; a statement that does not give the rows
// (rs_rows without ?1) is refused, and no rows run nothing. Every connection a Db opens knows rs_rows.
#include "core/index/memoryrows.h"

#include <QtTest>

#include <sqlite3.h>

#include <climits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

using namespace rs;

namespace {

std::string real(double v) {
    return QByteArray::number(v, 'g', 17).toStdString();
}

/// Each row of `sql` as its columns' "type:value" joined by "|".
std::vector<std::string> rowsOf(index::Db& db, const std::string& sql) {
    std::vector<std::string> out;
    auto q = db.prepare(sql);
    while (q.step()) {
        std::string row;
        for (int c = 0; c < q.columns(); ++c) {
            row += c ? "|" : "";
            switch (sqlite3_column_type(q.raw(), c)) {
            case SQLITE_INTEGER:
                row += "i:" + std::to_string(q.i64(c));
                break;
            case SQLITE_FLOAT:
                row += "f:" + real(q.f64(c));
                break;
            case SQLITE_TEXT:
                row += "t:" + q.text(c);
                break;
            default:
                row += "null";
                break;
            }
        }
        out.push_back(row);
    }
    return out;
}

std::string planOf(index::Db& db, const std::string& sql) {
    std::string plan;
    auto q = db.prepare("EXPLAIN QUERY PLAN " + sql);
    while (q.step())
        plan += q.text(3) + "\n";
    return plan;
}

} // namespace

class TstMemoryRows : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void everyValueComesBackWithItsType() {
        index::Db db(":memory:");
        db.exec("CREATE TABLE t(a, b, c, d, e)");
        const std::string texts[] = {"plain", std::string("nul\0inside", 10), "it's \"quoted\""};
        const std::vector<std::optional<int64_t>> ints = {INT64_MAX, INT64_MIN, std::nullopt};
        const double doubles[] = {0.1, -2.5e300, 3.0};
        const index::MemoryRows rows(3, [&](size_t i, int column, index::Cell& out) {
            switch (column) {
            case 0:
                out.set(int64_t(i));
                break;
            case 1:
                out.set(ints[i]);
                break;
            case 2:
                out.set(doubles[i]);
                break;
            case 3:
                out.set(std::string_view(texts[i]));
                break;
            case 4:
                if (i == 1) out.setNull();
                break; // row 0 and 2 leave it unset: NULL too
            }
        });
        rows.run(db, "INSERT INTO t(a, b, c, d, e) SELECT c0, c1, c2, c3, c4 FROM rs_rows(?1)");
        const std::vector<std::string> expected = {
            "i:0|i:9223372036854775807|f:" + real(0.1) + "|t:plain|null",
            "i:1|i:-9223372036854775808|f:" + real(-2.5e300) + "|t:" + texts[1] + "|null",
            "i:2|null|f:" + real(3.0) + "|t:it's \"quoted\"|null"};
        QCOMPARE(rowsOf(db, "SELECT a, b, c, d, e FROM t ORDER BY rowid"), expected);
        QCOMPARE(db.scalar("SELECT typeof(c) = 'real' FROM t WHERE a = 2"), int64_t(1)); // 3.0 stays REAL
    }

    void columnsBeyondThoseSetReadNull() {
        index::Db db(":memory:");
        db.exec("CREATE TABLE t(a, h)");
        const index::MemoryRows rows(2, [](size_t i, int column, index::Cell& out) {
            if (column == 0) out.set(int64_t(10 + i));
        });
        rows.run(db, "INSERT INTO t(a, h) SELECT c0, c7 FROM rs_rows(?1)");
        QCOMPARE(rowsOf(db, "SELECT a, h FROM t ORDER BY rowid"),
                 (std::vector<std::string>{"i:10|null", "i:11|null"}));
    }

    void setColumnGivesEachColumnItsValue() {
        index::Db db(":memory:");
        db.exec("CREATE TABLE t(a, b, c, d)");
        using Id = std::variant<int64_t, std::string_view>;
        const std::vector<Id> ids = {Id(int64_t(-5)), Id(std::string_view("abc"))};
        const index::MemoryRows rows(2, [&](size_t i, int column, index::Cell& out) {
            const std::optional<double> half = i ? std::optional<double>(0.5) : std::nullopt;
            index::setColumn(out, column, int64_t(i), ids[i], half); // d: beyond the values given
        });
        rows.run(db, "INSERT INTO t(a, b, c, d) SELECT c0, c1, c2, c3 FROM rs_rows(?1)");
        QCOMPARE(rowsOf(db, "SELECT a, b, c, d FROM t ORDER BY rowid"),
                 (std::vector<std::string>{"i:0|i:-5|null|null", "i:1|t:abc|f:0.5|null"}));
    }

    void updateLooksRowsUpByRowid() {
        index::Db db(":memory:");
        db.exec("CREATE TABLE t(k INTEGER, v REAL); CREATE INDEX t_k ON t(k)");
        db.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
                "INSERT INTO t(k, v) SELECT i, NULL FROM n");
        // rows 7, 500 and 1000 get values; the others keep NULL
        const std::vector<std::pair<int64_t, double>> changes = {{7, 0.5}, {500, 2.25}, {1000, -1.0}};
        const index::MemoryRows rows(changes.size(), [&](size_t i, int column, index::Cell& out) {
            if (column == 0) out.set(changes[i].first);
            if (column == 1) out.set(changes[i].second);
        });
        const std::string sql = "UPDATE OR FAIL t SET v = r.c1 FROM rs_rows(?1) AS r WHERE t.rowid = r.c0";
        const std::string plan = planOf(db, sql);
        QVERIFY2(plan.find("SCAN r VIRTUAL TABLE") != std::string::npos, plan.c_str());
        QVERIFY2(plan.find("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)") != std::string::npos,
                 plan.c_str());
        QVERIFY2(plan.find("SCAN t\n") == std::string::npos, plan.c_str()); // never a scan of the table
        rows.run(db, sql);
        QCOMPARE(rowsOf(db, "SELECT rowid, v FROM t WHERE v IS NOT NULL ORDER BY rowid"),
                 (std::vector<std::string>{"i:7|f:0.5", "i:500|f:2.25", "i:1000|f:-1"}));
        QCOMPARE(db.scalar("SELECT count(*) FROM t WHERE v IS NULL"), int64_t(997));
    }

    void manyRowsInOrder() {
        index::Db db(":memory:");
        db.exec("CREATE TABLE t(a INTEGER, b TEXT)");
        constexpr size_t kRows = 100000; // more than one page of SQLite's, more than any batch
        std::vector<std::string> names;
        for (size_t i = 0; i < kRows; ++i)
            names.push_back("n" + std::to_string(i * 7));
        const index::MemoryRows rows(kRows, [&](size_t i, int column, index::Cell& out) {
            if (column == 0) out.set(int64_t(i * 3));
            if (column == 1) out.set(std::string_view(names[i]));
        });
        rows.run(db, "INSERT OR FAIL INTO t(a, b) SELECT c0, c1 FROM rs_rows(?1)");
        QCOMPARE(db.scalar("SELECT count(*) FROM t"), int64_t(kRows));
        // row r (rowid r + 1) holds 3r and "n" + 7r: none out of place
        QCOMPARE(
            db.scalar("SELECT count(*) FROM t WHERE a != (rowid - 1) * 3 OR b != 'n' || ((rowid - 1) * 7)"),
            int64_t(0));
    }

    void noRowsRunNothing() {
        index::Db db(":memory:");
        db.exec("CREATE TABLE t(a)");
        const index::MemoryRows rows(0, [](size_t, int, index::Cell&) { QFAIL("no cell to read"); });
        rows.run(db, "INSERT INTO t(a) SELECT c0 FROM rs_rows(?1)");
        QCOMPARE(db.scalar("SELECT count(*) FROM t"), int64_t(0));
    }

    void withoutTheRowsArgumentIsRefused() {
        index::Db db(":memory:");
        QVERIFY_THROWS_EXCEPTION(index::SqlError, db.prepare("SELECT c0 FROM rs_rows"));
    }

    void aFileConnectionKnowsItToo() {
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/x.sqlite").toStdString();
        {
            index::Db db(path);
            db.exec("CREATE TABLE t(a)");
        }
        index::Db db(path);
        const index::MemoryRows rows(2, [](size_t i, int, index::Cell& out) { out.set(int64_t(i + 1)); });
        rows.run(db, "INSERT INTO t(a) SELECT c0 FROM rs_rows(?1)");
        QCOMPARE(db.scalar("SELECT sum(a) FROM t"), int64_t(3));
        index::Db reader(path, true); // a read-only connection knows it as well (it may only read)
        rows.run(reader, "SELECT c0 FROM rs_rows(?1)");
    }
};

QTEST_APPLESS_MAIN(TstMemoryRows)
#include "tst_memoryrows.moc"
