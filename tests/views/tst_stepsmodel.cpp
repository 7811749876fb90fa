// The Steps table says what is known: a compute nothing measured (a rank without device kernels) shows
// "—" with the reason in its tooltip, never "0 ns"; a measured 0 stays "0 ns". The idle time of such a rank
// (the wall minus kernels that were not recorded) is "—" as well, never a figure that looks measured.
#include "views/tables/stepsmodel.h"

#include "tests/support/testsupport.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace rs;
using views::StepsModel;

namespace {
query::StepRow step(int rank, std::optional<int64_t> computeNs,
                    std::optional<int64_t> idleNs = int64_t(3'000'000)) {
    return {rank, 1, 0, 10'000'000, 10'000'000, computeNs, 2'000'000, 1'000'000, idleNs, 0, false, {}};
}
} // namespace

class TstStepsModel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void unknownComputeIsADashWithItsReason() {
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(
            std::vector<query::StepRow>{step(0, std::nullopt), step(1, 0), step(2, 7'000'000)}));
        auto cell = [&](int r, int role) { return m.data(m.index(r, StepsModel::Compute), role); };
        QCOMPARE(cell(0, Qt::DisplayRole).toString(), QString("—"));
        QVERIFY2(cell(0, Qt::ToolTipRole).toString().contains("unknown"),
                 qPrintable(cell(0, Qt::ToolTipRole).toString()));
        QVERIFY(cell(0, Qt::UserRole).toLongLong() < cell(1, Qt::UserRole).toLongLong()); // sorts apart
        QCOMPARE(cell(1, Qt::DisplayRole).toString(), QString("0 ns"));
        QVERIFY(!cell(1, Qt::ToolTipRole).isValid());
        QCOMPARE(cell(2, Qt::DisplayRole).toString(), QString("7.00 ms"));
        // the other columns of the unknown row are untouched
        QCOMPARE(m.data(m.index(0, StepsModel::Comm), Qt::DisplayRole).toString(), QString("2.00 ms"));
    }
    void unknownIdleIsADashWithItsReason() {
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(
            std::vector<query::StepRow>{step(0, std::nullopt, std::nullopt), step(1, 0, 0), step(2, 0)}));
        auto cell = [&](int r, int role) { return m.data(m.index(r, StepsModel::Idle), role); };
        QCOMPARE(cell(0, Qt::DisplayRole).toString(), QString("—"));
        QVERIFY2(cell(0, Qt::ToolTipRole).toString().contains("Idle unknown"),
                 qPrintable(cell(0, Qt::ToolTipRole).toString()));
        QVERIFY(cell(0, Qt::UserRole).toLongLong() < cell(1, Qt::UserRole).toLongLong()); // sorts apart
        QCOMPARE(cell(1, Qt::DisplayRole).toString(), QString("0 ns"));
        QVERIFY(!cell(1, Qt::ToolTipRole).isValid());
        QCOMPARE(cell(2, Qt::DisplayRole).toString(), QString("3.00 ms"));
    }
    void aRealHostOnlyRankShowsNoZeroCompute() {
        // the 4-rank pipeline job of mindinsight ships hccl_raw and step traces but no kernel
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        StepsModel m;
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QVERIFY(m.rowCount() > 0);
        for (int r = 0; r < m.rowCount(); ++r) {
            QCOMPARE(m.data(m.index(r, StepsModel::Compute), Qt::DisplayRole).toString(), QString("—"));
            // its idle would be the wall minus its communication alone: 52.8 ms on rank 0 step 1
            QCOMPARE(m.data(m.index(r, StepsModel::Idle), Qt::DisplayRole).toString(), QString("—"));
        }
    }
};

QTEST_MAIN(TstStepsModel)
#include "tst_stepsmodel.moc"
