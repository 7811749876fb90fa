// A profiler's own SQLite file is read without writing anything beside it: walk 9 found that an ordinary
// read-only open of a torch_npu .db export created -shm/-wal files in the profile's folder (as root), and
// failed with "attempt to write a readonly database" where the folder was not writable.
#include "core/import/producerdb.h"

#include <QtTest>
#include <filesystem>
#include <set>

using namespace rs;
namespace fs = std::filesystem;

namespace {

std::set<std::string> listing(const fs::path& dir) {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        out.insert(e.path().filename().string());
    return out;
}

/// A WAL-mode database of `rows` rows in `dir/name`, closed cleanly (SQLite merges and removes its -wal).
void makeWalDb(const fs::path& file, int rows) {
    index::Db db(file.string());
    db.exec("PRAGMA journal_mode=WAL; CREATE TABLE t(x INTEGER);");
    for (int i = 0; i < rows; ++i)
        db.prepare("INSERT INTO t VALUES(?)").bind(1, i).exec();
}

int64_t countRows(import::ProducerDb& p) {
    return p.db().scalar("SELECT count(*) FROM t", -1);
}

} // namespace

class TstProducerDb : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;

  private slots:
    void cleanFileOpensWithoutWritingBesideIt_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("plain") << "ascend_pytorch_profiler_0.db";
        // characters an SQLite URI would read as query, fragment or escape
        QTest::newRow("uri characters") << "odd ?name #1 100%.db";
    }
    void cleanFileOpensWithoutWritingBesideIt() {
        QFETCH(QString, name);
        const fs::path dir = fs::path(m_tmp.path().toStdString()) / ("clean-" + std::to_string(qHash(name)));
        fs::create_directories(dir);
        makeWalDb(dir / name.toStdString(), 5);
        const auto before = listing(dir);
        QCOMPARE(before.size(), size_t(1)); // the clean close left no -wal/-shm
        {
            import::ProducerDb p((dir / name.toStdString()).string());
            QCOMPARE(countRows(p), int64_t(5));
            QVERIFY(p.note().empty());
            QCOMPARE(listing(dir), before);
        }
        QCOMPARE(listing(dir), before);
    }
    void unmergedLogIsReadFromAPrivateCopy() {
        // the producer still has the file open (or died): its last rows are only in the -wal
        const fs::path live = fs::path(m_tmp.path().toStdString()) / "live";
        const fs::path dir = fs::path(m_tmp.path().toStdString()) / "copied";
        fs::create_directories(live);
        fs::create_directories(dir);
        index::Db writer((live / "p.db").string());
        writer.exec("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE t(x INTEGER);");
        for (int i = 0; i < 7; ++i)
            writer.prepare("INSERT INTO t VALUES(?)").bind(1, i).exec();
        QVERIFY(fs::file_size(live / "p.db-wal") > 0);
        fs::copy_file(live / "p.db", dir / "p.db");
        fs::copy_file(live / "p.db-wal", dir / "p.db-wal");
        const auto before = listing(dir);
        fs::path copyDir;
        {
            import::ProducerDb p((dir / "p.db").string());
            QCOMPARE(countRows(p), int64_t(7)); // immutable mode would have read none of them
            QVERIFY2(p.note().find("private copy") != std::string::npos, p.note().c_str());
            QCOMPARE(listing(dir), before); // no -shm beside the user's file
        }
        QCOMPARE(listing(dir), before);
        // and no copy left in the temp directory
        for (const auto& e : fs::directory_iterator(fs::temp_directory_path()))
            if (e.path().filename().string().rfind("rankscope-db-", 0) == 0)
                QVERIFY2(!fs::exists(e.path() / "p.db"), e.path().c_str());
    }
    void missingFileNamesThePath() {
        const std::string path = m_tmp.path().toStdString() + "/absent.db";
        try {
            import::ProducerDb p(path);
            QFAIL("opened a file that does not exist");
        } catch (const index::SqlError& e) {
            QVERIFY2(std::string(e.what()).rfind(path, 0) == 0, e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TstProducerDb)
#include "tst_producerdb.moc"
