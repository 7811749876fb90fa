#include "core/demo/demomatrix.h"

#include "core/model/commkeys.h"

#include <cinttypes>
#include <cstdio>

namespace rs::demo {

namespace {

/// Exact decimal text of `v` / 10^6 ("61.210624"): MB from bytes, ms from ns.
std::string millionths(int64_t v) {
    char b[48];
    std::snprintf(b, sizeof b, "%" PRId64 ".%06" PRId64, v / 1000000, v % 1000000);
    return b;
}

std::string bandwidth(int64_t bytes, int64_t ns) {
    char b[32];
    std::snprintf(b, sizeof b, "%.4f", ns > 0 ? double(bytes) / double(ns) : 0.0);
    return b;
}

std::string linkJson(int rank, int peer, int64_t bytes, int64_t ns, const std::string& opName) {
    std::string o = "\"" + std::to_string(rank) + "-" + std::to_string(peer) + "\": {\"Transport Type\": \"" +
                    (rank == peer ? "LOCAL" : "HCCS") + "\", \"Transit Size(MB)\": " + millionths(bytes) +
                    ", \"Transit Time(ms)\": " + millionths(ns) +
                    ", \"Bandwidth(GB/s)\": " + bandwidth(bytes, ns);
    if (!opName.empty()) o += ", \"Op Name\": \"" + opName + "\"";
    return o + "}";
}

} // namespace

std::string demoCommName() {
    return "192.168.10.1%eth0_60000_0_1736408883000000";
}

std::string demoGroupHash() {
    return std::to_string(model::hcclGroupHash(demoCommName()));
}

int64_t demoLinkBytes(const DemoPlan& plan) {
    return 2 * kDemoAllReduceBytes / plan.options().ranks;
}

int64_t demoLinkTimeNs(const DemoPlan& plan, int rank, int peer, int s, int64_t opTransitNs) {
    const double jitter =
        0.97 + 0.03 * DemoPlan::uniform(DemoPlan::mix(
                          DemoPlan::mix(plan.options().seed, uint64_t(rank) * 4096 + uint64_t(peer)),
                          uint64_t(s) + 31));
    if (rank == peer) return int64_t(double(opTransitNs) / 30.0 * jitter); // the on-chip copy
    const auto& t = plan.truth();
    const bool problem = !t.healthy && t.slowLinkSrc != t.slowLinkDst;
    const bool slow = problem && rank == t.slowLinkSrc && peer == t.slowLinkDst;
    // every other link, of the healthy run too, at the fast pace: the healthy run is the problem run
    // without its slow link (walk 30: its links all ran at the slow link's 14.2 GB/s, so compare against it
    // saw 63 faster links and no slower one)
    return int64_t(double(opTransitNs) * jitter * (slow ? 1.0 : t.fastLinkShare));
}

std::string demoProfilerMetadata(const DemoPlan& plan, int rank) {
    std::string ranks;
    for (int r = 0; r < plan.options().ranks; ++r)
        ranks += (r ? ", " : "") + std::to_string(r);
    return "{\n  \"parallel_group_info\": {\"" + demoCommName() +
           "\": {\"group_name\": \"default_group\", \"group_rank\": " + std::to_string(rank) +
           ", \"global_ranks\": [" + ranks + "]}}\n}\n";
}

std::string demoMatrixStep(const DemoPlan& plan, int rank, int s, int64_t opTransitNs) {
    const int64_t stepNo = plan.stepNumber(s);
    const std::string op = "hcom_allReduce__" + demoGroupHash().substr(demoGroupHash().size() - 3) + "_" +
                           std::to_string(stepNo) + "_1";
    const int64_t bytes = demoLinkBytes(plan);
    std::string o = "\"step" + std::to_string(stepNo) + "\": {\"p2p\": {}, \"collective\": {";
    // one op per step: top1, middle and bottom1 are that op, the total is its sum (bottom2/3 need ≥ 2 ops)
    const char* entries[] = {"top1", "middle", "bottom1", "total"};
    for (int e = 0; e < 4; ++e) {
        o += std::string(e ? ", " : "") + "\"allreduce-" + entries[e] + "@" + demoGroupHash() + "\": {";
        for (int peer = 0; peer < plan.options().ranks; ++peer)
            o += std::string(peer ? ", " : "") + linkJson(rank, peer, bytes,
                                                          demoLinkTimeNs(plan, rank, peer, s, opTransitNs),
                                                          e < 3 ? op : "");
        o += "}";
    }
    return o + "}}";
}

} // namespace rs::demo
