#include "core/analysis/offthreadpasses.h"

#include "core/index/cancelguard.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace rs::analysis {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

bool isSet(const std::atomic<bool>* flag) {
    return flag && flag->load(std::memory_order_relaxed);
}

} // namespace

OffThreadPasses::OffThreadPasses(std::vector<const RankPass*> passes, std::vector<int> ranks,
                                 std::unique_ptr<index::Db> reader, const AnalysisOptions& opts,
                                 const std::atomic<bool>* cancel, size_t ahead)
    : m_passes(std::move(passes)), m_ranks(std::move(ranks)), m_reader(std::move(reader)), m_opts(opts),
      m_cancel(cancel), m_ahead(std::max<size_t>(1, ahead)), m_computeSec(m_passes.size()),
      m_worker([this] { work(); }) {}

OffThreadPasses::~OffThreadPasses() {
    {
        std::lock_guard lock(m_mutex); // set under the lock: a worker about to wait sees it
        m_quit = true;                 // a statement running now stops too (the progress handler)
    }
    m_changed.notify_all();
    m_worker.join();
}

void OffThreadPasses::work() {
    try {
        index::CancelGuard guard(*m_reader, m_cancel, &m_quit);
        RankReadContext ctx{*m_reader, m_opts, 0};
        for (size_t i = 0; i < m_ranks.size(); ++i) {
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock, [&] { return m_quit || m_ready.size() < m_ahead; });
                if (m_quit) return;
            }
            ctx.rank = m_ranks[i];
            computeRank(i, ctx);
        }
    } catch (...) {
        std::lock_guard lock(m_mutex);
        m_error = std::current_exception();
    }
    m_changed.notify_all();
}

void OffThreadPasses::computeRank(size_t rankIndex, RankReadContext& ctx) {
    Entry entry;
    std::vector<double> sec(m_passes.size());
    for (size_t p = 0; p < m_passes.size(); ++p) {
        if (m_quit) throw std::runtime_error("stopped");
        if (isSet(m_cancel)) throw std::runtime_error("cancelled");
        const auto t = Clock::now();
        entry.results.push_back(m_passes[p]->compute(ctx));
        sec[p] = since(t);
    }
    entry.left = m_passes.size();
#ifdef __GLIBC__
    // this thread's malloc arena keeps what a rank's compute freed (its events and slices, tens of MB at
    // 1 GB) unless asked: given back, the process peaks at what is alive, not at both threads' high marks
    malloc_trim(0);
#endif
    {
        std::lock_guard lock(m_mutex);
        for (size_t p = 0; p < sec.size(); ++p)
            m_computeSec[p] += sec[p];
        if (m_ready.empty()) m_first = rankIndex;
        m_ready.push_back(std::move(entry));
    }
    m_changed.notify_all();
}

std::unique_ptr<RankResult> OffThreadPasses::take(size_t rankIndex, size_t pass) {
    const auto t = Clock::now();
    std::unique_lock lock(m_mutex);
    if (rankIndex < m_first) throw std::logic_error("off-thread results taken out of rank order");
    auto have = [&] { return rankIndex >= m_first && rankIndex < m_first + m_ready.size(); };
    // waits in short slices so a cancel is seen here even while the worker is inside a long compute
    while (!have() && !m_error) {
        if (isSet(m_cancel)) throw std::runtime_error("cancelled");
        m_changed.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (!have()) std::rethrow_exception(m_error);
    Entry& e = m_ready[rankIndex - m_first];
    std::unique_ptr<RankResult> out = std::move(e.results.at(pass));
    // a rank whose results are all taken leaves the queue, so the worker may start the next one
    if (--e.left == 0 && rankIndex == m_first) {
        m_ready.pop_front();
        ++m_first;
        lock.unlock();
        m_changed.notify_all();
    }
    m_waitSec += since(t);
    return out;
}

} // namespace rs::analysis
