#pragma once
// The tooltip lines naming the kernels an op type's row merges, with their counts (walk 27: hta's
// "vectorized_elementwise_kernel<MulFunctor>" row is three kernels and no tooltip said which). Full names,
// the most run first, capped; the data is the query API's (query::kernelNameCounts). Any thread.
#include <QString>
#include <string>
#include <utility>
#include <vector>

namespace rs::views {

/// How many names a tooltip lists before "+N more".
inline constexpr int kKernelNamesShown = 8;

/// "3 kernel names <where>:<br>×1130 void at::native::…<br>…<br>+2 more" (HTML, names escaped); of one
/// name equal to `opType` (the label says it already) its count alone, "4 kernels <where>, all of this one
/// name"; "" when `names` is empty.
QString kernelNamesTip(const std::string& opType, const std::vector<std::pair<std::string, int64_t>>& names,
                       const QString& where);

} // namespace rs::views
