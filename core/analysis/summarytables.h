#pragma once
// The per-rank summary tables: what the rank-local passes (and the importers, for rank_info, label and
// step) leave about each rank, and everything the cross-rank passes read besides each other's outputs.
// A shard of a cluster build carries them (and the importers' per-file `diagnostic` rows); a merge copies
// them into one index and runs the cross-rank passes (analysisplan.h). Documented in core/index/SCHEMA.md.
#include "core/index/sqlite.h"

#include <string>
#include <string_view>
#include <vector>

namespace rs::analysis {

/// rank_info, label, step, sum_arrival, sum_step, sum_op, sum_op_name, sum_bank, sum_diagnostic,
/// memory_summary, comm_link_src, comm_group_src, comm_source, sum_tensor_op.
const std::vector<std::string_view>& summaryTables();
/// The tables of single events, which no cross-rank pass may read.
const std::vector<std::string_view>& perEventTables();

/// Appends the summary tables and the `diagnostic` rows of the index at `fromPath` (one whose cross-rank
/// passes have not run, e.g. built with StopAfter::Index and then the rank-local passes) to `to`, which
/// has the same schema; rank_info.run_id and clock_offset_ns are left for the cross-rank passes to fill.
void copySummaryTables(index::Db& to, const std::string& fromPath);

} // namespace rs::analysis
