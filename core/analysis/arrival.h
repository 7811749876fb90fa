#pragma once
// One rank's arrival at one collective instance: what the rank-local stages find (the instance, its
// measured wait, its place in the rank's sequence, the device-idle gap before it), stored in
// `sum_arrival`, and what the cross-rank stages add (the match across ranks, the blame). Plain value.
#include "core/model/intervals.h"
#include "core/model/waitkind.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::analysis {

struct Arrival {
    // --- rank-local: sources (collectivesources.h)
    int rank = 0;
    int64_t step = -1; ///< from the producer's record, else the rank's step at the start (sequencer)
    std::string name, opType, group;
    int64_t startNs = 0, durNs = 0;
    std::optional<int64_t> waitEvents; ///< measured from the events (Notify_Wait); the blame may infer it
    /// Where the measured wait happened: the Notify_Wait tasks of the plane that measured waitEvents, as
    /// [start, end) ns, merged. Empty when the wait was not measured from tasks (or was inferred).
    model::Intervals waitIntervals;
    std::optional<int64_t> waitJson; ///< as the producer's per-op record says (communication.json, hccl_raw)
    std::optional<int64_t> transitEvents, transitJson, bytes;
    int64_t spanId = 0; ///< 0: no span (a record without events)
    int64_t trackId = 0;
    std::string pid;    ///< the process of its track (Ascend: the planes of the same device process)
    std::string source; ///< events, communication.json, events+communication.json, events+hccl_raw
    // --- rank-local: sequencer (arrivalsequencer.h)
    std::string identity;      ///< what names the instance across the ranks of its group
    int64_t seq = 0;           ///< its number among the rank's arrivals with that identity in that step
    bool pointToPoint = false; ///< Send/Receive: never matched across ranks
    // --- rank-local: the device-idle gap since the rank's previous collective (or its step's start)
    int64_t gapStartNs = 0, gapNs = 0;
    // --- cross-rank: matcher, clock aligner, blame (collectivematcher.h, blame.h)
    std::string matchKey;        ///< run|step|identity|seq; empty when not matched
    std::optional<int> lastRank; ///< the last to arrive in its instance (only in complete runs)
    int64_t lateBy = 0;          ///< on the last arrival: the smallest wait among the others
    bool waitInferred = false;   ///< waitEvents is the blame's inference from the arrival order

    int64_t endNs() const { return startNs + durNs; }
    /// The wait shown: the producer's record, else the events' (measured or inferred), else 0.
    int64_t wait() const { return waitJson ? *waitJson : waitEvents ? *waitEvents : 0; }
    std::optional<int64_t> transit() const { return transitJson ? transitJson : transitEvents; }
    /// Where wait() comes from, as wait.source stores it: the producer's record ("hccl_raw",
    /// "communication.json": `source` after its "events+"), the wait tasks ("Notify_Wait"), the blame's
    /// inference ("arrival order"); empty when there is no wait.
    std::string waitSource() const {
        if (waitJson)
            return source.substr(source.rfind('+') == std::string::npos ? 0 : source.rfind('+') + 1);
        if (waitEvents) return waitInferred ? std::string(model::kInferredWaitSource) : "Notify_Wait";
        return {};
    }
};

} // namespace rs::analysis
