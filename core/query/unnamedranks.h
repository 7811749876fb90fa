#pragma once
// Ranks the data does not name: Rankscope numbered them one per file (core/import/rankjob.cpp's
// rank_origin label), so "rank 2" would claim what no file says. The views call them by their file
// ("file 2: beta.json") and a note says their collectives are not matched across them
// (analysis/runs.h RunMap::unnamed; r48d). Reads the index on the calling thread's connection.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <map>
#include <set>
#include <string>

namespace rs::query {

/// The file of each of `shown` (the run's rank keys) numbered by Rankscope into `s.unnamedRankFile`, and a
/// note saying so when any is; nothing when the run has one rank (as analysis/runs.h RunMap::unnamed).
void loadUnnamedRanks(index::Db& db, const std::set<int>& shown, ProfileSummary& s);

/// The file name ("beta.json") of each key of `shown` (one run's ranks) that Rankscope numbered: none when
/// `shown` holds fewer than two, as loadUnnamedRanks.
std::map<int, std::string> unnamedRankFiles(index::Db& db, const std::set<int>& shown);

/// The keys of `shown` (one run's ranks) that Rankscope numbered (the data names them not): none when
/// `shown` holds fewer than two, as loadUnnamedRanks (a lone rank is compared with nobody anyway).
std::set<int> unnamedRankKeys(index::Db& db, const std::set<int>& shown);

/// "file 2: beta.json" for a rank numbered by Rankscope, else "rank 2" (the data's number).
std::string rankName(const ProfileSummary& s, int key);
/// "file 2: beta.json": the name of rank `number` (the number Rankscope gave it) numbered for `file`; the
/// one wording of rankName and the op × rank heatmap's columns.
std::string fileRankName(int number, const std::string& file);

} // namespace rs::query
