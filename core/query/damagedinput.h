#pragma once
// Source files the index could not read, or read only in part (an error-severity diagnostic of reading:
// a .db "malformed … file not read", a trace_view.json that "ends in the middle of an event", a CSV whose
// last row has no line end). Wherever their absence shapes a claim ("no timed event", "no problems found",
// a compare's −64.6 %), the claim must say the files were not read (walk17b #1). Called on the thread
// that owns `db`.
#include "core/index/sqlite.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::query {

struct DamagedFile {
    std::string path;            ///< as the diagnostic names it
    std::optional<int64_t> rank; ///< the rank key whose files these are; nullopt: not known
    bool notRead = false;        ///< nothing of it was read (else: read up to the damage)
    std::string what;            ///< the diagnostic's text
    /// Where reading stopped (diagnostic.first_offset, bytes from the file's start); nullopt: not known.
    std::optional<int64_t> cutAtByte;
    /// An Ascend trace cut before some kernels its rank's kernel_details.csv lists: {not in the part read,
    /// listed} (core/model/cutkernels.h); nullopt when the importer counted none.
    std::optional<std::pair<int64_t, int64_t>> kernelsPastCut;
};

/// Every damaged source file, by path.
std::vector<DamagedFile> damagedFiles(index::Db& db);

/// "rank 1's trace_view.json (read in part: file ends in the middle of an event (truncated?))"; the path's
/// last component names the file. With kernelsPastCut, "…; kernel_details.csv lists 191 kernels past the
/// cut" is added (their number: what the view and the report lack).
std::string damagedFileText(const DamagedFile& f);

/// The files of `v`, joined with "; ".
std::string damagedFilesText(const std::vector<DamagedFile>& v);

} // namespace rs::query
