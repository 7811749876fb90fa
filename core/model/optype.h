#pragma once
// Derives a kernel's op type from its name when the source has no Type column:
// "Default/network/MatMulV2-op12" → "MatMulV2", "hcom_allReduce__586_0_1" → "hcom_allReduce_",
// "void at::native::foo_kernel<float>(float*)" → "foo_kernel", "trans_TransData_0" → "trans_TransData";
// a launcher template by what it runs ("void cutlass::Kernel<cutlass_80_…_align4>(…)" →
// "cutlass_80_…_align4", cxxkernelname.h), an Itanium-mangled name ("_ZN…") by its demangled signature. At
// most 192 bytes. Pure function; thread-safe.
#include <string>
#include <string_view>

namespace rs::model {

std::string deriveOpType(std::string_view name);

} // namespace rs::model
