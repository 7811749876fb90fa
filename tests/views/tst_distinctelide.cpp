// elideDistinct: labels fit the width, and two different texts never get one label — long CUDA kernel
// names share their head and their parameter list, so eliding in the middle alone made them identical;
// at any width down to the op summary column's smallest (numbered where the difference cannot show).
#include "views/common/distinctelide.h"

#include <QtTest>

using namespace rs::views;

namespace {
const QString kHead = "void at::native::(anonymous namespace)::vectorized_elementwise_kernel<4, at::native::";
const QString kTail = ", at::detail::Array<char*, 3> >(int, at::detail::Array<char*, 3>)";
} // namespace

class TstDistinctElide : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void differentTextsKeepDifferentLabels_data() {
        QTest::addColumn<QStringList>("texts");
        QTest::addColumn<int>("width");
        QTest::newRow("kernels differing in the middle")
            << QStringList{kHead + "AddFunctor<float>" + kTail, kHead + "MulFunctor<float>" + kTail} << 240;
        QTest::newRow("three, two alike to the last template argument")
            << QStringList{kHead + "AddFunctor<float>" + kTail, kHead + "AddFunctor<double>" + kTail,
                           kHead + "MulFunctor<float>" + kTail}
            << 240;
        QTest::newRow("differing at the end") << QStringList{kHead + "x", kHead + "y"} << 200;
        QTest::newRow("differing early")
            << QStringList{"void a" + kHead + kTail, "void b" + kHead + kTail} << 200;
    }
    void differentTextsKeepDifferentLabels() {
        QFETCH(QStringList, texts);
        QFETCH(int, width);
        const QFontMetrics fm(QFont("DejaVu Sans", 8));
        const std::vector<QString> in(texts.begin(), texts.end());
        const auto labels = elideDistinct(in, fm, width);
        QCOMPARE(labels.size(), in.size());
        for (size_t i = 0; i < labels.size(); ++i) {
            QVERIFY2(fm.horizontalAdvance(labels[i]) <= width, qPrintable(labels[i]));
            for (size_t j = i + 1; j < labels.size(); ++j)
                QVERIFY2(labels[i] != labels[j], qPrintable(labels[i]));
        }
    }
    void distinctAtEveryWidthTheColumnAllows() {
        // issue 19: at narrow widths the kept difference was elided away too and two names read the same
        // again; the op summary's name column is at least 20 px (opsummarynamedelegate.cpp)
        const QFontMetrics fm(QFont("DejaVu Sans", 8));
        const std::vector<QString> in = {
            kHead + "AddFunctor<float>" + kTail,
            kHead + "AddFunctor<double>" + kTail,
            kHead + "MulFunctor<float>" + kTail,
            kHead + "AddFunctor<float>" + kTail,
            "split_embedding_backward_codegen_sgd_unweighted_kernel_cta_per_row_1",
            "split_embedding_backward_codegen_sgd_weighted_kernel_cta_per_row_1"};
        for (int width = 20; width <= 400; width += 2) {
            const auto labels = elideDistinct(in, fm, width);
            for (size_t i = 0; i < labels.size(); ++i) {
                QVERIFY2(fm.horizontalAdvance(labels[i]) <= width,
                         qPrintable(QString("%1 px: %2").arg(width).arg(labels[i])));
                for (size_t j = i + 1; j < labels.size(); ++j)
                    QVERIFY2((labels[i] == labels[j]) == (in[i] == in[j]),
                             qPrintable(QString("%1 px: %2 | %3").arg(width).arg(labels[i], labels[j])));
            }
        }
    }
    void middleElisionAloneMadeThemOne() {
        // the case above is the one that failed: elided in the middle, the two kernels read the same
        const QFontMetrics fm(QFont("DejaVu Sans", 8));
        const QString a = kHead + "AddFunctor<float>" + kTail, b = kHead + "MulFunctor<float>" + kTail;
        QCOMPARE(fm.elidedText(a, Qt::ElideMiddle, 240), fm.elidedText(b, Qt::ElideMiddle, 240));
        const auto labels = elideDistinct({a, b}, fm, 240);
        QVERIFY(labels[0].contains("Add") && labels[1].contains("Mul"));
    }
    void shortAndEqualTextsAreUntouched() {
        const QFontMetrics fm(QFont("DejaVu Sans", 8));
        const auto labels = elideDistinct({"MatMul", "Add", "MatMul"}, fm, 200);
        QCOMPARE(labels, (std::vector<QString>{"MatMul", "Add", "MatMul"}));
    }
    void aLoneLongTextIsElidedInTheMiddle() {
        const QFontMetrics fm(QFont("DejaVu Sans", 8));
        const QString t =
            "Gradients/Default/network-Transformer/decoder/layers.0/attention/MatMul-op123-grad";
        QCOMPARE(elideDistinct({t, "Add"}, fm, 200)[0], fm.elidedText(t, Qt::ElideMiddle, 200));
    }
    void aKernelSignatureReadsByItsFunction_data() {
        // hta's most frequent kernels (nccl_parser_config, trace_filter): elided in the middle each read
        // "void at::native::vec…Array<char*, 3>)"; by model::shortKernelName's rule (what `stats` prints)
        // the functor that tells them apart stays
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("kept");
        QTest::newRow("add")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
               "at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>, "
               "at::detail::Array<char*, 3>)"
            << "Functor_add";
        QTest::newRow("fill")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
               "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, "
               "at::detail::Array<char*, 1>)"
            << "FillFunctor";
    }
    void aKernelSignatureReadsByItsFunction() {
        QFETCH(QString, name);
        QFETCH(QString, kept);
        const QFontMetrics fm(QFont("DejaVu Sans", 8));
        for (int width : {160, 220, 300}) {
            const QString label = elideDistinct({name, "Add"}, fm, width)[0];
            QVERIFY2(fm.horizontalAdvance(label) <= width, qPrintable(label));
            QVERIFY2(!label.startsWith("void "), qPrintable(label));
            QVERIFY2(label.contains(kept), qPrintable(QString("%1 px: %2").arg(width).arg(label)));
        }
    }
};

QTEST_MAIN(TstDistinctElide)
#include "tst_distinctelide.moc"
