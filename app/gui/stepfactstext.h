#pragma once
// A selected step's wall (with where it comes from, and ⚠ where the rank's events cover clearly less of a
// shipped figure) and its wait (or why it is not known), as Details and the status bar say them. The rules
// are core's (core/model/stepwall.h, core/query/waitknowledge.h); these only word them. GUI thread.
#include "core/query/timelinequery.h"

#include <QString>

namespace rs::gui {

/// "295 ms ⚠ from step_trace_time.csv" (short: the status bar) …
QString stepWallShort(const query::StepDesc& s);
/// … and the long form: the source in full, and the numbers where the files hold part of the step.
QString stepWallLong(const query::StepDesc& s, int shownRank);
/// "bounds +18.0 ms … +155 ms from the run's start (137 ms): the first to the last device task (…)", and
/// the step band the timeline draws where it differs: the step's interval every view uses
/// (core/model/stepbounds.h). `originNs`: the run's start, as the ruler's 0.
QString stepBoundsLong(const query::StepDesc& s, int64_t originNs);
/// "wait 1.20 ms" or "wait not known"; `why` gets the reason where it is not known.
QString stepWaitShort(const query::StepDesc& s, QString* why = nullptr);
/// The step's waits and idle gaps, a <p> each ("waited <b>5.00 ms</b> in AllReduce-op1 for rank 3 (arrived
/// last)"); those of kTinyWaitNs or less folded into one line per kind with their count and sum (walk 23b:
/// a page of "waited 20 ns in hcom_allReduce__586_0_1" on msinsight's level1, of "waited 1.00 µs" on the
/// demo).
QString stepWaitsHtml(const query::ProfileSummary& summary, int rank, int64_t step);
constexpr int64_t kTinyWaitNs = 1000; ///< ns: a wait this long or shorter is folded

} // namespace rs::gui
