#pragma once
// Statistics of an area of the timeline: a time window on each chosen rank (one range for all, or each
// rank's own extent of a step) across some of its lanes. Spans are grouped by (name, kind, rank — or all
// ranks together), the kind being the lane's but on a compute lane, where runtime tasks and collectives
// say what they are (areaspankind.h); every duration is the part of the span inside the area ("clipped"): a
// span cut by an edge counts with its inside part only. Per group: count (spans that overlap the area), total
// wall, self (wall minus the time its children on the same lane cover, both clipped), average, min, max and
// p95 (nearest rank: the ⌈0.95·n⌉-th smallest) of each span's clipped wall. Counter lanes and the
// device-memory lane give the value in force at the area's start (first), at its end (last), and the min and
// max the lane takes inside it. Lanes on another clock (track.aligned = 0) are never used. Reads windowed SQL
// on the span index (track_id, ts_ns) and the long-span list, so a small area reads few rows. Times are int64
// ns on each rank's own clock. Functions take a connection owned by the calling thread (the query
// service's worker).
#include "core/index/sqlite.h"
#include "core/query/lanereader.h"
#include "core/query/timelinequery.h"

#include <atomic>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

/// One rank's part of the area: [t0, t1) on that rank's clock.
struct AreaWindow {
    int rank = 0; ///< the index's rank key
    int64_t t0 = 0, t1 = 0;
    /// a step area's window that is the rank's whole trace, no step (query/wholetracestep.h): set by
    /// whoever knows the summary (markWholeTraces), said by the JSON as the report says it
    bool wholeTrace = false;
};

struct AreaQuery {
    std::vector<AreaWindow> windows;
    /// Instead of `windows`: each of `stepRanks`' own extent of this step (ranks without it are noted).
    std::optional<int64_t> step;
    std::vector<int> stepRanks;
    /// The lanes (track ids; a memory lane is query::memoryTrackId(rank)), every span of them counted;
    /// empty: the spans of the windows' ranks whose row kind is in `kinds` ("runtime" and
    /// "communication" take a compute lane's runtime tasks and collectives), plus the memory lane when
    /// `kinds` holds "memory".
    std::vector<int64_t> trackIds;
    std::set<std::string> kinds = defaultKinds();
    bool perRank = true; ///< one row per (name, kind, rank); false: the ranks together (rank −1)
    /// The lanes `rankscope stats` and the panel read unless told: every drawn kind but the overlap
    /// analysis lanes (torch_npu copies each kernel there) — compute, runtime, communication, host,
    /// other, counter, memory.
    static std::set<std::string> defaultKinds();
};

struct AreaRow {
    std::string name, kind; ///< the span's name and kind (compute, runtime, communication, host, …)
    int rank = -1;          ///< −1: every rank of the area
    int64_t count = 0, totalNs = 0, selfNs = 0, minNs = 0, maxNs = 0, p95Ns = 0;
    double avgNs = 0;
    std::vector<int> ranks; ///< of a row over every rank (rank −1): the ranks whose spans it holds, in order
};

struct CounterRow {
    int rank = 0;
    int64_t trackId = 0; ///< memoryTrackId(rank) for the device-memory lane
    std::string name;
    bool bytes = false; ///< a memory curve (bytes), else the counter's own unit
    /// the first sample at the area's start in file order, else the last before it (none before any sample)
    std::optional<double> first;
    double last = 0, min = 0, max = 0;
    int64_t samples = 0; ///< samples inside the area
};

struct AreaStats {
    std::vector<AreaWindow> windows; ///< as asked, or the step's extents (ranks without it: see notes)
    std::vector<AreaRow> rows;       ///< by total wall time, longest first
    std::vector<CounterRow> counters;
    int64_t spans = 0;                 ///< spans that overlap the area
    int64_t lanes = 0;                 ///< span lanes read
    std::vector<std::string> notes;    ///< what the figures leave out (lanes on another clock)
    std::vector<int> ranksWithoutStep; ///< a step area's ranks that have no such step (rank keys)
    bool perRank = true;
    bool cancelled = false;
};

/// The area of `t0`..`t1` (rank clock) on each of `ranks`.
std::vector<AreaWindow> rangeWindows(const std::vector<int>& ranks, int64_t t0, int64_t t1);
/// Each of `ranks`' own extent of `step`; the ranks without that step are named in `missing`.
std::vector<AreaWindow> stepWindows(index::Db& db, const std::vector<int>& ranks, int64_t step,
                                    std::vector<int>* missing = nullptr);

/// The statistics of the area; stops early (cancelled = true) when `cancel` is set.
AreaStats computeAreaStats(index::Db& db, const AreaQuery& q, const std::atomic<bool>* cancel = nullptr);
/// The same over whatever `lanes` opened: a cluster index's spans are read from its shards (a rank whose
/// shard is missing is left out and the notes say how many). Rank keys and track ids are the summary's.
AreaStats computeAreaStats(LaneReader& lanes, const AreaQuery& q, const std::atomic<bool>* cancel = nullptr);

/// The spans of one row of the area's table (`rank` −1: every rank), in time order, at most `limit`;
/// `trackIds` gets each one's lane. What a row click highlights on the timeline.
std::vector<DrawItem> areaSpans(index::Db& db, const AreaQuery& q, const std::string& name,
                                const std::string& kind, int rank, int limit, std::vector<int64_t>* trackIds);
std::vector<DrawItem> areaSpans(LaneReader& lanes, const AreaQuery& q, const std::string& name,
                                const std::string& kind, int rank, int limit, std::vector<int64_t>* trackIds);

/// The ranks a row over every rank of the area (AreaRow::rank −1) holds spans of, as the producer numbered
/// them ("5", "0-3", "0, 2, 5"; `dataRank` maps rank keys, a key it lacks is kept). Walk 21: `stats --ranks
/// 5` labelled rank 5's rows "all".
std::string pooledRanksText(const AreaRow& row, const std::map<int, int>& dataRank);
/// Marks the windows of a step area (`step`) that are their rank's whole trace (`summary`'s rank keys).
void markWholeTraces(const ProfileSummary& summary, int64_t step, std::vector<AreaWindow>& windows);
/// The statistics as JSON (`rankscope stats --json`): {windows[{rank, start_ns, end_ns, whole_trace}],
/// per_rank, spans, lanes, ops[{name, kind, rank, ranks (a row over every rank: whose spans it holds), count,
/// total_ns, self_ns, avg_ns, min_ns, max_ns, p95_ns}], counters[{rank, name, unit, first, last, min, max,
/// samples}], ranks_without_step, notes}; ranks are the producer's numbers
/// (`dataRank` maps rank keys to them; a key it lacks is kept), null for a row over every rank.
std::string areaStatsJson(const AreaStats& s, const std::map<int, int>& dataRank);

} // namespace rs::query
