#pragma once
// Options of `rankscope demo` and the problems it builds in (its ground truth, used by tests).
#include <cstdint>
#include <map>
#include <string>

namespace rs::demo {

struct DemoOptions {
    int ranks = 8;
    int steps = 20;
    int layers = 4;
    uint64_t seed = 1;
    std::string format = "ascend"; ///< "ascend" or "kineto"
    bool healthy = false;          ///< switch every built-in problem off
    /// Every kernel of these op types takes this factor longer on every rank (`--scale-op MatMulV2=1.08`):
    /// a known regression for compare's tests and examples. "AllReduce" (or hcom_allReduce_, nccl:AllReduce)
    /// scales the transfer time of each step's AllReduce instead.
    std::map<std::string, double> scaleOp;
    /// A sequence-length sweep (`--shape-sweep`): step s runs sequence length 256·(1 + s mod 8), kernel times
    /// follow the work, and MatMulV2 at length 1536 has a bad tiling (×kBadTiling): the shape a `shapes`
    /// table must single out, though longer sequences take longer.
    bool shapeSweep = false;
};

constexpr int kBadTilingSeq = 1536;
constexpr double kBadTiling = 1.8;

/// The sequence length step index `s` runs (1024 without a sweep).
inline int demoSeqLen(const DemoOptions& o, int s) {
    return o.shapeSweep ? 256 * (1 + s % 8) : 1024;
}

/// The problems a non-healthy demo profile contains.
struct DemoTruth {
    int slowRank; ///< MatMulV2 ×slowMatMul, Cast ×slowCast on this card
    double slowMatMul = 1.4, slowCast = 2.3;
    int stallRank; ///< stalls stallNs before the AllReduce of stallStep
    int64_t stallStep;
    int64_t stallNs = 200000000;
    int bankRank; ///< its AllReduce buffers sit in bank 0 instead of bank 5
    int normalAllReduceBank = 5, anomalyAllReduceBank = 0;
    /// Ascend: this HCCS link takes the AllReduce's whole transit; the others finish in fastLinkShare of it
    /// (communication_matrix.json: the slow link the Communication view outlines). Equal: no such link.
    int slowLinkSrc = 0, slowLinkDst = 0;
    double fastLinkShare = 0.57;
    bool healthy;
};

DemoTruth demoTruth(const DemoOptions& o);

} // namespace rs::demo
