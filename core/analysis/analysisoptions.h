#pragma once
// Settings of the analysis run at index time: the HBM device model and the thresholds of every finding.
// Part of the index's cache key (a change rebuilds). Value type; thread-safe to copy.
#include "core/model/stragglerrule.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::analysis {

/// Bumped whenever an importer or an analysis stage changes what it writes, so cached indexes are rebuilt.
/// 20: a collective's wait is stored where its wait tasks ran (a `wait` row per run of them), and a step's
/// compute, communication and idle are the overlap with its own window. 21: the op × rank ratio counts only
/// kernel names another rank ran too (NULL when none is shared); "arrived last in X of N" counts N over the
/// collectives the rank took part in. 22: a cut Ascend trace_view.json counts the kernels of its rank's
/// kernel_details.csv past the cut (a warning on the trace). 23: the stored medians shown (sum_op,
/// sum_op_name and op_stat median_ns, a pipeline wait's per-step figures) are lower medians, values measured
/// (core/model/median.h). 24: a step's comm_overlapped_ns is NULL where its compute_ns is (no device kernel:
/// what ran alongside compute is not known). 25: a rank whose steps lie far from its device ops but with its
/// communication keeps its steps and sets its device ops apart (clockcheck.h); a run whose rank numbers leave
/// a gap is incomplete (runs.h); findings carry affected.wait_sources (measured or inferred waits). 26: an
/// NCCL kernel whose launching host op names its collective (launch_collective) is that collective, not
/// what its name says (HTA trace_filter's SendRecv kernels). 27: a clock note says the lanes it sets apart
/// are not drawn. 28: a PROF_ dir's steps from CANN's Iteration markers are step.source 'cann-iteration'
/// (they were 'trace', and Details named ProfilerStep). 29: a group_rank warning of
/// parallel_group_info is filed under the rank's key, as the other analysis notes, not its data rank. 30: a
/// PROF_ folder under another name is known by its device_N layout (an index of it read it as one Chrome
/// trace per file: fake ranks, a card blamed for its own wait). 31: legacy hccl_raw's link_info links are a
/// matrix source of their own (one group per file, group-local). 32: bank options given by the user (a
/// count, size or base address) are the layout's source "options", not "assumed" (bank finding, meta). 33:
/// links of a step the rank's step table lacks are counted in a diagnostic (cluster_propose's hccl_raw step
/// 6). 34: a wait nothing could measure (core/stats/runwaitfacts.h) is NULL in step_stat.wait_ns and
/// collective.wait_ns, not 0 (unknownwaits.h). 35: the links-only diagnostic says "in no step of their
/// rank" (it said "no step of the run" of a per-rank count). 36: ranks join runs folder by folder (two copies
/// of one job with the same windows mixed their ranks in start order). 37: a rank the data does not name is
/// compared with no other in op_stat (no ratio, never flagged: opstats.cpp comparisonGroup). 38: legacy
/// step_trace_raw rows with fp_and_bp / tail (not read) are counted in an info diagnostic (run_2). 39: each
/// kernel name's reference over ranks in op_stat.ratio_to_median is the lower median (two ranks: the
/// faster's), not their mean. 40: the memory peaks count untimed samples (memory_sample.ts_ns NULL) and
/// leave peak_ts_ns NULL when only they reach the peak (it was 0). 41: tensor_ops and tensor_op_order rank
/// the profile's tensor ops by bytes over all ranks (the memory map's hues, one per op on every rank). 42:
/// the "files hold part" diagnostic says a wall longer than all the rank recorded as that ("…cover 268 ms
/// of it, all that it recorded"), not "(longer than all of this rank's spans)" after the figure of those
/// spans (core/model/stepwall.h). 43: a memory_usage.csv tensor with one operator_memory.csv twin takes the
/// twin's recorded times, not its rounded step position's (twintimes.h). 44: a step whose window is its own
/// kernels' extent (kernel_details.csv's Step Id) has no preparing time (NULL, it was 0 by construction);
/// the note on lanes set apart from the steps' clock is filed under their file, not "rank K". 45: a legacy
/// MindSpore step trace is put on the timeline's clock by aicpu_intermediate's run_start
/// (import/legacyclocksync.h), and a communication group's link ranks are global when
/// communication_group.json's groups say they cannot be group-local (listedgroupscope.h). 46: a Kineto
/// kernel's input shape is that of the innermost cpu_op around its launch call (by correlation), under the
/// op's name; the kernels with no link are counted (import/kernelinputs.h). 47: an Ascend .db export's
/// connection ids are its flow arrows (import/dbflowlinks.h); the note on a run's collectives with ranks
/// missing is filed under "run N" in a folder of runs; the undrawn device ops are counted; a Kineto record
/// of a one-rank process group says so whatever its kind. 48: the note on a run's collectives with ranks
/// missing counts its instances of one arrival too (a run of one present rank got none).
constexpr int kAnalysisRevision = 48;

struct BankModel {
    int bankCount = 8;
    int64_t bankSizeBytes = int64_t(4) << 30; ///< 4 GiB
    std::optional<uint64_t> baseAddr;         ///< default: the device's lowest address rounded down
};

struct AnalysisOptions {
    BankModel banks;
    /// The rankscope-device.json `banks` came from; "" when they are the assumed default (the memory map
    /// and the bank finding say which: nothing in a profile gives the card's banks).
    std::string deviceFile;
    double stragglerRatio = 1.15;     ///< a cell must be ≥ this × the op type's cross-rank median
    double robustZ = 3.5;             ///< MAD-based z-score for outliers
    double outlierMinFraction = 0.20; ///< a step must also exceed the typical step by this fraction
    int64_t idleGapMinNs = 500000;    ///< idle before a collective shorter than this is not a finding
    int64_t waitMinNs = 20000;        ///< collective waits shorter than this are not drawn
    int minOpCount = model::kStragglerMinKernels; ///< op cells with fewer kernels are not judged
    /// Where `banks` came from, as the bank finding and the index's meta say it: "device file" (deviceFile),
    /// "options" (a bank count, size or base address given on the command line or in the settings: the
    /// user's, not assumed), else "assumed" (the default layout from the lowest address).
    std::string bankLayoutSource() const;
    /// Stable text of every setting (stored in the index's meta table).
    std::string key() const;
    /// Reads `<profileDir>/rankscope-device.json` when present ({"bank_count", "bank_size_bytes",
    /// "base_addr"}); returns false with `error` set when the file is malformed.
    bool loadDeviceFile(const std::string& profileDir, std::string& error);
};

} // namespace rs::analysis
