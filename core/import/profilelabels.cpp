#include "core/import/profilelabels.h"

#include "core/import/parallelgroups.h"

#include "core/import/metadataimporter.h"
#include "core/model/utf8.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>

namespace rs::import {

using nlohmann::json;

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/// A scalar as text (strings unquoted, numbers and booleans as JSON writes them); objects and arrays as
/// compact JSON (add_metadata_json values).
std::string scalarText(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "";
    return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool namesVersion(const std::string& key) {
    const std::string l = lower(key);
    return l.find("version") != std::string::npos && l != "schemaversion";
}

json parseSmall(const std::string& raw) {
    if (raw.size() > (1u << 20)) return json(); // the splitter keeps at most 1 MiB per member anyway
    return json::parse(raw, nullptr, false);
}

/// Distinct device names in order of first appearance, "A + B" when a host mixes cards.
std::string deviceNames(const json& devices) {
    std::vector<std::string> names;
    for (const auto& d : devices) {
        if (!d.is_object() || !d.contains("name") || !d["name"].is_string()) continue;
        const std::string n = d["name"].get<std::string>();
        if (!n.empty() && std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    std::string out;
    for (const auto& n : names)
        out += (out.empty() ? "" : " + ") + n;
    return out;
}

} // namespace

void setLabel(RankState& rank, const std::string& key, const std::string& value) {
    if (key.empty() || value.empty() || rank.labels.count(key)) return;
    if (rank.labels.size() >= kMaxLabels) return;
    rank.labels.emplace(model::utf8Excerpt(key, kMaxLabelKey), model::utf8Excerpt(value, kMaxLabelValue));
}

void setUserLabel(RankState& rank, const std::string& key, const std::string& value) {
    const std::string l = lower(key);
    if (l == "model" || l == "model_name") setLabel(rank, "model", value);
    setLabel(rank, "meta." + key, value);
}

void labelsFromKinetoMeta(const std::map<std::string, std::string>& meta, RankState& rank) {
    setLabel(rank, "framework", "pytorch");
    if (auto it = meta.find("deviceProperties"); it != meta.end()) {
        const json d = parseSmall(it->second);
        if (d.is_array()) setLabel(rank, "hardware", deviceNames(d));
    }
    if (auto it = meta.find("distributedInfo"); it != meta.end()) {
        const json d = parseSmall(it->second);
        if (d.is_object()) {
            if (d.contains("backend")) setLabel(rank, "backend", scalarText(d["backend"]));
            if (d.contains("nccl_version")) setLabel(rank, "nccl_version", scalarText(d["nccl_version"]));
        }
    }
    for (const auto& [k, raw] : meta) {
        if (!namesVersion(k)) continue;
        const json v = parseSmall(raw);
        if (v.is_string() || v.is_number()) setLabel(rank, k, scalarText(v));
    }
}

void labelsFromProfilerInfo(const json& j, RankState& rank) {
    if (!j.is_object()) return;
    if (j.contains("config") && j["config"].is_object()) {
        const json& c = j["config"];
        // torch_npu's profiler writes its ProfilerActivity list and experimental_config here
        if (c.contains("common_config")) setLabel(rank, "framework", "torch_npu");
        if (c.contains("experimental_config") && c["experimental_config"].is_object()) {
            const json& e = c["experimental_config"];
            if (e.contains("_profiler_level"))
                setLabel(rank, "profiler_level", scalarText(e["_profiler_level"]));
            if (e.contains("_export_type")) setLabel(rank, "export_type", scalarText(e["_export_type"]));
        }
    }
    if (j.contains("profiler_parameters") || j.contains("context_mode"))
        setLabel(rank, "framework", "mindspore");
    for (const char* k : {"context_mode", "parallel_mode", "stage_num"})
        if (j.contains(k) && !j[k].is_object() && !j[k].is_array()) setLabel(rank, k, scalarText(j[k]));
    for (const auto& [k, v] : j.items())
        if (namesVersion(k) && (v.is_string() || v.is_number())) setLabel(rank, k, scalarText(v));
}

bool importProfilerMetadata(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error) {
    json j;
    if (!readJsonFile(f, out, "warning", "profiler_metadata.json is not valid JSON: its labels are not read",
                      j, error))
        return false;
    if (j.is_discarded()) return true;
    if (!j.is_object()) {
        out.diag(f.path, "warning", "profiler_metadata.json is not a JSON object: its labels are not read", 0,
                 model::utf8Excerpt(j.dump(), 80));
        return true;
    }
    // the model first: a file with more keys than kMaxLabels must not crowd out what identifies the run
    for (const auto& [k, v] : j.items())
        if (const std::string l = lower(k); l == "model" || l == "model_name")
            setUserLabel(rank, k, scalarText(v));
    for (const auto& [k, v] : j.items())
        if (k != "ENV_VARIABLES" && k != "parallel_group_info") setUserLabel(rank, k, scalarText(v));
    // the communication groups: what maps the matrix's group-local ranks to global ones
    if (auto it = j.find("parallel_group_info"); it != j.end())
        readParallelGroups(*it, rank, "profiler_metadata.json", f.path, out);
    return true;
}

} // namespace rs::import
