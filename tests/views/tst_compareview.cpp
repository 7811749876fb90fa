// The comparison view on two demo runs whose difference is known (every MatMulV2 kernel ×1.08 in the
// candidate): the verdict says FAIL, every delta is listed, the delta heatmap paints MatMulV2 red on every
// rank and an unchanged op type near white (real pixels), the step overlay holds both runs' steps, and
// clicking a cell or activating a row names the op type. RANKSCOPE_SHOT_DIR saves the picture.
#include "core/compare/comparisondata.h"
#include "core/demo/demogenerator.h"
#include "tests/support/testsupport.h"
#include "views/compare/compareview.h"
#include "views/compare/deltagrid.h"
#include "views/compare/stepoverlay.h"

#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace rs;

class TstCompareView : public QObject {
    Q_OBJECT
    std::shared_ptr<const compare::ComparisonData> m_data;

  private Q_SLOTS:
    void initTestCase() {
        const std::string root = test::tempDir("compareview");
        std::string db[2];
        for (int i = 0; i < 2; ++i) {
            demo::DemoOptions o;
            o.ranks = 4;
            o.steps = 8;
            o.layers = 2;
            if (i == 1) o.scaleOp["MatMulV2"] = 1.08;
            std::string err;
            const std::string dir = root + (i ? "/candidate" : "/baseline");
            QVERIFY2(demo::generateDemo(dir, o, err), err.c_str());
            auto ix = test::indexDir(dir);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            db[i] = ix.result.dbPath;
        }
        index::Db b(db[0], true), c(db[1], true);
        m_data = std::make_shared<const compare::ComparisonData>(compare::buildComparison(b, c));
        QVERIFY(m_data->result.fail());
    }
    void showsTheComparison() {
        views::CompareView v;
        v.resize(1200, 520);
        v.setData(m_data);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QVERIFY(v.verdictText().contains("FAIL"));
        const auto& r = m_data->result;
        QCOMPARE(v.regressionList()->topLevelItemCount(), int(r.regressions.size() + r.improvements.size()));
        QVERIFY(v.regressionList()->topLevelItem(0)->text(1).contains("MatMulV2"));
        // both runs' steady steps: 4 ranks × 7 steps (the first is a warm-up)
        int counts[2] = {0, 0};
        for (int s = 0; s < 2; ++s)
            for (int n : v.stepOverlay()->counts(s))
                counts[s] += n;
        QCOMPARE(counts[0], 28);
        QCOMPARE(counts[1], 28);
        // pixels of the delta heatmap: MatMulV2 red on every rank, an unchanged op type close to white
        const auto& ops = m_data->opTypes;
        const int mm = int(std::find(ops.begin(), ops.end(), "MatMulV2") - ops.begin());
        QVERIFY(mm < int(ops.size()));
        const int same = mm == 0 ? 1 : 0;
        QImage img = v.deltaGrid()->grab().toImage();
        for (int c = 0; c < int(m_data->ranks.size()); ++c) {
            const QColor hot = img.pixelColor(v.deltaGrid()->cellRect(mm, c).topLeft() + QPoint(4, 3));
            QVERIFY2(hot.red() > hot.blue() + 40, qPrintable(hot.name()));
            const QColor calm = img.pixelColor(v.deltaGrid()->cellRect(same, c).topLeft() + QPoint(4, 3));
            QVERIFY2(std::abs(calm.red() - calm.blue()) < 40 && calm.lightness() > 180, qPrintable(calm.name()));
        }
        // clicking MatMulV2 on rank 2 names it
        QSignalSpy chosen(&v, &views::CompareView::opTypeChosen);
        QTest::mouseClick(v.deltaGrid(), Qt::LeftButton, {}, v.deltaGrid()->cellRect(mm, 2).center());
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen[0][0].toString(), QString("MatMulV2"));
        QCOMPARE(chosen[0][1].toInt(), 2);
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR"))
            v.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/compare.png");
    }
    void emptyComparison() {
        views::CompareView v;
        v.setData(nullptr);
        QCOMPARE(v.regressionList()->topLevelItemCount(), 0);
    }
};

QTEST_MAIN(TstCompareView)
#include "tst_compareview.moc"
