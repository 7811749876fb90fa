// The shape heatmap on the demo's sequence-length sweep (MatMulV2 at length 1536 has a planted bad
// tiling): one row of eight sequence lengths, the 1536 cell outlined in ink (real pixels), the caption
// names the outlier and the work model, and a click selects MatMulV2 and zooms the timeline to that
// shape's first kernel. RANKSCOPE_SHOT_DIR saves the picture.
#include "core/demo/demogenerator.h"
#include "core/shapes/shapetable.h"
#include "tests/support/testsupport.h"
#include "views/shapes/shapeheatmapview.h"

#include <QtTest>

using namespace rs;

class TstShapeView : public QObject {
    Q_OBJECT
    std::shared_ptr<const std::vector<shapes::OpShapeTable>> m_tables;

  private Q_SLOTS:
    void initTestCase() {
        const std::string dir = test::tempDir("shapeview") + "/sweep";
        demo::DemoOptions o;
        o.ranks = 2;
        o.steps = 8;
        o.layers = 2;
        o.shapeSweep = true;
        std::string err;
        QVERIFY2(demo::generateDemo(dir, o, err), err.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_tables = std::make_shared<const std::vector<shapes::OpShapeTable>>(shapes::loadShapeTables(*ix.db, {}));
    }
    void sweepGrid() {
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::ShapeHeatmapView v(&state, nullptr);
        v.resize(900, 300);
        v.setTables(m_tables);
        v.chooseOpType("MatMulV2");
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        const auto& g = v.canvas()->grid();
        QCOMPARE(g.rowValues.size(), size_t(1));
        QCOMPARE(g.colValues, (std::vector<int64_t>{256, 512, 768, 1024, 1280, 1536, 1792, 2048}));
        QCOMPARE(g.colDim, std::string("input 1, dim 2"));
        QVERIFY(g.at(0, 5).outlier);
        for (size_t c = 0; c < 8; ++c)
            if (c != 5) QVERIFY(!g.at(0, c).outlier);
        QImage img = v.canvas()->grab().toImage();
        // the outline is ink (the palette's text colour) over the cell's fill
        const QColor edge = img.pixelColor(v.canvas()->cellRect(0, 5).topLeft() + QPoint(2, 8));
        const QColor ink = v.canvas()->palette().text().color();
        QVERIFY2(std::abs(edge.lightness() - ink.lightness()) < 40, qPrintable(edge.name()));
        const QColor plain = img.pixelColor(v.canvas()->cellRect(0, 4).topLeft() + QPoint(2, 8));
        QVERIFY2(std::abs(plain.lightness() - ink.lightness()) > 80, qPrintable(plain.name()));
        QVERIFY2(v.captionText().contains("8,1536,4096;4096,4096") && v.captionText().contains("Work model"),
                 qPrintable(v.captionText()));
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR"))
            v.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/shapes.png");
        // a click selects the op type and shows the shape's first kernel
        QTest::mouseClick(v.canvas(), Qt::LeftButton, {}, v.canvas()->cellRect(0, 5).center());
        QCOMPARE(state.selection().kind, views::Selection::Kind::OpType);
        QCOMPARE(state.selection().opType, QString("MatMulV2"));
        const auto* first = g.at(0, 5).row;
        QVERIFY(state.windowStart() <= first->firstTsNs && state.windowEnd() >= first->firstTsNs + first->firstDurNs);
    }
};

QTEST_MAIN(TstShapeView)
#include "tst_shapeview.moc"
