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
            << "vectorized_elementwise_kernel<FillFunctor>";
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
        // real kernel names of the HTA samples (trace_filter, nccl_parser_config, df_index_resolver,
        // amd_trace): CUTLASS's wrapper names the instantiation (as CUTLASS's profiler and Nsight do), not
        // "Kernel" for every GEMM and convolution
        QTest::newRow("cutlass gemm")
            << "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_128x128_32x3_nt_align1>("
               "cutlass_80_tensorop_s1688gemm_128x128_32x3_nt_align1::Params)"
            << "cutlass_80_tensorop_s1688gemm_128x128_32x3_nt_align1";
        QTest::newRow("cutlass in cudnn")
            << "void cutlass_cudnn_infer::Kernel<cutlass_tensorop_s1688dgrad_optimized_tf32_64x128_32x3_nhwc_"
               "align4>(cutlass_tensorop_s1688dgrad_optimized_tf32_64x128_32x3_nhwc_align4::Params)"
            << "cutlass_tensorop_s1688dgrad_optimized_tf32_64x128_32x3_nhwc_align4";
        QTest::newRow("cutlass qualified template argument")
            << "void "
               "cutlass_cudnn_train::Kernel<cutlass_cudnn_train::reduction::kernel::ReduceSplitK<cutlass_"
               "cudnn_train::MatrixShape<4, 128>, "
               "cutlass_cudnn_train::epilogue::thread::LinearCombination<float, "
               "4, float, float, (cutlass_cudnn_train::epilogue::thread::ScaleType::Kind)0, "
               "(cutlass_cudnn_train::"
               "FloatRoundStyle)2>, cutlass_cudnn_train::reduction::thread::ReduceAdd<float, float, 4>, 4> >("
               "cutlass_cudnn_train::reduction::kernel::ReduceSplitK<cutlass_cudnn_train::MatrixShape<4, "
               "128>, "
               "cutlass_cudnn_train::epilogue::thread::LinearCombination<float, 4, float, float, "
               "(cutlass_cudnn_"
               "train::epilogue::thread::ScaleType::Kind)0, (cutlass_cudnn_train::FloatRoundStyle)2>, "
               "cutlass_"
               "cudnn_train::reduction::thread::ReduceAdd<float, float, 4>, 4>::Params)"
            << "ReduceSplitK";
        QTest::newRow("wrapper of a fundamental type") << "void cutlass::Kernel<float>(float*)"
                                                       << "Kernel";
        // Itanium-mangled: one libstdc++ demangles (g++'s own symbol for the GEMM above), one it refuses
        // (status -2; llvm-cxxfilt reads "void cutlass_cudnn_train::Kernel<cutlass_cudnn_train::conv::
        // kernel::ImplicitGemmConvolution<…Conv2dWgrad…> >(…::Params)")
        QTest::newRow("mangled")
            << "_ZN7cutlass6KernelI52cutlass_80_tensorop_s1688gemm_128x128_32x3_nt_align1EEvNT_6ParamsE"
            << "cutlass_80_tensorop_s1688gemm_128x128_32x3_nt_align1";
        QTest::newRow("mangled, refused by libstdc++")
            << QString("_ZN19cutlass_cudnn_train6KernelINS_4conv6kernel23ImplicitGemmConvolutionINS1_"
                       "11threadblock22Impl"
                       "icitGemmMultistageINS_4gemm9GemmShapeILi128ELi128ELi32EEENS4_"
                       "52Conv2dWgradOutputGradientTileAcce"
                       "ssIteratorOptimizedINS_11MatrixShapeILi128ELi32EEENS_10tfloat32_tENS_"
                       "9transform29PitchLinearWarp"
                       "RakedThreadMapINS_16PitchLinearShapeILi128ELi32EEELi128ENSF_ILi8ELi4EEELi4EEENS_"
                       "12AlignedArrayIS"
                       "C_Li4ELi16EEEEENSD_11threadblock25RegularTileAccessIteratorISB_SC_NS_"
                       "6layout40ColumnMajorTensorO"
                       "pMultiplicandCongruousILi32ELi32EEELi1ESI_Li16EEELNS_"
                       "4arch14CacheOperation4KindE0ENS4_48Conv2dWg"
                       "radActivationTileAccessIteratorOptimizedINSA_ILi32ELi128EEESC_SI_SK_EENSN_ISW_SC_NSO_"
                       "37RowMajorT"
                       "ensorOpMultiplicandCongruousILi32ELi32EEELi0ESI_Li16EEELSU_0ENS6_"
                       "11threadblock9MmaPolicyINS6_4wa"
                       "rp11MmaTensorOpINS7_ILi64ELi64ELi32EEESC_SQ_SC_SZ_fNSO_8RowMajorENS13_"
                       "17MmaTensorOpPolicyINSS_3M"
                       "maINS7_ILi16ELi8ELi8EEELi32ESC_S16_SC_NSO_11ColumnMajorEfS16_NSS_"
                       "13OpMultiplyAddEEENSA_ILi1ELi1E"
                       "EEEELi1ELb0EbEENSA_ILi0ELi0EEES1G_Li1EEELi4EbEENS_8epilogue11threadblock8EpilogueIS8_"
                       "S1F_Li1ENS1"
                       "K_22PredicatedTileIteratorINS1K_26OutputTileOptimalThreadMapINS1K_"
                       "15OutputTileShapeILi128ELi8ELi"
                       "2ELi1ELi1EEENS1O_ILi1ELi8ELi1ELi1ELi8EEELi128ELi4ELi32EEEfLb0ENSO_"
                       "9NoPermuteELb0EEENS1J_4warp24F"
                       "ragmentIteratorTensorOpIS15_S19_fNS_5ArrayIfLi4ELb1EEES16_EENS1U_"
                       "20TileIteratorTensorOpIS15_S19_"
                       "fS16_EENS1K_18SharedLoadIteratorINS1R_18CompactedThreadMapEfLi16EEENS1J_"
                       "6thread17LinearCombinati"
                       "onIfLi4EffLNS24_9ScaleType4KindE0ELNS_15FloatRoundStyleE2EEENSA_"
                       "ILi0ELi8EEELi2ELi1EEENS11_30Gemm"
                       "IdentityThreadblockSwizzleILi4EEELNS1_8OperatorE2ENS1_17Conv2dProblemSizeELNS1_"
                       "9GroupModeE0EEEEE"
                       "vNT_6ParamsE")
            << "ImplicitGemmConvolution";
        // PyTorch's TensorIterator launchers: the launch path and the functor it runs
        QTest::newRow("elementwise through gpu_kernel_impl")
            << "void at::native::elementwise_kernel<128, 2, "
               "at::native::gpu_kernel_impl<at::native::BinaryFunctor<"
               "float, float, float, at::native::binary_internal::DivFunctor<float> > "
               ">(at::TensorIteratorBase&, "
               "at::native::BinaryFunctor<float, float, float, "
               "at::native::binary_internal::DivFunctor<float> > "
               "const&)::{lambda(int)#1}>(int, at::native::gpu_kernel_impl<at::native::BinaryFunctor<float, "
               "float, float, at::native::binary_internal::DivFunctor<float> > >(at::TensorIteratorBase&, "
               "at::native::BinaryFunctor<float, float, float, "
               "at::native::binary_internal::DivFunctor<float> > "
               "const&)::{lambda(int)#1})"
            << "elementwise_kernel<DivFunctor>";
        QTest::newRow("elementwise of nested lambdas")
            << "void at::native::elementwise_kernel<128, 2, "
               "at::native::gpu_kernel_impl<at::native::direct_copy_"
               "kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() "
               "const::{lambda()#14}::operator()"
               "() const::{lambda(float)#1}>(at::TensorIteratorBase&, "
               "at::native::direct_copy_kernel_cuda(at::"
               "TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#14}::operator()() "
               "const::{lambda"
               "(float)#1} const&)::{lambda(int)#1}>(int, "
               "at::native::gpu_kernel_impl<at::native::direct_copy_"
               "kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() "
               "const::{lambda()#14}::operator()"
               "() const::{lambda(float)#1}>(at::TensorIteratorBase&, "
               "at::native::direct_copy_kernel_cuda(at::"
               "TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#14}::operator()() "
               "const::{lambda"
               "(float)#1} const&)::{lambda(int)#1})"
            << "elementwise_kernel<direct_copy_kernel_cuda>";
        QTest::newRow("reduction of a member lambda")
            << "void at::native::reduce_kernel<128, 4, at::native::ReduceOp<float, "
               "at::native::func_wrapper_t<"
               "float, at::native::sum_functor<float, float, "
               "float>::operator()(at::TensorIterator&)::{lambda("
               "float, float)#1}>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::func_"
               "wrapper_t<float, at::native::sum_functor<float, float, "
               "float>::operator()(at::TensorIterator&)::{"
               "lambda(float, float)#1}>, unsigned int, float, 4>)"
            << "reduce_kernel<sum_functor>";
        QTest::newRow("cublas gemv")
            << "std::enable_if<!(false), void>::type internal::gemvx::kernel<int, int, "
               "float, float, float, float, false, true, true, false, 7, "
               "cublasGemvParams<cublasGemvTensorStridedBatched<float const>, "
               "cublasGemvTensorStridedBatched<float const>, "
               "cublasGemvTensorStridedBatched<float>, float> >(cublasGemvParams<"
               "cublasGemvTensorStridedBatched<float const>, "
               "cublasGemvTensorStridedBatched<float const>, "
               "cublasGemvTensorStridedBatched<float>, float>)"
            << "gemvx::kernel";
        // a copy's kind and memories are what it is: pinned and pageable copies are different mechanisms
        QTest::newRow("memcpy pinned") << "Memcpy HtoD (Pinned -> Device)"
                                       << "Memcpy HtoD (Pinned -> Device)";
        QTest::newRow("memcpy pageable") << "Memcpy HtoD (Pageable -> Device)"
                                         << "Memcpy HtoD (Pageable -> Device)";
        QTest::newRow("memset") << "Memset (Device)"
                                << "Memset (Device)";
        // PyTorch's scatter/gather kernel: a lambda in a call operator template whose argument is the
        // reduction (trace_filter's rank 0 runs ReduceAdd, 1 253 µs each, and TensorAssign, 10 µs each)
        QTest::newRow("scatter_gather reduce_add")
            << "void at::native::_scatter_gather_elementwise_kernel<128, 4, "
               "at::native::_cuda_scatter_gather_internal_kernel<true, "
               "float>::operator()<at::native::ReduceAdd>("
               "at::TensorIterator&, long, long, long, at::native::ReduceAdd const&)::{lambda(int)#1}>(int, "
               "at::native::_cuda_scatter_gather_internal_kernel<true, "
               "float>::operator()<at::native::ReduceAdd>("
               "at::TensorIterator&, long, long, long, at::native::ReduceAdd const&)::{lambda(int)#1})"
            << "_scatter_gather_elementwise_kernel<ReduceAdd>";
        QTest::newRow("scatter_gather tensor_assign")
            << "void at::native::_scatter_gather_elementwise_kernel<128, 4, "
               "at::native::_cuda_scatter_gather_internal_kernel<false, at::native::OpaqueType<4> "
               ">::operator()<at::native::TensorAssign>(at::TensorIterator&, long, long, long, "
               "at::native::TensorAssign const&)::{lambda(int)#1}>(int, "
               "at::native::_cuda_scatter_gather_internal_kernel<false, at::native::OpaqueType<4> "
               ">::operator()<at::native::TensorAssign>(at::TensorIterator&, long, long, long, "
               "at::native::TensorAssign const&)::{lambda(int)#1})"
            << "_scatter_gather_elementwise_kernel<TensorAssign>";
        // a call operator template of a fundamental type names nothing: the class does
        QTest::newRow("call operator of a fundamental type") << "void ns::Functor::operator()<float>(float*)"
                                                             << "Functor";
        // ROCm Tensile: the problem type up to the macro tile and matrix instruction, not 370 bytes of
        // tuning parameters (its trailing "_4_1" is no instance number)
        QTest::newRow("tensile")
            << "Cijk_Alik_Bljk_SB_Bias_AS_SAV_UserArgs_MT64x16x32_MI16x16x1_SN_LDSB0_AFC1_AFEM1_AFEM1_ASEM1_"
               "CLR1_"
               "CADS0_EPS0_GRVWA2_GRVWB2_GSUAMB_ISA90a_IU1_K1_LBSPPA128_LBSPPB128_LBSPPM0_LPA8_LPB8_LPM0_"
               "LRVW4_"
               "LWPMn1_MIAV0_MIWT1_1_MO40_NTn1_NTA0_NTB0_NTC0_NTD0_NTM0_NEPBS2_NLCA1_NLCB1_ONLL1_PGR2_PLR1_"
               "PKA1_SIA3_"
               "SS1_SPO1_SRVW0_SSO0_SVW1_TLDS1_USFGROn1_VSn1_VWA1_VWB1_WSGRA1_WSGRB1_WS64_WG64_4_1"
            << "Cijk_Alik_Bljk_SB_Bias_AS_SAV_UserArgs_MT64x16x32_MI16x16x1";
        QTest::newRow("host op") << "aten::mm"
                                 << "aten::mm";
    }
    void derive() {
        QFETCH(QString, name);
        QFETCH(QString, opType);
        const std::string got = model::deriveOpType(name.toStdString());
        QCOMPARE(QString::fromStdString(got), opType);
        QVERIFY(!got.empty());
        // an op type is its own op type (the index's readers derive the op type of every string)
        QCOMPARE(QString::fromStdString(model::deriveOpType(got)), opType);
    }
    // a name of no known shape is cut, at a word of it, to a bounded op type
    void longNameBounded() {
        std::string name;
        for (int i = 0; name.size() < 600; ++i)
            name += "word" + std::to_string(i) + "x_";
        name += "end";
        const std::string got = model::deriveOpType(name);
        QVERIFY(got.size() <= 192);
        QVERIFY(got.size() >= 96);
        QCOMPARE(QString::fromStdString(name.substr(0, got.size())), QString::fromStdString(got));
        QCOMPARE(name[got.size()], '_');
        // a mangled name nothing reads stays bounded too
        const std::string junk = "_Z" + std::string(2000, 'Q');
        QVERIFY(model::deriveOpType(junk).size() <= 192);
        QVERIFY(!model::deriveOpType(junk).empty());
    }
};

QTEST_MAIN(TstOpType)
#include "tst_optype.moc"
