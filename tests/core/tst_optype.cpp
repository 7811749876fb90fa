// deriveOpType: the op type a kernel or host op name stands for, by producer naming rule. Expected values
// are what the names mean (read off the demangled signatures and the Ascend naming scheme), not the code's
// output; an op type is never empty for a non-empty name (an empty one is a blank heatmap row).
#include "core/model/optype.h"

#include <QtTest>

using namespace rs;

class TstOpType : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void derive_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("opType");
        QTest::newRow("ascend instance suffix") << "MatMulV2_12"
                                                << "MatMulV2";
        QTest::newRow("ascend scope path") << "Default/network/MatMul-op12"
                                           << "MatMul";
        QTest::newRow("hcom") << "hcom_allReduce__123_1_1"
                              << "hcom_allReduce_";
        QTest::newRow("plain cuda kernel") << "ampere_sgemm_128x64_nn"
                                           << "ampere_sgemm_128x64_nn";
        QTest::newRow("templated in a namespace")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
               "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, at::detail::Array<char*, "
               "1>)"
            << "vectorized_elementwise_kernel";
        QTest::newRow("anonymous namespace first")
            << "void (anonymous namespace)::softmax_warp_forward<float, float, float, 10, false>(float*, "
               "float const*, int, int, int)"
            << "softmax_warp_forward";
        QTest::newRow("anonymous namespace inside")
            << "void at::native::(anonymous namespace)::CatArrayBatchedCopy<float, unsigned int, 4, 64, 64>("
               "float*, at::native::(anonymous namespace)::CatArrInputTensorMetadata<float, unsigned int, "
               "64, "
               "64>, int, int, unsigned int)"
            << "CatArrayBatchedCopy";
        QTest::newRow("nccl with params") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"
                                          << "ncclKernel_AllReduce_RING_LL_Sum_float";
        QTest::newRow("other return type") << "float2 cub::DeviceReduceKernel<int>(int)"
                                           << "DeviceReduceKernel";
        QTest::newRow("nothing before the parameters") << "(anonymous namespace)"
                                                       << "(anonymous namespace)";
        QTest::newRow("host op") << "aten::mm"
                                 << "aten::mm";
    }
    void derive() {
        QFETCH(QString, name);
        QFETCH(QString, opType);
        const std::string got = model::deriveOpType(name.toStdString());
        QCOMPARE(QString::fromStdString(got), opType);
        QVERIFY(!got.empty());
    }
};

QTEST_MAIN(TstOpType)
#include "tst_optype.moc"
