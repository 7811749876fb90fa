#include "core/import/trackclassifier.h"

#include "core/import/collectivenames.h"

#include "core/model/decimal.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <tuple>

namespace rs::import {

using model::TrackKind;

std::optional<TrackKind> trackKindForProcess(std::string_view p, std::string_view labels) {
    if (p == "Ascend Hardware") return TrackKind::Compute;
    if (p == "HCCL") return TrackKind::Communication;
    if (p == "Overlap Analysis") return TrackKind::Overlap;
    if (p == "Python" || p == "CANN" || p == "MindSpore" || p == "CPU OP" || p == "Scope Layer" ||
        p.rfind("python", 0) == 0 || labels == "CPU")
        return TrackKind::Host;
    if (p == "AI Core Freq" || p == "NPU MEM" || p == "HBM" || p == "LLC" || p == "QoS" || p == "Acc PMU" ||
        p == "Stars Soc Info" || p == "PCle" || p == "HCCS" || p == "SIO" || p == "NIC" || p == "RoCE" ||
        p == "Stars Chip Trans")
        return TrackKind::Counter;
    return std::nullopt;
}

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

/// A host-named or unnamed process: device work when it ran kernels or its name or label says GPU,
/// otherwise a lane named like a stream is device work and anything else host work.
TrackKind kindFromContent(const TrackFacts& f, std::optional<TrackKind> byName, std::string_view lane) {
    const bool gpuLabel = startsWith(f.labels, "GPU") || f.process.find("GPU") != std::string_view::npos ||
                          startsWith(f.process, "gpu");
    if (f.kernelSpans > 0 || gpuLabel) return TrackKind::Compute;
    if (byName) return *byName;
    return startsWith(lane, "Stream") || startsWith(lane, "stream") ? TrackKind::Compute : TrackKind::Host;
}

/// The tid a lane shows: a Kineto tid that is a negative int32 is the unsigned 32-bit id it overflowed
/// from; any other as written (the track keeps the raw value).
std::string shownTid(const TrackFacts& f) {
    if (f.kineto)
        if (auto v = model::parseI64(f.tid); v && *v < 0 && *v >= INT32_MIN)
            return std::to_string(*v + (int64_t(1) << 32));
    return std::string(f.tid);
}

} // namespace

TrackClass classifyTrack(const TrackFacts& f) {
    if (f.annotations) { // named after its stream, beside it; never device work
        TrackFacts stream = f;
        stream.annotations = false;
        stream.kernelSpans = std::max<int64_t>(1, f.kernelSpans);
        TrackClass c = classifyTrack(stream);
        c.kind = TrackKind::Other;
        c.name += " annotations";
        c.role = model::TrackRole::None;
        c.plane.reset();
        return c;
    }
    TrackClass c;
    c.process = std::string(f.process);
    std::optional<TrackKind> kind = trackKindForProcess(f.process, f.labels);
    if (f.counter) {
        c.name = std::string(f.counterName);
        kind = TrackKind::Counter;
    } else {
        c.name = f.thread        ? std::string(*f.thread)
                 : f.tid.empty() ? std::string(f.pid)
                                 : "Thread " + shownTid(f);
    }
    if (!kind || kind == TrackKind::Host) kind = kindFromContent(f, kind, c.name);
    // CANN's raw step trace ("Step Trace(Model ID:2)" of Ascend Hardware, or a "Step Trace" process):
    // iteration markers, which as device work would fill the device's idle time
    if (!f.counter && (startsWith(c.name, "Step Trace") || f.process == "Step Trace"))
        kind = TrackKind::Other;
    if (f.format == FileKind::LegacyTimeline && !f.thread && !f.counter) {
        // MindSpore 1.x timelines are device ops: tid = stream id, pid 9000 = the AI CPU
        const bool aicpu = f.pid == "9000";
        kind = TrackKind::Compute;
        if (c.process.empty()) c.process = aicpu ? "AI CPU" : "Ascend Hardware";
        c.name = (aicpu ? "AI CPU stream " : "Stream ") + std::string(f.tid);
    }
    // a device lane whose spans are mostly NCCL kernels is a communication stream
    if (kind == TrackKind::Compute && f.ncclSpans * 2 > f.spans) kind = TrackKind::Communication;
    // Kineto names GPU streams "stream 7 ": one spelling for every format
    if ((kind == TrackKind::Compute || kind == TrackKind::Communication) &&
        f.format == FileKind::ChromeJson && startsWith(c.name, "stream"))
        c.name = "Stream " + std::string(model::trimCell(std::string_view(c.name).substr(6)));
    c.kind = *kind;
    c.sortIndex = f.processSort * 1000000 + f.threadSort;
    std::tie(c.role, c.plane) = laneRole(c.kind, c.name);
    return c;
}

void makeLaneNamesUnique(std::vector<model::TrackRow>& tracks) {
    std::map<std::string, int> seen;
    for (const auto& t : tracks)
        ++seen[t.name];
    for (auto& t : tracks)
        if (seen[t.name] > 1)
            t.name += " (" + (t.process.empty() ? "pid " + t.pid : t.process + " " + t.pid) + ")";
    std::map<std::string, int> again; // the same process name twice: number them
    for (auto& t : tracks)
        if (int n = again[t.name]++; n > 0) t.name += " #" + std::to_string(n + 1);
}

} // namespace rs::import
