#pragma once
// The timing model of the demo profile, shared by the Ascend and Kineto writers so both formats
// describe the same run. Kernel durations are regenerated on demand from a per-(rank, step) seed, so
// the plan holds only O(ranks × steps) numbers and output streams in constant memory.
// Times are ns since the epoch. Not thread-safe.
#include "core/demo/demooptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::demo {

struct OpSpec {
    const char* type;
    double baseUs;
    const char* block;
    bool producesActivation; ///< forward ops whose output lives until the backward pass
};

enum class Phase { Forward, Backward, Optimizer };

struct Kernel {
    Phase phase;
    int layer;
    int index; ///< position in the layer's phase list
    const OpSpec* op;
    int64_t startNs, durNs;
    std::string name;
    std::string inputShapes; ///< as kernel_details writes it (dims by ',', inputs by ';')
};

struct StepPlan {
    int64_t startNs;      ///< host step start (same on every rank: the previous AllReduce synchronised them)
    int64_t maxArrivalNs; ///< the last rank's arrival at the AllReduce
    int64_t allReduceEndNs;
    int64_t endNs;                  ///< ProfilerStep end
    std::vector<int64_t> arrivalNs; ///< per rank
    std::vector<int64_t> computeEndNs;
    std::vector<int64_t> prepNs;
    int lastRank;
};

class DemoPlan {
  public:
    explicit DemoPlan(const DemoOptions& o);
    const DemoOptions& options() const { return m_opt; }
    const DemoTruth& truth() const { return m_truth; }
    const StepPlan& step(int s) const { return m_steps[size_t(s)]; } ///< s in [0, steps)
    int64_t stepNumber(int s) const { return s + 1; }                ///< ProfilerStep#N numbering
    /// The device kernels of (rank, step) in execution order (deterministic).
    std::vector<Kernel> kernels(int rank, int s) const;
    int64_t transitNs() const { return m_transitNs; }
    static const std::vector<OpSpec>& forwardOps();
    static const std::vector<OpSpec>& backwardOps();
    static const std::vector<OpSpec>& optimizerOps();
    /// The names `--scale-op` can scale: the demo's kernel op types and its AllReduce's names, sorted.
    static std::vector<std::string> scalableOps();
    /// Empty when every `--scale-op` name is one of scalableOps(); else a message naming the unknown ones
    /// and the ones the demo has (a name it lacks would scale nothing, silently).
    static std::string unknownScaleOps(const DemoOptions& o);
    /// 64-bit mix for deterministic per-item randomness.
    static uint64_t mix(uint64_t a, uint64_t b);
    static double uniform(uint64_t h); ///< in [0, 1)

  private:
    std::vector<Kernel> schedule(int rank, int s, int64_t deviceStart) const;
    DemoOptions m_opt;
    DemoTruth m_truth;
    std::vector<StepPlan> m_steps;
    int64_t m_transitNs;
};

} // namespace rs::demo
