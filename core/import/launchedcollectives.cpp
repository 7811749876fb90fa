#include "core/import/launchedcollectives.h"

#include "core/formats/jsonscan.h"
#include "core/import/collectivenames.h"
#include "core/model/decimal.h"

#include <algorithm>

namespace rs::import {

namespace {

/// The "correlation" member of an args object, when it is an integer.
std::optional<int64_t> correlationOf(std::string_view args) {
    std::optional<int64_t> out;
    if (args.empty()) return out;
    formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "correlation") out = model::parseI64(v.text);
    });
    return out;
}

/// The collective a host op names: its own name for PyTorch's nccl:* annotations and c10d:: ops,
/// record_param_comms' "Collective name" arg; empty for any other op.
std::string namedCollective(std::string_view name, std::string_view args) {
    if (name.starts_with("nccl:")) return hostOpCollective(name.substr(5));
    if (name.starts_with("c10d::")) return hostOpCollective(name.substr(6)); // "c10d::alltoall_base_"
    if (name != "record_param_comms" || args.empty()) return {};
    std::string out;
    formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "Collective name" && v.kind == formats::JsonKind::String) out = hostOpCollective(v.str());
    });
    return out;
}

/// How far back from the last op begun at a launch the search for one around it goes: ops naming a
/// collective do not nest deeply (record_param_comms inside nccl:*), and a launch outside every one of them
/// would otherwise scan the thread's whole list.
constexpr int kMaxOpsBack = 16;

} // namespace

int32_t LaunchedCollectives::threadOf(std::string_view pid, std::string_view tid) {
    std::string key = std::string(pid) + '\x1f' + std::string(tid);
    auto [it, added] = m_threads.try_emplace(std::move(key), int32_t(m_ops.size()));
    if (added) m_ops.emplace_back();
    return it->second;
}

void LaunchedCollectives::hostOp(std::string_view pid, std::string_view tid, int64_t start, int64_t end,
                                 int32_t nameId, std::string_view name, std::string_view args) {
    std::string collective = namedCollective(name, args);
    if (collective.empty()) return;
    m_ops[size_t(threadOf(pid, tid))].push_back({start, end, std::move(collective), nameId});
}

void LaunchedCollectives::launchCall(std::string_view pid, std::string_view tid, int64_t ts,
                                     std::string_view name, std::string_view args) {
    // cudaLaunchKernel, cuLaunchKernel, hipLaunchKernel, cudaLaunchKernelExC…: not memcpy or sync calls
    if (name.find("aunch") == std::string_view::npos) return;
    if (auto c = correlationOf(args)) m_launches.push_back({*c, ts, threadOf(pid, tid)});
}

void LaunchedCollectives::kernel(int64_t trackId, int64_t ts, std::string_view args) {
    if (auto c = correlationOf(args)) m_kernels.push_back({trackId, ts, *c});
}

const LaunchedCollectives::Op* LaunchedCollectives::innermostAround(int32_t thread, int64_t ts) const {
    const auto& ops = m_ops[size_t(thread)];
    // ops sorted by start: the one around ts begun last is the innermost
    auto it =
        std::upper_bound(ops.begin(), ops.end(), ts, [](int64_t t, const Op& o) { return t < o.start; });
    for (int back = 0; it != ops.begin() && back < kMaxOpsBack; ++back) {
        --it;
        if (it->end >= ts) return &*it;
    }
    return nullptr;
}

void LaunchedCollectives::emitRows(std::vector<model::LaunchCollectiveRow>& out) {
    if (m_kernels.empty()) return;
    for (auto& ops : m_ops)
        std::stable_sort(ops.begin(), ops.end(), [](const Op& a, const Op& b) { return a.start < b.start; });
    std::sort(m_launches.begin(), m_launches.end(),
              [](const Launch& a, const Launch& b) { return a.correlation < b.correlation; });
    for (const Kernel& k : m_kernels) {
        auto l = std::lower_bound(m_launches.begin(), m_launches.end(), k.correlation,
                                  [](const Launch& a, int64_t c) { return a.correlation < c; });
        // a correlation id two launches share links neither for certain
        if (l == m_launches.end() || l->correlation != k.correlation ||
            (l + 1 != m_launches.end() && (l + 1)->correlation == k.correlation))
            continue;
        if (const Op* op = innermostAround(l->thread, l->ts))
            out.push_back({k.trackId, k.ts, op->collective, isPointToPoint(op->collective), op->nameId});
    }
    m_launches.clear();
    m_kernels.clear();
}

} // namespace rs::import
