// Whether the report may say "no bank anomalies" (core/query/bankcheck.h): only where the anomaly rule could
// have set a rank apart — three ranks of one run with tensors placed in HBM banks — else "banks not checked"
// with the reason: too few placed ranks in any run (the .db export of msinsight level1: one rank's 57
// addressed tensors read "no bank anomalies"), a Kineto profile's allocator addresses, no addresses at all.
#include "core/index/schema.h"
#include "core/query/bankcheck.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {
/// A rank's memory summary: placed (an Ascend base address and banks), gpu (Kineto: bank_count 0) or none.
struct RankRow {
    int rank, run;
    const char* kind;
};
} // namespace

Q_DECLARE_METATYPE(std::vector<RankRow>)

class TstBankCheck : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void checkedOnlyWhereARankCouldBeSetApart_data() {
        QTest::addColumn<std::vector<RankRow>>("rows");
        QTest::addColumn<bool>("possible");
        QTest::addColumn<QString>("why");
        QTest::newRow("no memory") << std::vector<RankRow>{} << false << "no tensor addresses recorded";
        QTest::newRow("one placed rank")
            << std::vector<RankRow>{{0, 0, "placed"}, {1, 0, "none"}} << false
            << "tensors placed in banks on 1 rank of a run: it takes 3 to set one apart";
        QTest::newRow("three over two runs")
            << std::vector<RankRow>{{0, 0, "placed"}, {1, 0, "placed"}, {10000, 1, "placed"}} << false
            << "tensors placed in banks on 2 ranks of a run: it takes 3 to set one apart";
        QTest::newRow("three in one run")
            << std::vector<RankRow>{{0, 0, "placed"}, {1, 0, "placed"}, {2, 0, "placed"}} << true << "";
        QTest::newRow("kineto") << std::vector<RankRow>{{0, 0, "gpu"}, {1, 0, "gpu"}, {2, 0, "gpu"}} << false
                                << "a Kineto profile's tensor addresses are the CUDA caching allocator's, to "
                                   "which no HBM bank model applies";
    }
    void checkedOnlyWhereARankCouldBeSetApart() {
        QFETCH(std::vector<RankRow>, rows);
        QFETCH(bool, possible);
        QFETCH(QString, why);
        index::Db db(test::tempDir("bankcheck") + "/index.sqlite");
        index::createTables(db);
        for (const auto& r : rows) {
            db.prepare("INSERT INTO rank_info(rank, run_id) VALUES(?, ?)")
                .bind(1, int64_t(r.rank))
                .bind(2, int64_t(r.run))
                .exec();
            const std::string kind = r.kind;
            if (kind == "none") continue;
            db.prepare("INSERT INTO memory_summary(rank, bank_count, base_addr) VALUES(?, ?, ?)")
                .bind(1, int64_t(r.rank))
                .bind(2, int64_t(kind == "placed" ? 32 : 0))
                .bind(3, kind == "placed" ? int64_t(0x1240000000) : int64_t(0x7f4000000000))
                .exec();
        }
        const query::BankCheck check = query::bankCheck(db);
        QCOMPARE(check.possible, possible);
        QCOMPARE(QString::fromStdString(check.why), why);
        // one run asked for: only its own ranks count (a record is one run's: walk 32's banks_checked of a
        // folder's Kineto run read true because the Ascend run beside it had placed tensors)
        if (QByteArray(QTest::currentDataTag()) == "three in one run") {
            QVERIFY(query::bankCheck(db, 0).possible);
            QVERIFY(!query::bankCheck(db, 1).possible);
            QCOMPARE(query::bankCheck(db, 1).why, std::string("no tensor addresses recorded"));
        }
        if (QByteArray(QTest::currentDataTag()) == "kineto") QVERIFY(!query::bankCheck(db, 0).possible);
    }
};

QTEST_GUILESS_MAIN(TstBankCheck)
#include "tst_bankcheck.moc"
