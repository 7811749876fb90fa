// Every text that names a rank calls it as the timeline's header does (views/common/rankname.h): in a
// folder of two runs, "rank 0 of run 1", never the index key (10000) no file writes; a rank the data does
// not name (Rankscope numbered it one per file), by its file, "file 1: beta.json". The timeline's step
// tooltip, wait tooltip and the minimap's host-only note printed the key or the number Rankscope made up.
#include "tests/support/testsupport.h"
#include "views/common/rankname.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/hittester.h"
#include "views/timeline/timelinescene.h"

#include <QtTest>
#include <memory>
#include <string>

using namespace rs;

namespace {
std::string kernel(const std::string& name, int tid, int64_t ts, int64_t dur) {
    std::string s = "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"";
    s.append(name).append("\",\"pid\":0,\"tid\":").append(std::to_string(tid));
    s.append(",\"ts\":").append(std::to_string(ts)).append(",\"dur\":").append(std::to_string(dur));
    return s.append("}");
}

/// alpha.json and beta.json, each a gemm and an all-reduce, naming no rank (as tst_unnamedranks writes them).
std::string writeUnnamedFiles(const std::string& tag) {
    const std::string dir = test::tempDir(tag);
    const char* files[] = {"alpha.json", "beta.json"};
    for (int i = 0; i < 2; ++i) {
        std::string events = kernel("gemm", 7, 1000, 800);
        events.append(",").append(
            kernel("ncclKernel_AllReduce_RING_LL_Sum_float(x)", 8, 2000 + i * 500, 700));
        std::string text = "{\"traceEvents\":[";
        std::string path = dir;
        test::writeFile(path.append("/").append(files[i]), text.append(events).append("]}"));
    }
    return dir;
}

/// A frame of the whole of `s` (no spans): what the step and wait tooltips read.
struct Frame {
    views::InteractionState state;
    views::TimelineScene scene;
    std::shared_ptr<query::ProfileSummary> summary;
    explicit Frame(query::ProfileSummary s) : summary(std::make_shared<query::ProfileSummary>(std::move(s))) {
        state.setBounds(summary->startNs, summary->endNs);
        scene.setSummary(summary);
        state.setWindow(summary->startNs, summary->endNs);
        scene.setData(std::make_shared<query::TimelineData>());
    }
    views::FrameInput input() {
        views::Viewport vp;
        vp.width = 1200;
        vp.height = 600;
        return scene.frame(vp, state, nullptr, QPalette(), QFont());
    }
};

/// A collective wait of rank key `rank` blamed on `blamed`, as the tooltip reads one.
query::WaitDesc blamedWait(int rank, int blamed) {
    query::WaitDesc w;
    w.rank = rank, w.step = 0, w.collective = "AllReduce", w.kind = "collective_wait", w.blamedRank = blamed;
    w.durNs = 1000;
    return w;
}
} // namespace

class TstRankNames : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aSecondRunsRanksAreNamedByTheirFilesNumbers() {
        auto two = test::indexedTwoRunDemo("ranknames-two");
        QVERIFY2(two.err.empty(), two.err.c_str());
        QVERIFY2(two.ix.result.ok, two.ix.result.error.c_str());
        // the run whose ranks are keys 10000 + their number: the demo writes its ranks 0, 1, …
        for (int run : {two.kinetoRun, two.ascendRun}) {
            Frame f(query::loadSummary(*two.ix.db, run));
            if (f.summary->ranks.front() < 10000) continue;
            const QString first = QString("rank 0 of run %1").arg(run),
                          second = QString("rank 1 of run %1").arg(run);
            const int k0 = f.summary->ranks[0], k1 = f.summary->ranks[1];
            QCOMPARE(views::rankName(f.summary.get(), k1), second);
            const views::FrameInput in = f.input();
            const QString steps = views::FrameBuilder::stepTooltip(in, f.summary->steps.front().step);
            QVERIFY2(steps.contains(first + ":") && !steps.contains("rank 1000"), qPrintable(steps));
            const query::WaitDesc w = blamedWait(k0, k1);
            views::TimelineHit h;
            h.wait = &w;
            const QString tip = views::tooltipFor(in, h);
            QVERIFY2(tip.contains("for " + second) && tip.contains(first + " arrived earlier") &&
                         !tip.contains("1000"),
                     qPrintable(tip));
            return;
        }
        QFAIL("no run of the folder has rank keys from 10000");
    }

    void aRankNoFileNamesIsCalledByItsFile() {
        auto ix = test::indexDir(writeUnnamedFiles("ranknames-unnamed"));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        Frame f(query::loadSummary(*ix.db));
        QCOMPARE(f.summary->ranks.size(), size_t(2)); // one rank per file, files in name order
        QCOMPARE(views::rankName(f.summary.get(), 1), QString("file 1: beta.json"));
        const views::FrameInput in = f.input();
        const query::WaitDesc w = blamedWait(0, 1);
        views::TimelineHit h;
        h.wait = &w;
        const QString tip = views::tooltipFor(in, h);
        QVERIFY2(tip.contains("for file 1: beta.json") && tip.contains("file 0: alpha.json arrived earlier"),
                 qPrintable(tip));
        const QString steps = views::FrameBuilder::stepTooltip(in, f.summary->steps.front().step);
        QVERIFY2(steps.contains("file 0: alpha.json:") && steps.contains("file 1: beta.json:"),
                 qPrintable(steps));
    }
};

QTEST_MAIN(TstRankNames)
#include "tst_ranknames.moc"
