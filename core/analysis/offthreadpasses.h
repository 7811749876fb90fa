#pragma once
// The compute() half of the plan's off-thread passes (pass.h), run on one worker thread over its own
// read-only connection, rank after rank in the plan's rank order and at most `ahead` ranks before the
// index-building thread, which takes each result in its pass's place and applies it. So on two cores the
// heaviest rank-local pass (flow_links) runs beside the others instead of after them, and the rows written
// are the same as with every pass on one thread.
// Memory: at most `ahead` ranks' results waiting (each pass's own figure, e.g. flow_links' links) besides
// the one being computed. One is enough for flow_links, the plan's last rank-local pass: the writer takes
// rank r's result at the end of rank r, so the worker computes rank r + 1 while the writer runs rank r + 1's
// other passes; more would only hold more memory (a rank's results grow with its size).
// Cancel: the worker checks `cancel` between passes and its SQL is interrupted through a progress handler
// (core/index/cancelguard.h); the destructor stops and joins the worker (interrupting a running statement),
// so an exception on the index-building thread never waits for a whole rank's work.
// Threads: construct, take() and destroy on the index-building thread; the worker owns the connection.
#include "core/analysis/pass.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
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
    OffThreadPasses(std::vector<const RankPass*> passes, std::vector<int> ranks,
                    std::unique_ptr<index::Db> reader, const AnalysisOptions& opts,
                    const std::atomic<bool>* cancel, size_t ahead = 1);
    ~OffThreadPasses();
    OffThreadPasses(const OffThreadPasses&) = delete;
    OffThreadPasses& operator=(const OffThreadPasses&) = delete;

    /// The result of passes[pass] for ranks[rankIndex]; blocks until the worker has it. Take the ranks in
    /// order (each rank's results are dropped once the next rank's first is taken). Rethrows the worker's
    /// exception (an SqlError, or "cancelled").
    std::unique_ptr<RankResult> take(size_t rankIndex, size_t pass);
    /// The worker's compute() time per pass, seconds, and the index-building thread's time in take().
    const std::vector<double>& computeSeconds() const { return m_computeSec; }
    double waitSeconds() const { return m_waitSec; }

  private:
    struct Entry {
        std::vector<std::unique_ptr<RankResult>> results; ///< by pass
        size_t left = 0;                                  ///< not yet taken
    };
    void work();
    void computeRank(size_t rankIndex, RankReadContext& ctx);

    std::vector<const RankPass*> m_passes;
    std::vector<int> m_ranks;
    std::unique_ptr<index::Db> m_reader;
    const AnalysisOptions& m_opts;
    const std::atomic<bool>* m_cancel;
    size_t m_ahead;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Entry> m_ready;       ///< ranks [m_first, m_first + size)
    size_t m_first = 0;              ///< rank index of m_ready.front()
    std::atomic<bool> m_quit{false}; ///< the destructor's stop (also seen by the worker's SQL)
    std::exception_ptr m_error;
    std::vector<double> m_computeSec; ///< written by the worker, read after it joined
    double m_waitSec = 0;
    std::thread m_worker; ///< last: started once the members above exist
};

} // namespace rs::analysis
