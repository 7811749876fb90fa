#pragma once
// Derives a kernel's op type from its name when the source has no Type column:
// "Default/network/MatMulV2-op12" → "MatMulV2", "hcom_allReduce__586_0_1" → "hcom_allReduce_",
// "void at::native::foo_kernel<float>(float*)" → "foo_kernel", "trans_TransData_0" → "trans_TransData".
// Pure function; thread-safe.
#include <string>
#include <string_view>

namespace rs::model {

std::string deriveOpType(std::string_view name);

} // namespace rs::model
