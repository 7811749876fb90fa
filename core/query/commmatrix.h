#pragma once
// The read side of the communication matrix (comm_link, written by core/analysis/commlinks): one run's
// src × dst matrix for a step (or all steps summed) and a group (or every group, when all their ranks are
// global), with per cell the bytes, the transit time, the bandwidth (bytes / ns = GB/s, decimal, derived,
// never taken from the file), the transport type(s) and the ops; the slow links of each transport type;
// and what the picture must say (ranks group-local and why, logical bytes, why it is empty). Also the
// collectives behind one cell, for the timeline. Sums use the rows comm_link marks `summed`: a `total`
// per algorithm (newer communication_matrix.json, analysis.db), each op instance (older layout, .db task
// rows), per step and collective (Kineto) — never the samples or "Total Op Info". Any thread with its own
// connection (the query worker, the CLI).
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rs::query {

/// The slow-link rule: a link is slow when its bandwidth is under both kSlowRatio × the median of its
/// transport type and median − kSlowZ × 1.4826 × MAD (a robust z below −kSlowZ), judged among at least
/// kMinJudged links of that type (the rank's own LOCAL copies are a type of their own).
constexpr double kSlowRatio = 0.8;
constexpr double kSlowZ = 3.5;
constexpr int kMinJudged = 3;
/// A link whose mean message (bytes / ops; the total when the source gives no op count) is under this many
/// bytes (1 MB, decimal as the producers count) is latency-bound: its "bandwidth" measures the per-transfer
/// setup time, not the link, so it is neither judged nor counted in its type's median. Why 1 MB: a transfer
/// costs a fixed ~1–2 µs (the server sample's 100-byte HCCS messages take 1.2–1.8 µs) plus size / link
/// bandwidth (tens of GB/s over HCCS and RDMA); at 1 MB the fixed part is a few % of the time, at 100 kB
/// already about half — the same reason NCCL's and HCCL's bandwidth tests quote bus bandwidth for large
/// messages only.
constexpr int64_t kLatencyBoundBytes = 1000000;

struct CommMatrixRequest {
    std::optional<int> run;      ///< none: the default run (the one with most ranks)
    std::optional<int64_t> step; ///< none: every step summed
    /// none: the only group, else every group when all are global, else the group with most links (then
    /// bytes: the fullest picture);
    /// "" asks for every group (refused — an empty matrix with a note — when a group is group-local)
    std::optional<std::string> group;
};

struct CommGroupInfo {
    std::string name, label, scope, note; ///< scope: global or group-local
    std::vector<int64_t> members;         ///< global ranks by group-local rank, when known
    int64_t bytes = 0;
    bool logical = false;
    bool hcclRawUnits = false; ///< hccl_raw link_info: `bytes` are thousandths of hccl_raw's size unit
};

struct CommCell {
    int64_t src = 0, dst = 0;
    std::vector<std::string> transports; ///< one, or several (then the cell is "mixed")
    int64_t bytes = 0;
    std::optional<int64_t> timeNs;  ///< none for logical bytes
    std::optional<int64_t> opCount; ///< none when a source does not say (newer layout totals)
    std::vector<std::string> ops;   ///< the algorithms or op instances summed
    int reporter = -1;              ///< the rank (key) whose file holds the link (the lowest when several)
    bool slow = false;
    bool latencyBound = false; ///< small messages: the bandwidth says nothing about the link (not judged)
    std::string transport() const { return transports.size() == 1 ? transports.front() : "mixed"; }
    /// GB/s (bytes per ns); NaN without a time or with a zero time.
    double bandwidthGBps() const {
        return timeNs && *timeNs > 0 ? double(bytes) / double(*timeNs) : std::nan("");
    }
    /// Bytes per op (the mean message); the whole volume when the op count is unknown (an upper bound).
    double meanMessageBytes() const {
        return opCount && *opCount > 0 ? double(bytes) / double(*opCount) : double(bytes);
    }
};

/// Per transport type: the links judged, their median and MAD bandwidth and the slow threshold. The median
/// is the lower median (a link's bandwidth, core/model/median.h), the centre of both the 80 % rule and the
/// robust z (the MAD is about it), so thresholdGBps = min(kSlowRatio · median, median − kSlowZ · 1.4826 ·
/// MAD) holds of the figures shown, of an even count too. Why not the symmetric centre: of an even count it
/// is no link's bandwidth, and a threshold from a centre not shown cannot be checked by hand.
struct TransportThreshold {
    std::string transport;
    int links = 0;        ///< links with a bandwidth that are not latency-bound (the ones judged)
    int latencyBound = 0; ///< links left out: mean message under kLatencyBoundBytes
    double medianGBps = 0, madGBps = 0, thresholdGBps = 0;
    bool judged = false; ///< false: fewer than kMinJudged links
};

struct CommMatrix {
    int run = 0;
    std::vector<int64_t> steps; ///< the steps with links (ascending)
    bool unnamedStep = false;   ///< some links belong to no numbered step
    /// Steps of the links that no step table row of the link's rank has (cluster_propose's hccl_raw_0/1
    /// step 6: step_trace_raw has 1–5): summed into "all steps", never a step of the run — said in `notes`.
    std::vector<int64_t> linkOnlySteps;
    std::vector<CommGroupInfo> groups;
    std::optional<int64_t> step;  ///< the step shown (none: all steps)
    std::string group;            ///< the group shown ("" = every group)
    std::string scope = "global"; ///< global or group-local (the axis' ranks)
    bool logical = false;         ///< Kineto logical bytes: no time, no bandwidth
    /// hccl_raw link_info (a group of its own): cells' `bytes` are thousandths of hccl_raw's size unit,
    /// which no file names — shown as hccl_raw writes it (hcclRawSize), no GB/s, no slow-link judgement.
    bool hcclRawUnits = false;
    /// Only the size can colour the picture and no link is judged: logical bytes, or hccl_raw's units.
    bool sizeOnly() const { return logical || hcclRawUnits; }
    std::vector<int64_t> ranks; ///< the axis: every src and dst, ascending
    std::vector<CommCell> cells;
    std::vector<TransportThreshold> thresholds;
    std::vector<std::string> notes; ///< what the picture must say (group-local ranks, logical bytes, …)
    std::string empty;              ///< why there is no cell (empty when there are cells)
    /// "every group" was asked for and refused (some groups' ranks are group-local): no matrix, `empty`
    /// says why; the CLI's headline and the view say that, not "0 links among 0 ranks".
    bool notCombined = false;
    const CommCell* at(int64_t src, int64_t dst) const;
    /// Whether `g` is a group this run can show: "" (every group) or one of `groups`.
    bool listsGroup(const std::string& g) const {
        return g.empty() ||
               std::any_of(groups.begin(), groups.end(), [&](const CommGroupInfo& x) { return x.name == g; });
    }
};

CommMatrix loadCommMatrix(index::Db& db, const CommMatrixRequest& req);
/// The scope loadCommMatrix(req) would give ("global", "group-local"; "" when it shows no group), from the
/// groups alone: no link is read (a 512-rank matrix holds millions).
std::string commMatrixScope(index::Db& db, const CommMatrixRequest& req);

/// A hccl_raw cell's size as hccl_raw writes it (its own unit): the stored thousandths / 1000.
inline double hcclRawSize(const CommCell& c) {
    return double(c.bytes) / 1000.0;
}

/// What a hccl_raw matrix's figures are, for the CLI and the Communication view alike: each row of the file
/// is one step's sum over its ops, so a matrix of one step is that sum, and of all steps the sum over them
/// (review of stop 47: "per step" stood over the all-steps totals).
std::string hcclRawScopeText(const CommMatrix& m);

/// Marks the latency-bound and the slow cells and fills the thresholds (pure: the rules above over
/// `m.cells`).
void judgeSlowLinks(CommMatrix& m);
/// How many cells are latency-bound (each counted once, whatever its transport).
int latencyBoundLinks(const CommMatrix& m);

/// `{run, step, group, scope, logical, ranks, groups[…], steps[…], cells[{src, dst, transport, transports,
/// bytes, time_ns, bandwidth_gbps, op_count, ops, slow}], thresholds[…], notes, empty}`; units in the keys.
std::string commMatrixJson(const CommMatrix& m);

/// The collectives behind one cell, on the link's source rank (the rank whose file holds the link) and,
/// when the ranks are global and the destination is a rank of the run, on the destination: spans ordered
/// by start (at most `limit`), with each span's track.
struct LinkSpans {
    std::vector<DrawItem> spans;
    std::vector<int64_t> trackIds;  ///< per span
    std::vector<int> ranks;         ///< rank keys the spans are on
    int64_t startNs = 0, endNs = 0; ///< their extent (also of collectives without a span)
    int64_t collectives = 0;        ///< collectives found (some may have no span to draw)
    /// (rank key, span id there) of collectives whose span is not in this index: a cluster index's are in
    /// the rank's shard (rankqueries.h linkSpans reads them).
    std::vector<std::pair<int, int64_t>> elsewhere;
    int64_t unread = 0; ///< collectives whose span is in a shard that cannot be read (missing or changed)
};
LinkSpans loadLinkSpans(index::Db& db, int run, std::optional<int64_t> step, const std::string& group,
                        int64_t src, int64_t dst, int limit = 2000);

} // namespace rs::query
