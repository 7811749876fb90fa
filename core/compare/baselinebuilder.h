#pragma once
// Measures a BaselineRecord from an index: one run's steps (step_stat), op types (op_stat), collective
// waits (wait) and memory peaks (memory_summary). Reads only; the caller's thread.
#include "core/compare/baselinerecord.h"
#include "core/index/sqlite.h"

#include <optional>
#include <string>
#include <vector>

namespace rs::compare {

struct BuiltRecord {
    BaselineRecord record;
    std::vector<std::string> notes; ///< what the reader should know (several runs in the folder, …)
};

/// `run`: which run of the folder (default: index/defaultrun.h's rule, the run that holds the most ranks,
/// then steps, then spans, the lowest run id of equals; never the earliest start).
BuiltRecord buildRecord(index::Db& db, std::optional<int> run = std::nullopt);

} // namespace rs::compare
