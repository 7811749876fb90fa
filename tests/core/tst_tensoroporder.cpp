// The profile's tensor op order (core/analysis/tensorops.h, tensoroporder.h, core/query/tensoroporder.h):
// the memory map's hues go to the ops of most bytes over all ranks, stored once by the analysis, so every
// rank's map — read from one index or from a cluster index's shards — carries the same order (the demo's
// AllReduce was yellow on rank 3 and green on rank 6 when each rank ranked its own ops by bytes × time).
// Expected values: the default demo's memory_usage.csv (the addressed rows the map draws; operator_memory.csv
// repeats them without addresses) summed by a few lines of Python over its eight files:
//   for f in glob('*/ASCEND_PROFILER_OUTPUT/memory_usage.csv'):
//       for r in csv.DictReader(open(f)): tot[r['op_name']] += int(r['size_bytes']); cnt[r['op_name']] += 1
// sorted by bytes, then tensors, then name.
#include "core/query/analysisqueries.h"
#include "core/query/lanereader.h"
#include "core/query/tensoroporder.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {
/// op|tensors|bytes|ranks over the eight ranks of the default demo (the Python count above).
const std::vector<std::string> kDemoOrder = {"MatMulV2|1280|42949672960|8", "BatchMatMul|640|21474836480|8",
                                             "FastGelu|640|21474836480|8",  "SoftmaxV2|640|21474836480|8",
                                             "AllReduce|320|21474836480|8", "AdamState|128|17179869184|8",
                                             "Parameter|128|8589934592|8",  "KVCache|56|7516192768|8"};

std::vector<std::string> names(const std::vector<std::string>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows)
        out.push_back(r.substr(0, r.find('|')));
    return out;
}
} // namespace

class TstTensorOpOrder : public QObject {
    Q_OBJECT
    std::string m_profile;

  private Q_SLOTS:
    void initTestCase() {
        m_profile = test::tempDir("tensoroporder") + "/demo";
        const std::string err = test::writeDemo(m_profile, test::demoOptions(8, 20, 4));
        QVERIFY2(err.empty(), err.c_str());
    }

    void theAnalysisRanksTheProfilesOpsByBytesOverAllRanks() {
        auto ix = test::indexDir(m_profile);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT op_name, tensors, bytes, ranks FROM tensor_op_order ORDER BY ord"),
                 kDemoOrder);
        // every rank's map carries the profile's order: the key hands each op one hue on every rank
        for (int rank = 0; rank < 8; ++rank)
            QCOMPARE(query::loadMemoryMap(*ix.db, rank).opOrder, names(kDemoOrder));
    }

    void aClusterIndexGivesEveryShardsRankTheProfilesOrder() {
        // a shard ranks only its own ranks' ops (and runs no cross-rank pass); the merge ranks them all
        std::string err;
        const std::string clusterPath =
            test::mergedCluster(m_profile, 2, test::tempDir("tensoroporder-shards"), err);
        QVERIFY2(err.empty(), err.c_str());
        index::Db cluster(clusterPath, true);
        QCOMPARE(
            test::rowsOf(cluster, "SELECT op_name, tensors, bytes, ranks FROM tensor_op_order ORDER BY ord"),
            kDemoOrder);
        query::LaneReader lanes(cluster, clusterPath);
        QVERIFY(lanes.cluster());
        for (int rank : {3, 6}) {
            const auto m = query::loadMemoryMap(lanes, rank);
            QVERIFY(!m.tensors.empty());
            QCOMPARE(m.opOrder, names(kDemoOrder));
        }
    }
};

QTEST_MAIN(TstTensorOpOrder)
#include "tst_tensoroporder.moc"
