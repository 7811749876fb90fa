// A memory record that names a kernel belongs to it (walk 53b): text/level1's and db/level1's drill-down
// said "no memory record of rank 0 in step 50 names this op" of Conv2D1, and the memory map "No tensor in
// rank 0's memory map names Conv2D's ops", while operator_memory.csv names it "cann::Conv2D1" and the .db's
// OP_MEMORY "Conv2D1", allocated at the kernel's launch, ~180 µs before the device ran it. Expected values
// from the files (Python, csv and sqlite3):
//   text/level1 rank 0 and rank 1: one "cann::Conv2D1" row each, 24256.0 KB = 24838144 bytes; records naming
//   kernels of type Conv2D (kernel_details.csv's Type): cann::Conv2D1, 2, 3 and Conv2D4 twice = 5 per rank;
//   rank 0's two Conv2D4 records (5440.0 KB each) at +482.14 and +800.27 µs past 1736408883710000 µs, its
//   two Conv2D4 kernels at +711.434 and +1346.146 µs: one record each.
//   db/level1 rank 0: OP_MEMORY has one "Conv2D1" row, 24838144 bytes, 178 µs before the kernel; 5 rows
//   name Conv2D kernels (COMPUTE_TASK_INFO's opType); Conv2D4 twice, one record each.
#include "core/query/analysisqueries.h"
#include "core/query/tensorop.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {
struct Op {
    int64_t startNs = 0, durNs = 0;
};
/// The kernels named `name` on rank key `rank`'s compute lanes, in time order.
std::vector<Op> kernelsNamed(const test::Indexed& ix, int rank, const std::string& name) {
    std::vector<Op> out;
    for (const std::string& row :
         ix.rows("SELECT s.ts_ns, s.dur_ns FROM span s JOIN track t ON t.track_id = s.track_id JOIN string n "
                 "ON n.id = s.name_id WHERE t.rank = " +
                 std::to_string(rank) + " AND t.kind = 'compute' AND n.value = '" + name +
                 "' ORDER BY s.ts_ns")) {
        const auto bar = row.find('|');
        out.push_back({std::stoll(row.substr(0, bar)), std::stoll(row.substr(bar + 1))});
    }
    return out;
}
int rankKey(const test::Indexed& ix, int dataRank) {
    return int(ix.scalar("SELECT rank FROM rank_info WHERE coalesce(data_rank, rank) = " +
                         std::to_string(dataRank)));
}
query::TensorRows tensorsOf(const test::Indexed& ix, int rank, const std::string& name, const Op& op) {
    return query::loadOpTensorRows(*ix.db, rank, name, "Conv2D", op.startNs, op.startNs + op.durNs);
}
int namedBy(const query::MemoryMapData& d, const std::string& op) {
    return int(std::count_if(d.tensors.begin(), d.tensors.end(), [&](const query::TensorItem& t) {
        return query::recordNamesOp(t, op, d.kernelTypeOf);
    }));
}
} // namespace

class TstTensorOp : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theRecordPrefixIsStripped() {
        QCOMPARE(std::string(query::recordKernelName("cann::Conv2D1")), std::string("Conv2D1"));
        QCOMPARE(std::string(query::recordKernelName("Conv2D1")), std::string("Conv2D1"));
        QCOMPARE(std::string(query::recordKernelName("aten::mm")), std::string("aten::mm"));
        query::TensorItem t;
        t.opName = "cann::Conv2D1";
        const std::map<std::string, std::string, std::less<>> types{{"Conv2D1", "Conv2D"}};
        QVERIFY(query::recordNamesOp(t, "Conv2D1", types));
        QVERIFY(query::recordNamesOp(t, "Conv2D", types));
        QVERIFY(query::recordNamesOp(t, "cann::Conv2D1", types));
        QVERIFY(!query::recordNamesOp(t, "Conv2D2", types));
        QVERIFY(!query::recordNamesOp(t, "", types));
    }
    void textLevel1ConvRecordsBelongToTheirKernels() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("tensorop-text-cache")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        for (int dataRank : {0, 1}) {
            const int rank = rankKey(ix, dataRank);
            const auto conv1 = kernelsNamed(ix, rank, "Conv2D1");
            QCOMPARE(conv1.size(), size_t(1));
            const auto rows = tensorsOf(ix, rank, "Conv2D1", conv1[0]);
            QCOMPARE(rows.rows.size(), size_t(1));
            QCOMPARE(rows.rows[0].opName, std::string("cann::Conv2D1"));
            QCOMPARE(rows.rows[0].sizeBytes, int64_t(24838144));
            // the memory map's op highlight: Conv2D's kernels' records
            const auto map = query::loadMemoryMap(*ix.db, rank);
            QCOMPARE(namedBy(map, "Conv2D"), 5);
            QCOMPARE(namedBy(map, "Conv2D1"), 1);
        }
        // two Conv2D4 in the step, two records: one each (the first allocated before the first kernel, the
        // second while it ran, before the second)
        const int rank0 = rankKey(ix, 0);
        const auto conv4 = kernelsNamed(ix, rank0, "Conv2D4");
        QCOMPARE(conv4.size(), size_t(2));
        for (const Op& op : conv4) {
            const auto rows = tensorsOf(ix, rank0, "Conv2D4", op);
            QCOMPARE(rows.rows.size(), size_t(1));
            QCOMPARE(rows.rows[0].sizeBytes, int64_t(5440 * 1024));
            QVERIFY(rows.rows[0].allocNs && *rows.rows[0].allocNs <= op.startNs);
        }
        QVERIFY(*tensorsOf(ix, rank0, "Conv2D4", conv4[0]).rows[0].allocNs <
                *tensorsOf(ix, rank0, "Conv2D4", conv4[1]).rows[0].allocNs);
    }
    void dbLevel1ConvRecordsBelongToTheirKernels() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("tensorop-db-cache")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/db/level1", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int rank = rankKey(ix, 0);
        const auto conv1 = kernelsNamed(ix, rank, "Conv2D1");
        QCOMPARE(conv1.size(), size_t(1));
        const auto rows = tensorsOf(ix, rank, "Conv2D1", conv1[0]);
        QCOMPARE(rows.rows.size(), size_t(1));
        QCOMPARE(rows.rows[0].opName, std::string("Conv2D1"));
        QCOMPARE(rows.rows[0].sizeBytes, int64_t(24838144));
        const auto conv4 = kernelsNamed(ix, rank, "Conv2D4");
        QCOMPARE(conv4.size(), size_t(2));
        for (const Op& op : conv4)
            QCOMPARE(tensorsOf(ix, rank, "Conv2D4", op).rows.size(), size_t(1));
        // the map holds the addressed rows only where the rank has addresses: count over what it draws,
        // against the same records counted from the index
        const auto map = query::loadMemoryMap(*ix.db, rank);
        const int64_t drawn = ix.scalar("SELECT count(*) FROM tensor WHERE rank = " + std::to_string(rank) +
                                        " AND op_name IN ('Conv2D1', 'Conv2D2', 'Conv2D3', 'Conv2D4')" +
                                        (map.hasAddresses ? " AND addr IS NOT NULL" : ""));
        QCOMPARE(ix.scalar("SELECT count(*) FROM tensor WHERE rank = " + std::to_string(rank) +
                           " AND op_name IN ('Conv2D1', 'Conv2D2', 'Conv2D3', 'Conv2D4')"),
                 int64_t(5));
        QCOMPARE(int64_t(namedBy(map, "Conv2D")), drawn);
    }
};

QTEST_GUILESS_MAIN(TstTensorOp)
#include "tst_tensorop.moc"
