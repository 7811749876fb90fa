#pragma once
// Small JSON metadata files of an Ascend rank directory, read with nlohmann_json (they are KB to a few
// MB; the hot path never uses a DOM): profiler_info_<r>.json (rank, device) and communication.json
// (per-step collective timings in ms with µs starts). Runs on a parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace rs::import {

/// The whole of a small metadata file (decompressed), refused past 256 MiB.
bool readSmallFile(const std::string& path, std::string& text, std::string& error);
/// Reads and parses a small JSON file. false: the file cannot be read (`error` set). Text that is not
/// valid JSON is one diagnostic (`severity`, "<what>", the 0-based byte offset where it broke) and leaves
/// `j` discarded; the caller goes on without it.
bool readJsonFile(const SourceFile& f, RowEmitter& out, const char* severity, const std::string& what,
                  nlohmann::json& j, std::string& error);

bool importProfilerInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);
/// communication_matrix.json: the ranks each collective links ("src-dst" keys) become the rank's peers,
/// so a run can tell when ranks of its groups are missing from the folder.
bool importCommunicationMatrix(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);
bool importCommunication(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                         int64_t& n);

} // namespace rs::import
