#pragma once
// The words for a rank wherever text names one: the number its files write ("rank 0"), with its run where
// the folder holds several ("rank 0 of run 1"). Never the index key: a second run's ranks are keys 10000 +
// their number inside the index only (walk 48e: "1 kernel of GetNext on rank 10000" for rank 0). A rank
// the data does not name (Rankscope numbered it one per file) is called by its file, "file 1: beta.json",
// as the timeline's header calls it (core/query/unnamedranks.h). Pure; any thread.
#include "core/query/timelinequery.h"

#include <QString>

namespace rs::views {

/// "rank N" for rank key `key` of `s` (N the number the files write), "rank N of run R" when `s` knows of
/// several runs, "file N: beta.json" for a rank no file names; "rank <key>" without a summary.
QString rankName(const query::ProfileSummary* s, int key);
/// The number rank key `key`'s files write, in whichever of `s`'s runs it is (`key` without a summary).
int rankNumber(const query::ProfileSummary* s, int key);

} // namespace rs::views
