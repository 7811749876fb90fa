#pragma once
// Typed read-side API for the linked views (heatmap, memory map, drill-down tables, histogram). Value
// types only; functions take the calling thread's connection (the query service's worker thread).
// Times are int64 ns; sizes are bytes.
#include "core/index/sqlite.h"
#include "core/query/memorybeyond.h"
#include "core/query/memorysources.h"
#include "core/query/stepwalls.h"
#include "core/query/timelinequery.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

struct HeatCell {
    int64_t count = 0, totalNs = 0, meanNs = 0, medianNs = 0, p95Ns = 0, maxNs = 0;
    double ratio =
        0; ///< to the op type's cross-rank median (op × rank mode); to the row's median step otherwise
    bool flagged = false;
    bool present = false;
    /// Op × rank: no kernel name of the cell ran on another rank of its run, so it has no ratio (`ratio` 0)
    bool noSharedKernels = false;
    /// Op × rank: how many of `count` are on lanes the timeline does not draw (track.aligned = 0: not
    /// aligned with the rank's other lanes, no sync record; query/notdrawnkernels.h)
    int64_t notDrawn = 0;
};

/// One kernel name of an op type on one rank (sum_op_name): several names make one op type's row when they
/// differ only in their template arguments (walk 27: hta's df_index_resolver row
/// "vectorized_elementwise_kernel<MulFunctor>" is three kernels, ×1130, ×310, ×155).
struct OpKernelName {
    std::string name;
    int64_t rank = 0, count = 0;
};

struct HeatmapData {
    enum class Mode { OpByRank, OpByStep, RankByStep };
    Mode mode = Mode::OpByRank;
    std::vector<std::string> rows;            ///< op types (OpByRank, OpByStep) or "rank N" (RankByStep)
    std::vector<int64_t> rowKeys;             ///< rank numbers for RankByStep
    std::vector<std::string> columns;         ///< "rank N" or "step N"
    std::vector<int64_t> columnKeys;          ///< rank or step numbers
    std::vector<std::vector<HeatCell>> cells; ///< [row][column]
    std::vector<int64_t> rowTotalNs;          ///< for sorting by total time
    /// OpByRank: each op type's median over the shown ranks of their cells' medians (all its kernels, every
    /// name: not what `ratio` compares, which is kernel name by kernel name); ns
    std::vector<int64_t> rowMedianNs;
    int rank = -1;           ///< OpByStep
    std::string opType;      ///< RankByStep
    std::string emptyReason; ///< why there are no rows, for the view to say
    /// OpByRank: the shown ranks' source files not read or read in part (damagedFilesText; "" when none):
    /// their cells hold only what was read, so the view says so beside any comparison
    std::string damaged;
    /// OpByRank: columns' rank keys whose files were cut or not read → those files' names ("a.json, b.csv"):
    /// their cells hold part of the rank's kernels, so their ratios compare a partial rank with whole ones
    /// (walk18a #1: a trace cut at 60 % read 1.40× against its own 1.01×).
    std::map<int64_t, std::string> cutRanks;
    /// OpByRank: columns' rank keys with lanes the timeline does not draw (not aligned) → those lanes' names
    /// ("AI CPU stream 0, Stream 519"): the cells' `notDrawn` kernels are on them
    std::map<int64_t, std::string> notDrawnLanes;
    /// OpByRank, OpByStep: each row's op type → its kernel names per rank key, of the grid's ranks
    /// (loadOpKernelNames; kernelNameCounts adds them up)
    std::map<std::string, std::vector<OpKernelName>> kernelNames;
    /// RankByStep: the row keys of ranks the data does not name (Rankscope numbered them one per file,
    /// core/query/unnamedranks.h): their cells have no ratio (`noSharedKernels`) and stay out of the step
    /// medians, as op_stat leaves them out; the view names their rows by their file (views::rankName)
    std::set<int64_t> unnamedRowKeys;
};

