#pragma once
// Communication calls no collective stands for. A CPU backend's collectives (cpu_only's `gloo:all_reduce`
// user annotations on host threads) run no device kernel: the analysis matches and times collectives by
// their kernels (or Ascend's communication ops), so such a profile counted "0 collectives" and said nothing
// of its 10 calls of up to 380 ms (walk18a #6). Counted only where no collective was found: then they are
// what the reader sees on the timeline, in communication's colours. Reads the index; any thread with its
// own connection.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rs::query {

/// {"count": N, "names": ["gloo:all_reduce", …]} (most calls first, at most 3) of the spans named as
/// communication (name_fact.communication) that are no device task, each call once (a communication span
/// inside another on its track, c10d's op around its `nccl:*` annotation, is the same call), on ranks
/// `rankIn` (a SQL list of rank keys; empty: every rank); null when there is none. With
/// "one_rank_group_records": M when M of the ranks' Kineto communication records name a one-rank process
/// group (the importer's note).
nlohmann::json uncollectedCallsJson(index::Db& db, const std::string& rankIn = {});

/// " (10 communication calls, gloo:all_reduce: no collective kernel of theirs is recorded, so none is
/// matched across ranks or timed as a collective)" for a report's counts (and, with records of a one-rank
/// group, "; 35 records of their args name a one-rank process group: …"), or "" without such calls.
std::string uncollectedCallsText(const nlohmann::json& counts);

} // namespace rs::query
