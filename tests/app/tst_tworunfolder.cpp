// A folder of two runs of one job (two demo profiles side by side: run 1's ranks are index keys 10000 +
// their number): what a view shows of the shown run holds that run only (walk 48e). The rank × step
// heatmap of one op type has the shown run's ranks, in rank order, each ratio to its step's median over
// them; a search counts and visits the shown run's matches; a heatmap cell of a rank whose lane is on
// another clock names the rank as its files do and says why its kernel is not visited (resource/profiler).
#include "app/gui/searchcontroller.h"
#include "tests/support/testsupport.h"
#include "views/heatmap/heatmapview.h"
#include "views/timeline/timelineview.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace rs;
using Mode = query::HeatmapData::Mode;

namespace {
// The index at a path through a real QueryService with run `run` shown, its timeline 1000×600.
struct Shown {
    query::QueryService service;
    views::InteractionState state;
    views::TimelineView timeline{&state, &service};
    gui::SearchController search{&state, &service, &timeline};
    std::shared_ptr<const query::ProfileSummary> summary;
    bool open(const std::string& db, int run) {
        timeline.resize(1000, 600);
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(db));
        if (!ready.wait(20000)) return false;
        service.selectRun(run);
        if (!ready.wait(20000)) return false;
        summary = ready.last().first().value<std::shared_ptr<const query::ProfileSummary>>();
        state.setBounds(summary->startNs, summary->endNs);
        timeline.setSummary(summary);
        search.setSummary(summary);
        return summary->run == run;
    }
};