/// Op type × rank from the persisted op statistics.
/// `ranks`: the ranks shown (one run); empty: every rank.
HeatmapData loadOpRankHeatmap(index::Db& db, const std::vector<int>& ranks = {});
/// What the views say of h.cutRanks, true of what the cells hold: "rank 1 (sampled_rank-1.json cut or not
/// read): its cells hold only the kernels read, so its ratios compare a partial rank with whole ones" (the
/// ratio clause only where the column has one); "…: no kernel of it was read, so its column is empty"; and
/// when no cell of the grid has a ratio, that too. Empty without a cut rank.
std::string cutRanksNote(const HeatmapData& h);
/// Op × rank: the cells that hold kernels, and those of them with a ratio (a kernel name another shown
/// rank ran too).
struct HeatCellCounts {
    int present = 0, withRatio = 0;
};
HeatCellCounts heatCellCounts(const HeatmapData& h);
/// Op type × step for one rank (mean duration per step; ratio to the row's median step).
HeatmapData loadOpStepHeatmap(index::Db& db, int rank, int maxOps = 40);
/// Rank × step for one op type over `ranks` (the shown run's rank keys; empty: every rank), rows in the
/// order of the numbers the files write, each ratio to its step's median over those ranks only: a run is
/// never pooled with another (walk 48e: run 0's cells compared with the median of both runs' 8 ranks).
HeatmapData loadRankStepHeatmap(index::Db& db, const std::string& opType, const std::vector<int>& ranks = {});
/// `ranks` (all of rank_info when empty) as (rank key, the number the files write), ordered by run, that
/// number and the key (kRankNumberOrder): the rows of a rank × step grid.
std::vector<std::pair<int, int>> orderedRanks(index::Db& db, const std::vector<int>& ranks);
/// step → (kernels, total ns) of `opType` on one rank's device lanes.
using StepTotals = std::map<int64_t, std::pair<int64_t, int64_t>>;
StepTotals rankStepTotals(index::Db& db, const std::string& opType, int rank);
/// The rank × step heatmap of `opType` from each rank's totals (rows in the order given), rows labelled
/// with `dataRank` of their key (the key where it has none; the view names them). The ranks of `unnamed`
/// (numbered by Rankscope: nothing says they are one job) get no ratio and are no part of the medians.
HeatmapData rankStepHeatmap(const std::string& opType, const std::vector<std::pair<int, StepTotals>>& perRank,
                            const std::map<int, int>& dataRank = {}, const std::set<int>& unnamed = {});

struct TensorItem {
    std::string tensorId, opName;
    int64_t sizeBytes = 0;
    std::optional<uint64_t> addr;
    std::optional<int64_t> allocNs, freeNs, bank;
    std::optional<double> allocStep, freeStep;
    std::string source = {}; ///< tensor.source: the kind of file of its row ("operator_memory", …)
    /// The address-less row this addressed row stands in for, named where it is ("operator_memory.csv line
    /// 34", tensorName), paired by pairAddressTwins (core/query/tensortwins.h); "" when listed for itself.
    std::string twinOf = {};
    /// An address-less row left unpaired: how many addressed rows of another file fit it (more than one:
    /// ambiguous, none guessed); 0 when none fits or nothing was looked for.
    int twinCandidates = 0;
};

struct CurvePoint {
    int64_t tsNs;
    double allocated, reserved, active; ///< bytes; NaN when the sample has none
};

