// An op type's row names the kernels it merges, with their counts: the heatmap's row label and the op
// summary's rows (walk 27: hta's df_index_resolver row "vectorized_elementwise_kernel<MulFunctor>" is three
// kernel names and no tooltip said which). The counts are Python's over the trace's "kernel" events (1130,
// 310, 155); the list is capped with "+N more".
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/common/kernelnamestip.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/tables/opsummarymodel.h"

#include <QtTest>

using namespace rs;

namespace {
const QString kMul = "at::native::binary_internal::MulFunctor<float>";
/// The full kernel name of hta's elementwise multiply through `functor` on `arrays` operands.
QString mulKernel(const QString& functor, int arrays) {
    const QString f = QString("at::native::%1<float, float, float, %2 >").arg(functor, kMul);
    return QString(
               "void at::native::vectorized_elementwise_kernel<4, %1, at::detail::Array<char*, %2> >(int, "
               "%1, at::detail::Array<char*, %2>)")
        .arg(f)
        .arg(arrays);
}
/// The tooltip `w` shows at `at`.
QString tipAt(QWidget& w, QPoint at) {
    QToolTip::hideText();
    QHelpEvent e(QEvent::ToolTip, at, w.mapToGlobal(at));
    QApplication::sendEvent(&w, &e);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}
} // namespace

class TstKernelNamesTip : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aLongListIsCapped() {
        std::vector<std::pair<std::string, int64_t>> names;
        for (int i = 0; i < views::kKernelNamesShown + 3; ++i)
            names.push_back({"k<" + std::to_string(i) + ">", 100 - i});
        const QString tip = views::kernelNamesTip("k", names, "here");
        QVERIFY2(tip.startsWith(QString("%1 kernel names here:").arg(names.size())), qPrintable(tip));
        QCOMPARE(tip.count("<br>×"), views::kKernelNamesShown);
        QVERIFY2(tip.endsWith("<br>+3 more"), qPrintable(tip));
        QVERIFY(tip.contains("k&lt;0&gt;")); // escaped
        // one name that is the op type's own: the label says the name, the tip its count (walk 30: a
        // single-kernel row gave none where merged rows list "×N name")
        QCOMPARE(views::kernelNamesTip("k", {{"k", 4}}, "here"),
                 QString("4 kernels here, all of this one name"));
        QCOMPARE(views::kernelNamesTip("k", {}, "here"), QString());
    }
    void theMergedRowNamesItsKernels() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/hta/tests/data/df_index_resolver", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto d = std::make_shared<query::HeatmapData>(query::loadOpRankHeatmap(*ix.db));
        const std::string op = "vectorized_elementwise_kernel<MulFunctor>";
        const auto it = std::find(d->rows.begin(), d->rows.end(), op);
        QVERIFY(it != d->rows.end());
        const QString expected = "3 kernel names %1:<br>×1130 " +
                                 mulKernel("BinaryFunctor", 3).toHtmlEscaped() + "<br>×310 " +
                                 mulKernel("BUnaryFunctor", 2).toHtmlEscaped() + "<br>×155 " +
                                 mulKernel("AUnaryFunctor", 2).toHtmlEscaped();
        views::HeatmapCanvas c;
        c.setData(d);
        c.resize(c.sizeHint());
        c.show();
        QVERIFY(QTest::qWaitForWindowExposed(&c));
        const QRect cell = c.cellRect(int(it - d->rows.begin()), 0);
        const QString label = tipAt(c, QPoint(cell.left() - 20, cell.center().y()));
        QCOMPARE(label, "<b>" + QString::fromStdString(op).toHtmlEscaped() + "</b><br>" +
                            expected.arg("on the shown ranks"));
        views::OpSummaryModel m;
        m.setData(d);
        int found = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            if (m.row(r)->opType != QString::fromStdString(op)) continue;
            ++found;
            const QString tip = m.data(m.index(r, 0), Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(expected.arg("on this rank")), qPrintable(tip));
            // shown as rich text (walk 29: the op type's "<MulFunctor>" unescaped at its start made Qt take
            // the tooltip for plain text, "<br>" and "&lt;" shown as written)
            QVERIFY2(Qt::mightBeRichText(tip), qPrintable(tip));
            QVERIFY2(tip.contains(QString::fromStdString(op).toHtmlEscaped() + " on "), qPrintable(tip));
        }
        QCOMPARE(found, 1); // the trace is one rank's
    }
};

QTEST_MAIN(TstKernelNamesTip)
#include "tst_kernelnamestip.moc"
