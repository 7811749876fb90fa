#pragma once
// msprof-analyze's own per-rank and per-stage step breakdown (producer_step, from cluster_analysis_output/
// cluster_step_trace_time.csv) as the report shows it: the producer's figures as written, and beside each of
// its rank rows, where the index holds the same data rank and step, Rankscope's own step figures (step_stat)
// — side by side, never merged, never one taken for the other. Ranks the summary names but whose traces
// the folder does not hold are the producer's only, and said so. Any thread with its own connection.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rs::query {

/// `{files[], unit, rows[{step, type, index, rank, line, producer{computing_ns, comm_not_overlapped_ns,
/// overlapped_ns, comm_ns, free_ns, stage_ns, bubble_ns, comm_not_overlapped_excl_recv_ns}, ours{rank,
/// wall_ns, compute_ns, comm_ns, comm_not_overlapped_ns, comm_overlapped_ns, wait_ns, idle_ns, bubble_ns (the
/// rank's step_trace_time.csv Bubble where the breakdown is that file's, else null)} | null,
/// ours_why, traced (a rank row's rank has a trace in the row's run: the run of the traces in the file's
/// folder, any run when that is not one)}], ranks, ranks_in_traces, producer_only_ranks}`; null when the
/// index has no such summary.
nlohmann::json producerClusterSummary(index::Db& db);
/// `s` narrowed to one run: the rows of files in the run's folder (and of files matched to no one run), the
/// files and the rank lists of those rows. Pure: what the app shows under a run's Steps table, as `report
/// --run` does.
nlohmann::json producerSummaryOfRun(nlohmann::json s, int run);
/// ranks, ranks_in_traces and producer_only_ranks of `s` from its rows.
void tallyRanks(nlohmann::json& s);

/// The section as the text and HTML reports show it: what the figures are, which ranks have traces here,
/// and a table whose `by` column says whose each row is ("msprof-analyze", or "Rankscope" under the rank
/// row it matches). Times formatted; "-" where a figure is absent. The column "comm not overlapped excl.
/// receive" (the file's Communication(Not Overlapped and Exclude Receive)) is there only where a row has it.
struct ProducerSummaryTable {
    std::vector<std::string> lines; ///< said above the table
    std::vector<std::string> header;
    std::vector<std::string> headerTips; ///< what each header's figure is, one per header cell
    std::vector<std::vector<std::string>> rows;
};
ProducerSummaryTable producerSummaryTable(const nlohmann::json& s);

/// The report's text section "msprof-analyze cluster summary" ("" when `s` is null).
std::string formatProducerSummary(const nlohmann::json& s);

} // namespace rs::query
