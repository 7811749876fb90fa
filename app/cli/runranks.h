#pragma once
// The ranks of one run of a profile as the command line speaks them: by the numbers their files write
// (what the app's lanes, the report and the captions say), mapped to the index's rank keys. The two differ
// only where runs of one folder claim the same numbers (run 0's rank 0 may be key 10000). Main thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rs::cli {

struct RunRanks {
    int run = 0;
    int64_t startNs = 0;
    std::vector<int> keys;       ///< rank keys of the run, by producer number
    std::map<int, int> dataRank; ///< key → the producer's number
    /// "0, 1": the run's ranks by their numbers, for messages.
    std::string listText() const;
};

RunRanks runRanks(index::Db& db, int run);

/// The rank keys of the producer numbers asked for; false with `error` naming one the run lacks ("rank 3
/// is not in run 0 (its ranks: 0, 1)").
bool chooseRanks(const RunRanks& run, const std::vector<int>& asked, std::vector<int>& keys,
                 std::string& error);

/// Whether the profile has run `run`; if not, says so on stderr ("rankscope export: run 7 is not in this
/// profile (its runs: 0, 1)"): a command given a run the folder lacks drew or listed the default run, or
/// nothing, with status 0 (walk 27 house check).
bool requireRun(index::Db& db, const char* command, int run);

} // namespace rs::cli
