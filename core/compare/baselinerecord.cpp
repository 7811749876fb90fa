#include "core/compare/baselinerecord.h"
#include "core/query/reportoutliers.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace rs::compare {

using nlohmann::json;

namespace {
/// A figure that may be null (not known): 0, with the record's reason field saying it is no measurement.
double numberOr0(const json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}
json stepJson(const StepStat& s) {
    return {{"median_ns", s.medianNs}, {"p95_ns", s.p95Ns}, {"steps", s.steps}};
}
StepStat stepFrom(const json& j) {
    return {j.at("median_ns").get<double>(), j.at("p95_ns").get<double>(), j.at("steps").get<int64_t>()};
}
json opsJson(const std::map<std::string, OpStat>& ops) {
    json o = json::object();
    for (const auto& [name, s] : ops)
        o[name] = {{"median_ns", s.medianNs}, {"total_ns_per_step", s.totalNsPerStep}, {"count", s.count}};
    return o;
}
std::map<std::string, OpStat> opsFrom(const json& j) {
    std::map<std::string, OpStat> ops;
    for (const auto& [name, s] : j.items())
        ops[name] = {s.at("median_ns").get<double>(), s.at("total_ns_per_step").get<double>(),
                     s.at("count").get<int64_t>()};
    return ops;
}
json memJson(const MemStat& m) {
    json j = json::object();
    if (m.peakAllocated >= 0) j["peak_allocated_bytes"] = m.peakAllocated;
    if (m.peakReserved >= 0) j["peak_reserved_bytes"] = m.peakReserved;
    return j;
}
MemStat memFrom(const json& j) {
    return {j.value("peak_allocated_bytes", int64_t(-1)), j.value("peak_reserved_bytes", int64_t(-1))};
}
json linksJson(const std::map<std::string, LinkStat>& links) {
    json a = json::array();
    for (const auto& [key, l] : links)
        a.push_back({{"src", l.src},
                     {"dst", l.dst},
                     {"transport", l.transport},
                     {"group", l.group},
                     {"scope", l.scope},
                     {"bandwidth_gbps", l.bandwidthGBps},
                     {"time_ns_per_step", l.timeNsPerStep},
                     {"group_ranks", l.groupRanks}});
    return a;
}
std::map<std::string, LinkStat> linksFrom(const json& a) {
    std::map<std::string, LinkStat> links;
    for (const auto& x : a) {
        LinkStat l{x.at("src").get<int64_t>(),
                   x.at("dst").get<int64_t>(),
                   x.at("transport").get<std::string>(),
                   x.value("group", ""),
                   x.value("scope", "global"),
                   x.at("bandwidth_gbps").get<double>(),
                   x.at("time_ns_per_step").get<double>(),
                   x.value("group_ranks", std::vector<int64_t>{})}; // absent before 2026-12
        links[l.key()] = l;
    }
    return links;
}
} // namespace

std::string LinkStat::key() const {
    return std::to_string(src) + "\xe2\x86\x92" + std::to_string(dst) + " " + transport +
           (group.empty() ? "" : " in group " + group) + (scope == "global" ? "" : " (group-local ranks)");
}

std::string LinkStat::name() const {
    if (group.empty() || groupRanks.empty()) return key();
    return std::to_string(src) + "\xe2\x86\x92" + std::to_string(dst) + " " + transport +
           " in group of ranks " + query::rankRanges(groupRanks) +
           (scope == "global" ? "" : " (group-local ranks)");
}

