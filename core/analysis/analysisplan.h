#pragma once
// The analysis of an index as an ordered plan of passes (pass.h), run by the pipeline's analyse stage.
// First every rank-local pass for one rank, rank after rank; then the cross-rank passes once, reading
// only the per-rank summary tables (summarytables.h) and each other's outputs.
//
// clang-format off
//  rank-local, per rank   reads                                        writes
//  rank_clock             track, span (ends), step                     track.aligned, step, rank_info.clock_note
//  rank_window            track, span (ends), step_src, comm_op_src,   rank_info.start_ns/end_ns/place
//                         source_file
//  memory_sessions        memory_sample, rank_info                     memory_sample (other sessions out)
//  collective_arrivals    span, track (role, plane), string,           sum_arrival
//                         name_fact, comm_op_src, step
//  step_phases            step, span (compute), sum_arrival,           sum_step
//                         step_breakdown_src
//  op_cells               span (compute), track, string                sum_op
//  tensor_timeline        tensor, step, rank_info                      tensor (times and steps; other sessions out)
//  memory_peaks           memory_sample, tensor                        memory_summary, memory_sample (derived)
//  memory_banks           tensor                                       tensor.bank, memory_summary.base_addr, sum_bank
//  memory_curve           memory_sample                                memory_lod, memory_summary.curve_component
//  flow_links             flow, load_range, span, source_file, string  flow_link
//  (every rank-local pass may write sum_diagnostic)
//
//  cross-rank, once       reads                                        writes
//  runs                   rank_info                                    run, rank_info.run_id
//  collectives            sum_arrival, rank_info, run                  collective, wait, rank_info.clock_offset_ns
//                         (matcher → clock aligner → blame → store)
//  step_breakdown         sum_step, collective, wait                   step_stat
//  op_stats               sum_op, rank_info                            op_stat
//  bank_anomalies         sum_bank, rank_info                          bank_anomaly, finding
//  root_causes            collective, wait, step_stat, op_stat,        finding, op_stat.flagged
//                         rank_info, run, sum_step
//  diagnostics            sum_diagnostic                               diagnostic
// clang-format on
//
// The single-machine build runs both halves; a shard of a cluster build would run the rank-local half
// and a merge the cross-rank half over the shards' summaries: the same passes over the same tables. The
// constructor checks the order (no cross-rank pass reads a per-event table or a table no earlier pass or
// summary provides) and throws std::logic_error naming the pass.
// times() gives each pass's time (rank-local passes summed over the ranks): the pipeline's stage clock
// prints them under the analyse stage with RANKSCOPE_TIMING=1.
// The leading rank-local passes (pass.h, firstForEveryRank: rank_clock, rank_window,
// memory_sessions) run for every rank first; then, rank after rank, the others. The split passes (every later
// one) may compute on a second thread over a read-only connection of their own (OffThreadPasses), when the
// caller gives one, while this thread writes the results in plan order: the constructor checks that no
// rank-local pass but the leading ones writes what a later split pass reads, unless both are of one compute
// group (consecutive; the later one gets it from the group's RankReadContext). The split passes that read
// only the load's rows (flow_links) may start even earlier, beside the pipeline's index stage (startEarly).
// The index-building thread runs the plan; run() opens and commits its own transaction.
#include "core/analysis/nameindex.h"
#include "core/analysis/pass.h"

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace rs::analysis {

class OffThreadPasses;

/// Where the off-thread passes read when they run beside the index-building thread: `open` returns a
/// read-only connection to the index being analysed that sees what the load committed while the
/// index-building thread writes (core/index/indexstore.h, IndexBuildFile::openReader), or null when it
/// cannot (every pass then runs on the index-building thread). `cancel` (may be null) stops that
/// thread's work.
struct OffThread {
    std::function<std::unique_ptr<index::Db>()> open;
    const std::atomic<bool>* cancel = nullptr;
};

class AnalysisPlan {
  public:
    AnalysisPlan(std::vector<std::unique_ptr<RankPass>> rankPasses,
                 std::vector<std::unique_ptr<CrossRankPass>> crossRankPasses);
    AnalysisPlan(AnalysisPlan&&) noexcept;
    ~AnalysisPlan(); ///< stops a second thread still computing (startEarly) before its connection closes
    /// The passes in the order of the table above.
    static AnalysisPlan standard();

    const std::vector<std::unique_ptr<RankPass>>& rankPasses() const { return m_rank; }
    const std::vector<std::unique_ptr<CrossRankPass>>& crossRankPasses() const { return m_cross; }

    /// Every rank-local pass for one rank, in order (no transaction of its own).
    void runRank(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex& names);
    /// The rank-local passes for every rank of rank_info, in rank order (no transaction of its own):
    /// the leading passes for every rank, then the others. `between` is called
    /// before each rank (it may throw to cancel). With `offThread`, the split passes compute on a second
    /// thread (and this one, when it would wait); the rows written are the same. The caller's
    /// transaction is then committed after the leading passes and a new one begun (the second connection
    /// reads what they wrote).
    void runRankLocal(index::Db& db, const AnalysisOptions& opts, const std::function<void()>& between = {},
                      const OffThread* offThread = nullptr);
    /// Starts the second thread of runRankLocal now, between the load's commit and the index stage: until
    /// runRankLocal releases it, it computes only the passes that read the load's rows alone
    /// (RankPass::readsLoadOnly: flow_links), rank after rank, while their results waiting stay under
    /// `budgetBytes`, so the index stage's serial work has the other core beside it. `db` (its load
    /// committed, no transaction open) must be readable by `offThread`'s connections; the caller
    /// guarantees no later step before runRankLocal changes what those passes read (no track re-nested).
    /// False (nothing started) when no such pass, no rank, or no second connection. Index-building thread.
    bool startEarly(index::Db& db, const AnalysisOptions& opts, const OffThread& offThread,
                    size_t budgetBytes);
    /// The cross-rank passes, in order (no transaction of its own); `between` is called before each.
    void runCrossRank(index::Db& db, const AnalysisOptions& opts, const std::function<void()>& between = {});
    /// Both halves in one transaction.
    void run(index::Db& db, const AnalysisOptions& opts, const std::function<void()>& between = {},
             const OffThread* offThread = nullptr);

    struct PassTime {
        std::string_view name;
        PassScope scope;
        /// since construction, on the index-building thread; a rank-local pass's summed over the ranks
        /// (an off-thread pass's with a second thread: applying its results; the wait for them is
        /// writerIdleSeconds(), and computes taken over are each pass's takenOverSeconds)
        double seconds;
        double besideSeconds = 0;    ///< an off-thread pass's compute() on the second thread
        double takenOverSeconds = 0; ///< its compute() on this thread, for the worker (within `seconds`)
    };
    std::vector<PassTime> times() const;
    /// Of the rank-local half with a second thread: seconds this thread waited for it, and it for this one.
    double writerIdleSeconds() const { return m_writerIdleSec; }
    double workerIdleSeconds() const { return m_workerIdleSec; }
    /// The second thread's CPU time (the rest of the stage's CPU time is this thread's).
    double workerCpuSeconds() const { return m_workerCpuSec; }
    /// Of the rank-local half with a second thread: how long this thread went on alone after the worker
    /// had computed every task (applying the last results; the serial end of that half).
    double writerAloneSeconds() const { return m_writerAloneSec; }
    /// Of that, the compute done before the leading passes, beside the index stage (startEarly).
    double earlyComputeSeconds() const { return m_earlySec; }

  private:
    void validate() const;
    void validateOffThread() const;
    /// How many rank-local passes lead the plan with firstForEveryRank().
    size_t leadingPasses() const;
    /// The off-thread passes (not the leading ones) and their positions in m_rank.
    std::vector<const RankPass*> splitPasses(std::vector<size_t>* positions = nullptr) const;
    /// Moves the second thread's figures into the plan's and ends it.
    void endBeside(const std::vector<size_t>& positions);
    /// Rank-local passes [from, to) for one rank.
    void runRank(index::Db& db, const AnalysisOptions& opts, size_t rankIndex, int rank,
                 const NameIndex& names, OffThreadPasses* beside, size_t from, size_t to);

    std::vector<std::unique_ptr<RankPass>> m_rank;
    std::vector<std::unique_ptr<CrossRankPass>> m_cross;
    std::vector<double> m_rankSec, m_crossSec; ///< per pass, since construction
    std::vector<double> m_besideSec;           ///< per rank-local pass: compute() on the second thread
    double m_writerIdleSec = 0, m_workerIdleSec = 0, m_workerCpuSec = 0, m_earlySec = 0, m_writerAloneSec = 0;
    /// startEarly's: the names both threads share and the second thread (runRankLocal takes it over)
    std::unique_ptr<NameIndex> m_earlyNames;
    std::unique_ptr<OffThreadPasses> m_beside;
    std::vector<double> m_takenSec; ///< per rank-local pass: its compute() taken over here
};

} // namespace rs::analysis
