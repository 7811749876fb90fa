// Issue 19 #1: at 800 × 600 the op heatmap's drop-downs were squeezed into one row until their choices were
// cut to "…" ("ratio to the same kernels' lower median…", "sort…"). At an 800 × 600 window's dock width
// each box shows its choice whole (the boxes flow onto another row), inside the panel, none over another.
#include "views/common/elidingcombobox.h"
#include "views/common/interactionstate.h"
#include "views/heatmap/heatmapview.h"

#include <QtTest>

using namespace rs;

class TstHeatmapBoxesFit : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void everyChoiceReadsWhole_data() {
        QTest::addColumn<int>("width");
        QTest::newRow("800 x 600's dock") << 555;
        QTest::newRow("1600 x 1000's dock") << 1100;
    }
    void everyChoiceReadsWhole() {
        QFETCH(int, width);
        views::InteractionState state;
        views::HeatmapView view(&state, nullptr);
        view.resize(width, 260);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
        const auto boxes = view.findChildren<views::ElidingComboBox*>();
        QVERIFY(boxes.size() >= 3);
        for (auto* box : boxes) {
            if (!box->isVisible() || box->currentText().isEmpty()) continue;
            QVERIFY2(box->shownText() == box->currentText(),
                     qPrintable(QString("'%1' shown as '%2' in %3 px")
                                    .arg(box->currentText(), box->shownText())
                                    .arg(box->width())));
            QVERIFY(view.rect().contains(box->geometry()));
            for (auto* other : boxes)
                QVERIFY(other == box || !other->isVisible() ||
                        !other->geometry().intersects(box->geometry()));
        }
    }
};

QTEST_MAIN(TstHeatmapBoxesFit)
#include "tst_heatmapboxesfit.moc"
