#include "core/index/schema.h"

#include "core/index/spanstep.h"
#include "core/index/wallfromsql.h"

namespace rs::index {

void applyBulkPragmas(Db& db) {
    db.exec("PRAGMA page_size=65536; PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
            "PRAGMA locking_mode=EXCLUSIVE; PRAGMA temp_store=MEMORY; PRAGMA cache_size=-65536;"
            "PRAGMA threads=2;");
}

void createTables(Db& db) {
    db.exec(R"SQL(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE source_file(file_id INTEGER PRIMARY KEY, path TEXT NOT NULL, format TEXT, rank INTEGER,
  size_bytes INTEGER, mtime_ns INTEGER, records INTEGER);
CREATE TABLE string(id INTEGER PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE rank_info(rank INTEGER PRIMARY KEY, device_id INTEGER, host TEXT, source TEXT,
  clock_offset_ns INTEGER NOT NULL DEFAULT 0, data_rank INTEGER, world_size INTEGER, grp INTEGER, run_id INTEGER,
  start_ns INTEGER, end_ns INTEGER, peers TEXT, clock_note TEXT, place TEXT, dir TEXT);
-- Runs: rank sources that belong to one job by what the data says (producer, world size, time window).
-- What the files say about each rank's run: framework, hardware, backend, profiler level, user metadata.
CREATE TABLE label(rank INTEGER NOT NULL, key TEXT NOT NULL, value TEXT, PRIMARY KEY(rank, key));
CREATE TABLE run(run_id INTEGER PRIMARY KEY, world_size INTEGER, rank_count INTEGER, start_ns INTEGER,
  end_ns INTEGER, source TEXT, complete INTEGER, note TEXT);
CREATE TABLE track(track_id INTEGER PRIMARY KEY, rank INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT,
  process TEXT, pid TEXT, tid TEXT, sort_index INTEGER, span_count INTEGER, max_depth INTEGER,
  aligned INTEGER NOT NULL DEFAULT 1, role TEXT, plane INTEGER);
CREATE TABLE span(span_id INTEGER PRIMARY KEY, track_id INTEGER NOT NULL, ts_ns INTEGER NOT NULL,
  dur_ns INTEGER NOT NULL, name_id INTEGER NOT NULL, op_type_id INTEGER, cat_id INTEGER, depth INTEGER NOT NULL,
  file_id INTEGER, file_offset INTEGER);
CREATE TABLE counter(track_id INTEGER NOT NULL, ts_ns INTEGER NOT NULL, value REAL);
CREATE TABLE long_span(track_id INTEGER NOT NULL, ts_ns INTEGER NOT NULL, end_ns INTEGER NOT NULL, span_id INTEGER NOT NULL);
CREATE TABLE long_span_track(track_id INTEGER PRIMARY KEY, max_dur_ns INTEGER NOT NULL);
-- Clustered in the order frames read it (a track's level by start), so no index is built after the load;
-- seq (the writer's running row number) only keeps two equal buckets apart, as a rowid did.
CREATE TABLE lod(track_id INTEGER NOT NULL, level INTEGER NOT NULL, depth INTEGER NOT NULL, start_ns INTEGER NOT NULL,
  end_ns INTEGER NOT NULL, count INTEGER NOT NULL, busy_ns INTEGER NOT NULL, name_id INTEGER, seq INTEGER NOT NULL,
  PRIMARY KEY(track_id, level, start_ns, seq)) WITHOUT ROWID;
CREATE TABLE step_src(rank INTEGER, step INTEGER, start_ns INTEGER, end_ns INTEGER, source TEXT, preparing_ns INTEGER,
  comm_recorded INTEGER);
CREATE TABLE step(rank INTEGER NOT NULL, step INTEGER NOT NULL, start_ns INTEGER NOT NULL, end_ns INTEGER NOT NULL,
  source TEXT, preparing_ns INTEGER, comm_recorded INTEGER NOT NULL DEFAULT 1, PRIMARY KEY(rank, step));
CREATE TABLE step_breakdown_src(rank INTEGER, step INTEGER, computing_ns INTEGER, comm_not_overlapped_ns INTEGER,
  overlapped_ns INTEGER, comm_ns INTEGER, free_ns INTEGER, stage_ns INTEGER, bubble_ns INTEGER, preparing_ns INTEGER);
-- msprof-analyze's own step breakdown (cluster_analysis_output/cluster_step_trace_time.csv, µs there, ns
-- here), per rank (type 'rank', rank = Index: the producer's data rank, not a rank key) and per stage (idx the
-- stage's ranks as written); step NULL where the file leaves it empty. The producer's figures: never merged
-- with the analysis' (core/import/clustersteptrace.h, core/query/producersummary.h).
CREATE TABLE producer_step(file TEXT, line INTEGER, step INTEGER, type TEXT, idx TEXT, rank INTEGER,
  computing_ns INTEGER, comm_not_overlapped_ns INTEGER, overlapped_ns INTEGER, comm_ns INTEGER, free_ns INTEGER,
  stage_ns INTEGER, bubble_ns INTEGER, comm_not_overlapped_excl_recv_ns INTEGER);
CREATE TABLE comm_op_src(rank INTEGER, step INTEGER, name TEXT, group_name TEXT, start_ns INTEGER, elapse_ns INTEGER,
  transit_ns INTEGER, wait_ns INTEGER, sync_ns INTEGER, idle_ns INTEGER, bytes INTEGER, source TEXT,
  collective TEXT, point_to_point INTEGER, match_by TEXT);
-- What the importers know about each interned name (core/model/collectivefacts.h).
CREATE TABLE name_fact(name_id INTEGER PRIMARY KEY, task TEXT, collective TEXT, point_to_point INTEGER,
  match_by TEXT, compute INTEGER NOT NULL DEFAULT 1, communication INTEGER NOT NULL DEFAULT 0);
CREATE TABLE tensor(rank INTEGER NOT NULL, tensor_id TEXT, op_name TEXT, size_bytes INTEGER, addr INTEGER,
  alloc_ns INTEGER, free_ns INTEGER, alloc_step REAL, free_step REAL, device_id INTEGER, source TEXT, bank INTEGER);
-- Communication matrix links as the sources write them (ranks as written: group-local for Ascend), the groups
-- a rank's metadata lists, and what each source held; core/analysis/commlinks resolves them into comm_link.
-- Their repeated strings (kind, op, entry, sample, group, transport, op names, source) are ids of comm_text
-- (core/index/commtext.h): a 512-rank matrix names the same few strings on millions of rows.
CREATE TABLE comm_text(id INTEGER PRIMARY KEY, value TEXT NOT NULL UNIQUE);
-- The words of comm_link's flags as the comm_links view shows them (a TEXT column: the SQL console lists
-- rank_scope and data_kind as TEXT, as before they were flags).
CREATE TABLE comm_flag(column_name TEXT NOT NULL, flag INTEGER NOT NULL, name TEXT NOT NULL,
  PRIMARY KEY(column_name, flag));
INSERT INTO comm_flag VALUES('global', 0, 'group-local'), ('global', 1, 'global'), ('logical', 0, 'link'),
  ('logical', 1, 'logical'), ('logical', 2, 'hccl_raw units');
CREATE TABLE comm_link_src(rank INTEGER NOT NULL, step INTEGER, kind_id INTEGER, op_id INTEGER, entry_id INTEGER,
  sample_id INTEGER, group_id INTEGER, src INTEGER, dst INTEGER, ranks_global INTEGER, transport_id INTEGER,
  bytes INTEGER, time_ns INTEGER, bandwidth_gbps REAL, op_count INTEGER, op_names_id INTEGER, source_id INTEGER,
  logical INTEGER);
CREATE TABLE comm_group_src(rank INTEGER NOT NULL, group_name TEXT, comm_name TEXT, label TEXT, group_rank INTEGER,
  global_ranks TEXT, source TEXT);
CREATE TABLE comm_source(rank INTEGER NOT NULL, source TEXT, file TEXT, rows INTEGER, linked INTEGER, note TEXT,
  used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE kernel_shape(rank INTEGER NOT NULL, ts_ns INTEGER NOT NULL, dur_ns INTEGER NOT NULL,
  op_type_id INTEGER, shapes_id INTEGER, dtypes_id INTEGER);
-- The collective of a kernel whose launch the trace links to a host op naming it (Kineto: the kernel's
-- correlation id, its launch call, the innermost nccl:* op or record_param_comms around that call); the
-- kernel span is the one on track_id starting at ts_ns. host_op_id: that op's name (a string id).
CREATE TABLE launch_collective(track_id INTEGER NOT NULL, ts_ns INTEGER NOT NULL, collective TEXT NOT NULL,
  point_to_point INTEGER NOT NULL, host_op_id INTEGER);
-- ts_ns NULL: a sample whose time its file does not give closely enough to place it (a spreadsheet's
-- '1.69512E+15'): counted in the peaks, never drawn (core/model/memoryrows.h)
CREATE TABLE memory_sample(rank INTEGER NOT NULL, ts_ns INTEGER, component TEXT,
  allocated_bytes INTEGER, reserved_bytes INTEGER, active_bytes INTEGER);
-- Flow arrows bound to spans by the rank-local pass flow_links (core/analysis/flowlinks.h): one row per
-- start → end (an `s` to each `f` of its key, `t` steps chained in ts order), written in src_span_id order.
-- Rank, tracks and times come from the spans (a window's arrows are found through the span index).
CREATE TABLE flow_link(cat_id INTEGER, name_id INTEGER, flow_id, src_span_id INTEGER NOT NULL,
  dst_span_id INTEGER NOT NULL);
CREATE TABLE diagnostic(file TEXT, severity TEXT, what TEXT, count INTEGER, first_offset INTEGER, excerpt TEXT);
-- Per-rank summaries, written by the rank-local analysis passes one rank at a time; with rank_info, label and
-- step they are all the cross-rank passes read (core/analysis/analysisplan.h, core/index/SCHEMA.md).
CREATE TABLE sum_arrival(arrival_id INTEGER PRIMARY KEY, rank INTEGER NOT NULL, step INTEGER NOT NULL, name TEXT,
  op_type TEXT, identity TEXT, seq INTEGER NOT NULL, point_to_point INTEGER NOT NULL, start_ns INTEGER NOT NULL,
  dur_ns INTEGER NOT NULL, wait_events_ns INTEGER, wait_json_ns INTEGER, transit_events_ns INTEGER,
  transit_json_ns INTEGER, bytes INTEGER, group_name TEXT, span_id INTEGER, source TEXT,
  gap_start_ns INTEGER NOT NULL, gap_ns INTEGER NOT NULL, wait_where TEXT);
CREATE TABLE sum_step(rank INTEGER NOT NULL, step INTEGER NOT NULL, start_ns INTEGER NOT NULL, wall_ns INTEGER,
  compute_ns INTEGER, comm_ns INTEGER, comm_overlapped_ns INTEGER, comm_not_overlapped_ns INTEGER, idle_ns INTEGER,
  preparing_ns INTEGER, source TEXT, PRIMARY KEY(rank, step));
CREATE TABLE sum_op(rank INTEGER NOT NULL, op_type TEXT NOT NULL, count INTEGER, total_ns INTEGER, median_ns INTEGER,
  p95_ns INTEGER, max_ns INTEGER);
CREATE TABLE sum_op_name(rank INTEGER NOT NULL, op_type TEXT NOT NULL, name TEXT NOT NULL, count INTEGER,
  median_ns INTEGER);
CREATE TABLE sum_bank(rank INTEGER NOT NULL, op_name TEXT, bank INTEGER NOT NULL, bytes INTEGER NOT NULL);
CREATE TABLE sum_tensor_op(rank INTEGER NOT NULL, op_name TEXT NOT NULL, tensors INTEGER NOT NULL, bytes INTEGER NOT NULL);
CREATE TABLE sum_diagnostic(rank INTEGER NOT NULL, file TEXT, severity TEXT, what TEXT, count INTEGER, excerpt TEXT);
-- Findings written by core/analysis at index time.
CREATE TABLE collective(collective_id INTEGER PRIMARY KEY, rank INTEGER, step INTEGER, name TEXT, seq INTEGER,
  start_ns INTEGER, dur_ns INTEGER, wait_ns INTEGER, wait_events_ns INTEGER, transit_ns INTEGER, bytes INTEGER,
  group_name TEXT, span_id INTEGER, match_key TEXT, last_rank INTEGER, source TEXT, op_type TEXT);
CREATE TABLE wait(rank INTEGER, step INTEGER, collective TEXT, start_ns INTEGER, dur_ns INTEGER, kind TEXT,
  blamed_rank INTEGER, collective_id INTEGER, source TEXT);
CREATE TABLE step_stat(rank INTEGER, step INTEGER, wall_ns INTEGER, compute_ns INTEGER, comm_ns INTEGER,
  comm_overlapped_ns INTEGER, comm_not_overlapped_ns INTEGER, wait_ns INTEGER, idle_ns INTEGER, preparing_ns INTEGER,
  source TEXT, outlier INTEGER DEFAULT 0, cause TEXT, late_rank INTEGER, typical_ns INTEGER, cause_kind TEXT,
  cause_ns INTEGER, cause_collective TEXT, PRIMARY KEY(rank, step));
CREATE TABLE op_stat(op_type TEXT, rank INTEGER, count INTEGER, total_ns INTEGER, mean_ns INTEGER, median_ns INTEGER,
  p95_ns INTEGER, max_ns INTEGER, ratio_to_median REAL, flagged INTEGER, cluster_median_ns INTEGER,
  shared_total_ns INTEGER);
-- The profile's tensor ops, most bytes over all ranks first: the memory map's hue order (ord 0 first).
CREATE TABLE tensor_op_order(ord INTEGER PRIMARY KEY, op_name TEXT NOT NULL, tensors INTEGER NOT NULL,
  bytes INTEGER NOT NULL, ranks INTEGER NOT NULL);
CREATE TABLE bank_anomaly(rank INTEGER, op_name TEXT, banks TEXT, other_ranks_banks TEXT, bytes INTEGER);
CREATE TABLE memory_summary(rank INTEGER PRIMARY KEY, peak_allocated_bytes INTEGER, peak_reserved_bytes INTEGER,
  peak_ts_ns INTEGER, fragmentation REAL, bank_size_bytes INTEGER, bank_count INTEGER, base_addr INTEGER,
  curve_component TEXT);
-- The allocated-bytes curve of each rank reduced per LOD level (max per bucket), for the timeline's memory lane.
CREATE TABLE memory_lod(rank INTEGER NOT NULL, level INTEGER NOT NULL, start_ns INTEGER NOT NULL, max_bytes INTEGER NOT NULL);
-- The communication matrix resolved: one source per rank, ranks mapped to global where parallel_group_info
-- says how (global = 1: the comm_links view's rank_scope 'global'), else kept group-local; summed = 1 for the
-- rows comm_links adds up; logical = 1: logical bytes (data_kind 'logical'), 2: thousandths of hccl_raw's
-- size unit (data_kind 'hccl_raw units': legacy hccl_raw link_info, whose unit no file names), else a link's. Only what the
-- readers filter and sum on, strings as comm_text ids: the rest of a link as written (kind, sample, src/dst
-- as written, bandwidth, op names, source) is its comm_link_src row, rowid link_row — not copied.
CREATE TABLE comm_link(run_id INTEGER, rank INTEGER, step INTEGER, op_id INTEGER, entry_id INTEGER,
  summed INTEGER, group_id INTEGER, src_rank INTEGER, dst_rank INTEGER, global INTEGER, transport_id INTEGER,
  bytes INTEGER, time_ns INTEGER, op_count INTEGER, logical INTEGER, link_row INTEGER NOT NULL);
CREATE TABLE comm_group(run_id INTEGER, group_name TEXT, label TEXT, rank_scope TEXT, members TEXT, note TEXT);
-- Findings as typed fields; their sentences are rendered when shown (core/model/findingtext.h).
CREATE TABLE finding(finding_id INTEGER PRIMARY KEY, kind TEXT, rank INTEGER, step INTEGER, subject TEXT,
  lost_ns INTEGER, waited_ns INTEGER DEFAULT 0, extra_ns INTEGER DEFAULT 0, idle_ns INTEGER DEFAULT 0,
  instances INTEGER DEFAULT 0, start_ns INTEGER, end_ns INTEGER, span_id INTEGER, affected TEXT, run_id INTEGER);
-- A cluster index's shards (core/pipeline/shardmerge.h), one row per shard of the split, present or not; empty
-- in any other index. fingerprint: SHA-1 of the profile's fingerprint; ranks: the cluster index's rank keys;
-- shard_ranks: the same ranks' keys in the shard, in the same order (they differ where ranks collide).
CREATE TABLE manifest(shard_file TEXT NOT NULL, k INTEGER NOT NULL, n INTEGER NOT NULL, present INTEGER NOT NULL,
  ranks TEXT, fingerprint TEXT, schema_version INTEGER, bytes INTEGER, input_bytes INTEGER, shard_ranks TEXT);
)SQL");
}

const std::vector<IndexDef>& secondaryIndexes() {
    static const std::vector<IndexDef> defs{
        {"span_track_ts", "CREATE INDEX span_track_ts ON span(track_id, ts_ns)"},
        // per-rank lookups stay O(log n) for thousands of ranks
        {"track_rank", "CREATE INDEX track_rank ON track(rank, kind)"},
        {"counter_track", "CREATE INDEX counter_track ON counter(track_id, ts_ns)"},
        {"long_span_track_ts",
         "CREATE INDEX long_span_track_ts ON long_span(track_id, ts_ns, end_ns, span_id)"}, // covering
        {"tensor_rank", "CREATE INDEX tensor_rank ON tensor(rank, alloc_ns)"},
        {"launch_collective_track",
         "CREATE INDEX launch_collective_track ON launch_collective(track_id, ts_ns)"},
        {"memory_rank", "CREATE INDEX memory_rank ON memory_sample(rank, ts_ns)"},
        {"memory_lod_rank",
         "CREATE INDEX memory_lod_rank ON memory_lod(rank, level, start_ns, max_bytes)"}, // covering
        {"sum_arrival_rank", "CREATE INDEX sum_arrival_rank ON sum_arrival(rank, start_ns)"},
    };
    // No index on the flow events: the flow_links pass reads a rank's events by its runs of rowids
    // (load_range); flow_link's own indexes are the pass's, built once after it (FlowLinksPass::finish).
    return defs;
}

void createIndexes(Db& db) {
    for (const IndexDef& d : secondaryIndexes())
        db.exec(d.sql);
}

void createFlowEventTable(Db& db, const std::string& schema) {
    // one row per writer batch that had flow events (core/index/flowchunk.h)
    db.exec("CREATE TABLE " + schema +
            ".flow_chunk(first INTEGER PRIMARY KEY, count INTEGER NOT NULL, data BLOB NOT NULL)");
    db.exec("CREATE TABLE " + schema +
            ".load_range(grp INTEGER NOT NULL, span_first INTEGER NOT NULL, span_last INTEGER NOT NULL, "
            "flow_first INTEGER NOT NULL, flow_last INTEGER NOT NULL)");
}

void attachBuildScratch(Db& db, const std::string& path) {
    db.prepare("ATTACH DATABASE ? AS scratch").bind(1, path).exec();
    db.exec("PRAGMA scratch.page_size=65536; PRAGMA scratch.journal_mode=OFF; PRAGMA scratch.synchronous=OFF;"
            "PRAGMA scratch.cache_size=-16384;");
    createFlowEventTable(db, "scratch");
}

void createViews(Db& db) {
    db.exec("CREATE VIEW spans AS SELECT s.span_id, t.rank, s.track_id, n.value AS name, o.value AS op_type, "
            "s.ts_ns, s.dur_ns, s.depth, " +
            spanStepSql("s", "t") +
            " AS step FROM span s JOIN track t ON t.track_id = s.track_id JOIN string n ON n.id = s.name_id "
            "LEFT JOIN string o ON o.id = s.op_type_id");
    // the wall's source by the rule the Steps table follows (wallfromsql.h): step_stat.source alone said
    // "step_trace_time" for analysis.db's StepTraceTime too, and "events" for a band's length
    db.exec("CREATE VIEW steps AS SELECT s.rank, s.step, s.start_ns, s.end_ns, s.source AS bounds_from, "
            "t.wall_ns, " +
            wallFromSql("s", "t") +
            " AS wall_from FROM step s LEFT JOIN step_stat t ON t.rank = s.rank AND t.step = s.step");
    db.exec(R"SQL(
CREATE VIEW ranks AS SELECT rank, device_id, host, source, run_id, data_rank FROM rank_info;
CREATE VIEW runs AS SELECT run_id, world_size, rank_count, start_ns, end_ns, source, complete, note FROM run;
CREATE VIEW tracks AS SELECT track_id, rank, kind, name FROM track;
CREATE VIEW collectives AS SELECT rank, step, name, start_ns, dur_ns, wait_ns, transit_ns, bytes, group_name,
  op_type FROM collective;
CREATE VIEW labels AS SELECT rank, key, value FROM label WHERE key <> 'rank_origin';
CREATE VIEW tensors AS SELECT rank, tensor_id, op_name, size_bytes, addr, alloc_ns, free_ns,
  CAST(alloc_step AS INTEGER) AS alloc_step, CAST(free_step AS INTEGER) AS free_step, bank FROM tensor;
CREATE VIEW kernel_shapes AS SELECT k.rank, k.ts_ns, k.dur_ns, o.value AS op_type, s.value AS input_shapes,
  d.value AS input_dtypes FROM kernel_shape k LEFT JOIN string o ON o.id = k.op_type_id
  LEFT JOIN string s ON s.id = k.shapes_id LEFT JOIN string d ON d.id = k.dtypes_id;
CREATE VIEW memory_samples AS SELECT rank, ts_ns, component, allocated_bytes, reserved_bytes, active_bytes
  FROM memory_sample;
CREATE VIEW flow_links AS SELECT r.run_id, c.value AS cat, CAST(l.flow_id AS TEXT) AS flow_id, l.src_span_id,
  l.dst_span_id FROM flow_link l LEFT JOIN span s ON s.span_id = l.src_span_id
  LEFT JOIN track t ON t.track_id = s.track_id LEFT JOIN rank_info r ON r.rank = t.rank
  LEFT JOIN string c ON c.id = l.cat_id;
CREATE VIEW diagnostics AS SELECT file, severity, what, count, first_offset, excerpt FROM diagnostic;
CREATE VIEW comm_links AS SELECT x.run_id, x.step, g.value AS group_name, x.src_rank, x.dst_rank,
  t.value AS transport, x.bytes, x.time_ns, x.op_count, s.name AS rank_scope, k.name AS data_kind FROM (
  SELECT run_id, step, group_id, src_rank, dst_rank, transport_id, SUM(bytes) AS bytes, SUM(time_ns) AS time_ns,
    SUM(op_count) AS op_count, global, logical FROM comm_link WHERE summed = 1
  GROUP BY run_id, step, group_id, src_rank, dst_rank, transport_id, global, logical) x
  LEFT JOIN comm_text g ON g.id = x.group_id LEFT JOIN comm_text t ON t.id = x.transport_id
  LEFT JOIN comm_flag s ON s.column_name = 'global' AND s.flag = x.global
  LEFT JOIN comm_flag k ON k.column_name = 'logical' AND k.flag = x.logical;
CREATE VIEW comm_groups AS SELECT run_id, group_name, label, rank_scope, members, note FROM comm_group;
CREATE VIEW waits AS SELECT rank, step, collective, start_ns, dur_ns, kind, blamed_rank, source FROM wait
  WHERE kind = 'collective_wait';
CREATE VIEW idle_gaps AS SELECT rank, step, collective, start_ns, dur_ns FROM wait WHERE kind = 'idle_gap';
CREATE VIEW op_stats AS SELECT op_type, rank, count, total_ns, mean_ns, median_ns, p95_ns, max_ns, ratio_to_median,
  flagged FROM op_stat;
CREATE VIEW step_breakdown AS SELECT rank, step, wall_ns, compute_ns, comm_ns, comm_overlapped_ns,
  comm_not_overlapped_ns, wait_ns, idle_ns, preparing_ns, outlier, cause, late_rank FROM step_stat;
)SQL");
}

bool isClusterIndex(Db& db) {
    return !db.scalarText("SELECT value FROM meta WHERE key = 'cluster_shards'").empty();
}

} // namespace rs::index
