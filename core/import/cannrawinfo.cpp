#include "core/import/cannrawinfo.h"

#include "core/import/metadataimporter.h"

#include <filesystem>
#include <nlohmann/json.hpp>

namespace rs::import {

using nlohmann::json;

namespace {

/// `key` of `j` as an exact integer × unit (CANN writes these as strings of digits).
std::optional<int64_t> field(const json& j, const char* key, model::TimeUnit unit) {
    if (!j.is_object() || !j.contains(key)) return std::nullopt;
    return scaledNumber(j[key], unit);
}

/// epoch − monotonic (ns) of one anchor file's pair, "…Begin" or "…End".
std::optional<int64_t> anchorOffset(const json& j, const char* epochKey) {
    auto epoch = field(j, epochKey, model::TimeUnit::Us);
    auto mono = field(j, "clockMonotonicRaw", model::TimeUnit::Ns);
    if (!epoch || !mono) return std::nullopt;
    return model::addTimes(*epoch, -*mono);
}

/// The anchor of end_info beside `startInfo` ("start_info.0" → "end_info.0"), when there is one.
std::optional<int64_t> endOffset(const SourceFile& startInfo, RowEmitter& out) {
    namespace fs = std::filesystem;
    const fs::path p(startInfo.path);
    std::string name = p.filename().string();
    name.replace(0, 5, "end"); // start_info.N → end_info.N
    SourceFile end{(p.parent_path() / name).string(), FileKind::CannStartInfo, 0, 0, 0};
    std::error_code ec;
    if (!fs::is_regular_file(end.path, ec)) return std::nullopt;
    json j;
    std::string error;
    if (!readJsonFile(end, out, "warning", "end_info is not valid JSON", j, error)) return std::nullopt;
    return anchorOffset(j, "collectionTimeEnd");
}

/// Anchors further apart than this make the mapping doubtful (the wall clock was set during the run).
constexpr int64_t kAnchorToleranceNs = 1000000; // 1 ms

} // namespace

bool importCannInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error) {
    json j;
    if (!readJsonFile(f, out, "warning", "info.json is not valid JSON: rank and host not read", j, error))
        return false;
    if (!j.is_object()) return true;
    if (j.contains("rank_id") && j["rank_id"].is_number_integer()) {
        const int64_t r = j["rank_id"].get<int64_t>();
        if (r >= 0 && r <= INT32_MAX) { // CANN writes −1 when the job has no rank
            rank.rank = int(r);
            rank.rankFromData = true;
        }
    }
    if (j.contains("hostname") && j["hostname"].is_string()) rank.host = j["hostname"].get<std::string>();
    if (j.contains("DeviceInfo") && j["DeviceInfo"].is_array() && !j["DeviceInfo"].empty()) {
        const json& d = j["DeviceInfo"][0];
        if (d.is_object() && d.contains("id") && d["id"].is_number_integer())
            rank.deviceId = d["id"].get<int64_t>();
    }
    if (rank.source.empty()) rank.source = "ascend-cann";
    return true;
}

bool importCannStartInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error) {
    json j;
    if (!readJsonFile(f, out, "warning", "start_info is not valid JSON: no clock anchor", j, error))
        return false;
    if (j.is_discarded()) return true; // said by readJsonFile
    const auto offset = anchorOffset(j, "collectionTimeBegin");
    if (!offset) {
        out.diag(f.path, "warning",
                 "start_info without a usable collectionTimeBegin/clockMonotonicRaw pair: no clock anchor", 0,
                 "");
        return true;
    }
    rank.cannEpochOffsetNs = *offset;
    if (auto end = endOffset(f, out); end && std::llabs(*end - *offset) > kAnchorToleranceNs)
        out.diag(f.path, "warning",
                 "start_info and end_info map the monotonic clock to epoch " +
                     std::to_string(std::llabs(*end - *offset) / 1000000) +
                     " ms apart (was the wall clock set during the run?): start_info's mapping is used",
                 -1, "");
    if (rank.source.empty()) rank.source = "ascend-cann";
    return true;
}

} // namespace rs::import
