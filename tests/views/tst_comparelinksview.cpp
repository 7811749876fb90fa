// The Comparison panel lists the link and bank placement regressions compare finds (walk 30: the app's
// Comparison of the healthy demo and the demo showed neither the slow link 1→5 nor rank 6's AllReduce
// buffers in another HBM bank). Which link and how much is checked against the matrix files in
// tst_comparelinks; here: a row each, in the CLI's words, with the bandwidths in GB/s and the bank rows'
// "none" → the banks, under a FAIL.
#include "core/compare/comparisondata.h"
#include "tests/support/testsupport.h"
#include "views/compare/compareview.h"

#include <QTreeWidget>
#include <QtTest>

using namespace rs;

class TstCompareLinksView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void linkAndBankRowsAreListed() {
        const std::string root = test::tempDir("comparelinksview");
        auto healthy = test::demoOptions(8, 6, 1);
        healthy.healthy = true;
        auto h = test::indexedDemo(root + "/healthy", healthy);
        auto d = test::indexedDemo(root + "/demo", test::demoOptions(8, 6, 1));
        QVERIFY2(h.result.ok && d.result.ok, (h.result.error + d.result.error).c_str());
        auto data = std::make_shared<const compare::ComparisonData>(compare::buildComparison(*h.db, *d.db));
        const compare::Delta *bandwidth = nullptr, *bank = nullptr;
        for (const auto& x : data->result.regressions) {
            if (x.kind == "link" && x.statistic == "bandwidth") bandwidth = &x;
            if (x.kind == "bank_anomaly") bank = &x;
        }
        QVERIFY(bandwidth && bank);
        views::CompareView v;
        v.resize(1200, 520);
        v.setData(data);
        QVERIFY(v.verdictText().contains("FAIL"));
        int links = 0, banks = 0;
        for (int i = 0; i < v.regressionList()->topLevelItemCount(); ++i) {
            const auto* it = v.regressionList()->topLevelItem(i);
            // one row for the link: its transfer time per step, its bandwidth beside it (walk 32: two rows)
            if (it->text(1).startsWith("link ")) {
                ++links;
                QVERIFY2(it->text(1).contains(QString::asprintf(
                             "; bandwidth -%.1f %% (%.1f GB/s -> %.1f GB/s)", -bandwidth->delta * 100,
                             bandwidth->baseline, bandwidth->candidate)),
                         qPrintable(it->text(1)));
                QVERIFY2(it->text(0).startsWith("+"), qPrintable(it->text(0))); // its time per step rose
            }
            if (it->text(1) == "HBM bank anomaly (AllReduce tensors)") {
                ++banks;
                QCOMPARE(it->text(0), QString("new"));
                QCOMPARE(it->text(2), QString("on rank 6"));
                QCOMPARE(it->text(3), QString("none"));
                QCOMPARE(it->text(4), QString("bank [0] (the other ranks [5])"));
            }
        }
        QCOMPARE(links, 1);
        QCOMPARE(banks, 1);
        if (const QByteArray shots = qgetenv("RANKSCOPE_SHOT_DIR"); !shots.isEmpty())
            v.grab().save(QString::fromLocal8Bit(shots) + "/compare-links.png");
    }
};

QTEST_MAIN(TstCompareLinksView)
#include "tst_comparelinksview.moc"
