#pragma once
// Itanium-mangled kernel names ("_ZN7cutlass6KernelI…EEvNT_6ParamsE"), which some Kineto traces record
// instead of the demangled signature. Pure function; thread-safe (abi::__cxa_demangle allocates its own
// buffer).
#include <string>
#include <string_view>

namespace rs::model {

/// The demangled signature of `name`, or — where libstdc++'s demangler refuses a real name (it rejects
/// CUTLASS convolution kernels LLVM's demangler reads) — its function's qualified name and first template
/// argument read off the mangling ("cutlass_cudnn_train::Kernel<conv::kernel::ImplicitGemmConvolution>").
/// Empty when `name` is not an Itanium mangling.
std::string demangledName(std::string_view name);

} // namespace rs::model
