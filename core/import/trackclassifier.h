#pragma once
// Producer knowledge shared by the importers: which kind of lane a trace track is, what it is called and
// where it sorts, from what the file says about it — the format, the process and thread names and labels
// of its `M` events, and what its spans look like. Ascend, MindSpore, torch_npu, Kineto and plain Chrome
// traces name their processes differently; this is the one place that knows how. Pure (no I/O, no
// SQLite); thread-safe.
#include "core/import/discovery.h"
#include "core/model/tracerows.h"
#include "core/model/trackkind.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::import {

/// The kind of the tracks of a process named `process` (with its process_labels `labels`); nullopt when
/// the name says nothing (the classifier then decides from the track's content).
std::optional<model::TrackKind> trackKindForProcess(std::string_view process, std::string_view labels);

/// Everything the classifier is told about one track of a trace file.
struct TrackFacts {
    FileKind format = FileKind::ChromeJson;  ///< ChromeJson, TraceView or LegacyTimeline
    std::string_view pid, tid;               ///< as written in the events
    std::string_view process;                ///< the pid's `process_name` ("" when none)
    std::string_view labels;                 ///< the pid's `process_labels` ("" when none)
    std::optional<std::string_view> thread;  ///< the (pid, tid)'s `thread_name`, when given
    bool counter = false;                    ///< a counter series (`C` events)
    std::string_view counterName;            ///< "<event name>/<series>" for a counter
    int64_t spans = 0, kernelSpans = 0;      ///< spans on the track; of them with cat "kernel"
    int64_t ncclSpans = 0;                   ///< of them named ncclKernel* / ncclDevKernel*
    bool annotations = false;                ///< the user annotations Kineto draws on a GPU stream
    int64_t processSort = 0, threadSort = 0; ///< process_sort_index / thread_sort_index (0 when none)
    /// A Kineto trace: it writes a 32-bit thread id as a signed int, so an id of 2^31 or more reads negative
    /// ("-549452224" for 3745515072, HTA nccl_parser_config); its lane shows the unsigned id.
    bool kineto = false;
};

/// What the track becomes: its kind, process (as shown), lane name (unique per rank only after
/// makeLaneNamesUnique) and sort key (process order × 10^6 + thread order).
struct TrackClass {
    model::TrackKind kind = model::TrackKind::Host;
    std::string process, name;
    int64_t sortIndex = 0;
    model::TrackRole role = model::TrackRole::None; ///< an HCCL Group lane or plane (collectivenames.h)
    std::optional<int64_t> plane;                   ///< the plane's number
};

TrackClass classifyTrack(const TrackFacts& facts);

/// Lane names are unique within a rank and say where they come from: a name that occurs twice gets its
/// process (as the producer named it, else "pid <pid>") after it, and names still equal are numbered
/// " #2", " #3" in the order of `tracks`.
void makeLaneNamesUnique(std::vector<model::TrackRow>& tracks);

} // namespace rs::import
