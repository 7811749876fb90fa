#pragma once
// Where each run of a folder of runs lies: the deepest folder holding its ranks' files, below the folder
// holding every file ("a", "b/PROF_1"; "" where a run's files are the whole profile's folder). The app's run
// chooser and the report's and `info`'s run lines name runs by it, so two runs of the same source and ranks
// can be told apart (walk 29: "run 0: ascend, ranks 0 1 2 3" twice). Reads the index (source_file,
// rank_info); any thread with its own Db.
#include "core/index/sqlite.h"

#include <map>
#include <string>

namespace rs::query {

/// Run id → its folder below the profile's common folder.
std::map<int, std::string> runFolders(index::Db& db);

} // namespace rs::query
