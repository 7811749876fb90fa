#pragma once
// What a profile says about itself — framework, hardware, communication backend, user metadata — kept
// as labels per rank (the `label` table) so a baseline record can say what it measured and `compare` can
// warn when two runs differ in kind. Only what the files state is kept: a missing label stays missing.
// Called on the parser thread that owns the RankState.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace rs::import {

/// Limits that keep a hostile file from bloating the index: labels per rank, key and value bytes.
constexpr size_t kMaxLabels = 64, kMaxLabelKey = 64, kMaxLabelValue = 256;

/// Sets `key` once (the first file to say it wins); values are cut to kMaxLabelValue bytes on a UTF-8
/// boundary, empty values are not labels.
void setLabel(RankState& rank, const std::string& key, const std::string& value);

/// A key a user added (profiler_metadata.json, the .db's META_DATA): kept as `meta.<key>`, and a
/// `model` / `model_name` key (any case) also as `model`.
void setUserLabel(RankState& rank, const std::string& key, const std::string& value);

/// Kineto top-level members (raw JSON text per member, as the splitter keeps them): deviceProperties[].name
/// → hardware, distributedInfo.backend / nccl_version, and scalar members naming a version.
void labelsFromKinetoMeta(const std::map<std::string, std::string>& meta, RankState& rank);

/// profiler_info_<r>.json: the framework (torch_npu's config.common_config, MindSpore's
/// profiler_parameters or context_mode), the profiler level, MindSpore's parallel mode, scalar *version*
/// keys.
void labelsFromProfilerInfo(const nlohmann::json& info, RankState& rank);

/// profiler_metadata.json: the keys a user added (add_metadata) as `meta.<key>`; `model` / `model_name`
/// also as `model`. ENV_VARIABLES is not kept (environments hold paths and secrets, not run identity).
bool importProfilerMetadata(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);

} // namespace rs::import
