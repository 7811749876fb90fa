#pragma once
// The tensors of the demo run on one rank: weights and optimizer state for the whole run, activations
// from each forward op to the backward pass, AllReduce gradient buckets, and a cache that lives over
// three steps. Addresses follow a fixed HBM layout (4 GiB banks): weights bank 0, activations bank 1,
// optimizer state bank 2, cache bank 3, AllReduce buckets bank 5 — except on the bank-anomaly rank,
// whose buckets sit in bank 0. Pure functions of the plan.
#include "core/demo/demoplan.h"

#include <functional>
#include <optional>
#include <string>

namespace rs::demo {

struct DemoTensor {
    std::string opName, id;
    int64_t sizeBytes;
    uint64_t addr;
    int64_t allocNs;
    std::optional<int64_t> freeNs;
    int producerKernel = -1; ///< index (in DemoPlan::kernels) of the kernel that allocates it, or -1
    int freeKernel = -1;     ///< index of the kernel at whose end it is freed, or -1
};

constexpr uint64_t kDemoHbmBase = 0x12C000000000ULL; // 4 GiB aligned
constexpr int64_t kDemoBank = int64_t(4) << 30;

/// Calls fn for every tensor of `rank` allocated during step index `s` (s = -1: the persistent ones).
void forEachDemoTensor(const DemoPlan& plan, int rank, int s,
                       const std::function<void(const DemoTensor&)>& fn);

/// Step position of a time: N + fraction of the way through step N's window (to the next step's start).
double demoStepPosition(const DemoPlan& plan, int64_t ns);

} // namespace rs::demo
