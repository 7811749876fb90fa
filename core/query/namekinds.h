#pragma once
// What each name of a profile is, decided once on the query thread, so a frame reads integers instead of
// comparing or deriving text per span: the op type derived from a name, whether an op type is
// communication (the importers say it of each name: name_fact.communication), and — for level-of-detail
// buckets, which carry only their longest span's name — the op type the index gives that name's spans
// (NameOpTypes). Pure, except NameOpTypes (one query thread).
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace rs::query {

/// Fills s.opTypeOfName from s.strings, appending the derived op types that are not strings of the index
/// yet. s.communication holds the index's flags for its strings (name_fact; missing ones are 0); it is
/// extended to the appended op types, each communication when one of its names is.
void classifyNames(ProfileSummary& s);
/// Reads the index's names into s.strings and their communication flags, then classifyNames(s).
void loadNames(index::Db& db, ProfileSummary& s);

/// The op type of a name's spans as the index has it (the producer's Type column where there is one, which
/// a name need not tell), looked up among one bucket's spans the first time a bucket of that name is
/// drawn, then remembered; the name's derived op type when none of its spans is found. One per open
/// index, on the thread that owns the connection.
class NameOpTypes {
  public:
    explicit NameOpTypes(std::shared_ptr<const ProfileSummary> summary) : m_summary(std::move(summary)) {}
    /// The op type id of the spans named `nameId` on `trackId` starting in [t0, t1] (a bucket's extent).
    int32_t lookup(index::Db& db, int32_t nameId, int64_t trackId, int64_t t0, int64_t t1);

  private:
    std::shared_ptr<const ProfileSummary> m_summary;
    std::unordered_map<int32_t, int32_t> m_known;
};

/// The algorithm an HCCL op type names, as memory records name a collective's buffers: "hcom_allReduce_" →
/// "allreduce" (lower case, for a comparison that ignores case).
std::string collectiveAlgorithm(std::string opType);
/// The op type ids a selection of op type `name` highlights on the timeline: its own string id when some
/// name's spans have that op type; else the communication op types whose algorithm `name` is, as memory
/// records name a collective's buffers (a bank anomaly's "AllReduce" → hcom_allReduce_;
/// loadCollectiveTensorRows' rule); else its own id when the index has the string (a producer's op type no
/// name derives); else none (nothing is highlighted, and Details says so).
std::vector<int32_t> highlightedOpTypes(const ProfileSummary& s, const std::string& name);

/// The op type id of a draw item: its own, else its name's (0 when neither is known).
inline int32_t opTypeIdOf(const ProfileSummary& s, const DrawItem& it) {
    if (it.opTypeId) return it.opTypeId;
    return it.nameId >= 0 && size_t(it.nameId) < s.opTypeOfName.size() ? s.opTypeOfName[size_t(it.nameId)]
                                                                       : 0;
}

} // namespace rs::query
