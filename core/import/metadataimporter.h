#pragma once
// Small JSON metadata files of an Ascend rank directory, read with nlohmann_json (they are KB to a few
// MB; the hot path never uses a DOM): profiler_info_<r>.json (rank, device) and communication.json
// (per-step collective timings in ms with µs starts). Runs on a parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

bool importProfilerInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);
/// communication_matrix.json: the ranks each collective links ("src-dst" keys) become the rank's peers,
/// so a run can tell when ranks of its groups are missing from the folder.
bool importCommunicationMatrix(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);
bool importCommunication(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                         int64_t& n);

} // namespace rs::import
