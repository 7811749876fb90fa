#pragma once
// The report of an indexed profile: a machine-readable document (the keys documented in the README) and
// a concise human summary ordered by time lost. Reads the findings persisted at index time; cheap.
// Any thread with its own connection.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>
#include <string>

namespace rs::analysis {

nlohmann::json buildReport(index::Db& db, int top);
/// `runs[{run, ranks, data_ranks, world_size, start_ns, end_ns, source, complete, note}]` (report and info).
nlohmann::json runsJson(index::Db& db);
std::string formatReport(const nlohmann::json& report, int top);

} // namespace rs::analysis
