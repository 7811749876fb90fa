#include "core/demo/demoplan.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace rs::demo {

DemoTruth demoTruth(const DemoOptions& o) {
    DemoTruth t{};
    int r = std::max(1, o.ranks);
    t.slowRank = std::min(3, r - 1);
    t.stallRank = (t.slowRank + 2) % r;
    t.bankRank = (t.slowRank + 3) % r;
    t.stallStep = 1 + std::max(1, o.steps) / 2;
    t.slowLinkSrc = (t.slowRank + 6) % r;
    t.slowLinkDst =
        (t.slowLinkSrc + 4) % r == t.slowLinkSrc ? (t.slowLinkSrc + 1) % r : (t.slowLinkSrc + 4) % r;
    t.healthy = o.healthy;
    return t;
}

const std::vector<OpSpec>& DemoPlan::forwardOps() {
    static const std::vector<OpSpec> ops = {
        {"LayerNorm", 18, "attention-Attention", false},
        {"MatMulV2", 120, "attention-Attention", true},
        {"BatchMatMul", 60, "attention-Attention", true},
        {"SoftmaxV2", 25, "attention-Attention", true},
        {"BatchMatMul", 60, "attention-Attention", false},
        {"MatMulV2", 45, "attention-Attention", false},
        {"Add", 8, "attention-Attention", false},
        {"LayerNorm", 18, "mlp-FeedForward", false},
        {"MatMulV2", 160, "mlp-FeedForward", true},
        {"FastGelu", 30, "mlp-FeedForward", true},
        {"MatMulV2", 160, "mlp-FeedForward", false},
        {"Add", 8, "mlp-FeedForward", false},
        {"Cast", 6, "mlp-FeedForward", false},
    };
    return ops;
}

const std::vector<OpSpec>& DemoPlan::backwardOps() {
    static const std::vector<OpSpec> ops = {
        {"Cast", 6, "mlp-FeedForward", false},
        {"MatMulV2", 160, "mlp-FeedForward", false},
        {"MatMulV2", 160, "mlp-FeedForward", false},
        {"FastGeluGrad", 35, "mlp-FeedForward", false},
        {"MatMulV2", 160, "mlp-FeedForward", false},
        {"MatMulV2", 160, "mlp-FeedForward", false},
        {"LayerNormGrad", 30, "mlp-FeedForward", false},
        {"Add", 8, "attention-Attention", false},
        {"MatMulV2", 45, "attention-Attention", false},
        {"MatMulV2", 45, "attention-Attention", false},
        {"BatchMatMul", 60, "attention-Attention", false},
        {"BatchMatMul", 60, "attention-Attention", false},
        {"SoftmaxGrad", 30, "attention-Attention", false},
        {"BatchMatMul", 60, "attention-Attention", false},
        {"BatchMatMul", 60, "attention-Attention", false},
        {"MatMulV2", 120, "attention-Attention", false},
        {"MatMulV2", 120, "attention-Attention", false},
        {"LayerNormGrad", 30, "attention-Attention", false},
        {"Add", 8, "attention-Attention", false},
    };
    return ops;
}

const std::vector<OpSpec>& DemoPlan::optimizerOps() {
    static const std::vector<OpSpec> ops = {{"AdamApplyOneWithDecay", 40, "optimizer-AdamWeightDecay", false},
                                            {"Cast", 6, "optimizer-AdamWeightDecay", false}};
    return ops;
}

std::vector<std::string> DemoPlan::scalableOps() {
    std::set<std::string> names = {"AllReduce", "hcom_allReduce_", "nccl:AllReduce"};
    for (const auto* ops : {&forwardOps(), &backwardOps(), &optimizerOps()})
        for (const OpSpec& op : *ops)
            names.insert(op.type);
    return {names.begin(), names.end()};
}

std::string DemoPlan::unknownScaleOps(const DemoOptions& o) {
    const std::vector<std::string> known = scalableOps();
    std::string unknown, has;
    for (const auto& [name, factor] : o.scaleOp)
        if (std::find(known.begin(), known.end(), name) == known.end())
            unknown += (unknown.empty() ? "'" : ", '") + name + "'";
    if (unknown.empty()) return {};
    for (const std::string& k : known)
        has += (has.empty() ? "" : ", ") + k;
    return "the demo has no op type " + unknown + " to scale; its op types are " + has;
}

uint64_t DemoPlan::mix(uint64_t a, uint64_t b) {
    uint64_t x = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL + (a << 6) + (a >> 2));
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

double DemoPlan::uniform(uint64_t h) {
    return double(h >> 11) * (1.0 / 9007199254740992.0);
}

