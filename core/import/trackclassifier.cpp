#include "core/import/trackclassifier.h"

namespace rs::import {

std::optional<model::TrackKind> trackKindForProcess(std::string_view p, std::string_view labels) {
    using model::TrackKind;
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

} // namespace rs::import
