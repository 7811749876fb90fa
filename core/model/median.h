#pragma once
// The one median of every figure Rankscope shows: the lower median, the ⌈n/2⌉-th smallest value (of an
// even count the lower of the two middle values). It is always a value of the list, so a median duration is
// one a kernel or a step took: walk 23 read rank 3's MatMulV2 median as 195 µs, the mean of its two modes at
// 173 µs and 217 µs, which no kernel took. It is also the nearest-rank 50th percentile, the rule of the p95
// (README). Its users: stats::QuantileSketch::median (sum_op, sum_op_name and op_stat median_ns),
// typicalStepNs (step medians), query::ranksMedianOf (the histogram's and the report's ranks' median), the
// op summary's op-type median, the absent-wait and pipeline-wait figures, the baseline record's and
// compare's figures over ranks and steps (format 2), the ranks' p50, a shape's median and a transport's link
// median (also the centre of the slow-link rule's robust z, so its threshold follows from the figures shown),
// and each kernel name's reference over ranks that op_stat's ratio_to_median ("× same kernels' median over
// ranks") divides by: of two ranks the faster reads 1.00× (r51a: their mean made trace_filter's 2.44× apart
// read 1.42× and 0.58×). stats::median is not a figure shown: it is the symmetric centre the robust judges
// take (MAD, z-scores), where two ranks must sit alike about it. Pure; any thread.
#include <vector>

namespace rs::model {

/// The lower median of `v` (reorders v); 0 for an empty list.
double lowerMedian(std::vector<double>& v);

} // namespace rs::model
