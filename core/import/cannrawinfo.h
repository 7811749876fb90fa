#pragma once
// The small files beside a CANN raw device timeline (formats.md §3): `info.json.N` (rank_id, the host, the
// device) and `start_info.N` (the clock anchor). The raw timeline's ts is µs of the device host's
// CLOCK_MONOTONIC_RAW; start_info gives the same instant on both clocks, `collectionTimeBegin` (epoch µs)
// and `clockMonotonicRaw` (ns), so epoch_ns = ts_ns + collectionTimeBegin·1000 − clockMonotonicRaw.
// end_info.N, when beside it, gives a second pair: when the two disagree the anchor is said to be doubtful.
// Without a usable anchor the timeline stays on its own clock and a diagnostic says so (it is then never
// aligned with another rank: the runs pass keeps ranks whose times do not meet apart). Parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

/// Rank (rank_id ≥ 0), host name and device id of info.json.N into `rank`.
bool importCannInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);
/// The monotonic-to-epoch offset of start_info.N into rank.cannEpochOffsetNs.
bool importCannStartInfo(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error);

} // namespace rs::import
