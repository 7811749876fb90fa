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
        QCOMPARE(label->text, QString("waiting (late rank, pipeline receive)"));
        // the legend is as wide as its labels: none is cut
        QVERIFY(views::legendSize(QFont()).width() >= int(label->rect.right()));
    }
    void theWaitsHatchesAreNamedOnlyWhereTheyAreDrawn() {
        // walk 38: with View ▸ communication waits off, the key still named "waiting" and "idle before a
        // collective", hatches the lanes did not draw
        const auto texts = [](views::LegendKinds kinds) {
            QStringList out;
            const views::DrawList list =
                views::legendList(QPointF(0, 0), QFont(), views::FramePalette::from(QPalette()), kinds);
            for (const auto* t : list.all<views::Text>())
                out << t->text;
            return out.join(" | ");
        };
        const QString on = texts({}), off = texts({false, false});
        QVERIFY2(on.contains("waiting") && on.contains("idle before a collective"), qPrintable(on));
        QVERIFY2(!off.contains("waiting") && !off.contains("idle"), qPrintable(off));
        QVERIFY2(off.contains("compute") && off.contains("runtime task"), qPrintable(off));
        QVERIFY(views::legendSize(QFont(), {false, false}).width() < views::legendSize(QFont()).width());
    }
    void theCommunicationSwatchCoversItsHues() {
        // walk18a #6: cpu_only's gloo:all_reduce spans are drawn in a violet of the communication family
        // (each op type takes a hue of 200°-259°), and the legend's one blue swatch did not name it
        const views::DrawList list =
            views::legendList(QPointF(0, 0), QFont(), views::FramePalette::from(QPalette()));
        const views::Text* label = nullptr;
        for (const auto* t : list.all<views::Text>())
            if (t->text.startsWith("communication")) label = t;
        QVERIFY(label);
        QCOMPARE(label->text, QString("communication (by op type)"));
        // the swatch: the fills just left of the label
        int lo = 360, hi = -1;
        for (const auto* f : list.all<views::FillRect>())
            if (f->rect.right() <= label->rect.left() + 0.5 && f->rect.left() >= label->rect.left() - 20) {
                const int h = QColor::fromRgba(f->color).hsvHue();
                lo = std::min(lo, h), hi = std::max(hi, h);
            }
        for (const char* op : {"gloo:all_reduce", "hcom_allReduce_", "nccl:AllReduce", "Receive"}) {
            const int h = views::colorForOpType(op, true).hsvHue();
            QVERIFY2(lo <= h && h <= hi,
                     qPrintable(QString("%1: hue %2 outside %3-%4").arg(op).arg(h).arg(lo).arg(hi)));
        }
    }
    void aNarrowWidthWrapsTheLegend() {
        // the one-row legend ran past a narrow window's edge and clipped its last entries ("idle before a
        // collective" was not seen under 1500 px, stop 39): the entries flow into rows within the width
        const QFont font;
        const auto palette = views::FramePalette::from(QPalette());
        const QSize one = views::legendSize(font, {true});
        for (const int width : {one.width() + 10, one.width() / 2, 300, 120}) {
            views::DrawList list;
            views::addLegend(list, QPointF(0, 0), font, palette, {true}, width);
            const QSize size = views::legendSize(font, {true}, width);
            QStringList texts;
            for (const auto* t : list.all<views::Text>()) {
                texts << t->text;
                // every label inside the box, and the box within the width (but for one entry wider
                // than it, alone on its row)
                QVERIFY2(t->rect.right() <= size.width() && t->rect.bottom() <= size.height(),
                         qPrintable(QString("%1 px: %2").arg(width).arg(t->text)));
            }
            QCOMPARE(texts.size(), 6); // none dropped
            if (width >= 300) // an entry wider than the box alone is elided, not cut at its edge (walk 21)
                QVERIFY(texts.contains("idle before a collective") && texts.contains("not read (file cut)"));
            QVERIFY2(size.width() <= std::max(width, 60),
                     qPrintable(QString("%1 in %2").arg(size.width()).arg(width)));
            if (width > one.width()) {
                QCOMPARE(size.height(), 20);
            } else {
                QVERIFY2(size.height() > 20, qPrintable(QString::number(width)));
                if (width >= 300) QVERIFY2(size.width() <= width, qPrintable(QString::number(size.width())));
            }
        }
        // the footer makes room for the rows
        QVERIFY(views::footerHeight({}, 700, font, {true}) > views::footerHeight({}, 1900, font, {true}));
    }
};

QTEST_MAIN(TstTimelineLegend)
#include "tst_timelinelegend.moc"
