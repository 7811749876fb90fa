#pragma once
// Where a lane's events stop because the file they came from was cut (read in part: a trace that "ends in
// the middle of an event"). A producer writes a trace in its own order, not the lanes' (Kineto writes the
// device kernels after the CPU ops), so a cut file can take a device lane's whole second half while the
// host threads run on: from the lane's last event read from that file to the end of the rank's run, what
// the lane did is not known, and must not look idle (walk18a #1). Not to the rank's end: that is where its
// read data ends, cut with it. The index stores where the file was cut (the
// diagnostic's byte offset), not the time: the time is derived from the spans read from the file. Called
// on the thread that owns `db`. Times are ns (the rank's own clock, as the spans).
#include "core/index/sqlite.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

struct UnreadTail {
    int64_t trackId = 0;
    int rank = 0;
    int64_t startNs = 0; ///< the end of the lane's last event read from the file
    int64_t endNs = 0;   ///< the end of the rank's run (run.end_ns; the rank's own without a run)
    std::string file;    ///< the cut file's name (its path's last component)
    std::optional<int64_t> cutAtByte; ///< where reading stopped; nullopt: not known
};

/// The unread tails of the lanes of `ranks` (rank keys), one per lane and cut file whose events stop
/// before the end of the rank's run; by track, then start.
std::vector<UnreadTail> unreadTails(index::Db& db, const std::set<int>& ranks);
/// The same with each rank's end taken from `runEnds` (rank key of `db` → ns; a rank it lacks has no
/// tail): a cluster index's shard knows its ranks' spans, but only the cluster index knows their runs.
std::vector<UnreadTail> unreadTails(index::Db& db, const std::set<int>& ranks,
                                    const std::map<int, int64_t>& runEnds);
/// Where each rank's tail ends: its run's end, or its own end where later or without a run (rank key →
/// ns; ranks without an end are left out).
std::map<int, int64_t> rankRunEnds(index::Db& db);

/// `tails` by track, then start (the order tailsOfTrack reads).
void sortTails(std::vector<UnreadTail>& tails);
/// The tails of lane `trackId` in `tails` (sorted as unreadTails returns them): [first, last).
inline std::pair<std::vector<UnreadTail>::const_iterator, std::vector<UnreadTail>::const_iterator>
tailsOfTrack(const std::vector<UnreadTail>& tails, int64_t trackId) {
    auto first = std::lower_bound(tails.begin(), tails.end(), trackId,
                                  [](const UnreadTail& a, int64_t id) { return a.trackId < id; });
    auto last = std::upper_bound(first, tails.end(), trackId,
                                 [](int64_t id, const UnreadTail& a) { return id < a.trackId; });
    return {first, last};
}

/// "not read: sampled_rank-1.json was cut at byte 1013763; what it held past that is missing".
std::string unreadTailText(const UnreadTail& t);

} // namespace rs::query
