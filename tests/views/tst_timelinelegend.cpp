// The timeline's colour legend: the red hatch it names is every wait the lanes draw in it, a late rank's
// collective wait and a pipeline receive's alike (both are collective_wait rows, waitindex.cpp), so its label
// names both, as the pipeline_wait finding does ("waited in pipeline receives"); a receive is no late-rank
// wait (pipelinewait.h: no rank is blamed for it).
#include "views/common/palette.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/timelinelegend.h"

#include <QPalette>
#include <QtTest>

using namespace rs;

class TstTimelineLegend : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void theWaitSwatchNamesPipelineReceives() {
        const views::DrawList list =
            views::legendList(QPointF(0, 0), QFont(), views::FramePalette::from(QPalette()));
        // the swatch hatched in the wait colour, and the label right of it
        const QRgb wait = views::waitColor().rgba();
        const views::FillRect* swatch = nullptr;
        for (const auto* f : list.all<views::FillRect>())
            if (f->color == wait && f->hatch == views::Hatch::BDiag) swatch = f;
        QVERIFY(swatch);
        const views::Text* label = nullptr;
        for (const auto* t : list.all<views::Text>())
            if (t->rect.left() > swatch->rect.right() && (!label || t->rect.left() < label->rect.left()))
                label = t;
        QVERIFY(label);
        QCOMPARE(label->text, QString("waiting for a late rank or in a pipeline receive"));
        // the legend is as wide as its labels: none is cut
        QVERIFY(views::legendSize(QFont()).width() >= int(label->rect.right()));
    }
};

QTEST_MAIN(TstTimelineLegend)
#include "tst_timelinelegend.moc"
