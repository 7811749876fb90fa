#include "core/model/stepwall.h"

#include "core/model/timetext.h"

namespace rs::model {

WallSource wallSourceOf(std::string_view breakdownSource, std::string_view stepSource, bool fromCsv) {
    if (breakdownSource == "step_trace_time")
        return fromCsv ? WallSource::StepTraceCsv : WallSource::AnalysisDb;
    if (stepSource == "trace") return WallSource::TraceMarkers;
    if (stepSource == "cann-iteration") return WallSource::CannIterations;
    if (stepSource == "step_time") return WallSource::DbMarkers;
    if (stepSource == "kernel_details") return WallSource::Kernels;
    if (stepSource == "legacy-step-trace") return WallSource::LegacyStepTrace;
    return WallSource::WholeTrace;
}

bool isShipped(WallSource s) {
    return s == WallSource::StepTraceCsv || s == WallSource::AnalysisDb;
}

std::string wallSourceName(WallSource s) {
    switch (s) {
    case WallSource::StepTraceCsv:
        return "step_trace_time.csv";
    case WallSource::AnalysisDb:
        return "analysis.db StepTraceTime";
    case WallSource::TraceMarkers:
        return "step markers";
    case WallSource::CannIterations:
        return "Iteration markers";
    case WallSource::DbMarkers:
        return "STEP_TIME markers";
    case WallSource::Kernels:
        return "kernels of the step";
    case WallSource::LegacyStepTrace:
        return "step_trace_raw";
    case WallSource::WholeTrace:
        break;
    }
    return "whole trace";
}

std::string wallSourceText(WallSource s) {
    switch (s) {
    case WallSource::StepTraceCsv:
        return "from step_trace_time.csv (Stage + Bubble: the step's first to last device task)";
    case WallSource::AnalysisDb:
        return "from analysis.db's StepTraceTime (Stage + Bubble: the step's first to last device task)";
    case WallSource::TraceMarkers:
        return "from the trace's step markers";
    case WallSource::CannIterations:
        return "from CANN's step trace (its Iteration markers)";
    case WallSource::DbMarkers:
        return "from the .db export's step markers (STEP_TIME)";
    case WallSource::Kernels:
        return "from the kernels of the step (kernel_details.csv: its first to last kernel)";
    case WallSource::LegacyStepTrace:
        return "from the step trace (step_trace_raw: the step's start and end points)";
    case WallSource::WholeTrace:
        break;
    }
    return "the whole trace (no step marks)";
}

bool filesHoldPart(WallSource s, int64_t wallNs, int64_t eventsNs) {
    return isShipped(s) && wallNs > 0 && eventsNs >= 0 && eventsNs < wallNs - wallNs / 20;
}

std::string partialWallText(int64_t wallNs, int64_t eventsNs, int64_t recordedNs) {
    std::string t =
        formatDuration(wallNs) + ", but this rank's events cover " + formatDuration(eventsNs) + " of it";
    // the wall is longer than all the rank recorded, its first span to its last (kernels and the
    // communication lanes' collectives alike): said as that, not as a comparison hung on the events' figure,
    // which read "cover 268 ms of it (longer than all of this rank's spans)" where the 268 ms are those spans
    if (recordedNs > 0 && wallNs > recordedNs) {
        if (recordedNs == eventsNs)
            t.append(", all that it recorded (its first span to its last)");
        else
            t.append(", and all that it recorded (its first span to its last) ")
                .append(formatDuration(recordedNs));
    }
    return t + ": the files hold part of the step";
}

} // namespace rs::model
