#pragma once
// What a rank's memory files gave its memory map: each file and its rows, and what the import and the
// analysis left out of them (their diagnostics). A map that draws nothing said "none recorded, or records
// left out" of a rank whose memory_record.csv and operator_memory.csv hold 51 rows (msinsight's
// test_rank_1: every timestamp rounded by a spreadsheet, every tensor 134 days from the rank's kernels):
// it names the files and why their rows are not drawn instead. Value types; any thread with its own Db.
#include "core/index/sqlite.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

struct MemorySources {
    /// The rank's memory files in path order: "memory_record.csv (30 rows)".
    std::vector<std::string> files;
    /// Their rows left out, one entry per diagnostic: "memory_record.csv: memory row whose Timestamp is
    /// rounded …, not read (30 rows)"; the tensors the analysis left out without a file, by their rank.
    std::vector<std::string> leftOut;
};

/// The memory files of rank key `rank` (source_file formats naming memory) and the diagnostics of those
/// files and of the rank's memory records.
MemorySources loadMemorySources(index::Db& db, int rank);
/// The same for each rank key of `ranks`, in one pass over the files and the diagnostics (the report asks
/// it of every rank without memory data).
std::map<int64_t, MemorySources> loadMemorySourcesOf(index::Db& db, const std::set<int64_t>& ranks);
/// "no memory data: …" for a rank that draws neither a tensor nor a memory sample: which memory files it has
/// and what was left out of them, or that none of its files records memory. `used`: what the reader does
/// with a row ("drawn" in the memory map, "used" in the report).
std::string noMemoryDataText(const MemorySources& s, const std::string& used = "drawn");
/// The leftOut entries joined ("…; …"), empty without.
std::string leftOutText(const MemorySources& s);

} // namespace rs::query
