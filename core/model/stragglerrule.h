#pragma once
// Constants of the straggler rule shared by the analysis that applies it (core/analysis/opstats.h) and
// the queries that say whether it could apply (core/query/stragglercheck.h).
#include <cstdint>

namespace rs::model {

/// An op cell (one op type on one rank) with fewer kernels than this is not judged.
constexpr int kStragglerMinKernels = 3;
/// Judged ranks an op type needs before a straggler can be named: of two, one is the other's multiple and
/// nothing says whether the slower is slow or the faster fast, so neither can be called the slow one.
constexpr int kStragglerMinRanks = 3;

/// The kernel time (ns) an op cell spent beyond what the same kernels take on the other ranks: `totalNs` (the
/// cell's time in kernels other ranks ran too, op_stat.shared_total_ns) less that ÷ ratio, the ratio being
/// the cell's kernels over the same kernels' cross-rank medians (op_stat's ratio_to_median). Not (median −
/// other ranks' median) × count: an op type of several shapes has a median far from its mean (the demo's
/// MatMulV2 of 4 shapes: 55.2 ms by that, 46.6 ms spent beyond the others).
inline int64_t extraKernelNs(int64_t totalNs, double ratio) {
    if (!(ratio > 1)) return 0;
    return totalNs - int64_t(double(totalNs) / ratio + 0.5);
}

} // namespace rs::model
