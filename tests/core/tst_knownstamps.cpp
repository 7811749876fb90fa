// Reopening without reading the inputs again (issue 23 item 3): the index records each input's size,
// mtime, ctime, inode and content sample (meta file_stamps); discovery keeps the recorded sample of a file
// whose four stamps all match and samples any other file anew, so an index stays current exactly as long
// as the fingerprint (path, size, mtime, sample) does.
#include "core/import/discovery.h"
#include "core/index/indexstore.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <sys/stat.h>

using namespace rs;
namespace fs = std::filesystem;

namespace {

const char* kTrace = "[{\"ph\":\"X\",\"name\":\"kernelA\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":5}]";

const import::SourceFile& onlyFile(const import::Discovery& d) {
    return d.groups.at(0).files.at(0);
}

/// The stamp discovery sees for `f`, with the sample replaced by one no content gives.
import::KnownStamp planted(const import::SourceFile& f){
    return {f.sizeBytes, f.mtimeNs, f.ctimeNs, f.inode, f.contentSample ^ 0x5a5a5a5au};
} // namespace

} // namespace

class TstKnownStamps : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void stampsRoundTrip() {
        const std::string dir = test::tempDir("stamps-rt");
        test::writeFile(dir + "/a\tb.json", kTrace); // a tab in the path: the numbers are parsed from the end
        const auto d = import::discover(dir);
        const auto known = import::parseKnownStamps(d.stamps() + "garbage line\nx\t1\t2\t3\t-4\t5\n");
        QCOMPARE(known.size(), size_t(1));
        const auto& f = onlyFile(d);
        const auto& k = known.at(f.path);
        QCOMPARE(k.sizeBytes, f.sizeBytes);
        QCOMPARE(k.mtimeNs, f.mtimeNs);
        QCOMPARE(k.ctimeNs, f.ctimeNs);
        QCOMPARE(k.inode, f.inode);
        QCOMPARE(k.contentSample, f.contentSample);
        struct stat st {};
        QCOMPARE(::stat(f.path.c_str(), &st), 0);
        QCOMPARE(f.inode, uint64_t(st.st_ino));
        QCOMPARE(f.ctimeNs, int64_t(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec);
    }

    /// All four stamps match: the recorded sample is taken as it is (the planted one proves the file was
    /// not read); any one of them differing: the file is sampled anew.
    void matchingStampSkipsTheRead_data() {
        QTest::addColumn<int>("differs");
        QTest::newRow("none") << -1;
        QTest::newRow("size") << 0;
        QTest::newRow("mtime") << 1;
        QTest::newRow("ctime") << 2;
        QTest::newRow("inode") << 3;
    }
    void matchingStampSkipsTheRead() {
        QFETCH(int, differs);
        const std::string dir = test::tempDir("stamps-skip");
        test::writeFile(dir + "/t.json", kTrace);
        const auto fresh = onlyFile(import::discover(dir));
        import::KnownStamp k = planted(fresh);
        if (differs == 0) ++k.sizeBytes;
        if (differs == 1) ++k.mtimeNs;
        if (differs == 2) ++k.ctimeNs;
        if (differs == 3) ++k.inode;
        const import::KnownStamps known{{fresh.path, k}};
        const auto again = onlyFile(import::discover(dir, &known));
        QCOMPARE(again.contentSample, differs < 0 ? k.contentSample : fresh.contentSample);
    }

    void buildRecordsTheStamps() {
        const std::string dir = test::tempDir("stamps-meta");
        test::writeFile(dir + "/t.json", kTrace);
        auto r = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY2(r.ok, r.error.c_str());
        const auto known = import::parseKnownStamps(index::IndexStore(r.dbPath).recordedFileStamps());
        const auto f = onlyFile(import::discover(dir));
        QCOMPARE(known.size(), size_t(1));
        QCOMPARE(known.at(f.path).contentSample, f.contentSample);
        QCOMPARE(known.at(f.path).ctimeNs, f.ctimeNs);
        QVERIFY(pipeline::BuildPipeline(dir, {}).run().reused);
    }

    /// Same size and content, the ctime moved (its mode changed, or its mtime set to what it was): the
    /// sample is read again, finds the same content, and the index stays current.
    void ctimeMovedSameContentStaysCurrent() {
        const std::string dir = test::tempDir("stamps-ctime");
        test::writeFile(dir + "/t.json", kTrace);
        QVERIFY(pipeline::BuildPipeline(dir, {}).run().ok);
        const auto before = onlyFile(import::discover(dir));
        fs::permissions(dir + "/t.json", fs::perms::owner_exec, fs::perm_options::add);
        fs::last_write_time(dir + "/t.json", fs::last_write_time(dir + "/t.json"));
        QVERIFY(onlyFile(import::discover(dir)).ctimeNs != before.ctimeNs);
        auto r = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(r.ok && r.reused);
    }

    /// Rewritten in place with the same size, its mtime put back: the ctime tells, the sample is read
    /// again and the index is rebuilt (with the recorded sample it would have been reused).
    void rewriteWithMtimeRestoredIsNoticed() {
        const std::string dir = test::tempDir("stamps-rewrite");
        std::string b = kTrace;
        b.replace(b.find("kernelA"), 7, "kernelB");
        test::writeFile(dir + "/t.json", kTrace);
        QVERIFY(pipeline::BuildPipeline(dir, {}).run().ok);
        const auto mtime = fs::last_write_time(dir + "/t.json");
        test::writeFile(dir + "/t.json", b);
        fs::last_write_time(dir + "/t.json", mtime);
        auto r = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(r.ok && !r.reused);
        index::Db db(r.dbPath, true);
        QCOMPARE(db.scalarText("SELECT name FROM spans"), std::string("kernelB"));
    }

    /// A file replaced by a copy (renamed over it: another inode) with the same size, mtime and content:
    /// sampled anew, and the index stays current.
    void replacedByACopyIsSampled() {
        const std::string dir = test::tempDir("stamps-inode");
        test::writeFile(dir + "/t.json", kTrace);
        QVERIFY(pipeline::BuildPipeline(dir, {}).run().ok);
        const auto before = onlyFile(import::discover(dir));
        const auto mtime = fs::last_write_time(dir + "/t.json");
        test::writeFile(dir + "/t.json.new", kTrace);
        fs::last_write_time(dir + "/t.json.new", mtime);
        fs::rename(dir + "/t.json.new", dir + "/t.json");
        const auto after = onlyFile(import::discover(dir));
        QVERIFY(after.inode != before.inode);
        QCOMPARE(after.mtimeNs, before.mtimeNs);
        QVERIFY(pipeline::BuildPipeline(dir, {}).run().reused);
    }
};

QTEST_GUILESS_MAIN(TstKnownStamps)
#include "tst_knownstamps.moc"