std::string toJson(const BaselineRecord& r, int indent) {
    json j;
    j["rankscope_baseline"] = kBaselineFormat;
    j["label"] = r.label;
    j["profile"] = r.profile;
    j["created"] = r.created;
    j["rankscope_version"] = r.rankscopeVersion;
    j["run"] = r.run;
    j["labels"] = r.labels;
    j["steps_total"] = r.stepsTotal;
    j["step_numbers"] = r.stepNumbers;
    j["step"] = stepJson(r.step);
    j["step_median"] = r.stepMedianRule;
    // not known: left out, never a 0 a script would sum (waitUnknown says why); not null either: readers of
    // this format before it read the member with value(…, 0.0), which throws on null (review of stop 50),
    // and read a missing one as 0 beside comm_wait_not_known, which they already say is not known
    const bool waitKnown = r.waitUnknown.empty();
    if (waitKnown) j["comm_wait_ns_per_step"] = r.waitNsPerStep;
    if (!r.waitUnknown.empty()) j["comm_wait_not_known"] = r.waitUnknown;
    if (!r.stepsUnknown.empty()) j["steps_not_known"] = r.stepsUnknown;
    if (!r.sourceDigest.empty()) j["sources"] = {{"digest", r.sourceDigest}, {"files", r.sourceFiles}};
    if (!r.damagedFiles.empty()) j["damaged_files"] = r.damagedFiles;
    j["memory"] = memJson(r.memory);
    j["ops"] = opsJson(r.ops);
    j["op_share"] = r.opShare;
    json ranks = json::object();
    for (const auto& [rank, s] : r.ranks) {
        json& one = ranks[std::to_string(rank)];
        one = {{"step", stepJson(s.step)}, {"memory", memJson(s.memory)}, {"ops", opsJson(s.ops)}};
        if (waitKnown) one["comm_wait_ns_per_step"] = s.waitNsPerStep;
    }
    j["ranks"] = ranks;
    json colls = json::array();
    for (const auto& [key, c] : r.collectives) {
        json steps = json::object();
        for (const auto& [step, ns] : c.transferNsByStep)
            steps[std::to_string(step)] = ns;
        colls.push_back({{"op_type", c.opType}, {"seq", c.seq}, {"transfer_ns_by_step", steps}});
    }
    j["collectives"] = colls;
    j["links"] = linksJson(r.links);
    j["banks_checked"] = r.banksChecked;
    json banks = json::array();
    for (const auto& b : r.bankAnomalies)
        banks.push_back({{"rank", b.rank},
                         {"op_type", b.opType},
                         {"banks", b.banks},
                         {"other_ranks_banks", b.otherBanks}});
    j["bank_anomalies"] = banks;
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

BaselineRecord recordFromJson(const std::string& text) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) throw std::runtime_error("not a JSON object");
    if (!j.contains("rankscope_baseline"))
        throw std::runtime_error("not a Rankscope baseline record (no rankscope_baseline)");
    if (j["rankscope_baseline"].get<int>() > kBaselineFormat)
        throw std::runtime_error("written by a newer Rankscope (format " + j["rankscope_baseline"].dump() +
                                 ")");
    try {
        BaselineRecord r;
        r.format = j["rankscope_baseline"].get<int>();
        r.label = j.value("label", "");
        r.profile = j.value("profile", "");
        r.created = j.value("created", "");
        r.rankscopeVersion = j.value("rankscope_version", "");
        r.run = j.value("run", 0);
        if (j.contains("labels")) r.labels = j["labels"].get<std::map<std::string, std::string>>();
        r.stepsTotal = j.value("steps_total", int64_t(0));
        r.stepNumbers = j.value("step_numbers", std::vector<int64_t>{}); // absent in records before 0.12
        r.step = stepFrom(j.at("step"));
        r.stepMedianRule = j.value("step_median", "mean");       // absent before the lower-median rule
        r.waitNsPerStep = numberOr0(j, "comm_wait_ns_per_step"); // null: not known (comm_wait_not_known)
        r.waitUnknown = j.value("comm_wait_not_known", "");      // absent: known (and in older records)
        r.damagedFiles = j.value("damaged_files", std::vector<std::string>());
        r.stepsUnknown = j.value("steps_not_known", "");
        if (j.contains("sources")) { // absent before 2026-12: what the record was measured from is not known
            r.sourceDigest = j["sources"].value("digest", "");
            r.sourceFiles = j["sources"].value("files", int64_t(0));
        }
        r.memory = memFrom(j.value("memory", json::object()));
        r.ops = opsFrom(j.at("ops"));
        r.opShare = j.at("op_share").get<std::map<std::string, double>>();
        for (const auto& [rank, s] : j.at("ranks").items()) {
            RankStats rs;
            rs.step = stepFrom(s.at("step"));
            rs.waitNsPerStep = numberOr0(s, "comm_wait_ns_per_step");
            rs.memory = memFrom(s.value("memory", json::object()));
            rs.ops = opsFrom(s.at("ops"));
            r.ranks[std::stoi(rank)] = rs;
        }
        for (const auto& c : j.value("collectives", json::array())) { // absent in records before 0.12
            CollectiveStat cs;
            cs.opType = c.at("op_type").get<std::string>();
            cs.seq = c.at("seq").get<int64_t>();
            for (const auto& [step, ns] : c.at("transfer_ns_by_step").items())
                cs.transferNsByStep[std::stoll(step)] = ns.get<double>();
            r.collectives[CollectiveStat::key(cs.opType, cs.seq)] = cs;
        }
        // absent before 2026-12: no link, banks not checked (neither compared)
        r.linksRecorded = j.contains("links");
        r.links = linksFrom(j.value("links", json::array()));
        r.banksChecked = j.value("banks_checked", false);
        for (const auto& b : j.value("bank_anomalies", json::array()))
            r.bankAnomalies.push_back({b.at("rank").get<int>(), b.at("op_type").get<std::string>(),
                                       b.value("banks", ""), b.value("other_ranks_banks", "")});
        return r;
    } catch (const std::exception& e) {
        throw std::runtime_error(std::string("malformed baseline record: ") + e.what());
    }
}

BaselineRecord readRecordFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot be read");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) throw std::runtime_error(path + ": empty file");
    // JSON Lines: one record per line; the last non-empty line is the newest record
    const bool lines = path.size() > 6 && path.compare(path.size() - 6, 6, ".jsonl") == 0;
    if (lines) {
        int64_t lineNo = 0, lastLine = 0;
        std::string last, line;
        std::istringstream ls(text);
        while (std::getline(ls, line)) {
            ++lineNo;
            if (line.find_first_not_of(" \t\r") != std::string::npos) last = line, lastLine = lineNo;
        }
        try {
            return recordFromJson(last);
        } catch (const std::exception& e) {
            throw std::runtime_error(path + ": line " + std::to_string(lastLine) + ": " + e.what());
        }
    }
    try {
        return recordFromJson(text);
    } catch (const std::exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

} // namespace rs::compare
