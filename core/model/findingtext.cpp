#include "core/model/findingtext.h"

#include "core/model/plural.h"
#include "core/model/timetext.h"

#include <cstdio>

namespace rs::model {

using nlohmann::json;

namespace {

std::string who(int dataRank) {
    return "rank " + std::to_string(dataRank);
}

/// "MatMulV2 1.40×, Cast 2.30×" (the first five op types) "and 3 more op types".
std::string ratioList(const json& opTypes) {
    std::string s;
    if (!opTypes.is_array()) return s;
    for (size_t i = 0; i < opTypes.size() && i < 5; ++i) {
        char b[48];
        std::snprintf(b, sizeof b, " %.2f\xc3\x97", opTypes[i].value("ratio", 0.0)); // ×
        s += (i ? ", " : "") + opTypes[i].value("op_type", std::string()) + b;
    }
    if (opTypes.size() > 5) s += " and " + std::to_string(opTypes.size() - 5) + " more op types";
    return s;
}

size_t waitingRanks(const json& affected) {
    auto it = affected.find("waiting_ranks");
    return it == affected.end() || !it->is_array() ? 0 : it->size();
}

std::string stallText(const FindingFields& f) {
    return who(f.dataRank) + " stalled in step " + std::to_string(f.step.value_or(0)) +
           ": its device was idle " + formatDuration(f.idleNs) + " before " + f.subject +
           ", which it reached last; the job lost " + formatDuration(f.lostNs) + " and " +
           counted(int64_t(waitingRanks(f.affected)), "rank", "ranks") + " waited " +
           formatDuration(f.waitedNs) + " in total";
}

/// What slow_rank and late_rank findings say about the collectives the rank arrived last in.
std::string arrivals(const FindingFields& f) {
    const int64_t last = f.affected.value("collectives", int64_t(0));
    return "it arrived last in " + std::to_string(last) + " of " + std::to_string(f.instances) +
           " collectives; the job lost " + formatDuration(f.lostNs) + " waiting for it and " +
           counted(int64_t(waitingRanks(f.affected)), "rank", "ranks") + " waited " +
           formatDuration(f.waitedNs) + " in total";
}

std::string slowRankText(const FindingFields& f) {
    return who(f.dataRank) + " is slow: " + ratioList(f.affected.value("op_types", json::array())) +
           " the other ranks' median (" + formatDuration(f.extraNs) + " of extra kernel time); " +
           arrivals(f);
}

std::string lateRankText(const FindingFields& f) {
    const std::string why = f.idleNs * 2 >= f.lostNs
                                ? " (its device was idle " + formatDuration(f.idleNs) + " before them)"
                                : " (no op type is slower on it)";
    return who(f.dataRank) + " is late: " + arrivals(f) + why;
}

std::string stragglerText(const FindingFields& f) {
    return who(f.dataRank) + " is slow in " + ratioList(f.affected.value("op_types", json::array())) +
           " the other ranks' median; " + formatDuration(f.extraNs) + " of extra kernel time" +
           (f.instances > 0 ? ", but no collective shows the other ranks waiting for it"
                            : "; the profile has no collectives to tell whether the job waited for it");
}

std::string outlierStepText(const FindingFields& f) {
    std::string s = "step " + std::to_string(f.step.value_or(0)) + " on " + who(f.dataRank) + " took " +
                    formatDuration(f.wallNs) + " (typical " + formatDuration(f.typicalNs) +
                    "): " + (f.cause ? stepCauseText(*f.cause) : std::string());
    auto ranks = f.affected.find("ranks");
    if (ranks != f.affected.end() && ranks->is_array() && ranks->size() > 1)
        s += "; " + counted(int64_t(ranks->size() - 1), "other rank was", "other ranks were") +
             " slow in it too";
    return s;
}

std::string bankAnomalyText(const FindingFields& f) {
    return "rank " + std::to_string(f.rank.value_or(0)) + " places " + f.subject + " tensors in HBM " +
           (f.banks.find(',') == std::string::npos ? "bank " : "banks ") + f.banks +
           " while the other ranks use " + f.otherBanks;
}

} // namespace

std::string findingText(const FindingFields& f) {
    switch (f.kind) {
    case FindingKind::Stall:
        return stallText(f);
    case FindingKind::SlowRank:
        return slowRankText(f);
    case FindingKind::LateRank:
        return lateRankText(f);
    case FindingKind::Straggler:
        return stragglerText(f);
    case FindingKind::OutlierStep:
        return outlierStepText(f);
    case FindingKind::BankAnomaly:
        return bankAnomalyText(f);
    }
    return {};
}

std::string stepCauseText(const StepCause& c) {
    switch (c.kind) {
    case StepCauseKind::WaitedForRank:
        return "waited " + formatDuration(c.ns) + " longer than usual in " + c.collective + " for rank " +
               std::to_string(c.lateRank.value_or(0)) + " (arrived last)";
    case StepCauseKind::WaitedForUnknown:
        return "waited " + formatDuration(c.ns) + " longer than usual in " + c.collective +
               " (the rank it waited for is not known)";
    case StepCauseKind::IdleBeforeCollective:
        return "device idle " + formatDuration(c.ns) + " before " + c.collective +
               (c.lateRank && *c.lateRank == c.rank ? " (this rank arrived last; the others waited)" : "");
    case StepCauseKind::Compute:
        return "compute grew by " + formatDuration(c.ns);
    case StepCauseKind::Preparing:
        return "preparing (step start to first device task) grew by " + formatDuration(c.ns);
    case StepCauseKind::Idle:
        return "idle time grew by " + formatDuration(c.ns);
    case StepCauseKind::Communication:
        return "communication grew by " + formatDuration(c.ns);
    case StepCauseKind::OutsideCommunication:
        return "time outside communication grew by " + formatDuration(c.ns) +
               " (no device kernel recorded says whether computing or idle)";
    }
    return {};
}

} // namespace rs::model
