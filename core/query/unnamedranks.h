#pragma once
// Ranks the data does not name: Rankscope numbered them one per file (core/import/rankjob.cpp's
// rank_origin label), so "rank 2" would claim what no file says. The views call them by their file
// ("file 2: beta.json") and a note says their collectives are not matched across them
// (analysis/runs.h RunMap::unnamed; r48d). Reads the index on the calling thread's connection.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <set>
#include <string>

namespace rs::query {

/// The file of each of `shown` (the run's rank keys) numbered by Rankscope into `s.unnamedRankFile`, and a
/// note saying so when any is; nothing when the run has one rank (as analysis/runs.h RunMap::unnamed).
void loadUnnamedRanks(index::Db& db, const std::set<int>& shown, ProfileSummary& s);

/// The keys of `shown` (one run's ranks) that Rankscope numbered (the data names them not): none when
/// `shown` holds fewer than two, as loadUnnamedRanks (a lone rank is compared with nobody anyway).
std::set<int> unnamedRankKeys(index::Db& db, const std::set<int>& shown);

/// "file 2: beta.json" for a rank numbered by Rankscope, else "rank 2" (the data's number).
std::string rankName(const ProfileSummary& s, int key);

} // namespace rs::query
