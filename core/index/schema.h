#pragma once
// The one place that defines the index's SQLite schema: storage tables, the indexes built after the
// bulk load, and the stable read-only views users and tests query (documented in core/index/SCHEMA.md).
// Bump kSchemaVersion on any change: an index with another version is rebuilt.
#include "core/index/sqlite.h"

#include <string>
#include <vector>

namespace rs::index {

// 60: the spans view puts a span starting after its rank's last step in no step, device spans too;
// 59: sum_tensor_op (each rank's tensor bytes per op) and tensor_op_order (the profile's ops ranked by
// them: the memory map's hues, one per op on every rank); 58: the waits view holds the collective waits only
// (summed per rank it gave the report's wait plus the idle gaps), the idle gaps are the idle_gaps view's;
// memory_sample.ts_ns may be NULL (a sample its file cannot place in time counts in the peaks, never drawn);
// 57: rank_info.dir (the folder of the rank's first file as written: runs are formed folder by folder); 56:
// producer_step (msprof-analyze's cluster_step_trace_time.csv, the producer's figures); comm_flag
// ('logical', 2, 'hccl_raw units'): hccl_raw link_info links, sizes in hccl_raw's own unit
// (core/import/hcclrawlinks.h), a second source per rank beside the one matrix source; 55: lod is clustered
// WITHOUT ROWID on (track_id, level, start_ns, seq); its covering index lod_track is gone; 54: wait.source
// (and the waits view's): where a collective wait comes from, measured (hccl_raw, communication.json,
// Notify_Wait) or inferred (arrival order); 53: a torch_npu text export's rank has the device its memory
// files name ("NPU:0"); a Kineto lane of a tid written as a negative int32 is named by the unsigned id
// ("Thread 3745515072"; track.tid stays as written); 52: a .db export's OP_MEMORY tensors carry the device
// address of their NPU_OP_MEM allocation (msinsight db level1: 57 of 184; NPU_OP_MEM allocations no OP_MEMORY
// row lists are tensors of source npu_op_mem_db); 51: launch_collective (a collective kernel's collective as
// the host op that launched it names it: HTA trace_filter's SendRecv kernels run all-to-all, all-reduce and
// all-gather); 50: a Kineto [memory] allocation gets the innermost host op around it whatever the file's
// order (HTA df_index_resolver: all 13385 tensors had none); communication.json's p2p ops are comm_op_src
// rows; memory samples of another profiling session are left out (memory_sessions), as its tensors were; 49:
// the flow events of an index built without analysis are `flow_chunk` BLOBs, one per writer batch
// (core/index/flowchunk.h), not `flow` rows;
// 48: the steps view's wall_from names the wall's real source: step_trace_time.csv, analysis.db
// StepTraceTime (the .db export said step_trace_time), else the band's source (trace, …; it said events);
// 47: the steps view says where each row's bounds come from (bounds_from) and gives the wall the report
// shows with its source (wall_ns, wall_from): level1's ProfilerStep band is 156 ms, its shipped wall 137 ms;
// 46: op_stat.shared_total_ns (a straggler's extra kernel time counts only the kernels other ranks ran
// too); 45: comm_link_src and comm_link name their repeated strings by comm_text id (kind, op, entry, sample,
// group, transport, op names, source), comm_link's rank_scope/data_kind are the integers global/logical
// (the comm_links view reads as before): a 512-rank matrix's index was 1.67× its input, mostly that text;
// 43: the meta table keeps what `info` shows (track_count … span_end_ns, core/index/indexcounts.h);
// 42: CANN raw PROF_ timelines read (a device_N folder a rank of its own, device monotonic clock to epoch
// through start_info.N); a .db export's collective holder task is no AI_CORE kernel; labels move with a
// renumbered rank; 41: step.preparing_ns (the producer's own step start to first work: legacy MindSpore's
// iteration_interval) and step.comm_recorded (0: the producer left the step's communication columns all zero,
// unrecorded); sum_step/step_stat.comm_ns and its overlap split NULL there, preparing_ns NULL where nothing
// measured it; 39: label rank_origin = assigned (a rank the files do not name), source_file.mtime_ns in Unix
// ns; 36: the step_trace_time.csv diagnostic of a shipped step wall the rank's events cover clearly less of
// names both figures ("rank 1 step 2: 295 ms, but this rank's events cover 16.4 ms of it"), the step whose
// events cover the smallest share as its example (core/model/stepwall.h);
// 35: sum_op_name (each kernel name's count and median within an op type) and op_stat ratios of like
// against like (cluster_median_ns: the median of the rank's mix of kernels on a typical rank); op types of
// copies and fills keep their kind ("Memcpy HtoD (Pinned -> Device)"), a call operator template names its
// functor ("_scatter_gather_elementwise_kernel<ReduceAdd>");
// 34: a rank's memory curve component is the one with the highest allocated bytes (ties: the larger total),
// for its peaks, its timeline lane and the Memory panel alike (core/analysis/memorycomponent);
// 33: a MindSpore 1.x step trace's communication ops on a lane per stream ("Stream 36"), not one lane whose
// false nesting hid most collectives; an hccl_raw row attaches to an op begun before its step and ended in
// it; 32: load_range (each rank group's runs of span ids and flow rowids, build scratch beside `flow`)
// replaces the flow_rank index; 31: op types of C++ launcher templates by what they run
// ("cutlass_80_tensorop_s1688gemm_…", not "Kernel"; "vectorized_elementwise_kernel<CUDAFunctor_add>"),
// mangled names demangled, op types at most 192 bytes; rank_info/run windows cover the steps on the spans'
// clock; sum_step.wall_ns is step_trace_time's Stage + Bubble where it is shipped; 30:
// sum_step/step_stat.idle_ns NULL where compute_ns is (the idle time subtracts kernels not recorded),
// step_stat.cause_kind 'outside_communication'; 29: comm_link keeps what its readers use and points at its
// comm_link_src row (link_row) for the rest; 28: sum_step/step_stat.compute_ns NULL where no kernel measured
// the compute; 27: manifest.shard_ranks and meta cluster_shard_dir (the app reads a cluster index's lanes
// from its shards); 26: manifest (a cluster index's shards) and the shard meta keys; 25: flow events are
// build scratch (no `flow` table or `flows` view in an analysed index), flow_link keeps the span ids only;
// 24: Kineto 'stream N' lanes named 'Stream N' whatever their kind; 23: flow.name_id/bp_e/file_id, flow_link
// and the flow_links view (flow arrows bound to spans); 22: Kineto GPU user annotations on their own lanes
// (kind other); 21: name_fact.compute/communication (task classes are importer facts); 20: .db peers (run
// completeness); 19: comm_link*, comm_group*, comm_source (communication matrix); 18: track.role/plane,
// name_fact, comm_op_src.source and facts; 17: per-rank summary tables (sum_*), rank_info.place; 16:
// long_span; 15: label (profile metadata), collective.op_type
constexpr int kSchemaVersion = 60;

/// Pragmas for the bulk load (no journal, no sync: a failed build is simply deleted).
void applyBulkPragmas(Db& db);
/// Storage tables (empty, no secondary indexes), without the flow events (below).
void createTables(Db& db);
/// The flow events' table `flow_chunk` in `schema` ("main", or an attached database): what the importers
/// write and only the flow_links pass reads (core/index/flowchunk.h); and `load_range`, each rank group's
/// runs of span ids and flow event numbers (core/index/loadranges.h), by which a rank's rows are read
/// without a secondary index.
void createFlowEventTable(Db& db, const std::string& schema);
/// Attaches the file at `path` as the build's scratch database "scratch" (bulk pragmas) holding `flow`:
/// unqualified statements find the table there, and the index never carries the raw events.
void attachBuildScratch(Db& db, const std::string& path);
/// One secondary index: its name and its CREATE statement.
struct IndexDef {
    const char* name;
    const char* sql;
};
/// The secondary indexes, in the order createIndexes builds them.
const std::vector<IndexDef>& secondaryIndexes();
/// Secondary indexes, created after the load (building them before is 3–7× slower).
void createIndexes(Db& db);
/// The public SQL views: ranks, tracks, spans, steps, collectives, tensors, memory_samples,
/// diagnostics, waits, op_stats, step_breakdown, comm_links, comm_groups, flow_links.
void createViews(Db& db);

/// Whether `db` is a cluster index (`rankscope merge`: summary tables only, spans in its shards).
bool isClusterIndex(Db& db);

} // namespace rs::index
