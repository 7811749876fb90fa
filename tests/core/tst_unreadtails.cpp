// Lanes of a cut file end in a marked unread tail, not in silence (walk18a #1): a copy of the real
// hta/tests/data/trace_filter with rank 1's JSON cut at 60 % of its bytes, as walk18a cut it. Expected
// figures are counted with a few lines of Python over the same cut file (decoding its events one by one
// until the broken one): 3151 events read; the broken event starts at byte 1013763; stream 7's last event
// ends at 1682725898316886 µs; the run's last event (rank 0's "PyTorch Profiler" span) at
// 1682725900594091 µs; all six of rank 1's (pid, tid) lanes end before that (thread 4045 at the rank's own
// end, ProfilerStep#552's, 1682725899318077 µs: the rank's end is cut with its file, so the tail runs to the
// run's). Its step 552 is left without device work by the
// cut, which the report must name instead of "the profile's end".
#include "core/query/analysisqueries.h"
#include "core/query/areastats.h"
#include "core/query/damagedinput.h"
#include "core/query/lanereader.h"
#include "core/query/report.h"
#include "core/query/timelinequery.h"
#include "core/query/unreadtails.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;

class TstUnreadTails : public QObject {
    Q_OBJECT
    std::string m_samples;

  private Q_SLOTS:
    void initTestCase() {
        m_samples = test::samplesDir();
        if (m_samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("unreadtails-cache")));
    }

    /// The copy of trace_filter with rank 1's JSON cut at 60 % of its bytes, in a fresh folder.
    std::string cutProfile(const std::string& tag) {
        const std::string dir = test::tempDir(tag) + "/profile";
        fs::create_directories(dir);
        for (int r : {0, 1}) {
            std::string json = test::readDecompressed(
                m_samples + "/hta/tests/data/trace_filter/sampled_rank-" + std::to_string(r) + ".json.gz");
            if (r == 1) json.resize(json.size() * 6 / 10);
            test::writeFile(dir + "/sampled_rank-" + std::to_string(r) + ".json", json);
        }
        return dir;
    }

    /// The whole run of `ranks` as an area (rank clocks are Kineto's µs since the epoch, in ns).
    static query::AreaQuery wholeRun(const std::vector<int>& ranks) {
        query::AreaQuery q;
        for (int r : ranks)
            q.windows.push_back({r, 0, std::numeric_limits<int64_t>::max()});
        return q;
    }
    static bool anyNoteNames(const query::AreaStats& s, const std::string& what) {
        return std::any_of(s.notes.begin(), s.notes.end(),
                           [&](const std::string& n) { return n.find(what) != std::string::npos; });
    }

    void areaStatisticsNameACutRank() {
        // walk 22: `rankscope stats` and the Area statistics panel counted a cut rank's spans as if whole
        const std::string dir = cutProfile("unreadtails-stats");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const std::string said = "rank 1's sampled_rank-1.json (read in part";
        QVERIFY(anyNoteNames(query::computeAreaStats(*ix.db, wholeRun({0, 1})), said));
        QVERIFY(anyNoteNames(query::computeAreaStats(*ix.db, wholeRun({1})), said));
        QVERIFY(!anyNoteNames(query::computeAreaStats(*ix.db, wholeRun({0})), "sampled_rank-1.json"));
    }

    void cutKinetoTraceMarksItsLanesToTheRanksEnd() {
        const std::string dir = cutProfile("unreadtails");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto tails = query::unreadTails(*ix.db, {0, 1});
        QCOMPARE(tails.size(), size_t(6));
        const int64_t runEnd = 1682725900594091000;
        bool stream7 = false;
        for (const auto& t : tails) {
            QCOMPARE(t.rank, 1); // rank 0's file is whole
            QCOMPARE(t.endNs, runEnd);
            QCOMPARE(t.file, std::string("sampled_rank-1.json"));
            QCOMPARE(t.cutAtByte, std::optional<int64_t>(1013763));
            QVERIFY(t.startNs < t.endNs);
            const std::string lane =
                ix.rows("SELECT name FROM track WHERE track_id = " + std::to_string(t.trackId)).at(0);
            if (lane.find(" 7") != std::string::npos) {
                stream7 = true;
                QCOMPARE(t.startNs, int64_t(1682725898316886000));
            }
        }
        QVERIFY(stream7);
        // the summary the views draw carries them, and the text names file and byte
        const auto s = query::loadSummary(*ix.db);
        QCOMPARE(s.unreadTails.size(), size_t(6));
        QCOMPARE(query::unreadTailText(s.unreadTails.front()),
                 std::string("not read: sampled_rank-1.json was cut at byte 1013763; what it held past that "
                             "is missing"));
        QCOMPARE(query::tailsOfTrack(s.unreadTails, s.unreadTails.front().trackId).first,
                 s.unreadTails.begin());
        // the heatmap and the op summary know rank 1 is partial (its cells are marked, not scored as whole)
        const auto heat = query::loadOpRankHeatmap(*ix.db, {0, 1});
        QCOMPARE(heat.cutRanks, (std::map<int64_t, std::string>{{1, "sampled_rank-1.json"}}));
        QVERIFY(query::cutRanksNote(heat).find("rank 1 (sampled_rank-1.json cut or not read)") == 0);
        // step 552 lost its kernels to the cut, not to the profile's end: the report must not say so
        const std::string text = query::formatReport(query::buildReport(*ix.db, 5), 5);
        QVERIFY2(text.find("step 552") != std::string::npos, text.c_str());
        QVERIFY2(text.find("cut by the profile's end") == std::string::npos, text.c_str());
        QVERIFY2(text.find("sampled_rank-1.json was cut, so its device work may be in the part not read") !=
                     std::string::npos,
                 text.c_str());
    }

    void aRankCutBeforeItsKernelsHasNoRatios() {
        // walk 23b: msinsight's text/level1 with rank 1's trace_view.json cut at half its bytes. Counted in
        // Python over the cut file (events decoded one by one until the broken one): 3647 events read, one
        // of them on the Ascend Hardware process, a PLACE_HOLDER_SQE (a runtime task, no kernel) — so rank
        // 1 has no kernel read and no kernel name runs on two ranks. The caption said rank 1's "ratios
        // compare a partial rank with whole ones" over an empty column beside rank 0's "–" cells.
        const std::string dir = test::tempDir("unreadtails-ascend") + "/level1";
        fs::copy(m_samples + "/msinsight/test/data/pytorch/text/level1", dir, fs::copy_options::recursive);
        const std::string trace = dir + "/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json";
        fs::resize_file(trace, fs::file_size(trace) / 2);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto heat = query::loadOpRankHeatmap(*ix.db, {});
        const std::string note = query::cutRanksNote(heat);
        QVERIFY2(
            note.find("rank 1 (trace_view.json cut or not read): no kernel of it was read, so its column "
                      "is empty") == 0,
            note.c_str());
        QVERIFY2(note.find("no cell has a ratio") != std::string::npos, note.c_str());
        QVERIFY2(note.find("ratios compare") == std::string::npos, note.c_str());
    }

    void aClusterIndexMarksAShardsCutLanes() {
        // stop 40: a cluster index keeps spans in its shards, and unreadTails read the cluster index's own
        // (none), so a cut file's lanes ended in silence. The same six tails as one index of the whole,
        // lane for lane (by rank and lane name: the ids differ), through the reader the app and export use.
        const std::string dir = cutProfile("unreadtails-cluster");
        auto whole = test::indexDir(dir);
        QVERIFY2(whole.result.ok, whole.result.error.c_str());
        const std::string shards = test::tempDir("unreadtails-shards");
        for (int n : {1, 2}) {
            const std::string into = shards + "/" + std::to_string(n);
            std::string err;
            const std::string clusterPath = test::mergedCluster(dir, n, into, err);
            QVERIFY2(err.empty(), err.c_str());
            index::Db cluster(clusterPath, true);
            query::LaneReader lanes(cluster, clusterPath);
            QVERIFY(lanes.cluster());
            const auto s = lanes.summary();
            const auto key = [](const query::ProfileSummary& p, const query::UnreadTail& t) {
                const auto lane =
                    std::find_if(p.tracks.begin(), p.tracks.end(),
                                 [&](const query::TrackDesc& d) { return d.trackId == t.trackId; });
                return QString("rank %1 %2: %3..%4 %5 @%6")
                    .arg(t.rank)
                    .arg(lane == p.tracks.end() ? QString("?") : QString::fromStdString(lane->name))
                    .arg(t.startNs)
                    .arg(t.endNs)
                    .arg(QString::fromStdString(t.file))
                    .arg(t.cutAtByte.value_or(-1));
            };
            const auto one = query::loadSummary(*whole.db);
            QStringList expected, got;
            for (const auto& t : one.unreadTails)
                expected << key(one, t);
            for (const auto& t : s->unreadTails)
                got << key(*s, t);
            expected.sort();
            got.sort();
            QCOMPARE(got.size(), qsizetype(6));
            QCOMPARE(got, expected);
            // walk 22: the cluster index had no source_file rows, so the cut file had no rank there: its
            // damaged line named none, the heatmap hatched no column, stats said nothing
            const auto damaged = query::damagedFiles(cluster);
            QCOMPARE(damaged.size(), size_t(1));
            QCOMPARE(damaged.front().rank, std::optional<int64_t>(1));
            QCOMPARE(query::loadOpRankHeatmap(cluster, {0, 1}).cutRanks.count(1), size_t(1));
            QVERIFY(anyNoteNames(query::computeAreaStats(lanes, wholeRun({0, 1})),
                                 "rank 1's sampled_rank-1.json (read in part"));
            // sorted by lane, as the frame builder and the hit tester look them up
            for (const auto& t : s->unreadTails)
                QVERIFY(query::tailsOfTrack(s->unreadTails, t.trackId).first->trackId == t.trackId);
        }
    }
};

QTEST_MAIN(TstUnreadTails)
#include "tst_unreadtails.moc"
