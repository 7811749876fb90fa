// Outlier steps listed by step (core/query/reportsummary.h), the form the text and HTML reports use past 16
// ranks: a step that is the warm-up of its ranks says so there too, as the per-rank lists do (review of stop
// 48: a 32-rank job's step 1 read "step 1 on 32 ranks (0-31)" with no "(warm-up outlier)"). The inputs are
// report documents written here; the expected labels follow from them.
#include "core/query/report.h"
#include "core/query/reportsummary.h"

#include <QtTest>

using namespace rs;

namespace {

/// buildReport's outlier_steps for `ranks` ranks of `step`, the first `warmups` of them their warm-up.
nlohmann::json outliers(int64_t step, int ranks, int warmups) {
    nlohmann::json a = nlohmann::json::array();
    for (int r = 0; r < ranks; ++r)
        a.push_back({{"rank", r},
                     {"step", step},
                     {"wall_ns", 200000000 + r},
                     {"typical_ns", 10000000},
                     {"cause", ""},
                     {"warmup", r < warmups}});
    return a;
}

} // namespace

class TstOutlierStepGroups : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aGroupSaysItsWarmup_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("warmups");
        QTest::addColumn<QString>("label");
        QTest::newRow("every rank's warm-up") << 32 << 32 << "1 (warm-up outlier)";
        QTest::newRow("some ranks' warm-up") << 32 << 3 << "1 (warm-up outlier on 3 of 32 ranks)";
        QTest::newRow("no rank's warm-up") << 32 << 0 << "1";
    }
    void aGroupSaysItsWarmup() {
        QFETCH(int, ranks);
        QFETCH(int, warmups);
        QFETCH(QString, label);
        const nlohmann::json report = {{"outlier_steps", outliers(1, ranks, warmups)}};
        const auto groups = query::outlierStepsByStep(report);
        QCOMPARE(groups.size(), size_t(1));
        QCOMPARE(groups[0].ranks.size(), size_t(ranks));
        QCOMPARE(QString::fromStdString(query::outlierStepGroupLabel(groups[0])), label);
    }
};

QTEST_APPLESS_MAIN(TstOutlierStepGroups)
#include "tst_outlierstepgroups.moc"
