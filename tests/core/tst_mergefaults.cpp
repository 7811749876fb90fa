// `rankscope merge` under the faults of issue 22 ("Bad input and faults"), on an 8-rank demo split in 3:
//  - a shard rewritten or replaced while the merge reads it (one already read, one not yet read; by a
//    rename as a rerun task does, or in place) fails the merge naming that shard, and no cluster index
//    is written (a cluster view mixing two versions of a shard would be wrong without saying so);
//  - two merges of one folder at once: the second waits for the first's build lock, says so naming the
//    holder's pid, and completes after it;
//  - an output folder that cannot be written: named in the message, nothing written;
//  - a shard truncated after it was written, or a foreign file under a shard's name: refused naming it.
#include "core/index/backgroundremoval.h"
#include "core/index/buildguard.h"
#include "core/pipeline/shardmerge.h"
#include "tests/support/testsupport.h"

#include <QProcess>
#include <QtTest>
#include <filesystem>
#include <unistd.h>

using namespace rs;
namespace fs = std::filesystem;

namespace {

/// An 8-rank Ascend demo indexed as 3 shards into a fresh folder; the folder, or empty with a warning.
std::string demoShards(const std::string& tag) {
    const std::string profile = test::tempDir(tag + "-profile"), shards = test::tempDir(tag + "-shards");
    std::string err = test::writeDemo(profile, test::demoOptions(8, 4, 1));
    if (err.empty()) err = test::indexShards(profile, 3, shards);
    if (!err.empty()) qWarning("%s", err.c_str());
    return err.empty() ? shards : std::string();
}

/// Replaces `path` by a copy of itself renamed over it (a new inode: what a rerun task's rename does).
void replaceByCopy(const std::string& path) {
    fs::copy_file(path, path + ".new", fs::copy_options::overwrite_existing);
    fs::rename(path + ".new", path);
}

/// Leaves the file in place but changes its modification time (an in-place rewrite).
void touchInPlace(const std::string& path) {
    fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(3));
}

bool noTempOrClusterFile(const std::string& dir) {
    index::BackgroundRemoval::process().wait(); // a replaced index is freed off the building thread
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.find(".tmp-") != std::string::npos || name.rfind("cluster.sqlite", 0) == 0) return false;
    }
    return true;
}

} // namespace

