#pragma once
// parallel_group_info — the communication groups a rank belongs to, as torch_npu and MindSpore write it
// into profiler_metadata.json (and the .db's META_DATA): {"<HCCL comm name>": {"group_name": "pp",
// "group_rank": 0, "global_ranks": [0, 2]}}. Each entry becomes a CommGroupRow named by the hash the
// communication matrix writes after '@' (model::hcclGroupHash of the comm name), so the analysis can map
// the matrix's group-local ranks to global ones (local rank i = global_ranks[i]). Entries it cannot use
// are diagnostics. Runs on the rank's parser thread.
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace rs::import {

/// `info` is the parallel_group_info value; `source` names where it came from (profiler_metadata.json,
/// META_DATA) and `file` the file for diagnostics.
void readParallelGroups(const nlohmann::json& info, const RankState& rank, const std::string& source,
                        const std::string& file, RowEmitter& out);

/// The same from its JSON text (the .db's META_DATA value); text that is not JSON is a diagnostic.
void readParallelGroupsText(const std::string& text, const RankState& rank, const std::string& source,
                            const std::string& file, RowEmitter& out);

} // namespace rs::import
