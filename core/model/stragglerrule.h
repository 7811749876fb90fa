#pragma once
// Constants of the straggler rule shared by the analysis that applies it (core/analysis/opstats.h) and
// the queries that say whether it could apply (core/query/stragglercheck.h).

namespace rs::model {

/// An op cell (one op type on one rank) with fewer kernels than this is not judged.
constexpr int kStragglerMinKernels = 3;
/// Judged ranks an op type needs before a straggler can be named: of two, the ratios sit symmetrically
/// about their median, so neither can be called the slow one.
constexpr int kStragglerMinRanks = 3;

} // namespace rs::model
