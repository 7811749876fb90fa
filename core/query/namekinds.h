#pragma once
// What each name of a profile is, decided once when its summary loads (on the query thread), so a frame
// reads integers instead of comparing or deriving text per span: the op type a name's spans are drawn
// with where a row carries none (a level-of-detail bucket carries only its longest span's name), and
// whether the name is communication (taskclass.h). Pure.
#include "core/query/timelinequery.h"

namespace rs::query {

/// Fills s.opTypeOfName and s.communication from s.strings (appending the derived op types that are not
/// strings of the index yet).
void classifyNames(ProfileSummary& s);

/// The op type id of a draw item: its own, else its name's (0 when neither is known).
inline int32_t opTypeIdOf(const ProfileSummary& s, const DrawItem& it) {
    if (it.opTypeId) return it.opTypeId;
    return it.nameId >= 0 && size_t(it.nameId) < s.opTypeOfName.size() ? s.opTypeOfName[size_t(it.nameId)]
                                                                       : 0;
}

} // namespace rs::query
