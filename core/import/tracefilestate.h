#pragma once
// What the handlers of one Chrome trace file share while it streams: the import's context, the rank's
// emitter and state, the file, its tracks and interned strings, and the clock: `ts` (µs, a number or a
// string with up to ns decimals) plus the file's baseTimeNanoseconds gives int64 ns. One parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"
#include "core/import/stringinterner.h"
#include "core/import/traceevent.h"
#include "core/import/tracetracks.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::import {

/// The diagnostic of events dropped for a negative ts.
extern const char* const kNegativeTs;

class TraceFileState {
  public:
    TraceFileState(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& file,
                   int32_t fileId);

    ImportContext& ctx;
    RowEmitter& out;
    RankState& rank;
    const SourceFile& file;
    const int32_t fileId;
    LocalInterner strings;
    TraceTracks tracks;
    int64_t baseNs = 0; ///< Kineto's baseTimeNanoseconds (0 when the file has none)
    /// A ts at or past this (1973, ns) is epoch time; below it, time since boot or since a base.
    static constexpr int64_t kEpochFloorNs = int64_t(100000000) * 1000000000;
    /// The first event's ts as written (ns, before baseNs): whether the file's times are epoch time
    /// without a base, which a file cut before its baseTimeNanoseconds can still tell.
    std::optional<int64_t> firstRawTsNs;

    /// The batch rows go into now (it changes when the emitter hands a full one over).
    model::Batch& batch() { return out.batch(); }
    /// A per-event problem, counted once per (file, `what`) with the first offset and excerpt.
    void warn(const std::string& what, const TraceEvent& e) { diag("warning", what, e); }
    void diag(const char* severity, const std::string& what, const TraceEvent& e);

    enum class Time { Ok, Bad, Negative };
    /// The event's `ts` in ns on the rank's clock (`ns` set when Ok). Bad: missing, not a number or out
    /// of range (a diagnostic `bad` names for this phase). Negative: before the clock's origin.
    /// Negative times are dropped, never clamped: a ts below zero is a time before 1970 (or before the
    /// trace's own origin), decades before the rest of the rank; placing it anywhere would be a time the
    /// file does not say, and keeping it would stretch the rank's clock back to 1970. One diagnostic
    /// counts such events (whatever their phase) and names the first one's offset.
    Time eventTime(const TraceEvent& e, const char* bad, int64_t& ns);

    /// The op type of a span named `name` (interned as `nameId`): kernel_details' Type when the rank
    /// has one for the name, else derived from the name. Cached per name.
    int32_t opTypeFor(int32_t nameId, std::string_view name);
    /// One span on `t` (depth from its nester) into the batch.
    void emitSpan(TraceTrack& t, int64_t ts, int64_t dur, int32_t nameId, int32_t catId, int32_t opId,
                  int64_t offset);

  private:
    /// A CANN raw timeline's clock, from its first ts: epoch already (newer msprof), else the device's
    /// monotonic clock mapped by start_info's anchor, else left as it is (said once).
    void decideCannClock(int64_t firstTsNs);

    /// The op type id of each name id seen (-1: not asked yet). A vector, not a hash map: asked once per
    /// span, and name ids are dense (one interner for the whole import).
    std::vector<int32_t> m_opTypeOfName;
    bool m_clockDecided = false;
};

} // namespace rs::import
