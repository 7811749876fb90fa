#pragma once
// The one place that defines the index's SQLite schema: storage tables, the indexes built after the
// bulk load, and the stable read-only views users and tests query (documented in core/index/SCHEMA.md).
// Bump kSchemaVersion on any change: an index with another version is rebuilt.
#include "core/index/sqlite.h"

namespace rs::index {

constexpr int kSchemaVersion = 17; // 17: .db peers (run completeness), finding texts counted in words; 16:
                                   // long_span; 15: label (profile metadata), collective.op_type

/// Pragmas for the bulk load (no journal, no sync: a failed build is simply deleted).
void applyBulkPragmas(Db& db);
/// Storage tables (empty, no secondary indexes).
void createTables(Db& db);
/// Secondary indexes, created after the load (building them before is 3–7× slower).
void createIndexes(Db& db);
/// The public SQL views: ranks, tracks, spans, steps, collectives, tensors, memory_samples,
/// diagnostics, waits, op_stats, step_breakdown.
void createViews(Db& db);

} // namespace rs::index
