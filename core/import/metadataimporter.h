#pragma once
// Small JSON metadata files of an Ascend rank directory, read with nlohmann_json (they are KB to a few
// MB; the hot path never uses a DOM): profiler_info_<r>.json (rank, device) and communication.json
// (per-step collective timings in ms with µs starts). Runs on a parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include "core/model/decimal.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace rs::import {

/// The whole of a small metadata file (decompressed), refused past 256 MiB.
bool readSmallFile(const std::string& path, std::string& text, std::string& error);
/// Reads and parses a small JSON file. false: the file cannot be read (`error` set). Text that is not
/// valid JSON is one diagnostic (`severity`, "<what>", the 0-based byte offset where it broke) and leaves
/// `j` discarded; the caller goes on without it.
bool readJsonFile(const SourceFile& f, RowEmitter& out, const char* severity, const std::string& what,
                  nlohmann::json& j, std::string& error);

/// A JSON number (or a numeric string) × `unit`, parsed exactly from its decimal text; nullopt when it is
/// neither or out of range. Transit sizes in MB use TimeUnit::Ms as the factor 10^6.
std::optional<int64_t> scaledNumber(const nlohmann::json& v, model::TimeUnit unit);

bool importProfilerInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);
/// communication.json's collectives: comm_op_src rows, and kept in rank.commJsonOps (tagged `fileId`)
bool importCommunication(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                         int64_t& n, int32_t fileId = -1);

} // namespace rs::import
