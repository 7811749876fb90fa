#pragma once
// Typed read-side API for the views (they never write SQL): the profile summary (ranks, tracks, steps,
// waits), draw lists for a time window from the level-of-detail tables, and the details of one span.
// Functions take a connection owned by the calling thread (the query service's worker thread).
// Times are int64 ns since the epoch.
#include "core/index/sqlite.h"
#include "core/query/outsidesamples.h"
#include "core/query/stepwalls.h"
#include "core/query/unreadtails.h"

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

struct TrackDesc {
    int64_t trackId;
    int rank;
    std::string kind, name, process;
    int maxDepth;
    int64_t spanCount;
    int64_t sortIndex;
    OutsideSamples outside = {}; ///< a counter lane's samples outside the shown run's range
};

struct StepDesc {
    int rank;
    int64_t step, startNs, endNs;
    bool outlier;
    std::string cause;
    StepWall wall;           ///< the wall the Steps table shows, its source, whether the events cover it
    int64_t waitNs = 0;      ///< step_stat.wait_ns
    std::string waitUnknown; ///< why waitNs is no measurement ("" when it is: core/query/waitknowledge.h)
    bool waitAlone = false;  ///< a job of one rank: nobody to wait for (core/model/waitalonetext.h)
    /// The rank's first step of three or more, its warm-up (core/model/warmupsteps.h): left out of its
    /// typical step, so an outlier here is the report's "(warm-up outlier)"
    bool warmup = false;
};

struct WaitDesc {
    int rank = 0;
    int64_t step = -1;
    std::string collective;
    int64_t startNs = 0, durNs = 0;
    std::string kind; ///< collective_wait, idle_gap
    std::optional<int> blamedRank;
    int64_t blamedArrivalNs = 0; ///< when the blamed rank arrived (the end of the wait)
    /// The lane of the collective waited in, where its rank has several collective lanes (a MindSpore 1.x
    /// stream each): the wait is that stream's, not every stream's. Unset: the rank's whole block.
    std::optional<int64_t> trackId;
    /// A Send or Receive: its peer is not matched across ranks, so no rank is blamed.
    bool pointToPoint = false;
    /// A collective's wait is stored where it happened, one row per run of its wait tasks: this row is one
    /// of `pieces`, which add up to `totalNs`, the collective's wait (ns; pieces 1: the whole of it).
    int64_t totalNs = 0;
    int pieces = 1;
    /// The collective's whole wait: totalNs where it was set, else this row's.
    int64_t wholeNs() const { return totalNs > 0 ? totalNs : durNs; }
    /// Where the wait's tasks are known (a piece of Notify_Wait tasks): the lane they ran on (an HCCL plane)
    /// and the collective's own lane. Its other communication lanes were not waiting (mindinsight
    /// profiler's planes 1 and 2 moved data while plane 0 waited).
    std::optional<int64_t> taskTrackId;
    int64_t opTrackId = 0;
    /// Where a collective_wait comes from (wait.source: "hccl_raw", "communication.json", "Notify_Wait",
    /// "arrival order"; "" for an idle gap or an index without it)
    std::string source;
    /// Whether the wait is hatched on communication lane `track` of its rank.
    bool onCommLane(int64_t track) const {
        if (taskTrackId) return track == *taskTrackId || track == opTrackId;
        return !trackId || *trackId == track;
    }
};

struct DiagnosticDesc {
    std::string file, severity, what, excerpt;
    int64_t count, firstOffset;
};

struct RunDesc {
    int run;
    std::vector<int> ranks, dataRanks;
    std::vector<int> assignedRanks; ///< data ranks Rankscope numbered itself: the files do not say
    std::optional<int64_t> worldSize;
    int64_t startNs = 0, endNs = 0;
    std::string source, note;
    bool complete = true;
    /// What its ranks' files are: "mindspore-legacy-framework (1 file, 10 records)", one per format, so a
    /// run with nothing to draw can say what it does hold.
    std::vector<std::string> files;
    /// Where its files are, below the folder of all the index's files ("trace_filter",
    /// "df_index_resolver"); "" when that is the same folder (one run, or runs whose files mix).
    std::string folder;
};

/// A rank's step list the index kept apart (core/query/stepsapart.h): its source's name and its steps.
struct StepsApart {
    std::string source;      ///< model::wallSourceName ("step_trace_raw")
    std::set<int64_t> steps; ///< the numbers it gives
};

