// Two runs that are not one workload (no op type in common): the Comparison panel matches nothing — no
// "matched ranks" in its headline, and their steps and memory are not drawn on one axis (walk 56c: the
// mindinsight folder's runs 2 and 0, two jobs, read "1 matched rank" under INCONCLUSIVE and their step
// walls side by side).
#include "core/compare/comparisondata.h"
#include "tests/support/testsupport.h"
#include "views/compare/compareview.h"
#include "views/compare/memoryoverlay.h"
#include "views/compare/stepoverlay.h"

#include <QtTest>

using namespace rs;

class TstCompareUnrelated : public QObject {
    Q_OBJECT
    std::shared_ptr<compare::ComparisonData> m_data;

  private Q_SLOTS:
    void initTestCase() {
        const std::string root = test::tempDir("compareunrelated");
        std::string db[2];
        for (int i = 0; i < 2; ++i) {
            demo::DemoOptions o = test::demoOptions(4, 6, 2);
            o.seed = 1 + uint64_t(i); // other data: not "the same data" twice
            auto ix = test::indexedDemo(root + (i ? "/other" : "/demo"), o);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            db[i] = ix.result.dbPath;
        }
        index::Db b(db[0], true), c(db[1], true);
        m_data = std::make_shared<compare::ComparisonData>(compare::buildComparison(b, c));
        // the candidate's op types renamed: the same rank numbers, no op type in common — another job
        std::map<std::string, double> renamed;
        for (const auto& [op, share] : m_data->candidate.opShare)
            renamed["other:" + op] = share;
        m_data->candidate.opShare = renamed;
        m_data->result = compare::compareRecords(m_data->baseline, m_data->candidate);
        QVERIFY(!m_data->result.unrelated.empty());
        QVERIFY(m_data->result.sameData.empty());
        QVERIFY(!m_data->result.ranks.empty()); // rank numbers in both: what the panel must not call matched
    }
    void noRankReadsAsMatched() {
        views::CompareView v;
        v.setData(m_data);
        const QString headline = v.verdictText().section("<br>", 0, 0);
        QVERIFY2(!headline.contains("matched rank"), qPrintable(headline));
        QVERIFY2(headline.contains("no rank matched"), qPrintable(headline));
    }
    void stepsAndMemoryAreNotSideBySide() {
        views::CompareView v;
        v.setData(m_data);
        QVERIFY2(v.stepOverlay()->note().contains("not one workload"), qPrintable(v.stepOverlay()->note()));
    }
};

QTEST_MAIN(TstCompareUnrelated)
#include "tst_compareunrelated.moc"
