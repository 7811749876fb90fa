#pragma once
// The compute() half of the plan's off-thread passes (pass.h), run beside the index-building thread,
// which takes each result in its pass's place and applies it. The work is cut into tasks, one per rank
// and compute group (consecutive passes of one RankPass::computeGroup, computed in plan order over one
// RankReadContext): a worker thread with its own read-only connection takes them in rank and plan
// order; the index-building thread, when the task it needs is still being computed, takes the last task
// not yet started instead of waiting (when it is given its own connection), so both cores stay busy
// whichever side is slower. A task computes alike on either connection: it reads only what the load and
// the passes before every split pass committed, and its group's context. The rows written are the same as
// with every pass on one thread.
// Memory: tasks of the ranks up to `ahead` past the one being applied are computed (their results wait:
// each pass's own figure, e.g. flow_links' 40 bytes a link), besides the tasks computing now.
// Started gated (gateBudgetBytes > 0), the worker computes only the tasks whose passes all read the
// load's rows alone (RankPass::readsLoadOnly), in rank order, while the results waiting hold fewer than
// that many bytes, until release(): the index-building thread builds the secondary indexes meanwhile
// and runs the leading passes, then releases the rest (AnalysisPlan::startEarly).
// Cancel: both sides check `cancel` between passes; the worker's SQL is interrupted through a progress
// handler (core/index/cancelguard.h) and a waiting index-building thread sees it within 20 ms; the
// destructor stops and joins the worker (interrupting a running statement), so an exception on the
// index-building thread never waits for a whole task.
// Threads: construct, take() and destroy on the index-building thread; the worker owns `reader`.
#include "core/analysis/nameindex.h"
#include "core/analysis/pass.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace rs::analysis {

class OffThreadPasses {
  public:
    /// `passes`: the off-thread passes in plan order (not owned; they outlive this object). `reader`: a
    /// read-only connection to the index, used only by the worker from now on. `cancel` may be null.
    /// `names` (may be null: each task loads its own) is shared read-only by both threads. `writer` (may
    /// be null: the index-building thread then only waits): the index-building thread's connection, for
    /// the tasks it takes over.
    OffThreadPasses(std::vector<const RankPass*> passes, std::vector<int> ranks,
                    std::unique_ptr<index::Db> reader, const AnalysisOptions& opts,
                    const std::atomic<bool>* cancel, size_t ahead = 1, const NameIndex* names = nullptr,
                    index::Db* writer = nullptr, size_t gateBudgetBytes = 0);
    ~OffThreadPasses();
    /// Stops and joins the worker (interrupting a running statement); the destructor's, callable before
    /// reading the figures below.
    void stop();
    /// Opens the gate (see the top of this file): every task may now be computed, in the window.
    void release();
    OffThreadPasses(const OffThreadPasses&) = delete;
    OffThreadPasses& operator=(const OffThreadPasses&) = delete;

    /// The result of passes[pass] for ranks[rankIndex]; blocks until it is computed (or computes it).
    /// Take the ranks in order, each rank's passes in order. Rethrows the worker's exception (an
    /// SqlError, or "cancelled").
    std::unique_ptr<RankResult> take(size_t rankIndex, size_t pass);
    /// compute() time per pass, seconds: on the worker; on the index-building thread (tasks it took over).
    /// Complete once every result was taken.
    const std::vector<double>& computeSeconds() const { return m_computeSec; }
    const std::vector<double>& takenOverSeconds() const { return m_writerSec; }
    /// The index-building thread's time in take(), waiting and computing.
    double waitSeconds() const { return m_waitSec; }
    /// Time with nothing to do: the index-building thread waiting for the worker; the worker waiting for
    /// the window to move (complete once every result was taken).
    double writerIdleSeconds() const { return m_writerIdleSec; }
    double workerIdleSeconds() const { return m_workerIdleSec; }
    /// The worker thread's CPU time, once stop() returned: with the process's, what each core would do on
    /// a machine of its own.
    double workerCpuSeconds() const { return m_workerCpuSec; }
    /// The worker's compute() time before release(): what overlapped the index stage.
    double gatedComputeSeconds() const { return m_gatedSec; }
    /// Seconds from the worker's end (no task left to compute) to now; 0 while it runs. Once stop()
    /// returned and every result was taken: how long the index-building thread went on alone.
    double secondsSinceWorkerEnded();

  private:
    enum class State { Free, Worker, Writer, Done };
    struct Task {
        State state = State::Free;
        std::vector<std::unique_ptr<RankResult>> results; ///< by pass of its unit
    };
    void work();
    /// Index of the first task no one started, or m_tasks.size(); under the lock.
    size_t firstFree();
    /// The last task no one started among the ranks the window allows, or m_tasks.size(); under the lock.
    size_t lastFreeInWindow();
    bool inWindow(size_t task) const { return task / m_unitCount <= m_first + m_ahead; }
    /// While gated: the first task no one started whose unit reads the load only, or m_tasks.size() (none
    /// left, or the results waiting are over the budget); under the lock.
    size_t firstEarly() const;
    /// The worker's next task, or m_tasks.size() when it must wait; under the lock.
    size_t nextForWorker();
    /// Stores a computed task's results; under the lock.
    void store(size_t task, std::vector<std::unique_ptr<RankResult>> results);
    std::vector<std::unique_ptr<RankResult>> compute(size_t task, index::Db& db, std::vector<double>& sec);

    std::vector<const RankPass*> m_passes;
    std::vector<size_t> m_unitOf;    ///< by pass
    std::vector<size_t> m_unitFirst; ///< by unit: its first pass
    std::vector<bool> m_unitEarly;   ///< by unit: every pass of it reads the load only
    size_t m_unitCount = 0;
    std::vector<int> m_ranks;
    std::unique_ptr<index::Db> m_reader;
    const AnalysisOptions& m_opts;
    const std::atomic<bool>* m_cancel;
    size_t m_ahead;
    const NameIndex* m_names;
    index::Db* m_writer;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<Task> m_tasks;       ///< rank index × unit
    std::vector<size_t> m_left;      ///< by rank: results not yet taken
    size_t m_first = 0;              ///< the first rank with results not yet taken
    size_t m_scan = 0;               ///< no task before it is free
    std::atomic<bool> m_quit{false}; ///< the destructor's stop (also seen by the worker's SQL)
    bool m_gated = false;            ///< until release()
    size_t m_gateBudget = 0;         ///< bytes of results waiting the worker may hold while gated
    size_t m_heldBytes = 0;          ///< bytes of the results computed and not yet taken
    double m_gatedSec = 0;           ///< written by the worker under the lock
    std::exception_ptr m_error;
    std::vector<double> m_computeSec; ///< written by the worker under the lock
    std::vector<double> m_writerSec;  ///< the index-building thread's
    double m_waitSec = 0;
    double m_writerIdleSec = 0;
    double m_workerIdleSec = 0;                          ///< written by the worker under the lock
    double m_workerCpuSec = 0;                           ///< likewise, as it ends
    std::chrono::steady_clock::time_point m_workerEnd{}; ///< likewise
    std::thread m_worker;                                ///< last: started once the members above exist
};

} // namespace rs::analysis
