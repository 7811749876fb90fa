// The sync record of a legacy MindSpore rank (core/import/legacyclocksync.h): aicpu_intermediate's AI CPU
// ops paired with the timeline's give the offset between the step trace's counter and the timeline's clock.
#include "core/import/legacyclocksync.h"

#include <QtTest>

using namespace rs::import;

class TstLegacyClockSync : public QObject {
    Q_OBJECT
  private slots:
    void run2sPairsGiveTheOffset() {
        // run_2's aicpu_intermediate_1.csv run_start (µs) and ascend_timeline_display_1.json's pid 9000 ts
        // (µs), as Python's csv/json read them: InitData 154901853050 / 0.0, GetNext 154907895189 /
        // 6042138.9999985695 and 154907896880 / 6043829.999983311, EndOfSequence 154907896287 /
        // 6043236.999988556 and 154907920308 / 6067257.99998641
        LegacyClockSync s;
        s.aicpuOp("InitData", 154901853050000);
        s.aicpuOp("GetNext", 154907895189000);
        s.aicpuOp("EndOfSequence", 154907896287000);
        s.aicpuOp("GetNext", 154907896880000);
        s.aicpuOp("EndOfSequence", 154907920308000);
        QVERIFY(s.pairs("GetNext"));
        QVERIFY(!s.pairs("AssignAdd-op142"));
        // the timeline streams in its own order; later GetNext first
        s.timelineOp("GetNext", 6043829999);
        s.timelineOp("InitData", 0);
        s.timelineOp("EndOfSequence", 6043236999);
        s.timelineOp("GetNext", 6042138999);
        s.timelineOp("EndOfSequence", 6067257999);
        s.timelineOp("AssignAdd-op142", 6042909559); // no AI CPU row: not kept
        std::string why;
        const auto o = s.offset(why);
        QVERIFY2(o, why.c_str());
        QCOMPARE(o->pairs, int64_t(5));
        QCOMPARE(o->firstOp, std::string("InitData"));
        // the median pair's difference: within 1 µs of InitData's 154901853050 µs
        QVERIFY(std::abs(o->counterMinusTimelineNs - 154901853050000) <= 1000);
    }
    void pairsThatDisagreeGiveNone() {
        LegacyClockSync s;
        s.aicpuOp("GetNext", 1000000000);
        s.aicpuOp("GetNext", 2000000000);
        s.aicpuOp("InitData", 500000000);
        s.timelineOp("GetNext", 0);
        s.timelineOp("GetNext", 1000000000);
        s.timelineOp("InitData", 0); // 500 ms off the others' 1 s
        std::string why;
        QVERIFY(!s.offset(why));
        QVERIFY2(why.find("1 of 3 AI CPU ops") != std::string::npos, why.c_str());
    }
    void noPairGivesNone() {
        LegacyClockSync s;
        QVERIFY(!s.haveAicpuRows());
        s.aicpuOp("GetNext", 1000);
        s.timelineOp("InitData", 0);
        std::string why;
        QVERIFY(!s.offset(why));
        QCOMPARE(why, std::string("none of its AI CPU ops is in the timeline"));
    }
};

QTEST_MAIN(TstLegacyClockSync)
#include "tst_legacyclocksync.moc"
