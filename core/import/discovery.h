#pragma once
// Finds the profiler files under a directory and groups them into rank sources: one group per Ascend
// `*_ascend_*` directory, per legacy MindSpore rank suffix, and per Chrome/Kineto trace file. Ranks
// themselves come from the data (profiler_info, distributedInfo), the hint here is only a fallback.
// The walk follows directory links (dumps are often gathered by links) and reads each directory once:
// a link back to a directory it is inside is a loop, reported and not followed. It goes at most
// kMaxDiscoveryDepth levels below the root and reads at most kMaxDiscoveryDirs directories; what it
// skips, and why, is in Discovery::diagnostics. Pure function of the file system; thread-safe.
#include "core/model/sourcerows.h"
#include "core/model/steprows.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::import {

enum class FileKind {
    AscendInfo,      // profiler_info_<r>.json
    AscendMetadata,  // profiler_metadata.json (user labels)
    TraceView,       // ASCEND_PROFILER_OUTPUT/trace_view.json
    KernelDetails,   // kernel_details.csv
    StepTraceTime,   // step_trace_time.csv
    Communication,   // communication.json
    CommMatrix,      // communication_matrix.json (the links of each group: bytes, time, transport)
    OperatorMemory,  // operator_memory.csv
    MemoryRecord,    // memory_record.csv
    NpuModuleMem,    // npu_module_mem.csv
    MemoryUsage,     // memory_usage.csv (per-tensor trace with addresses)
    AscendDb,        // ascend_*_profiler_<r>.db
    AnalysisDb,      // ASCEND_PROFILER_OUTPUT/analysis.db (its CommAnalyzerMatrix)
    ChromeJson,      // Kineto *.pt.trace.json[.gz] or any Chrome trace
    LegacyTimeline,  // ascend_timeline_display_<r>.json
    LegacyStepTrace, // step_trace_raw_<r>_detail_time.csv
    LegacyFramework, // framework_raw_<r>.csv (op types)
    LegacyHccl,      // hccl_raw_<r>.csv (per-op communication cost and wait)
    LegacyAicpu,     // aicpu_intermediate_<r>.csv (AI CPU ops' run_start: the step trace's clock sync)
    CannInfo,        // PROF_*/device_N/info.json.N (rank_id, host)
    CannStartInfo,   // PROF_*/device_N/start_info.N (the clock anchor of the raw timeline)
    CannTimeline     // PROF_*/device_N/timeline/*.json, PROF_*/mindstudio_profiler_output/msprof*.json
};

const char* fileKindName(FileKind k);

struct SourceFile {
    std::string path;
    FileKind kind;
    int64_t sizeBytes = 0;
    int64_t mtimeNs = 0;
    uint32_t contentSample =
        0;               ///< CRC-32 of the head, two middle blocks and the tail (the whole file when small)
    int64_t ctimeNs = 0; ///< status change time (Unix ns): any write or utime since moves it
    uint64_t inode = 0;
};

/// What an index recorded of each input when it was built (Discovery::stamps()): a file whose size, mtime,
/// ctime and inode all still match keeps its recorded content sample instead of being read again. A write
/// that restores the mtime still moves the ctime, so its content is sampled anew.
struct KnownStamp {
    int64_t sizeBytes = 0, mtimeNs = 0, ctimeNs = 0;
    uint64_t inode = 0;
    uint32_t contentSample = 0;
};
using KnownStamps = std::map<std::string, KnownStamp>; ///< by path
/// Parses Discovery::stamps() text; lines it cannot read are left out (those files are sampled again).
KnownStamps parseKnownStamps(const std::string& text);

struct RankGroup {
    std::string label;
    std::optional<int> rankHint;
    std::vector<SourceFile> files; ///< in the order they must be parsed
    /// The ranks msprof-analyze's cluster summary (cluster_analysis_output/) in a folder above the group's
    /// files summarises: the job's ranks, which its own files may name fewer of (test_data's
    /// communication_matrix.json names ranks 0–9 of a 16-rank job)
    std::set<int> summaryRanks;
    /// That summary's communication_group.json groups (global ranks) this group's rank writes: each group
    /// is written by one folder of its members (discovery.cpp shareListedGroups)
    std::vector<std::vector<int64_t>> summaryGroups;
};

/// Directory levels below the root the walk searches (a real profile sits 2 to 6 levels down).
constexpr int kMaxDiscoveryDepth = 16;
/// Directories the walk reads at most (a link to `/` or a home folder must not walk the whole disk).
constexpr int64_t kMaxDiscoveryDirs = 100000;

struct Discovery {
    std::vector<RankGroup> groups;
    /// "<path> (why not read)" of recognised inputs that are not read: a CANN raw PROF_ directory beside its
    /// parsed output, raw timelines a merged one holds, msprof-analyze's cluster summary
    std::vector<std::string> ignored;
    /// The directory holding each cluster_analysis_output/ and the ranks that summary names
    std::map<std::string, std::set<int64_t>> clusterRanksByDir;
    /// The directory holding each cluster_analysis_output/ and its communication_group.json's groups
    std::map<std::string, std::vector<std::vector<int64_t>>> clusterGroupsByDir;
    /// The rows of each cluster_step_trace_time.csv found (the producer's own step breakdown,
    /// clustersteptrace.h)
    std::vector<model::ProducerStepRow> producerSteps;
    /// The files producerSteps came from: not rank inputs, but part of the fingerprint (an edited summary
    /// alone must rebuild the index that shows it)
    std::vector<SourceFile> summaryFiles;
    /// What the walk did not search or follow, and why (directory link loops, directories below the
    /// depth limit, directories it could not list); written to the index's diagnostics, and named in the
    /// error when nothing was found.
    std::vector<model::DiagnosticRow> diagnostics;
    int64_t totalBytes = 0;
    /// Sorted "path|size|mtime|content sample" lines of every input; equal fingerprints mean an unchanged
    /// profile (the sample notices a file rewritten in place with the same size and mtime).
    std::string fingerprint() const;
    /// "path\tsize\tmtime\tctime\tinode\tsample" lines of every input (for KnownStamps next time).
    std::string stamps() const;
};

/// Walks `root` (a directory or a single trace file). Hidden directories (".rankscope") are skipped.
/// With `known`, a file whose stamp matches its entry there is not read for its content sample.
Discovery discover(const std::string& root, const KnownStamps* known = nullptr);

/// True when `f` still has the size, mtime and sampled content discovery saw (a file rewritten while it
/// was imported makes the index a mix of two versions).
bool unchangedSince(const SourceFile& f);

} // namespace rs::import
