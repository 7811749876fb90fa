#pragma once
// The report of an indexed profile: a machine-readable document (the keys documented in the README) and
// a concise human summary ordered by time lost. Reads the findings persisted at index time; cheap.
// Any thread with its own connection.
#include "core/index/sqlite.h"
#include "core/model/stepcause.h"
#include "core/query/runreport.h" // runReport: one run of a folder of several

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace rs::query {

nlohmann::json buildReport(index::Db& db, int top);
/// `runs[{run, ranks, data_ranks, world_size, start_ns, end_ns, source, complete, note, missing_ranks}]`
/// (report and info); `missing_ranks`: the data ranks below the world size, or named as peers by the run's
/// ranks, that are not in the run (absent from the folder, or in a missing shard).
nlohmann::json runsJson(index::Db& db);
/// What the files say about a run (the label table over its ranks), one value per key; ranks that
/// disagree give every value, sorted, "a | b", so a mixed fleet is visible rather than hidden.
std::map<std::string, std::string> runLabels(index::Db& db, int run);
std::string formatReport(const nlohmann::json& report, int top);
/// What a report's diagnostics object (or its `folder`, `folder_wide` part) counts, in the words File ▸
/// Diagnostics and `rankscope info` use too: "1 record problem in 1 group; 88 notes in 6 groups; 4 files not
/// read" (problems: warnings and errors; notes: information; groups: rows of the list), "none" for nothing.
std::string diagnosticsCountText(const nlohmann::json& d);
/// Counts a report diagnostics object's `stub_steps` among its notes (`notes`, `note_rows`): a step left out
/// of the statistics is a note with its reason, as `info` and the app list it.
void addStubStepNotes(nlohmann::json& diagnostics);
/// Whether a finding of `report` tells its outlier steps (an outlier-step finding, or one whose affected
/// steps list them); else they only began earlier and cost the job no time, which every report says.
bool outlierStepsTold(const nlohmann::json& report);
/// An outlier step's number as every report form names it: "1 (warm-up outlier)" for a rank's warm-up step
/// (core/model/warmupsteps.h: left out of its median and p95, so the timeline's "⚠ outlier" over it and
/// "no outlier step cost the job time" are told as the same step), else "3".
std::string outlierStepLabel(const nlohmann::json& outlierStep);
/// The report's `findings`: every finding, root causes first by time lost, each with its sentence rendered
/// from its typed fields (core/model/findingtext.h). Reads only the analysis tables (no per-event table).
nlohmann::json findingsJson(index::Db& db);
/// The step counts of the ranks in `rankKeys` (empty: every rank): `count`, the step numbers of ranks with
/// step marks (a rank without any is its whole trace, one pseudo step 0: no step), `rows`, one per rank
/// and step as the `steps` view and the app's Steps table list them, and `whole_trace_rows` among them.
nlohmann::json stepCounts(index::Db& db, const std::string& rankKeys = {});
/// "40 steps (+2 whole traces: ranks without step marks)" from a report's `steps`: the text and HTML
/// reports say the same.
std::string stepCountText(const nlohmann::json& steps);
/// What comm_wait.total_wait_ns is, said after the figure: wall time, each rank's wait intervals as a union
/// (waits on parallel streams overlap), summed over the ranks.
inline constexpr const char* kCommWaitMeaning =
    "of wall time summed over the ranks, each rank's overlapping waits counted once";
/// "12.3 ms of wall time summed over the ranks, …" (kCommWaitMeaning; `total` formatted by the caller), or
/// why the total is not known (every run incomplete and nothing measured): the text and HTML reports say
/// the same.
std::string commWaitText(const nlohmann::json& report, const std::string& total);
/// Where the profile holds the producer's own step breakdown (a rank's steps from step_trace_time.csv or
/// analysis.db's StepTraceTime, or msprof-analyze's cluster summary): what the wait figure is not
/// (model::kWaitIsNotCommNotOverlapped), so its Communication(Not Overlapped) is not read as the wait; else
/// "".
std::string waitVsProducerText(const nlohmann::json& report);
/// Where no run's wait is known (runs[].wait_unknown), comm_wait.total_wait_ns is null, not 0, and
/// comm_wait.wait_unknown says why (its runs' reasons); where some runs' are not known beside runs known,
/// wait_unknown names them as the text does ("not known in runs 0, 1 (…)"); else it is "".
void markUnknownWait(nlohmann::json& report);
/// A folder of several runs: comm_wait.by_run[{run, wait_ns, wait_unknown, by_source, last_arrival_counts,
/// last_arrivals}] (wait_ns and by_source null: not known; wait_unknown the run's reason or ""; the last
/// arrivals keyed by the numbers the run's files write), each run's ranks' waits (where some rank's wait is
/// not known, the known ranks' added, with ranks_known, ranks_of_run, ranks_not_known (keys) and note: "of 7
/// of 8 ranks; not known on rank 3"), and total_wait_ns and by_source null with total_note saying why (two
/// jobs' waits added mean nothing). One run: neither by_run nor total_note, total_wait_ns and by_source as
/// they were. Call after markUnknownWait.
void splitWaitByRun(nlohmann::json& report);
/// The report's wait by source for the text: comm_wait.by_source, or of a folder of runs their by_run
/// sources added, as the text's total is their waits added (waitByRunText says so beside it).
nlohmann::json waitSourcesOf(const nlohmann::json& report);
/// comm_wait.total_wait_ns formatted by `format`; of a folder of runs, their known by_run waits added (the
/// text says so beside each run's); "" when none is known (commWaitText says so).
std::string totalWaitText(const nlohmann::json& report, const std::function<std::string(int64_t)>& format);
/// Of a folder of several runs with some run's wait known: "each run apart (different jobs: the total above
/// is theirs added): run 0 1.72 s, run 1 not known" (`format` formats ns); "" otherwise. The text and HTML
/// reports say it under the total.
std::string waitByRunText(const nlohmann::json& report, const std::function<std::string(int64_t)>& format);
/// Where some rank waited for several ranks at once, how its "waited for" parts are counted and how much
/// they shared ("Each instant of a wait is counted once, so a rank's parts add up to its wait: … (rank 0
/// 10.0 ms, …)"), from a report's comm_wait.by_rank (`ms` formats ns); "" when no wait overlapped another.
/// The text and HTML reports say the same.
std::string blamedSharedText(const nlohmann::json& report, const std::function<std::string(double)>& ms);
/// The typed cause of an outlier step from four columns of `q` starting at `col`: late_rank, cause_kind,
/// cause_ns, cause_collective (nullopt when cause_kind is NULL); `rank` is the step's rank; column
/// `lateDataCol` is the late rank's number as the data gives it (kLateDataRank), which the sentence names.
std::optional<model::StepCause> stepCauseAt(const index::Stmt& q, int rank, int col, int lateDataCol);
/// The SQL of that column from a step_stat row `st`: the late rank's data rank (NULL without one).
inline constexpr const char* kLateDataRank =
    "(SELECT coalesce(data_rank, rank) FROM rank_info WHERE rank = st.late_rank)";

} // namespace rs::query
