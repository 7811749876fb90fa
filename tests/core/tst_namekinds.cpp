// What each name of a profile is: its derived op type and whether it is communication wherever it runs (on
// hand-made names); then, on a demo and a real Ascend sample, the level-of-detail buckets of a zoomed-out
// window carry op type ids, each the op type the index gives most spans of that name (an independent SQL
// count; on the sample 10 of 188 buckets' names derive another op type than their Type column says).
#include "core/query/namekinds.h"
#include "tests/support/summarynames.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstNameKinds : public QObject {
    Q_OBJECT

    /// Every LOD bucket of a whole-run frame: its op type is the one the spans of its name have.
    static void bucketsCarryTheirNamesOpType(const std::string& dir) {
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto s = std::make_shared<const query::ProfileSummary>(query::loadSummary(*ix.db));
        query::NameOpTypes types(s);
        query::TimelineWindow w{s->startNs, s->endNs, 40, {}}; // 40 px: the widest buckets
        for (const auto& t : s->tracks)
            if (t.trackId > 0) w.trackIds.push_back(t.trackId);
        const auto d = query::loadTimeline(*ix.db, w, &types);
        QVERIFY(d.lodLevel >= 0);
        auto spanType =
            ix.db->prepare("SELECT o.value FROM span s JOIN string o ON o.id = s.op_type_id WHERE "
                           "s.name_id = ? GROUP BY o.value ORDER BY count(*) DESC LIMIT 1");
        int buckets = 0, checked = 0, agree = 0;
        for (const auto& td : d.tracks)
            for (const auto& it : td.items) {
                if (it.spanId) continue;
                ++buckets;
                QVERIFY(it.opTypeId > 0 && size_t(it.opTypeId) < s->strings.size());
                spanType.bind(1, int64_t(it.nameId));
                if (spanType.step()) {
                    ++checked;
                    agree += spanType.text(0) == s->strings[size_t(it.opTypeId)];
                }
                spanType.reset();
            }
        QVERIFY2(buckets > 0 && checked == buckets,
                 qPrintable(QString("%1 of %2").arg(checked).arg(buckets)));
        QVERIFY2(agree == checked, qPrintable(QString("%1 of %2 buckets agree").arg(agree).arg(checked)));
    }

  private Q_SLOTS:
    void opTypesAndCommunication() {
        query::ProfileSummary s;
        s.strings = {"",
                     "Default/network/MatMulV2-op12",
                     "MatMulV2",
                     "hcom_allReduce__586_0_1",
                     "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)",
                     "nccl:all_reduce",
                     "c10d::allreduce_",
                     "aten::broadcast_tensors",
                     "Notify_Wait"};
        test::classifyAsIndexed(s); // the index's flags for its names, then classifyNames
        auto type = [&](size_t i) { return s.strings[size_t(s.opTypeOfName[i])]; };
        QCOMPARE(type(1), std::string("MatMulV2"));
        QCOMPARE(s.opTypeOfName[1], 2); // the existing string, not a copy
        QCOMPARE(type(2), std::string("MatMulV2"));
        QCOMPARE(type(3), std::string("hcom_allReduce_"));
        QVERIFY(s.opTypeOfName[3] >= 9); // new: appended
        QCOMPARE(s.opTypeOfName.size(), s.strings.size());
        QCOMPARE(s.communication.size(), s.strings.size());
        const std::vector<uint8_t> comm = {0, 0, 0, 1, 1, 1, 1, 0, 0};
        for (size_t i = 0; i < comm.size(); ++i)
            QVERIFY2(s.communication[i] == comm[i], s.strings[i].c_str());
        QVERIFY(s.communication[size_t(s.opTypeOfName[3])]); // "hcom_allReduce_" itself
        query::DrawItem bucket{0, 1, 1, 0, 0, 5, 0};
        QCOMPARE(query::opTypeIdOf(s, bucket), 2);
        bucket.opTypeId = 7;
        QCOMPARE(query::opTypeIdOf(s, bucket), 7);
    }
    void demoBucketsCarryOpTypes() {
        std::string err;
        const std::string dir = test::writeDemo("namekinds", 2, 3, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        bucketsCarryTheirNamesOpType(dir);
        // the summary's communication flags are the importers' facts, written to name_fact and read back
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        auto count = ix.db->prepare("SELECT count(*) FROM string");
        QVERIFY(count.step());
        const auto n = size_t(count.i64(0));
        QVERIFY(n > 0 && s.communication.size() >= n);
        int comm = 0;
        for (size_t i = 0; i < n; ++i) {
            const bool said = import::describeName(s.strings[i]).communication;
            QVERIFY2(bool(s.communication[i]) == said, s.strings[i].c_str());
            comm += said;
        }
        QVERIFY(comm > 0); // the demo's hcom_* collectives
    }
    void realSampleBucketsCarryOpTypes() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        bucketsCarryTheirNamesOpType(samples + "/msinsight/test/data/pytorch/text/level1");
    }
};

QTEST_MAIN(TstNameKinds)
#include "tst_namekinds.moc"
