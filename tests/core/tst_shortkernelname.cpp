// Kernel names cut for a column keep what tells them apart (core/model/shortkernelname.h): real names of
// the hta samples' trace_filter (sampled_rank-0.json.gz), where an end cut read "void ..." for every one
// (walk 24 #4); names that are no signature are cut in the middle as before.
#include "core/model/shortkernelname.h"

#include <QtTest>

using namespace rs;

class TstShortKernelName : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void keepsTheFunctionsName_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("max");
        QTest::addColumn<QString>("shown");
        QTest::newRow("fits") << "ampere_sgemm_128x64_nn" << 40 << "ampere_sgemm_128x64_nn";
        // the return type and the arguments go first: what is left fits
        QTest::newRow("arguments")
            << "void fbgemm_gpu::permute_2D_lengths_kernel<int>(int, int, int const*, int const*, int*)" << 44
            << "fbgemm_gpu::permute_2D_lengths_kernel<int>";
        // an anonymous namespace's parentheses are no argument list; the qualifiers go, then the start of the
        // template arguments (the instances differ at their end), the function's name whole
        QTest::newRow("anonymous namespace")
            << "void at::native::(anonymous namespace)::CatArrayBatchedCopy<float, unsigned int, 2, 128, "
               "1>(float*, "
               "at::native::(anonymous namespace)::CatArrInputTensorMetadata<float, unsigned int, 128, 1>, "
               "at::native::(anonymous namespace)::TensorSizeStride<unsigned int, 4u>, int, unsigned int)"
            << 40 << "CatArrayBatchedCopy<...d int, 2, 128, 1>";
        // a launcher template: its functor tells the kernels apart
        QTest::newRow("launcher")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<int>, "
               "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<int>, "
               "at::detail::Array<char*, 1>)"
            << 44 << "vectorized_elementwise_kernel<FillFunctor>";
        QTest::newRow("qualifiers")
            << "void at::native::(anonymous namespace)::CatArrayBatchedCopy<float, unsigned "
               "int, 2, 128, 1>(float*, int, unsigned int)"
            << 60 << "CatArrayBatchedCopy<float, unsigned int, 2, 128, 1>";
        QTest::newRow("no signature") << "autograd::engine::evaluate_function: AddmmBackward0" << 40
                                      << "autograd::engine::...ion: AddmmBackward0";
    }
    void keepsTheFunctionsName() {
        QFETCH(QString, name);
        QFETCH(int, max);
        QFETCH(QString, shown);
        const std::string got = model::shortKernelName(name.toStdString(), size_t(max));
        QCOMPARE(QString::fromStdString(got), shown);
        QVERIFY(got.size() <= size_t(max));
    }
};

QTEST_GUILESS_MAIN(TstShortKernelName)
#include "tst_shortkernelname.moc"
