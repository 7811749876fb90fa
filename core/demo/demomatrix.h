#pragma once
// What the Ascend demo writes about its communication, consistent with its one AllReduce per step: the
// world group's HCCL comm name and its hash (the matrix's '@' group, as the producers compute it), the
// parallel_group_info of profiler_metadata.json that maps the matrix's group-local ranks to global ones,
// and communication_matrix.json in the newer layout — per step, each link of the MESH AllReduce moves
// 2B/n bytes (B = 67108864 FP16 values) over the op's transit time, the rank's own copy as LOCAL, HCCS to
// every peer; samples top1/middle/bottom1 and the `total` (one op per step, so they agree). The built-in
// problem (not in --healthy): the HCCS link slowLinkSrc → slowLinkDst runs at the op's whole transit while
// the other links (every link of a --healthy run) finish in about 57 % of it — every AllReduce waits for
// that one link. Pure; any thread.
#include "core/demo/demoplan.h"

#include <cstdint>
#include <string>

namespace rs::demo {

/// The AllReduce's buffer: 67108864 FP16 values.
constexpr int64_t kDemoAllReduceBytes = 134217728;

std::string demoCommName();
/// model::hcclGroupHash(demoCommName()) as decimal text: the group after '@'.
std::string demoGroupHash();
/// Bytes one link (or the rank's own copy) moves in a step: 2B/n.
int64_t demoLinkBytes(const DemoPlan& plan);
/// The transit time of link rank → peer in step index s (ns), given the op's transit on that rank.
int64_t demoLinkTimeNs(const DemoPlan& plan, int rank, int peer, int s, int64_t opTransitNs);
/// {"parallel_group_info": {...}} for the rank's profiler_metadata.json.
std::string demoProfilerMetadata(const DemoPlan& plan, int rank);
/// `"step<N>": {"p2p": {}, "collective": {…}}` of communication_matrix.json.
std::string demoMatrixStep(const DemoPlan& plan, int rank, int s, int64_t opTransitNs);

} // namespace rs::demo
