// core/model's typed kinds and their SQL text: the text is the index's vocabulary (core/index/SCHEMA.md lists
// it, users' SQL filters on it), so each kind must keep its word, and the word must read back as the kind.
#include "core/model/findingkind.h"
#include "core/model/trackkind.h"
#include "core/model/waitkind.h"

#include <QtTest>

using namespace rs::model;

Q_DECLARE_METATYPE(TrackKind)
Q_DECLARE_METATYPE(WaitKind)
Q_DECLARE_METATYPE(FindingKind)

class TstKinds : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void track_data() {
        QTest::addColumn<TrackKind>("kind");
        QTest::addColumn<QString>("text");
        QTest::newRow("compute") << TrackKind::Compute << "compute";
        QTest::newRow("communication") << TrackKind::Communication << "communication";
        QTest::newRow("host") << TrackKind::Host << "host";
        QTest::newRow("overlap") << TrackKind::Overlap << "overlap";
        QTest::newRow("counter") << TrackKind::Counter << "counter";
        QTest::newRow("other") << TrackKind::Other << "other";
    }
    void track() {
        QFETCH(TrackKind, kind);
        QFETCH(QString, text);
        QCOMPARE(QString::fromLatin1(sqlText(kind).data(), int(sqlText(kind).size())), text);
        QCOMPARE(trackKindFromSql(text.toStdString()), std::optional<TrackKind>(kind));
    }
    void wait_data() {
        QTest::addColumn<WaitKind>("kind");
        QTest::addColumn<QString>("text");
        QTest::newRow("collective wait") << WaitKind::CollectiveWait << "collective_wait";
        QTest::newRow("idle gap") << WaitKind::IdleGap << "idle_gap";
    }
    void wait() {
        QFETCH(WaitKind, kind);
        QFETCH(QString, text);
        QCOMPARE(QString::fromLatin1(sqlText(kind).data(), int(sqlText(kind).size())), text);
        QCOMPARE(waitKindFromSql(text.toStdString()), std::optional<WaitKind>(kind));
    }
    void finding_data() {
        QTest::addColumn<FindingKind>("kind");
        QTest::addColumn<QString>("text");
        QTest::newRow("stall") << FindingKind::Stall << "stall";
        QTest::newRow("slow rank") << FindingKind::SlowRank << "slow_rank";
        QTest::newRow("late rank") << FindingKind::LateRank << "late_rank";
        QTest::newRow("straggler") << FindingKind::Straggler << "straggler";
        QTest::newRow("outlier step") << FindingKind::OutlierStep << "outlier_step";
        QTest::newRow("bank anomaly") << FindingKind::BankAnomaly << "bank_anomaly";
        QTest::newRow("pipeline wait") << FindingKind::PipelineWait << "pipeline_wait";
        QTest::newRow("slow link") << FindingKind::SlowLink << "slow_link";
    }
    void finding() {
        QFETCH(FindingKind, kind);
        QFETCH(QString, text);
        QCOMPARE(QString::fromLatin1(sqlText(kind).data(), int(sqlText(kind).size())), text);
        QCOMPARE(findingKindFromSql(text.toStdString()), std::optional<FindingKind>(kind));
    }
    void unknownText() {
        // text no version wrote (or another column's word) is no kind, never a default one
        QVERIFY(!trackKindFromSql(""));
        QVERIFY(!trackKindFromSql("Compute"));
        QVERIFY(!trackKindFromSql("idle_gap"));
        QVERIFY(!waitKindFromSql("collective"));
        QVERIFY(!findingKindFromSql("slow rank"));
    }
};

QTEST_MAIN(TstKinds)
#include "tst_kinds.moc"
