#include "core/demo/demomemory.h"

#include <algorithm>

namespace rs::demo {

void forEachDemoTensor(const DemoPlan& plan, int rank, int s,
                       const std::function<void(const DemoTensor&)>& fn) {
    const auto& o = plan.options();
    const auto& truth = plan.truth();
    const int L = o.layers;
    std::string prefix = "t" + std::to_string(rank) + "_";
    if (s < 0) {
        int64_t start = plan.step(0).startNs;
        int64_t w = std::min<int64_t>(int64_t(64) << 20, (int64_t(1536) << 20) / (4 * L));
        for (int l = 0; l < L; ++l)
            for (int k = 0; k < 4; ++k) {
                int i = l * 4 + k;
                fn({"Parameter", prefix + "w" + std::to_string(i), w,
                    kDemoHbmBase + uint64_t(i) * uint64_t(w), start, std::nullopt});
                fn({"AdamState", prefix + "m" + std::to_string(i), 2 * w,
                    kDemoHbmBase + 2 * uint64_t(kDemoBank) + uint64_t(i) * uint64_t(2 * w), start,
                    std::nullopt});
            }
        return;
    }
    const StepPlan& p = plan.step(s);
    int64_t act = std::min<int64_t>(int64_t(32) << 20, (int64_t(3584) << 20) / (5 * L));
    auto ks = plan.kernels(rank, s);
    // free each layer's activations when its backward pass ends
    std::vector<int64_t> bwdEnd(size_t(L), p.startNs);
    std::vector<int> bwdLast(size_t(L), -1);
    for (size_t i = 0; i < ks.size(); ++i) {
        const auto& k = ks[i];
        if (k.phase == Phase::Backward && k.startNs + k.durNs >= bwdEnd[size_t(k.layer)]) {
            bwdEnd[size_t(k.layer)] = k.startNs + k.durNs;
            bwdLast[size_t(k.layer)] = int(i);
        }
    }
    std::string stepTag = "s" + std::to_string(plan.stepNumber(s)) + "_";
    for (size_t ki = 0; ki < ks.size(); ++ki) {
        const auto& k = ks[ki];
        if (k.phase != Phase::Forward || !k.op->producesActivation) continue;
        int slot = 0;
        for (int i = 0; i < k.index; ++i)
            slot += DemoPlan::forwardOps()[size_t(i)].producesActivation;
        uint64_t addr = kDemoHbmBase + uint64_t(kDemoBank) + uint64_t(k.layer * 5 + slot) * uint64_t(act);
        fn({k.op->type, prefix + stepTag + "a" + std::to_string(k.layer * 5 + slot), act, addr,
            k.startNs + k.durNs, bwdEnd[size_t(k.layer)], int(ki), bwdLast[size_t(k.layer)]});
    }
    int64_t bucket = int64_t(64) << 20;
    bool anomaly = !truth.healthy && rank == truth.bankRank;
    uint64_t bucketBase = anomaly
                              ? kDemoHbmBase + uint64_t(kDemoBank) * uint64_t(truth.anomalyAllReduceBank) +
                                    (uint64_t(3584) << 20)
                              : kDemoHbmBase + uint64_t(kDemoBank) * uint64_t(truth.normalAllReduceBank);
    int64_t computeEnd = p.computeEndNs[size_t(rank)];
    for (int b = 0; b < 2; ++b)
        fn({"AllReduce", prefix + stepTag + "g" + std::to_string(b), bucket,
            bucketBase + uint64_t(b * bucket), computeEnd - 100000, p.allReduceEndNs});
    if (s % 3 == 0) {
        int64_t cache = int64_t(128) << 20;
        int freeIdx = s + 3;
        std::optional<int64_t> fr;
        if (freeIdx < o.steps) fr = plan.step(freeIdx).startNs;
        fn({"KVCache", prefix + stepTag + "c", cache,
            kDemoHbmBase + 3 * uint64_t(kDemoBank) + uint64_t((s / 3) % 3) * uint64_t(cache),
            p.startNs + 10000, fr});
    }
}

double demoStepPosition(const DemoPlan& plan, int64_t ns) {
    int n = plan.options().steps;
    for (int s = n - 1; s >= 0; --s) {
        const StepPlan& p = plan.step(s);
        if (ns >= p.startNs || s == 0) {
            int64_t end = s + 1 < n ? plan.step(s + 1).startNs : p.endNs;
            double frac = double(ns - p.startNs) / double(std::max<int64_t>(1, end - p.startNs));
            return double(plan.stepNumber(s)) + frac;
        }
    }
    return 1.0;
}

} // namespace rs::demo
