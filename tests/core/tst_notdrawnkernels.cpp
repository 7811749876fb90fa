// The op × rank heatmap says which of its kernels the timeline does not draw (walk 53b): on mindinsight's
// legacy profiler folder the heatmap listed GetNext, InitData and AssignAdd for rank 0 while the timeline's
// banner said their lanes (AI CPU stream 0, Stream 519) were not aligned and not drawn, and a click on such a
// cell led nowhere. Expected from ascend_timeline_display_0.json (Python, json): its three X events are
// InitData (tid 0, ts 0), GetNext (tid 0, ts 6042139 µs) and AssignAdd-op142 (tid 519, ts 6042909.56 µs):
// one kernel of each op type, every one on a lane the clock check sets apart.
#include "core/query/analysisqueries.h"
#include "core/query/notdrawnkernels.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstNotDrawnKernels : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void cellsOfLanesNotDrawnSaySo() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("notdrawn-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the rank of the file's kernels: the one whose lanes hold InitData
        const int64_t rank =
            ix.scalar("SELECT t.rank FROM span s JOIN track t ON t.track_id = s.track_id JOIN "
                      "string n ON n.id = s.name_id WHERE n.value = 'InitData' LIMIT 1");
        const auto h = query::loadOpRankHeatmap(*ix.db, {int(rank)});
        size_t col = 0;
        while (col < h.columnKeys.size() && h.columnKeys[col] != rank)
            ++col;
        QVERIFY(col < h.columnKeys.size());
        for (const char* op : {"InitData", "GetNext", "AssignAdd"}) {
            const auto row = std::find(h.rows.begin(), h.rows.end(), op);
            QVERIFY2(row != h.rows.end(), op);
            const query::HeatCell& c = h.cells[size_t(row - h.rows.begin())][col];
            QVERIFY(c.present);
            QCOMPARE(c.count, int64_t(1));
            QCOMPARE(c.notDrawn, int64_t(1)); // on a lane the timeline does not draw
        }
        QVERIFY(h.notDrawnLanes.count(rank));
        const std::string lanes = h.notDrawnLanes.at(rank);
        QVERIFY2(lanes.find("519") != std::string::npos && lanes.find(", ") != std::string::npos,
                 lanes.c_str());
        const std::string note = query::notDrawnNote(h);
        QVERIFY2(
            note.starts_with("Dotted: cells with kernels on lanes the timeline does not draw, not aligned") &&
                note.find(lanes) != std::string::npos,
            note.c_str());
    }
    void aGridWithoutSuchLanesSaysNothing() {
        query::HeatmapData h;
        h.rows = {"MatMul"};
        h.columns = {"rank 0"};
        h.columnKeys = {0};
        h.cells = {{query::HeatCell{}}};
        h.cells[0][0].present = true;
        h.cells[0][0].count = 3;
        QCOMPARE(query::notDrawnNote(h), std::string());
    }
};

QTEST_GUILESS_MAIN(TstNotDrawnKernels)
#include "tst_notdrawnkernels.moc"