DemoPlan::DemoPlan(const DemoOptions& o) : m_opt(o), m_truth(demoTruth(o)) {
    m_opt.ranks = std::max(1, o.ranks);
    m_opt.steps = std::max(1, o.steps);
    m_opt.layers = std::max(1, o.layers);
    m_transitNs = 2000000 + 100000 * int64_t(m_opt.layers);
    // the step's AllReduce scales by its op type in either format's naming (transfer only: arrivals stay)
    for (const char* name : {"AllReduce", "hcom_allReduce_", "nccl:AllReduce"})
        if (auto it = m_opt.scaleOp.find(name); it != m_opt.scaleOp.end()) {
            m_transitNs = int64_t(double(m_transitNs) * it->second);
            break;
        }
    int64_t t = int64_t(1736408883000000) * 1000; // 2025-01-09, epoch ns
    for (int s = 0; s < m_opt.steps; ++s) {
        StepPlan p;
        p.startNs = t;
        p.arrivalNs.resize(size_t(m_opt.ranks));
        p.computeEndNs.resize(size_t(m_opt.ranks));
        p.prepNs.resize(size_t(m_opt.ranks));
        for (int r = 0; r < m_opt.ranks; ++r) {
            uint64_t h = mix(mix(m_opt.seed, uint64_t(r) + 1000), uint64_t(s) + 7);
            p.prepNs[size_t(r)] = int64_t(150000 * (0.9 + 0.2 * uniform(h)));
            auto ks = schedule(r, s, t + p.prepNs[size_t(r)]);
            int64_t end = ks.empty() ? t : ks.back().startNs + ks.back().durNs;
            p.computeEndNs[size_t(r)] = end;
            bool stall = !m_truth.healthy && r == m_truth.stallRank && stepNumber(s) == m_truth.stallStep;
            p.arrivalNs[size_t(r)] = end + 2000 + (stall ? m_truth.stallNs : 0);
        }
        auto it = std::max_element(p.arrivalNs.begin(), p.arrivalNs.end());
        p.maxArrivalNs = *it;
        p.lastRank = int(it - p.arrivalNs.begin());
        uint64_t h = mix(mix(m_opt.seed, 99), uint64_t(s));
        p.allReduceEndNs = p.maxArrivalNs + int64_t(double(m_transitNs) * (0.97 + 0.06 * uniform(h)));
        p.endNs = p.allReduceEndNs + 30000;
        m_steps.push_back(std::move(p));
        t = m_steps.back().endNs + 50000;
    }
}

std::vector<Kernel> DemoPlan::schedule(int rank, int s, int64_t deviceStart) const {
    std::vector<Kernel> out;
    int64_t t = deviceStart;
    bool slow = !m_truth.healthy && rank == m_truth.slowRank;
    auto emit = [&](Phase ph, int layer, int idx, const OpSpec& op) {
        uint64_t h = mix(mix(mix(m_opt.seed, uint64_t(rank)), uint64_t(s) * 131 + uint64_t(layer)),
                         uint64_t(ph) * 1000 + uint64_t(idx));
        double us = op.baseUs * (0.97 + 0.06 * uniform(h));
        const int seq = demoSeqLen(m_opt, s);
        if (m_opt.shapeSweep) { // time follows the work, plus a fixed launch cost
            us = 3.0 + (op.baseUs - 3.0) * double(seq) / 1024.0 * (0.97 + 0.06 * uniform(h));
            if (seq == kBadTilingSeq && std::string_view(op.type) == "MatMulV2") us *= kBadTiling;
        }
        if (slow && std::string_view(op.type) == "MatMulV2") us *= m_truth.slowMatMul;
        if (slow && std::string_view(op.type) == "Cast") us *= m_truth.slowCast;
        if (auto it = m_opt.scaleOp.find(op.type); it != m_opt.scaleOp.end()) us *= it->second;
        Kernel k{ph, layer, idx, &op, t, int64_t(us * 1000), {}, {}};
        const std::string act = "8," + std::to_string(seq) + ",4096";
        k.inputShapes =
            std::string_view(op.type).find("MatMul") != std::string_view::npos ? act + ";4096,4096" : act;
        const char* scope = ph == Phase::Optimizer  ? "Default/optimizer-AdamWeightDecay/"
                            : ph == Phase::Backward ? "Gradients/Default/network-TransformerLM/layers-"
                                                    : "Default/network-TransformerLM/layers-";
        int opId = layer * 100 + int(ph) * 40 + idx;
        if (ph == Phase::Optimizer)
            k.name = std::string(scope) + op.type + "-op" + std::to_string(opId);
        else
            k.name = std::string(scope) + std::to_string(layer) + "/" + op.block + "/" + op.type + "-op" +
                     std::to_string(opId);
        t += k.durNs + 1000; // 1 µs launch gap between device tasks
        out.push_back(std::move(k));
    };
    const int L = m_opt.layers;
    for (int l = 0; l < L; ++l)
        for (size_t i = 0; i < forwardOps().size(); ++i)
            emit(Phase::Forward, l, int(i), forwardOps()[i]);
    for (int l = L - 1; l >= 0; --l)
        for (size_t i = 0; i < backwardOps().size(); ++i)
            emit(Phase::Backward, l, int(i), backwardOps()[i]);
    for (int l = 0; l < L; ++l)
        for (size_t i = 0; i < optimizerOps().size(); ++i)
            emit(Phase::Optimizer, l, int(i), optimizerOps()[i]);
    return out;
}

std::vector<Kernel> DemoPlan::kernels(int rank, int s) const {
    return schedule(rank, s, m_steps[size_t(s)].startNs + m_steps[size_t(s)].prepNs[size_t(rank)]);
}

} // namespace rs::demo
