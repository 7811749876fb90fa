#pragma once
// Where a step's wall time comes from, and whether a producer-shipped wall fits the events the files hold:
// one rule for the analysis (its diagnostic), the report, the Steps table, Details and the status bar.
// Pure functions; any thread. Times are int64 ns.
//
// A step's wall is the producer's breakdown where one is shipped (step_trace_time.csv or analysis.db's
// StepTraceTime: Stage + Bubble, the step's first to last device task), else the step band the timeline
// draws (the trace's step markers or CANN's iterations, the kernels of the step, the legacy step trace, or
// the whole trace). The shipped figure is kept, not replaced: the compute/comm/idle columns come from the
// same row, and the band is the producer's host window, longer by the Preparing before the first task
// (formats.md §2.4). A shipped wall that the rank's events cover clearly less of (a dump without
// trace_view.json, a cut file) is flagged, never silently swapped for the other number.
#include <cstdint>
#include <string>
#include <string_view>

namespace rs::model {

enum class WallSource {
    StepTraceCsv,    ///< step_trace_time.csv's Stage + Bubble
    AnalysisDb,      ///< analysis.db's StepTraceTime (the same table)
    TraceMarkers,    ///< the trace's step markers (ProfilerStep#N)
    CannIterations,  ///< CANN's raw step trace (msprof_*.json's "Iteration N" on the Step Trace lane)
    DbMarkers,       ///< the .db export's STEP_TIME
    Kernels,         ///< the first to the last kernel of the step (kernel_details.csv's Step Id)
    LegacyStepTrace, ///< MindSpore 1.x step_trace_raw start and end points
    WholeTrace,      ///< no step marks: the whole trace is step 0
};

/// The source of a step's wall from what the index records: `breakdownSource` is step_stat.source
/// ("step_trace_time" where a shipped breakdown gave it), `stepSource` is step.source (the band's),
/// `fromCsv` whether the rank's breakdown was read from step_trace_time.csv (else analysis.db).
WallSource wallSourceOf(std::string_view breakdownSource, std::string_view stepSource, bool fromCsv);
/// Whether the wall is a producer's figure rather than the band's length.
bool isShipped(WallSource s);
/// A short name for a table cell or a JSON field: "step_trace_time.csv", "step markers", "kernels", …
std::string wallSourceName(WallSource s);
/// "from step_trace_time.csv (Stage + Bubble: the step's first to last device task)", …
std::string wallSourceText(WallSource s);

/// A shipped wall the rank's events cover clearly less of: `eventsNs` is the step band's length on the
/// rank. More than 5% short (the rounding of a CSV in µs and a kernel's launch are far below it).
bool filesHoldPart(WallSource s, int64_t wallNs, int64_t eventsNs);
/// "295 ms, but this rank's events cover 16.4 ms of it: the files hold part of the step"; where the wall is
/// longer than all the rank recorded (`recordedNs`, rank_info's window, its first span to its last; 0: not
/// known), "…cover 268 ms of it, all that it recorded (its first span to its last): …" when the step's
/// events are all of it, else "…cover 16.4 ms of it, and all that it recorded (…) 268 ms: …".
std::string partialWallText(int64_t wallNs, int64_t eventsNs, int64_t recordedNs);

} // namespace rs::model
