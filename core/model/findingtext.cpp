#include "core/model/findingtext.h"

#include "core/model/plural.h"
#include "core/model/timetext.h"
#include "core/model/waitkind.h"

#include <algorithm>
#include <climits>
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

/// " (measured in hccl_raw)" or the like: where the waits a finding counts come from (affected.wait_sources).
std::string waitedFrom(const json& affected) {
    const std::string sources = waitSourcesText(affected.value("wait_sources", json::object()));
    return sources.empty() ? sources : " (" + sources + ")";
}

std::string stallText(const FindingFields& f) {
    return who(f.dataRank) + " stalled in step " + std::to_string(f.step.value_or(0)) +
           ": its device was idle " + formatDuration(f.idleNs) + " before " + f.subject +
           ", which it reached last; the job lost " + formatDuration(f.lostNs) + " and " +
           counted(int64_t(waitingRanks(f.affected)), "rank", "ranks") + " waited " +
           formatDuration(f.waitedNs) + " in total" + waitedFrom(f.affected);
}

/// What an op type's ratio is taken against (opstats.cpp: the median over every rank that ran it, the
/// culprit's own cell included, as the Op × rank cell's tooltip says); "the other ranks' median" misread it.
constexpr const char* kAllRanksMedian = "the median of all ranks, its own included";

/// What slow_rank and late_rank findings say about the collectives the rank arrived last in.
std::string arrivals(const FindingFields& f) {
    const int64_t last = f.affected.value("collectives", int64_t(0));
    return "it arrived last in " + std::to_string(last) + " of " + std::to_string(f.instances) +
           " collectives; the job lost " + formatDuration(f.lostNs) + " waiting for it and " +
           counted(int64_t(waitingRanks(f.affected)), "rank", "ranks") + " waited " +
           formatDuration(f.waitedNs) + " in total" + waitedFrom(f.affected);
}

std::string slowRankText(const FindingFields& f) {
    return who(f.dataRank) + " is slow: " + ratioList(f.affected.value("op_types", json::array())) + " " +
           kAllRanksMedian + " (" + formatDuration(f.extraNs) + " of extra kernel time); " + arrivals(f);
}

std::string lateRankText(const FindingFields& f) {
    const std::string why = f.idleNs * 2 >= f.lostNs
                                ? " (its device was idle " + formatDuration(f.idleNs) + " before them)"
                                : " (no op type is slower on it)";
    return who(f.dataRank) + " is late: " + arrivals(f) + why;
}

