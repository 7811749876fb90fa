#pragma once
// A name cut to a column's width so that what tells it apart survives: a demangled C++ kernel signature
// loses its "void " and its argument list first, then is shown as its op type (the function's name, or a
// launcher template's functor: "vectorized_elementwise_kernel<FillFunctor>", core/model/cxxkernelname.h),
// and only then is cut in the middle. Cut at its end, "void at::native::(anonymous namespace)::Cat…" and
// every other kernel of the hta samples read "void ..." (walk 24 #4). Any other name is cut in the middle
// (core/model/utf8.h). Bytes, valid UTF-8; pure, thread-safe.
#include <string>
#include <string_view>

namespace rs::model {

/// `name` in at most `maxBytes` bytes (at least 8).
std::string shortKernelName(std::string_view name, size_t maxBytes);

} // namespace rs::model
