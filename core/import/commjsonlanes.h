#pragma once
// communication.json's collectives on a rank whose files have no communication lane of their own (no
// trace_view.json, .db or timeline: kernel_details.csv and the JSON summaries only, as msinsight's
// test_data). Their times were known and drawn only as the header's wait bars: rank 0's 102.7 ms
// hcom_allReduce__459_0 had no span on any lane, and rank 1's step read "events cover 16.4 ms" while its
// collectives ran +1.46…+267.7 ms. Here they become spans on a Group lane per communication group (as
// trace_view's "Group N Communication") unless kernel_details.csv lists them as device tasks already, and a
// kernel_details step window reaches over the collectives of the same step. Times in ns. Runs on the rank's
// import thread, after all its files are read.
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

namespace rs::import {

/// `lanesElsewhere`: the rank's files draw their collectives on lanes already (trace, .db, timelines).
void placeCommJsonOps(ImportContext& ctx, RowEmitter& out, RankState& rank, bool lanesElsewhere);

} // namespace rs::import
