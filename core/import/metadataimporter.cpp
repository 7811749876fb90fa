#include "core/import/metadataimporter.h"

#include "core/import/collectivenames.h"

#include "core/import/profilelabels.h"

#include "core/io/bytesource.h"
#include "core/model/decimal.h"
#include "core/model/jsonparse.h"
#include "core/model/utf8.h"

#include <nlohmann/json.hpp>

namespace rs::import {

using nlohmann::json;

// Numbers in these files are exact decimals in the text; json::dump gives them back as written
// (nlohmann keeps the double, so we re-serialise with enough digits and parse exactly from that).
std::optional<int64_t> scaledNumber(const json& v, model::TimeUnit unit) {
    if (v.is_string()) return model::parseScaled(v.get<std::string>(), unit);
    if (v.is_number_integer()) return model::parseScaled(std::to_string(v.get<int64_t>()), unit);
    if (v.is_number()) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
        return model::parseScaled(buf, unit);
    }
    return std::nullopt;
}

bool readSmallFile(const std::string& path, std::string& text, std::string& error) {
    auto src = io::openByteSource(path, error);
    if (!src) return false;
    char buf[65536];
    for (;;) {
        int64_t n = src->read(buf, sizeof buf);
        if (n < 0) {
            error = path + ": " + src->error();
            return false;
        }
        if (n == 0) break;
        text.append(buf, size_t(n));
        if (text.size() > (256u << 20)) {
            error = path + ": metadata file larger than 256 MiB";
            return false;
        }
    }
    return true;
}

bool readJsonFile(const SourceFile& f, RowEmitter& out, const char* severity, const std::string& what,
                  json& j, std::string& error) {
    std::string text;
    if (!readSmallFile(f.path, text, error)) return false;
    if (auto failure = model::parseJson(text, j))
        out.diag(f.path, severity, what, failure->byte, failure->message);
    return true;
}

bool importProfilerInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error) {
    std::string text;
    if (!readSmallFile(f.path, text, error)) return false;
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        out.diag(f.path, "warning", "profiler_info is not a JSON object", 0, text.substr(0, 80));
        return true;
    }
    if (j.contains("rank_id")) {
        const json& r = j["rank_id"];
        std::optional<int64_t> v;
        if (r.is_number_integer())
            v = r.get<int64_t>();
        else if (r.is_string())
            v = model::parseI64(r.get<std::string>()); // old MindSpore writes a string
        if (v && *v >= 0 && *v <= INT32_MAX) {
            rank.rank = int(*v);
            rank.rankFromData = true;
        }
    }
    // old MindSpore: "rank_size" (number or string) is the job's world size
    if (j.contains("rank_size")) {
        const json& w = j["rank_size"];
        std::optional<int64_t> v = w.is_number_integer() ? std::optional<int64_t>(w.get<int64_t>())
                                   : w.is_string()       ? model::parseI64(w.get<std::string>())
                                                         : std::nullopt;
        if (v && *v > 0) rank.worldSize = *v;
    }
    if (j.contains("device_id") && j["device_id"].is_number_integer())
        rank.deviceId = j["device_id"].get<int64_t>();
    if (j.contains("host_name") && j["host_name"].is_string()) rank.host = j["host_name"].get<std::string>();
    if (rank.source.empty()) rank.source = "ascend";
    labelsFromProfilerInfo(j, rank);
    return true;
}

namespace {

/// One op of a step's section (`opKey` "<name>@<group>") as a comm_op_src row; nullopt (said) without a
/// start.
std::optional<model::CommOpRow> communicationOp(const SourceFile& f, RowEmitter& out, int rank, int64_t step,
                                                const std::string& opKey, const json& op) {
    using model::TimeUnit;
    const json& t = op["Communication Time Info"];
    model::CommOpRow r;
    r.rank = rank;
    r.step = step;
    size_t at = opKey.find('@');
    r.name = opKey.substr(0, at);
    r.group = at == std::string::npos ? "" : opKey.substr(at + 1);
    auto get = [&](const char* k, TimeUnit u) {
        return t.contains(k) ? scaledNumber(t[k], u) : std::nullopt;
    };
    r.facts = describeName(r.name);
    auto start = get("Start Timestamp(us)", TimeUnit::Us);
    if (!start) {
        // a Send or Receive is no collective: say which it is (the name tells, as for the row)
        out.diag(f.path, "warning",
                 std::string(r.facts.pointToPoint ? "p2p op" : "collective") + " without Start Timestamp(us)",
                 -1, opKey);
        return std::nullopt;
    }
    r.startNs = *start;
    r.source = model::CommRecordSource::CommunicationJson;
    r.elapseNs = get("Elapse Time(ms)", TimeUnit::Ms).value_or(0);
    r.transitNs = get("Transit Time(ms)", TimeUnit::Ms).value_or(0);
    r.waitNs = get("Wait Time(ms)", TimeUnit::Ms).value_or(0);
    r.syncNs = get("Synchronization Time(ms)", TimeUnit::Ms).value_or(0);
    r.idleNs = get("Idle Time(ms)", TimeUnit::Ms).value_or(0);
    r.bytes = 0;
    if (op.contains("Communication Bandwidth Info") && op["Communication Bandwidth Info"].is_object()) {
        // SDMA is the DMA engine behind HCCS, PCIE and SIO: the files repeat their sum under it
        // (every op of the real samples), so adding it would count those bytes twice
        for (auto& [link, info] : op["Communication Bandwidth Info"].items()) {
            if (link != "SDMA" && info.is_object() && info.contains("Transit Size(MB)"))
                r.bytes +=
                    scaledNumber(info["Transit Size(MB)"], TimeUnit::Ms).value_or(0); // MB → bytes (10^6)
        }
    }
    return r;
}

} // namespace

bool importCommunication(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                         int64_t& n, int32_t fileId) {
    // truncated (a killed job) or damaged: the file is named with the byte offset, the rest loads
    json j;
    if (!readJsonFile(f, out, "error",
                      "communication.json is not valid JSON (truncated?): its waits are not read", j, error))
        return false;
    if (j.is_discarded()) return true;
    if (!j.is_object()) {
        out.diag(f.path, "error", "communication.json is not a JSON object: its waits are not read", 0, "");
        return true;
    }
    n = 0;
    for (auto& [stepKey, stepVal] : j.items()) {
        if (stepKey.rfind("step", 0) != 0 || !stepVal.is_object()) continue;
        auto step = model::parseI64(std::string_view(stepKey).substr(4));
        if (!step) continue;
        for (auto& [section, ops] : stepVal.items()) {
            // "p2p" holds the Send/Receive ops: comm_op_src rows alike, point-to-point by their names (the
            // msinsight sample's hcom_send__822_0 was counted in the matrix and shown nowhere else)
            if ((section != "collective" && section != "p2p") || !ops.is_object()) {
                out.diag(f.path, "info",
                         "communication.json step section other than p2p / collective: skipped", -1,
                         stepKey + "/" + section);
                continue;
            }
            for (auto& [opKey, op] : ops.items()) {
                if (opKey == "Total Op Info" || !op.is_object() || !op.contains("Communication Time Info"))
                    continue;
                auto r = communicationOp(f, out, rank.rank, *step, opKey, op);
                if (!r) continue;
                rank.commJsonOps.push_back(
                    {r->step, r->startNs, std::max<int64_t>(0, r->elapseNs), r->name, r->group, fileId});
                out.batch().commOps.push_back(std::move(*r));
                ++n;
            }
        }
    }
    return true;
}

} // namespace rs::import
