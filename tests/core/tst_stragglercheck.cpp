// "No stragglers" only where a straggler could have been named (core/query/stragglercheck.h). The op_stats
// rule compares an op type's ranks by their spread; with fewer than three judged ranks it can never flag
// one, so the report says why instead (walk 12: "No problems found: no stragglers" on a one-rank .db export
// and on a legacy folder without device kernels, where the heatmap said no straggler could be looked for).
// The healthy demo runs every op type's kernels on every rank, several times a step (its generator's
// layout: one kernel per op per layer and step), so 1, 2 and 4 ranks give 1, 2 and 4 judged ranks.
#include "core/query/report.h"
#include "core/query/stragglercheck.h"

#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstStragglerCheck : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void reportSaysWhetherAStragglerCouldBeNamed_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<bool>("possible");
        QTest::addColumn<QString>("said");
        QTest::newRow("one rank") << 1 << false << "no straggler can be named (only one rank's kernels";
        QTest::newRow("two ranks") << 2 << false << "no straggler can be named (two ranks: a difference";
        QTest::newRow("four ranks") << 4 << true << "No problems found: no stragglers";
    }
    void reportSaysWhetherAStragglerCouldBeNamed() {
        QFETCH(int, ranks);
        QFETCH(bool, possible);
        QFETCH(QString, said);
        auto o = test::demoOptions(ranks, 4, 2);
        o.healthy = true;
        const std::string dir = test::tempDir("stragglercheck") + "/d" + std::to_string(ranks);
        auto ix = test::indexedDemo(dir, o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(query::stragglerCheck(*ix.db).possible, possible);
        const auto report = query::buildReport(*ix.db, 5);
        QCOMPARE(report["straggler_check"]["possible"].get<bool>(), possible);
        const std::string text = query::formatReport(report, 5);
        QVERIFY2(text.find(said.toStdString()) != std::string::npos, text.c_str());
        if (!possible) QVERIFY2(text.find("no stragglers") == std::string::npos, text.c_str());
    }
    void aFolderWithoutKernelsSaysSo() {
        // cluster_propose: legacy step traces and hccl_raw, no device kernel (no aicore_intermediate file)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stragglercheck-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const query::StragglerCheck c = query::stragglerCheck(*ix.db);
        QVERIFY(!c.possible);
        QVERIFY2(c.why.find("no device kernels") != std::string::npos, c.why.c_str());
    }
};

QTEST_APPLESS_MAIN(TstStragglerCheck)
#include "tst_stragglercheck.moc"
