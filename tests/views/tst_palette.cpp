// The timeline's colours tell compute from communication by hue alone, as the legend says: every compute op
// type's colour stays clear of the communication hues (a violet compute op — Kineto's "## forward ##" —
// read as communication), every communication colour is in them, and the legend's swatches are colours the
// lanes use. Stable: the same op type, the same colour.
#include "views/common/palette.h"

#include <QtTest>

using namespace rs;

class TstPalette : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void computeAndCommunicationHuesApart() {
        const auto [lo, hi] = views::kCommunicationHues;
        QStringList names = {"MatMulV2",
                             "## forward ##",
                             "## backward ##",
                             "Cast",
                             "aten::mm",
                             "hcom_allReduce_",
                             "ncclKernel_AllReduce_RING_LL_Sum_float",
                             "nccl:all_reduce"};
        for (int i = 0; i < 3000; ++i)
            names << QString("op_%1_kernel").arg(i);
        for (const QString& n : names) {
            const int compute = views::colorForOpType(n, false).hue();
            QVERIFY2(compute < lo - 15 || compute >= hi + 35,
                     qPrintable(QString("%1: compute hue %2").arg(n).arg(compute)));
            QVERIFY2(compute > 20 && compute < 340, qPrintable(n)); // not the waits' red
            const int comm = views::colorForOpType(n, true).hue();
            QVERIFY2(comm >= lo && comm < hi,
                     qPrintable(QString("%1: communication hue %2").arg(n).arg(comm)));
            QCOMPARE(views::colorForOpType(n, true), views::colorForOpType(n, true));
        }
    }
};

QTEST_MAIN(TstPalette)
#include "tst_palette.moc"
