#pragma once
// The op type of a demangled C++ kernel signature: the unqualified name of the function, or — when the
// function is a launcher template whose identity is one of its template arguments — that argument's
// name. "void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_64x64_32x4_nn_align4>(…::Params)" →
// "cutlass_80_tensorop_s1688gemm_64x64_32x4_nn_align4" (the name CUTLASS's own library and profiler give
// the instantiation, not "Kernel" for every GEMM and convolution); "void
// at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, …>(…)" →
// "vectorized_elementwise_kernel<CUDAFunctor_add>" (PyTorch's launch path and the functor it runs: the
// path tells contiguous from strided, the functor which op). Lambdas name the function they are in; a
// call operator template names its functor ("_scatter_gather_elementwise_kernel<ReduceAdd>").
// Pure functions; thread-safe.
#include <string>
#include <string_view>

namespace rs::model {

/// The op type of `signature` ("void ns::f<…>(…)", "float2 f(int)", "ns::f<…>"); empty when nothing
/// before the parameter list names the function.
std::string cxxKernelOpType(std::string_view signature);

} // namespace rs::model
