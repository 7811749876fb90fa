// Replacing an index: a rebuild exchanges the new file with the old index in one step and names the old
// one "<index>.tmp-<pid>-old<n>", so nothing is freed or flushed on the building thread; the old file is
// removed off it (core/index/backgroundremoval.h) and afterwards exactly one index file is left. An old
// index left by a killed run is removed by the next build and by a reuse.
#include "core/index/backgroundremoval.h"
#include "core/index/indexstore.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <set>
#include <sys/stat.h>

using namespace rs;
namespace fs = std::filesystem;

namespace {

const char* kTrace = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]";

/// The names in `dir` other than the lock file.
std::set<std::string> namesIn(const std::string& dir) {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() != ".lock") out.insert(e.path().filename().string());
    return out;
}

ino_t inodeOf(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

/// A complete index file committed at `path` through `removal`.
void commitIndex(const std::string& path, index::BackgroundRemoval& removal) {
    index::IndexBuildFile file(path);
    file.writeMeta({"fp", "opts", "/profile", 1, {}, {}});
    std::string error;
    QVERIFY2(file.commit(error, removal), error.c_str());
}

} // namespace

class TstIndexReplace : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aRebuildSetsTheOldIndexAsideAndFreesItLater() {
        const std::string dir = test::tempDir("replace");
        const std::string path = dir + "/index.sqlite";
        index::BackgroundRemoval first;
        commitIndex(path, first);
        first.wait();
        QCOMPARE(namesIn(dir), std::set<std::string>{"index.sqlite"});
        const ino_t old = inodeOf(path);

        index::BackgroundRemoval held(true); // removes nothing before wait()
        commitIndex(path, held);
        const std::string pid = std::to_string(::getpid());
        // the new index is in place and the old one lives on under its second name until the removal
        QVERIFY(inodeOf(path) != old);
        std::set<std::string> names = namesIn(dir);
        QCOMPARE(int(names.size()), 3);
        QVERIFY(names.erase("index.sqlite") && names.erase("index.sqlite.tmp-" + pid + "-scratch"));
        const std::string aside = *names.begin(); // "-old<n>", n counting this process's replacements
        QVERIFY2(aside.rfind("index.sqlite.tmp-" + pid + "-old", 0) == 0, aside.c_str());
        QCOMPARE(inodeOf(dir + "/" + aside), old);
        held.wait();
        QCOMPARE(namesIn(dir), std::set<std::string>{"index.sqlite"});
        QVERIFY(index::IndexStore(path).isCurrent("fp", "opts"));
    }

    void aFirstBuildSetsNothingAside() {
        const std::string dir = test::tempDir("replace-new");
        index::BackgroundRemoval held(true);
        commitIndex(dir + "/index.sqlite", held);
        for (const std::string& n : namesIn(dir))
            QVERIFY2(n.find("-old") == std::string::npos, n.c_str());
        held.wait();
        QCOMPARE(namesIn(dir), std::set<std::string>{"index.sqlite"});
    }

    void rebuildsLeaveOneIndexFile() {
        const std::string dir = test::tempDir("replace-pipeline");
        test::writeFile(dir + "/a.json", kTrace);
        pipeline::BuildOptions o;
        o.force = true;
        for (int i = 0; i < 3; ++i)
            QVERIFY(pipeline::BuildPipeline(dir, o).run().ok);
        index::BackgroundRemoval::process().wait();
        QCOMPARE(namesIn(dir + "/.rankscope"), std::set<std::string>{"index.sqlite"});
    }

    void aKilledRunsLeftoverIsRemoved_data() {
        QTest::addColumn<bool>("force");
        QTest::newRow("by the next build") << true;
        QTest::newRow("by a reuse") << false;
    }
    void aKilledRunsLeftoverIsRemoved() {
        QFETCH(bool, force);
        const std::string dir = test::tempDir(force ? "leftover-build" : "leftover-reuse");
        test::writeFile(dir + "/a.json", kTrace);
        pipeline::BuildOptions o;
        QVERIFY(pipeline::BuildPipeline(dir, o).run().ok);
        index::BackgroundRemoval::process().wait();
        // what a run killed between the rename and the removal leaves: the old index under a second name
        const std::string index = dir + "/.rankscope/index.sqlite";
        fs::copy_file(index, index + ".tmp-999999-old1");
        test::writeFile(index + ".tmp-999999-scratch", std::string(1 << 16, 'x'));
        o.force = force;
        const auto r = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(r.ok && r.reused == !force);
        index::BackgroundRemoval::process().wait();
        QCOMPARE(namesIn(dir + "/.rankscope"), std::set<std::string>{"index.sqlite"});
    }
};

QTEST_GUILESS_MAIN(TstIndexReplace)
#include "tst_indexreplace.moc"