std::string stragglerText(const FindingFields& f) {
    return who(f.dataRank) + " is slow in " + ratioList(f.affected.value("op_types", json::array())) + " " +
           kAllRanksMedian + "; " + formatDuration(f.extraNs) + " of extra kernel time" +
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

/// " (banks as assumed: 8 of 4 GiB …)" when the finding's bank layout is the default, not the card's.
std::string assumedLayoutText(const json& affected) {
    if (affected.value("bank_layout", "") != "assumed") return {};
    const int64_t size = affected.value("bank_size_bytes", int64_t(0));
    const std::string sizeText = size > 0 && size % (int64_t(1) << 30) == 0
                                     ? std::to_string(size >> 30) + " GiB"
                                     : std::to_string(size) + " bytes";
    return " (banks as assumed: " + std::to_string(affected.value("bank_count", 0)) + " of " + sizeText +
           " from the lowest address; a rankscope-device.json beside the profile gives the card's)";
}

std::string bankAnomalyText(const FindingFields& f) {
    return who(f.dataRank) + " places " + f.subject + " tensors in HBM " +
           (f.banks.find(',') == std::string::npos ? "bank " : "banks ") + f.banks +
           " while the other ranks use " + f.otherBanks + assumedLayoutText(f.affected);
}

/// "ranks 0, 1" (the first eight, then "and N more") from a JSON array of rank numbers.
std::string rankNames(const json& ranks) {
    if (!ranks.is_array() || ranks.empty()) return "no rank";
    std::string s = ranks.size() == 1 ? "rank " : "ranks ";
    for (size_t i = 0; i < ranks.size() && i < 8; ++i)
        s += (i ? ", " : "") + std::to_string(ranks[i].get<int64_t>());
    if (ranks.size() > 8) s += " and " + std::to_string(ranks.size() - 8) + " more";
    return s;
}

/// "Receive-op663" or "Receive-op1005, Receive-op663 and 2 more ops".
std::string opNames(const json& ops) {
    if (!ops.is_array() || ops.empty()) return {};
    std::string s;
    for (size_t i = 0; i < ops.size() && i < 2; ++i)
        s += (i ? ", " : "") + ops[i].get<std::string>();
    if (ops.size() > 2) s += " and " + counted(int64_t(ops.size() - 2), "more op", "more ops");
    return s;
}

/// What the other ranks did meanwhile (the data's only word on what the waiting ones waited for). They may
/// have waited too, only less by the rule: cluster_propose's ranks 2, 3 wait ~2 s in step 1's receives,
/// nearly all before ranks 0, 1 had begun it, which the rule does not count (walk 14: "which did not wait").
std::string othersText(const json& others) {
    const json ranks = others.value("ranks", json::array()), busy = others.value("busy_ns", json::array());
    if (!ranks.is_array() || ranks.empty() || busy.size() != ranks.size()) return {};
    int64_t lo = INT64_MAX, hi = 0;
    for (const auto& b : busy)
        lo = std::min(lo, b.get<int64_t>()), hi = std::max(hi, b.get<int64_t>());
    const std::string what = others.value("busy", "") == "compute" ? "computing" : "outside communication";
    const std::string low = formatDuration(lo), high = formatDuration(hi); // "122 ms", not "122 ms–122 ms"
    return "; " + rankNames(ranks) +
           ", whose receive waits stayed under a quarter of their steps once every rank had begun "
           "them, spent " +
           low + (high != low ? "–" + high : "") + " of each step " + what + " (median)";
}

std::string pipelineWaitText(const FindingFields& f) {
    const json& a = f.affected;
    const int64_t steps = a.contains("steps") && a["steps"].is_array() ? int64_t(a["steps"].size()) : 0;
    std::string s = rankNames(a.value("waiting_data_ranks", json::array())) +
                    " waited in pipeline receives (" + opNames(a.value("ops", json::array())) + ") " +
                    formatDuration(a.value("per_step_wait_ns", int64_t(0))) + " of each " +
                    formatDuration(a.value("per_step_wall_ns", int64_t(0))) + " step (median), " +
                    formatDuration(f.lostNs) + " of wall time over " + counted(steps, "step", "steps") +
                    waitedFrom(a);
    const json sender = a.value("sender", json());
    s += sender.is_array() && !sender.empty()
             ? "; they receive from " + rankNames(sender)
             : "; the data does not name the rank that sends to them (the receives' peers are not "
               "recorded as global ranks)";
    return s + othersText(a.value("others", json::object()));
}

std::string gbps(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g GB/s", v);
    return b;
}

std::string slowLinkText(const FindingFields& f) {
    const json& a = f.affected;
    const std::string transport = a.value("transport", "");
    std::string s = "link " + std::to_string(a.value("src", int64_t(0))) + "\xe2\x86\x92" + // →
                    std::to_string(a.value("dst", int64_t(0))) + " (" + transport + ") ran at " +
                    gbps(a.value("bandwidth_gbps", 0.0)) + ", under the " + transport + " links' median " +
                    gbps(a.value("median_gbps", 0.0)) + " (slow below " +
                    gbps(a.value("threshold_gbps", 0.0)) + "); its transfers took " +
                    formatDuration(a.value("time_ns", int64_t(0))) + ", " + formatDuration(f.extraNs) +
                    " more than at the median pace";
    if (a.value("scope", "") != "global") s += " (ranks as the communication group numbers them)";
    return s + "; the matrix does not say whether the collectives waited for it";
}

} // namespace

std::string waitSourcesText(const json& bySource) {
    if (!bySource.is_object() || bySource.empty()) return {};
    if (bySource.size() == 1) return waitSourceText(bySource.begin().key());
    // measured first (by source name), the inferred part last
    std::string measured, inferred;
    for (const auto& [source, ns] : bySource.items()) {
        const std::string part = formatDuration(ns.get<int64_t>()) + " " + waitSourceText(source);
        if (source == kInferredWaitSource)
            inferred = part;
        else
            measured += (measured.empty() ? "" : ", ") + part;
    }
    return measured + (measured.empty() || inferred.empty() ? "" : ", ") + inferred;
}

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
    case FindingKind::PipelineWait:
        return pipelineWaitText(f);
    case FindingKind::SlowLink:
        return slowLinkText(f);
    }
    return {};
}

std::string stepCauseText(const StepCause& c) {
    switch (c.kind) {
    case StepCauseKind::WaitedForRank:
        return "waited " + formatDuration(c.ns) + " longer than usual in " + c.collective + " for " +
               who(c.lateDataRank.value_or(c.lateRank.value_or(0))) + " (arrived last)";
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
