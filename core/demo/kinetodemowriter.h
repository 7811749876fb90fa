#pragma once
// Writes one rank of the demo run as a PyTorch Kineto trace, rank-<N>.<time>.pt.trace.json.gz:
// distributedInfo, ProfilerStep#N, CPU ops and cudaLaunchKernel on the host, GPU kernels on stream 7,
// ncclKernel_AllReduce_* on stream 20, ac2g flows, [memory] instant events, and — as real Kineto does —
// baseTimeNanoseconds after traceEvents with ts relative to it. Streams. One thread per call.
#include "core/demo/demoplan.h"

#include <string>

namespace rs::demo {

bool writeKinetoRank(const DemoPlan& plan, int rank, const std::string& outDir, std::string& error);

/// The CUDA kernel name the Kineto demo uses for an op type (so tests know what to look for).
std::string kinetoKernelName(std::string_view opType);

} // namespace rs::demo
