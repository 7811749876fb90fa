// Where a damaged SQLite input is damaged: a file cut short of its header's page count, a cut header, a
// wrong magic, a page overwritten with zeros (found by quick_check) — each named with a byte offset —
// and nothing said about an intact file.
#include "core/import/sqlitedamage.h"
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace rs;

namespace {
std::string makeDb(const std::string& dir) {
    const std::string path = dir + "/ascend_pytorch_profiler_0.db";
    index::Db db(path);
    db.exec("PRAGMA page_size=4096; PRAGMA journal_mode=DELETE");
    db.exec("CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, name TEXT)");
    db.exec("CREATE INDEX task_start ON TASK(startNs)");
    db.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
            "INSERT INTO TASK SELECT i, i + 5, 'kernel_' || i FROM n");
    return path;
}
std::string bytes(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}
void put(const std::string& p, const std::string& s) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << s;
}
} // namespace

class TstSqliteDamage : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void damage_data() {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("expected");
        QTest::newRow("intact") << "none"
                                << "";
        QTest::newRow("cut at half") << "half"
                                     << "ends at byte";
        QTest::newRow("cut in the header") << "header"
                                           << "inside the 100-byte SQLite header";
        QTest::newRow("cut inside a page") << "mid-page"
                                           << "ends at byte";
        QTest::newRow("bytes after the last page") << "appended"
                                                   << "inside a page";
        QTest::newRow("wrong magic") << "magic"
                                     << "no SQLite header at byte 0";
        QTest::newRow("a page of zeros") << "zero-page"
                                         << "damage near byte";
    }
    void damage() {
        QFETCH(QString, mutation);
        QFETCH(QString, expected);
        const std::string path = makeDb(test::tempDir("sqlitedamage"));
        std::string s = bytes(path);
        QVERIFY(s.size() > 40 * 4096);
        const std::string m = mutation.toStdString();
        if (m == "half") s.resize(s.size() / 2 / 4096 * 4096);
        if (m == "header") s.resize(60);
        if (m == "mid-page") s.resize(s.size() - 100);
        if (m == "appended") s += std::string(100, 'x');
        if (m == "magic") s[3] = 'x';
        if (m == "zero-page") std::fill(s.begin() + 20 * 4096, s.begin() + 21 * 4096, '\0');
        put(path, s);
        const std::string d = import::describeSqliteDamage(path);
        if (expected.isEmpty()) {
            QVERIFY2(d.empty(), d.c_str());
        } else {
            QVERIFY2(d.find(expected.toStdString()) != std::string::npos, d.c_str());
        }
        if (m == "half")
            QVERIFY2(d.find("ends at byte " + std::to_string(s.size())) != std::string::npos, d.c_str());
    }
};

QTEST_APPLESS_MAIN(TstSqliteDamage)
#include "tst_sqlitedamage.moc"