struct ProfileSummary {
    std::vector<RunDesc> runs; ///< every run in the folder; the summary shows one of them
    int run = 0;               ///< the run shown
    /// Why run `run` is shown when nobody chose it and the folder holds several (index/defaultrun.h's
    /// words: "the one with the most rank-steps, 40, of the 4 runs with 1 rank"); "" otherwise.
    std::string runWhy;
    /// What the view must say about the shown ranks: lanes and steps kept apart (another clock), an
    /// incomplete run, … ("rank 1: steps not aligned with the device ops (no sync record): not used").
    std::vector<std::string> notes;
    std::vector<DiagnosticDesc> diagnostics;
    /// Source files of the shown ranks not read or read in part (core/query/damagedinput.h): the notes
    /// name them; "no timed event" is then not known to be true.
    int damagedFiles = 0;
    /// Lanes whose events stop early because their file was cut (core/query/unreadtails.h): the timeline
    /// marks the rest of the rank there as not read, not idle. By track.
    std::vector<UnreadTail> unreadTails;
    std::string reportJson; ///< the report document (core/query/report.h)
    std::string reportText; ///< its human summary
    std::vector<int> ranks;
    /// Shown ranks whose events cannot be read (a cluster index's missing or changed shard): no lanes,
    /// not searched.
    std::vector<int> unreadRanks;
    std::vector<TrackDesc> tracks;
    std::vector<StepDesc> steps;
    std::vector<WaitDesc> waits;
    std::map<int, int64_t> clockOffsetNs;
    std::map<int, int> dataRank; ///< rank key → the number the producer wrote (differs when runs collide)
    /// Rank key → its step list kept apart (another clock than its device ops, no sync record: not on the
    /// timeline) and the steps it numbers: why such a step is nowhere (query/stepsapart.h)
    std::map<int, StepsApart> stepsApart;
    /// Rank key → its file's name where Rankscope numbered the rank (the data names none, one per file):
    /// shown as "file 2: beta.json", not "rank 2" (query/unnamedranks.h)
    std::map<int, std::string> unnamedRankFile;
    /// The number to show for rank key `key`: the producer's (what the lanes say), else the key.
    int shownRank(int key) const {
        auto it = dataRank.find(key);
        return it == dataRank.end() ? key : it->second;
    }
    std::vector<std::string> strings; ///< names and op types by id
    /// By string id: the op type id a name's spans are drawn with where a row carries none (a LOD
    /// bucket), derived from the name (namekinds.h).
    std::vector<int32_t> opTypeOfName;
    /// By string id: 1 where the name is communication (a collective kernel or op), wherever it runs.
    std::vector<uint8_t> communication;
    /// By string id: 1 where the name is a runtime task on a device stream (EVENT_WAIT, Notify Wait,
    /// MEMCPY_ASYNC): not a kernel (name_fact.compute = 0) and not communication.
    std::vector<uint8_t> runtimeTask;
    int64_t startNs = 0, endNs = 0;
    std::string profile;
};

struct DrawItem {
    int64_t startNs, endNs;
    int32_t nameId, opTypeId; ///< string ids; a LOD bucket's op type is its name's (ProfileSummary)
    int32_t depth;
    int64_t count;  ///< spans merged into this item (1 for a single span)
    int64_t spanId; ///< 0 for a merged LOD bucket
};

struct TrackDraw {
    int64_t trackId;
    std::vector<DrawItem> items;
};

struct TimelineWindow {
    int64_t t0 = 0, t1 = 0;
    int widthPx = 1000;
    std::vector<int64_t> trackIds;
};

/// A counter lane's samples in a window, reduced to at most one point per pixel (the maximum, so peaks
/// survive). Memory lanes (track id −(rank+1)) carry the rank's allocated bytes.
struct CounterSeries {
    int64_t trackId;
    std::vector<std::pair<int64_t, double>> points; ///< (ts ns, value), time-ordered
    double maxValue = 0;
    bool bytes = false;
    /// A memory lane's last sample in the whole run (ns), wherever the window is: past it the value is
    /// held, not measured (views/common/heldvalue.h). Unset: not known (counter lanes, no sample).
    std::optional<int64_t> lastSampleNs;
};

struct TimelineData {
    TimelineWindow window;
    int lodLevel = -1; ///< -1: raw spans
    std::vector<TrackDraw> tracks;
    std::vector<CounterSeries> counters;
};

/// The pseudo-track id of a rank's device-memory lane.
constexpr int64_t memoryTrackId(int rank) {
    return -int64_t(rank) - 1;
}

