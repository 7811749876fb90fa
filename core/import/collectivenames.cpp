#include "core/import/collectivenames.h"

#include "core/model/optype.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace rs::import {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), s.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           });
}

bool isCollectiveKernel(std::string_view name) {
    return startsWithNoCase(name, "hcom_") || startsWithNoCase(name, "ncclKernel") ||
           startsWithNoCase(name, "ncclDevKernel");
}

} // namespace

bool isNonComputeTask(std::string_view n) {
    if (n.empty() || isCollectiveKernel(n)) return true;
    if (startsWith(n, "Notify") || startsWith(n, "Event")) return true;
    bool lower = false, alpha = false;
    for (char c : n) {
        if (std::islower(static_cast<unsigned char>(c))) lower = true;
        if (std::isalpha(static_cast<unsigned char>(c))) alpha = true;
    }
    return alpha && !lower; // EVENT_WAIT, PROFILING_ENABLE, MEMCPY_ASYNC, SDMA: runtime tasks, not kernels
}

bool isCommunicationName(std::string_view n) {
    return isCollectiveKernel(n) || startsWith(n, "nccl:") || startsWith(n, "c10d::") ||
           startsWith(n, "gloo:");
}

std::string collectiveKind(const std::string& name) {
    if (startsWith(name, "hcom_")) return model::deriveOpType(name);
    for (std::string_view pre : {"ncclDevKernel_", "ncclKernel_"})
        if (startsWith(name, pre)) {
            std::string_view rest = std::string_view(name).substr(pre.size());
            return "nccl:" + std::string(rest.substr(0, rest.find_first_of("_(")));
        }
    return model::deriveOpType(name);
}

std::string hostOpCollective(std::string_view word) {
    std::string w; // lower case without '_': "_all_gather_base" → "allgatherbase"
    for (char ch : word)
        if (ch != '_') w += char(std::tolower(static_cast<unsigned char>(ch)));
    // longest first where one word starts another ("reducescatter" before "reduce"); suffixes such as
    // base, coalesced, intotensor or single name how it is called, not what it does
    static const std::pair<const char*, const char*> kinds[] = {
        {"allreduce", "AllReduce"}, {"allgather", "AllGather"}, {"reducescatter", "ReduceScatter"},
        {"alltoall", "AllToAll"},   {"broadcast", "Broadcast"}, {"reduce", "Reduce"},
        {"send", "Send"},           {"recv", "Recv"},           {"gather", "Gather"},
        {"scatter", "Scatter"}};
    for (const auto& [prefix, kind] : kinds)
        if (startsWith(w, prefix)) return std::string("nccl:") + kind;
    return {};
}

bool isPointToPoint(std::string_view kind) {
    std::string l;
    for (char ch : kind)
        l += char(std::tolower(static_cast<unsigned char>(ch)));
    for (const char* p : {"send", "receive", "recv"})
        if (l.find(p) != std::string::npos) return true;
    return false;
}

model::NameFacts describeName(const std::string& name) {
    model::NameFacts f;
    if (name == "Notify_Wait")
        f.task = model::TaskRole::WaitTask;
    else if (startsWith(name, "Notify"))
        f.task = model::TaskRole::SyncTask;
    else if (isCollectiveKernel(name))
        f.task = model::TaskRole::CollectiveKernel;
    f.collective = collectiveKind(name);
    f.pointToPoint = isPointToPoint(f.collective);
    f.matchBy = startsWith(f.collective, "nccl:") ? model::MatchBy::KindAndOrder : model::MatchBy::Name;
    f.compute = !isNonComputeTask(name);
    f.communication = isCommunicationName(name);
    return f;
}

std::vector<model::NameFacts> describeNames(const std::vector<std::string>& strings) {
    std::vector<model::NameFacts> out;
    out.reserve(strings.size());
    for (const auto& s : strings)
        out.push_back(describeName(s));
    return out;
}

std::pair<model::TrackRole, std::optional<int64_t>> laneRole(model::TrackKind kind, std::string_view lane) {
    const bool comm = kind == model::TrackKind::Communication;
    if (!comm && kind != model::TrackKind::Compute) return {model::TrackRole::None, std::nullopt};
    if (startsWithNoCase(lane, "Plane ")) { // a device lane too: its kernels are a plane's, never instances
        int64_t v = 0;
        const char* b = lane.data() + 6;
        auto [end, ec] = std::from_chars(b, lane.data() + lane.size(), v);
        return {model::TrackRole::CommPlane,
                ec == std::errc() && end != b ? std::optional<int64_t>(v) : std::nullopt};
    }
    // torch_npu's "Group N Communication"; CANN 6.x raw timelines' "Communication Kernel" (MindSpore names
    // its ops there after the graph node, "Default/AllReduce-op534_0")
    if (comm && (startsWithNoCase(lane, "Group") || startsWithNoCase(lane, "Communication Kernel")))
        return {model::TrackRole::CollectiveLane, std::nullopt};
    return {model::TrackRole::None, std::nullopt};
}

} // namespace rs::import