struct MemoryMapData {
    int rank = -1;
    std::vector<TensorItem> tensors; ///< sorted by allocation time
    bool hasAddresses = false;
    /// Address-less rows left out because the rank has a source with addresses (operator_memory.csv rows
    /// describing the same allocations again): counted so the view can say so.
    int64_t withoutAddressLeftOut = 0;
    /// Address-less rows of a file whose other rows have addresses (the .db's OP_MEMORY rows NPU_OP_MEM
    /// gives no address): distinct allocations the address map cannot place, left out of `tensors`.
    int64_t withoutAddressNotDrawn = 0;
    std::vector<CurvePoint> curve; ///< reduced to ≤ 4000 points (max per bucket, so peaks survive)
    std::string curveComponent;    ///< the one the peaks describe (memory_summary.curve_component)
    int64_t peakAllocatedBytes = 0, peakReservedBytes = 0, peakTsNs = 0;
    bool peakTimed = true; ///< false: no timed sample reaches the peak (rounded timestamps), peakTsNs unknown
    /// Samples of curveComponent without a usable time, when the peak is untimed (query/untimedpeak.h)
    int64_t peakUntimedRows = 0;
    /// Components reserving more than the peaks' component: not in the peaks (core/query/memorybeyond.h)
    std::vector<ComponentPeak> componentsBeyond;
    uint64_t bankBase = 0;
    int64_t bankSizeBytes = 0;
    int bankCount = 0;
    bool bankLayoutAssumed = false;      ///< the banks are the default layout, no rankscope-device.json's
    std::vector<std::string> anomalyOps; ///< ops whose tensors sit in unusual banks on this rank
    /// The rank's kernels that tensors' records name (their "cann::" prefix aside, query/tensorop.h) → the
    /// kernel's op type: an op type's highlight takes the tensors allocated for its kernels
    std::map<std::string, std::string, std::less<>> kernelTypeOf;
    /// The profile's tensor ops, most bytes over all ranks first (query/tensoroporder.h), at least as many as
    /// the colour key has hues: the key hands them its hues so an op is one colour on every rank. Empty where
    /// the index holds no profile order (a shard opened alone): the key ranks the rank's own ops instead.
    std::vector<std::string> opOrder;
    int64_t startNs = 0, endNs = 0;
    /// The rank has no step marks: the tensors' step positions count in its whole trace, the index's
    /// step 0, which is no step (query/wholetracestep.h)
    bool wholeTrace = false;
    std::string unknown;   ///< why the rank's memory cannot be read ("" when it can): its shard is missing
    MemorySources sources; ///< the rank's memory files and what was left out of them (the captions say it)
};

MemoryMapData loadMemoryMap(index::Db& db, int rank);
class LaneReader;
/// Rank key `rank`'s memory map wherever its events are: the index, or its shard of a cluster index (the
/// cluster index holds no tensor: walk 23b's exports and HTML report drew an empty map there); `unknown`
/// says so when that shard cannot be read.
MemoryMapData loadMemoryMap(LaneReader& lanes, int rank);

struct StepRow {
    int rank;
    int64_t step, startNs, endNs, wallNs;
    /// Unknown (nullopt) where no kernel measured it: a rank without device kernels and no shipped breakdown.
    std::optional<int64_t> computeNs;
    /// The communication not overlapped with compute (step_stat.comm_not_overlapped_ns), on every producer:
    /// compute + commNs + idle make the wall. Unknown (nullopt) where the producer left the step's
    /// communication unrecorded (legacy MindSpore steps whose comm columns are all zero).
    std::optional<int64_t> commNs;
    int64_t waitNs;
    /// Unknown (nullopt) where the compute is: the idle time is the wall minus the kernels' and
    /// communication's busy time, and the kernels were not recorded.
    std::optional<int64_t> idleNs;
    /// Unknown (nullopt) where no device task started in the step and the producer gave none.
    std::optional<int64_t> preparingNs;
    bool outlier;
    std::string cause;
    StepWall wall;           ///< where wallNs comes from, and whether the rank's events cover it
    std::string waitUnknown; ///< why waitNs is no measurement ("" when it is: core/query/waitknowledge.h)
    /// Why a stub step (core/query/stubsteps.h: the report's rule) is left out of medians and step
    /// statistics, stubStepWhy(); "" for an ordinary step.
    std::string stubReason = {};
    /// The communication that ran while compute ran (hidden behind it, outside the wall's sum); unknown
    /// where commNs is.
    std::optional<int64_t> commOverlappedNs = {};
    bool waitAlone = false; ///< a job of one rank: nobody to wait for (core/model/waitalonetext.h)
};
std::vector<StepRow> loadStepRows(index::Db& db);