struct SpanDetail {
    int64_t spanId = 0;
    int rank = 0;
    std::string track, name, opType, category, file;
    int64_t tsNs = 0, durNs = 0;
    int depth = 0;
    std::optional<int64_t> step; ///< index::spanStepSql's rule: a device span's by its start on the device
    bool hostTrack = false;      ///< on a host (CPU) track; else a device one, whose step is by device time
    std::string argsJson;        ///< the event's args, read from its source file on demand
};

/// Adds the aligned lanes of `ranks` to s.tracks, device before host, then one device-memory lane per rank
/// that has allocated-bytes samples; sorted by rank.
void loadLanes(index::Db& db, const std::set<int>& ranks, ProfileSummary& s);
/// The summary of one run (default: index/defaultrun.h's, the run that holds the most).
ProfileSummary loadSummary(index::Db& db, std::optional<int> run = std::nullopt);
/// A frame's read of one track's level-of-detail buckets (track, level, from, to, window start: ns) in start
/// order: a range of lod's clustered key, no sort (tst_lodlayout checks the plan).
extern const char* const kLodWindowSql;
/// The widest LOD level whose buckets are at most ~6 pixels wide for the window (-1: raw spans).
int chooseLodLevel(int64_t t0, int64_t t1, int widthPx);
/// The widest window (ns) that `widthPx` pixels draw from raw spans: wider ones read the LOD buckets, which
/// hold the first model::kLodDepths nesting levels only.
int64_t rawSpanWindowNs(int widthPx);
class NameOpTypes;
/// The draw data of a window. With `opTypes` (namekinds.h) a LOD bucket carries the op type id of its
/// name's spans too, so no view derives an op type from a name.
TimelineData loadTimeline(index::Db& db, const TimelineWindow& w, NameOpTypes* opTypes = nullptr);
std::optional<SpanDetail> loadSpanDetail(index::Db& db, int64_t spanId);
/// The span a LOD bucket of `trackId` at `depth` spanning [t0Ns, t1Ns] draws: the longest of that depth
/// starting in it (a bucket of one span is that span; a merged one shows its longest). None when the track
/// has no such span.
std::optional<DrawItem> bucketSpan(index::Db& db, int64_t trackId, int depth, int64_t t0Ns, int64_t t1Ns);
/// The step of a span of `rank` starting at `ns` (ns) over the summary's steps, by the rule the index's
/// `spans` view and loadSpanDetail apply (index::keepsStep): the tooltip and Details name the same step.
/// None before the rank's first step, and for a span starting after the end of its last.
std::optional<int64_t> spanStepOf(const ProfileSummary& s, int rank, int64_t ns);
/// Where a search hit stands in the order every index gives it, a whole one or a cluster's shards: start,
/// rank key, lane name, span name, depth, end, then its id (ids keep a rank's order within one index; only
/// spans alike in everything else reach it).
struct SearchOrder {
    int64_t startNs;
    int rank;
    std::string lane, name;
    int32_t depth;
    int64_t endNs, spanId;
    auto operator<=>(const SearchOrder&) const = default;
};
/// Spans whose name or op type contains `text` (case-insensitive for ASCII; literal: '%' and '_' are
/// characters, not wildcards) in SearchOrder; at most `limit`.
/// `order`, when given, receives each hit's SearchOrder (for merging shards' hits). `ranks`: the rank keys
/// searched (the shown run's: another run's spans are no match of it); empty: every rank.
std::vector<DrawItem> searchSpans(index::Db& db, const std::string& text, int limit,
                                  std::vector<int64_t>* trackIds, std::vector<SearchOrder>* order = nullptr,
                                  const std::vector<int>& ranks = {});
/// The kernel spans of one shape group (op type, input shapes, dtypes as `rankscope shapes` groups them) of
/// `run`, ordered by time; at most `limit`. A kernel is its span on a track of its rank at the same start
/// and duration (kernel_shape has no span id: the importers record shapes beside the spans), not its copy
/// on the overlap-analysis lane (torch_npu draws each kernel there too).
std::vector<DrawItem> shapeKernelSpans(index::Db& db, int run, const std::string& opType,
                                       const std::string& inputShapes, const std::string& dtypes, int limit,
                                       std::vector<int64_t>* trackIds);
/// The same over `ranks` (rank keys of `db`; a cluster index's shard has no runs of the cluster's).
std::vector<DrawItem> shapeKernelSpans(index::Db& db, const std::vector<int>& ranks,
                                       const std::string& opType, const std::string& inputShapes,
                                       const std::string& dtypes, int limit, std::vector<int64_t>* trackIds);

} // namespace rs::query