/// The spans of the trace_view.json files under `dir` whose name contains `text` (any case): counted from
/// the files, not the index.
int64_t spansInFiles(const std::string& dir, std::string text) {
    auto lower = [](std::string s) {
        for (auto& c : s)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    text = lower(text);
    int64_t n = 0;
    for (const auto& f : std::filesystem::recursive_directory_iterator(dir)) {
        if (f.path().filename() != "trace_view.json") continue;
        std::ifstream in(f.path());
        const auto j = nlohmann::json::parse(in);
        for (const auto& e : j.is_array() ? j : j.at("traceEvents"))
            if (e.value("ph", "") == "X" && lower(e.value("name", "")).find(text) != std::string::npos) ++n;
    }
    return n;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// `view` over `o`'s run, its op × rank data come, then "rank × step (one op)" of AdamApplyOneWithDecay.
void showRankByStep(views::HeatmapView& view, Shown& o) {
    view.setSummary(o.summary);
    view.setProfile(o.summary->ranks);
    QTRY_VERIFY_WITH_TIMEOUT(view.canvas()->data() && view.canvas()->data()->mode == Mode::OpByRank, 20000);
    view.setMode(Mode::RankByStep, -1, "AdamApplyOneWithDecay");
    QTRY_VERIFY_WITH_TIMEOUT(view.canvas()->data() && view.canvas()->data()->mode == Mode::RankByStep, 20000);
}

} // namespace

class TstTwoRunFolder : public QObject {
    Q_OBJECT
    std::string m_dir;
    test::Indexed m_ix;

    /// The folder ("a" or "b") run `run`'s files are in.
    std::string folderOf(const query::ProfileSummary& s, int run) const {
        for (const auto& r : s.runs)
            if (r.run == run) return m_dir + "/" + r.folder;
        return {};
    }

  private Q_SLOTS:
    void initTestCase() {
        // as the walk made it: `rankscope demo two/a`, then two/b with another seed and a slower AllReduce
        m_dir = test::tempDir("tworunfolder");
        demo::DemoOptions a;
        a.ranks = 3, a.steps = 3, a.layers = 1; // smaller than the walk's 4 × 6 × 2, alike otherwise
        demo::DemoOptions b = a;
        b.seed = 3;
        b.scaleOp["AllReduce"] = 1.3;
        for (const auto& [sub, o] : {std::pair{"/a", a}, std::pair{"/b", b}}) {
            const std::string err = test::writeDemo(m_dir + sub, o);
            QVERIFY2(err.empty(), err.c_str());
        }
        m_ix = test::indexDir(m_dir);
        QVERIFY2(m_ix.result.ok, m_ix.result.error.c_str());
        QCOMPARE(m_ix.scalar("SELECT count(DISTINCT run_id) FROM rank_info"), int64_t(2));
        QCOMPARE(m_ix.scalar("SELECT count(*) FROM rank_info"), int64_t(6));
    }

    void theRankStepGridHoldsTheShownRunsRanksOnly_data() {
        QTest::addColumn<int>("run");
        QTest::newRow("run 0") << 0;
        QTest::newRow("run 1") << 1;
    }
    void theRankStepGridHoldsTheShownRunsRanksOnly() {
        // walk 48e: run 0 shown, "rank × step (one op)" had 8 rows, both runs' ranks, each cell's ratio to a
        // median over both runs
        QFETCH(int, run);
        Shown o;
        QVERIFY(o.open(m_ix.result.dbPath, run));
        views::HeatmapView view(&o.state, &o.service);
        showRankByStep(view, o);
        if (QTest::currentTestFailed()) return;
        const auto& d = *view.canvas()->data();
        // the run's 3 ranks, named as their files number them (0, 1, 2), in that order
        const std::vector<std::string> rows{"rank 0", "rank 1", "rank 2"};
        QCOMPARE(d.rows, rows);
        for (size_t i = 0; i < d.rowKeys.size(); ++i) {
            QVERIFY(std::count(o.summary->ranks.begin(), o.summary->ranks.end(), int(d.rowKeys[i])));
            QCOMPARE(o.summary->shownRank(int(d.rowKeys[i])), int(i));
        }
        // each ratio is to its step's median over these ranks: so the median of a column's ratios is 1
        QVERIFY(!d.columns.empty());
        for (size_t c = 0; c < d.columns.size(); ++c) {
            std::vector<double> ratios;
            for (const auto& row : d.cells)
                if (row[c].present) ratios.push_back(row[c].ratio);
            QCOMPARE(ratios.size(), size_t(3));
            QVERIFY2(std::abs(median(ratios) - 1) < 1e-9, qPrintable(QString::number(median(ratios))));
        }
    }

    void aRunSwitchKeepsTheHeatmapsLayout() {
        // r49b #4: switching the shown run went back to op × rank, whatever layout the user had chosen. The
        // layout stays, with its op (both runs have it) or its rank by number (run 1's keys are 10000 + n)
        Shown o;
        QVERIFY(o.open(m_ix.result.dbPath, 0));
        views::HeatmapView view(&o.state, &o.service);
        showRankByStep(view, o);
        if (QTest::currentTestFailed()) return;
        const auto switchTo = [&](int run) {
            QSignalSpy ready(&o.service, &query::QueryService::summaryReady);
            o.service.selectRun(run);
            if (!ready.wait(20000)) return false;
            o.summary = ready.last().first().value<std::shared_ptr<const query::ProfileSummary>>();
            view.setSummary(o.summary); // as MainWindow does on a run switch
            view.setProfile(o.summary->ranks);
            return o.summary->run == run;
        };
        const auto inRun = [&](int64_t key) {
            return std::count(o.summary->ranks.begin(), o.summary->ranks.end(), int(key)) > 0;
        };
        QVERIFY(switchTo(1));
        QTRY_VERIFY_WITH_TIMEOUT(view.canvas()->data() && view.canvas()->data()->mode == Mode::RankByStep &&
                                     inRun(view.canvas()->data()->rowKeys.front()),
                                 20000);
        QCOMPARE(view.canvas()->data()->opType, std::string("AdamApplyOneWithDecay"));
        // one rank's layout: the rank of the same number in the other run
        const int run1Rank2 = *std::find_if(o.summary->ranks.begin(), o.summary->ranks.end(),
                                            [&](int k) { return o.summary->shownRank(k) == 2; });
        view.setMode(Mode::OpByStep, run1Rank2);
        QTRY_VERIFY_WITH_TIMEOUT(view.canvas()->data() && view.canvas()->data()->mode == Mode::OpByStep &&
                                     view.canvas()->data()->rank == run1Rank2,
                                 20000);
        QVERIFY(switchTo(0));
        QTRY_VERIFY_WITH_TIMEOUT(view.canvas()->data() && view.canvas()->data()->mode == Mode::OpByStep &&
                                     inRun(view.canvas()->data()->rank),
                                 20000);
        QCOMPARE(o.summary->shownRank(view.canvas()->data()->rank), 2);
    }

    void aSearchCountsAndVisitsTheShownRunsMatchesOnly() {
        // walk 48e: "672 matches …; 336 of them on lanes hidden by the track filter "" …": run 1's spans
        Shown o;
        QVERIFY(o.open(m_ix.result.dbPath, 0));
        const int64_t inRun = spansInFiles(folderOf(*o.summary, 0), "MatMulV2-op1");
        QVERIFY(inRun > 0);
        QVERIFY(inRun < spansInFiles(m_dir, "MatMulV2-op1")); // the other run has some too
        QSignalSpy said(&o.search, &gui::SearchController::message);
        o.search.field()->setText("MatMulV2-op1");
        o.search.search("MatMulV2-op1");
        QTRY_VERIFY_WITH_TIMEOUT(!said.isEmpty(), 20000);
        const QString text = said.first().first().toString();
        QCOMPARE(qint64(o.search.hits().size()), inRun);
        QVERIFY2(text.startsWith(QString("%1 matches").arg(inRun)), qPrintable(text));
        QVERIFY2(!text.contains("hidden"), qPrintable(text));
        for (int i = 0; i < int(inRun); ++i) { // every one visited is on a shown rank
            QVERIFY(std::count(o.summary->ranks.begin(), o.summary->ranks.end(), o.state.selection().rank));
            o.search.next();
        }
    }

    void aCellOnAnUnalignedLaneSaysSoAndNamesTheRankAsItsFiles() {
        // resource/profiler, run 0: the legacy rank 0 is key 10000, its GetNext kernel on a lane of
        // another clock (Diagnostics: "not aligned … not drawn: AI CPU stream 0, Stream 519"). Clicking its
        // cell said "1 kernel of GetNext on rank 10000, all on lanes hidden by the track filter "" …"
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("tworunfolder-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT data_rank FROM rank_info WHERE rank = 10000"), int64_t(0));
        const int run = int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10000"));
        // its GetNext kernels are all on lanes not aligned with the rank's other lanes
        QVERIFY(ix.scalar("SELECT count(*) FROM span s JOIN track t USING(track_id) JOIN string n ON n.id = "
                          "s.op_type_id WHERE t.rank = 10000 AND n.value = 'GetNext' AND t.aligned = 1") ==
                0);
        Shown o;
        QVERIFY(o.open(ix.result.dbPath, run));
        QSignalSpy said(&o.search, &gui::SearchController::message);
        o.search.highlightOpKernels("GetNext", 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!said.isEmpty(), 20000);
        const QString text = said.first().first().toString();
        QVERIFY2(text.contains(QString("GetNext on rank 0 of run %1").arg(run)), qPrintable(text));
        QVERIFY2(text.contains("not aligned"), qPrintable(text));
        QVERIFY2(!text.contains("10000") && !text.contains("track filter"), qPrintable(text));
        // a filter that is set is still named, beside the lanes not drawn
        said.clear();
        o.timeline.setTrackFilter("rank 10");
        o.search.highlightOpKernels("GetNext", 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!said.isEmpty(), 20000);
        const QString filtered = said.first().first().toString();
        QVERIFY2(filtered.contains("not aligned") && !filtered.contains("10000"), qPrintable(filtered));
    }
};

QTEST_MAIN(TstTwoRunFolder)
#include "tst_tworunfolder.moc"