struct OpRow {
    int64_t spanId, startNs, durNs;
    std::string name, opType, track;
    int64_t waitNs; ///< collective wait when the row is a collective
};
/// Device kernels and collectives of one rank inside one step, in time order (at most `limit`).
std::vector<OpRow> loadOpRows(index::Db& db, int rank, int64_t step, int limit = 20000);
/// One list of the drill-down's tensor level. A rank with device addresses (memory_usage.csv, Kineto
/// [memory]) may record each allocation twice, once more without an address (operator_memory.csv, a few µs
/// apart): a list holding both kinds keeps the addressed rows and counts the address-less rows of other
/// files, as the memory map does; address-less rows of a file with addresses (the .db's OP_MEMORY) and a
/// list of address-less rows only are kept (nothing shown duplicates them).
struct TensorRows {
    std::vector<TensorItem> rows;
    int64_t withoutAddressLeftOut = 0; ///< address-less rows of the same list left out
};
/// Tensors of one rank allocated in a step, optionally only those of an op (op_name match).
TensorRows loadTensorRows(index::Db& db, int rank, std::optional<int64_t> step, const std::string& opName);
/// The tensors one op allocated, on `rank`: those whose record names its op type, allocated while it ran
/// ([startNs, endNs]), and those whose record names the op itself (its "cann::" prefix aside,
/// query/tensorop.h), allocated in its step: an allocation for a kernel is made at its launch, before the
/// device runs it (db/level1's Conv2D1: 178 µs before; walk 53b), so with several ops of the name in the
/// step, the k-th record is the k-th op's when they are as many, else each is the first op's to start at
/// or after it (the last takes the later ones). Each
/// address-less row with one addressed twin is shown as that twin
/// (pairAddressTwins, core/query/tensortwins.h; withoutAddressLeftOut counts them), one with several keeps
/// its twinCandidates. Empty when the memory records name no tensor of it.
TensorRows loadOpTensorRows(index::Db& db, int rank, const std::string& opName, const std::string& opType,
                            int64_t startNs, int64_t endNs);
/// The buffers of a collective whose memory records name its algorithm, not the op: the collective of
/// `rank` named `opName` starting at `startNs` (ns); tensors of that rank whose op_name equals its op type
/// without HCCL's decoration, case aside ("hcom_allReduce_" → "AllReduce"), allocated in the collective's
/// step (one list for every such collective of the step: the records do not say which). Empty when the op
/// is no collective or no record names its algorithm.
TensorRows loadCollectiveTensorRows(index::Db& db, int rank, const std::string& opName, int64_t startNs);

struct Histogram {
    std::string opType;
    int rank;
    std::vector<int64_t> edgesNs; ///< bins+1 edges
    std::vector<int64_t> counts;
    /// The kernels strictly longer than the last edge (the axis ends near p99 so one outlier does not squash
    /// the rest): counted here, not in the last bin, where a 357 µs kernel was drawn at 285 µs (walk15b #3).
    int64_t overflowCount = 0, overflowMaxNs = 0;
    int64_t medianNs = 0, p95Ns = 0;
    /// The median over the ranks of the rank's run that ran the op type of each one's median (op_stat's
    /// median_ns, every kernel name; this rank included): a figure a user can check, always between the
    /// ranks' medians (walk17b #7: the same-kernels reference, median ÷ ratio, lay below both); 0: none.
    int64_t ranksMedianNs = 0;
    int ranksCounted = 0; ///< how many ranks' medians ranksMedianNs is the median of
    /// Some kernel name of the op type ran on only some of those ranks: their medians are of different
    /// mixes (the × same kernels ratio compares name by name, this median does not).
    bool mixesDiffer = false;
    /// The durations' p99 by nearest rank (the ⌈0.99·n⌉-th smallest); the last edge unless the ranks' median
    /// reaches past it
    int64_t p99Ns = 0;
    std::string unknown; ///< why the durations cannot be read ("" when they can): the rank's shard is missing
};
Histogram loadDurationHistogram(index::Db& db, const std::string& opType, int rank, int bins = 30);
/// The same with the durations read from `spans` (where the rank's key is `spansRank`: a cluster index's
/// shard) and the op statistics (median, p95, the median over the ranks) from `stats`.
Histogram loadDurationHistogram(index::Db& spans, int spansRank, index::Db& stats, const std::string& opType,
                                int rank, int bins = 30);
/// The device kernels of `opType` on `rank` (the heatmap cell's spans), in time order, at most `limit`;
/// `trackIds` gets each one's track. `step` ≥ 0: only those in that step's window (a per-step cell's).
std::vector<DrawItem> opKernelSpans(index::Db& db, const std::string& opType, int rank, int limit,
                                    std::vector<int64_t>* trackIds, int64_t step = -1);

} // namespace rs::query
