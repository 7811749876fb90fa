#pragma once
// The kind an area statistics row gives a span: its lane's kind, except on a compute lane, where a span
// whose name the importers know is not computation says what it is, as the timeline colours it —
// "communication" (name_fact.communication = 1: a Kineto NCCL kernel on a compute stream) or "runtime"
// (name_fact.compute = 0, not communication: EVENT_WAIT, Notify Wait, SDMA copies). Walk 23b: `stats
// --kinds compute` ranked 209 ms of Notify Wait above the real kernels. Read from one index or shard (its
// own string ids); used on the calling thread only.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <string>
#include <unordered_set>

namespace rs::query {

class AreaSpanKind {
  public:
    explicit AreaSpanKind(index::Db& db);
    /// The row kind of `item` (its name or op type, string ids of `db`) on a lane of kind `laneKind`.
    const std::string& of(const std::string& laneKind, const DrawItem& item) const;
    /// Whether a lane of `laneKind` can hold spans of row kind `kind`.
    static bool laneCanHold(const std::string& laneKind, const std::string& kind);

  private:
    std::unordered_set<int32_t> m_communication, m_runtime;
};

} // namespace rs::query
