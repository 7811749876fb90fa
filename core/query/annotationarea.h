#pragma once
// The area a box or a range annotation covers, as area statistics read it (`rankscope stats --annotation`,
// the timeline's "Area statistics of this box"): its time [t0, t1] on each rank it covers — the same
// instants on every rank, as the timeline draws it unaligned — over exactly its lanes: each (rank, lane)
// pair's track, a lane without a rank (a format-1 file's) on each of its ranks, and with no lanes every
// lane of its ranks. Times are int64 ns; pure function of values, any thread.
#include "core/annotate/annotation.h"
#include "core/query/areastats.h"
#include "core/query/timelinequery.h"

#include <optional>
#include <string>

namespace rs::query {

/// The area query of `a` over `s`'s tracks; nullopt with `why` set when `a` is not a timeline box or range,
/// or names a lane its rank does not have.
std::optional<AreaQuery> annotationArea(const annotate::Annotation& a, const ProfileSummary& s,
                                        std::string& why);

} // namespace rs::query