class TstMergeFaults : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aShardRewrittenDuringTheMergeFailsIt_data() {
        QTest::addColumn<int>("rewrittenK");
        QTest::addColumn<int>("afterRead"); // when: after this many shards were read
        QTest::addColumn<bool>("inPlace");
        QTest::newRow("shard 1, already read, replaced") << 1 << 2 << false;
        QTest::newRow("shard 3, not yet read, replaced") << 3 << 1 << false;
        QTest::newRow("shard 2, being the last read, touched in place") << 2 << 2 << true;
    }
    void aShardRewrittenDuringTheMergeFailsIt() {
        QFETCH(int, rewrittenK);
        QFETCH(int, afterRead);
        QFETCH(bool, inPlace);
        const std::string shards = demoShards("faults-rewrite");
        QVERIFY(!shards.empty());
        const std::string victim =
            fs::absolute(shards + "/shard-" + std::to_string(rewrittenK) + "-of-3.sqlite");
        pipeline::MergeOptions o{shards, "", false, {}, {}};
        int calls = 0;
        o.onShardRead = [&](int read, int present) {
            ++calls;
            QCOMPARE(present, 3);
            if (read == afterRead) inPlace ? touchInPlace(victim) : replaceByCopy(victim);
        };
        const auto r = pipeline::ShardMerge(o).run();
        QVERIFY(!r.ok);
        QVERIFY2(r.error.rfind(victim + ": rewritten or replaced while the merge read it", 0) == 0,
                 r.error.c_str());
        QVERIFY(calls >= afterRead);
        QVERIFY(noTempOrClusterFile(shards));
        // nothing else is wrong: once the shards hold still, the merge succeeds
        o.onShardRead = {};
        const auto again = pipeline::ShardMerge(o).run();
        QVERIFY2(again.ok, again.error.c_str());
        QCOMPARE(again.ranks, 8);
    }

    void aSecondMergeWaitsForTheFirst() {
        const std::string shards = demoShards("faults-two");
        QVERIFY(!shards.empty());
        const std::string out = fs::absolute(shards + "/cluster.sqlite");
        // this process plays the first merge: it holds the output's build lock
        auto first = std::make_unique<index::BuildLock>(out, false, nullptr);
        QVERIFY(first->tryAcquireNow());
        QProcess second;
        second.setReadChannel(QProcess::StandardError); // waitForReadyRead waits for its notice
        second.start(QString::fromStdString(test::rankscopeBin()),
                     {"merge", QString::fromStdString(shards), "--quiet"});
        QVERIFY(second.waitForStarted());
        const QString expected = QString("waiting for another Rankscope building %1 (pid %2)")
                                     .arg(QString::fromStdString(out))
                                     .arg(QCoreApplication::applicationPid());
        QString err;
        QElapsedTimer t;
        t.start();
        while (!err.contains(expected) && t.elapsed() < 30000 && second.state() == QProcess::Running) {
            second.waitForReadyRead(500);
            err += QString::fromUtf8(second.readAllStandardError());
        }
        QVERIFY2(err.contains(expected), qPrintable(err));
        QCOMPARE(second.state(), QProcess::Running); // waiting, not failed, not writing
        QVERIFY(!fs::exists(out));
        first.reset(); // the first merge ends
        QVERIFY(second.waitForFinished(60000));
        QCOMPARE(second.exitCode(), 0);
        index::Db c(out, true);
        QCOMPARE(c.scalar("SELECT count(*) FROM rank_info"), int64_t(8));
    }

    void anUnwritableOutputFolderIsNamed_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("--out under a regular file") << "file";
        QTest::newRow("shard folder of mode 0555") << "chmod";
    }
    void anUnwritableOutputFolderIsNamed() {
        QFETCH(QString, how);
        // root writes through mode 0555, so that case proves something only for other users; a folder
        // that is a regular file fails for root too (as a read-only file system would: access() says
        // EROFS to root, but no test can mount one)
        if (how == "chmod" && ::geteuid() == 0) QSKIP("running as root: mode 0555 does not stop root");
        const std::string shards = demoShards("faults-unwritable");
        QVERIFY(!shards.empty());
        QStringList args{"merge", QString::fromStdString(shards)};
        std::string folder = shards;
        if (how == "file") {
            folder = test::tempDir("faults-unwritable-out") + "/a-file";
            test::writeFile(folder, "not a folder");
            args << "--out" << QString::fromStdString(folder + "/cluster.sqlite");
        } else {
            fs::permissions(shards, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                        fs::perms::group_exec | fs::perms::others_read |
                                        fs::perms::others_exec);
        }
        QString err;
        const int rc = test::runRankscope(args, nullptr, &err);
        fs::permissions(shards, fs::perms::owner_all, fs::perm_options::add);
        QCOMPARE(rc, 1);
        const QString want = QString::fromStdString(fs::absolute(folder).string()) +
                             (how == "file" ? ": not a folder" : ": cannot write the cluster index there");
        QVERIFY2(err.contains(want), qPrintable(err));
        QVERIFY(noTempOrClusterFile(shards));
        QVERIFY(!fs::exists(shards + "/cluster.sqlite.lock"));
    }

    void aTruncatedOrForeignShardIsRefused_data() {
        QTest::addColumn<QString>("damage");
        QTest::newRow("truncated to half") << "half";
        QTest::newRow("truncated to 100 bytes") << "100";
        QTest::newRow("a text file under a shard's name") << "text";
    }
    void aTruncatedOrForeignShardIsRefused() {
        QFETCH(QString, damage);
        const std::string shards = demoShards("faults-damaged");
        QVERIFY(!shards.empty());
        const std::string victim = fs::absolute(shards + "/shard-2-of-3.sqlite");
        if (damage == "text")
            test::writeFile(victim, "rank,step\n0,1\n");
        else
            fs::resize_file(victim, damage == "half" ? fs::file_size(victim) / 2 : 100);
        QString err;
        QCOMPARE(test::runRankscope({"merge", QString::fromStdString(shards)}, nullptr, &err), 1);
        QVERIFY2(err.contains("rankscope merge: " + QString::fromStdString(victim) + ": "), qPrintable(err));
        QVERIFY(noTempOrClusterFile(shards));
    }
};

QTEST_GUILESS_MAIN(TstMergeFaults)
#include "tst_mergefaults.moc"
