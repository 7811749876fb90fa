#pragma once
// The rows about the inputs rather than the trace: each source file, each rank and what the files say
// about it, and the diagnostics (per-record problems, counted, never fatal). Plain values moved from the
// parser threads to the writer thread; diagnostics are also written by later stages through
// core/index/diagnosticsink.h.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace rs::model {

struct DiagnosticRow {
    std::string file, severity, what; ///< severity: info, warning or error
    int64_t count = 1;
    int64_t firstOffset = -1; ///< byte offset, or line number for CSV (see `what`)
    std::string excerpt;
};

/// The label key that marks a rank Rankscope numbered itself because its files do not say (value "assigned").
inline constexpr std::string_view kRankOriginLabel = "rank_origin";

struct RankRow {
    int rank;
    std::optional<int64_t> deviceId;
    std::string host, source;
    std::optional<int64_t>
        worldSize;       ///< ranks in the job, when the data says (distributedInfo, rank_size, …)
    std::set<int> peers; ///< data ranks its collective groups link, when the data says
    std::map<std::string, std::string> labels; ///< what the files say about the run (profilelabels.h)
};

struct FileRow {
    int32_t fileId;
    std::string path, format;
    int rank;
    int64_t sizeBytes, mtimeNs, records;
};

} // namespace rs::model
