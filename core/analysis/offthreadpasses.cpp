#include "core/analysis/offthreadpasses.h"

#include "core/analysis/rankreadcontext.h"
#include "core/index/cancelguard.h"

#include <algorithm>
#include <chrono>
#include <ctime>
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

double threadCpu() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

bool isSet(const std::atomic<bool>* flag) {
    return flag && flag->load(std::memory_order_relaxed);
}

} // namespace

OffThreadPasses::OffThreadPasses(std::vector<const RankPass*> passes, std::vector<int> ranks,
                                 std::unique_ptr<index::Db> reader, const AnalysisOptions& opts,
                                 const std::atomic<bool>* cancel, size_t ahead, const NameIndex* names,
                                 index::Db* writer, size_t gateBudgetBytes)
    : m_passes(std::move(passes)), m_ranks(std::move(ranks)), m_reader(std::move(reader)), m_opts(opts),
      m_cancel(cancel), m_ahead(std::max<size_t>(1, ahead)), m_names(names), m_writer(writer),
      m_gated(gateBudgetBytes > 0), m_gateBudget(gateBudgetBytes), m_computeSec(m_passes.size()),
      m_writerSec(m_passes.size()) {
    // units: runs of consecutive passes of one compute group
    for (size_t p = 0; p < m_passes.size(); ++p) {
        if (p == 0 || m_passes[p]->computeGroup() != m_passes[p - 1]->computeGroup()) {
            m_unitFirst.push_back(p);
            m_unitEarly.push_back(true);
        }
        m_unitOf.push_back(m_unitFirst.size() - 1);
        if (!m_passes[p]->readsLoadOnly()) m_unitEarly.back() = false;
    }
    m_unitCount = std::max<size_t>(1, m_unitFirst.size());
    m_tasks.resize(m_passes.empty() ? 0 : m_ranks.size() * m_unitCount);
    m_left.assign(m_ranks.size(), m_passes.size());
    m_worker = std::thread([this] { work(); });
}

OffThreadPasses::~OffThreadPasses() {
    stop();
}

void OffThreadPasses::stop() {
    if (!m_worker.joinable()) return;
    {
        std::lock_guard lock(m_mutex); // set under the lock: a worker about to wait sees it
        m_quit = true;                 // a statement running now stops too (the progress handler)
    }
    m_changed.notify_all();
    m_worker.join();
}

void OffThreadPasses::release() {
    {
        std::lock_guard lock(m_mutex);
        m_gated = false;
    }
    m_changed.notify_all();
}

size_t OffThreadPasses::firstEarly() const {
    if (m_heldBytes >= m_gateBudget) return m_tasks.size();
    for (size_t t = m_scan; t < m_tasks.size(); ++t)
        if (m_tasks[t].state == State::Free && m_unitEarly[t % m_unitCount]) return t;
    return m_tasks.size();
}

size_t OffThreadPasses::nextForWorker() {
    if (m_gated) return firstEarly();
    const size_t t = firstFree();
    return t < m_tasks.size() && inWindow(t) ? t : m_tasks.size();
}

void OffThreadPasses::store(size_t task, std::vector<std::unique_ptr<RankResult>> results) {
    for (const auto& r : results)
        if (r) m_heldBytes += r->bytes();
    m_tasks[task].results = std::move(results);
    m_tasks[task].state = State::Done;
}

size_t OffThreadPasses::firstFree() {
    while (m_scan < m_tasks.size() && m_tasks[m_scan].state != State::Free)
        ++m_scan;
    return m_scan;
}

size_t OffThreadPasses::lastFreeInWindow() {
    const size_t end = std::min(m_tasks.size(), (m_first + m_ahead + 1) * m_unitCount);
    for (size_t t = end; t-- > firstFree();)
        if (m_tasks[t].state == State::Free) return t;
    return m_tasks.size();
}

std::vector<std::unique_ptr<RankResult>> OffThreadPasses::compute(size_t task, index::Db& db,
                                                                  std::vector<double>& sec) {
    const size_t unit = task % m_unitCount;
    RankReadContext ctx(db, m_opts, m_ranks[task / m_unitCount], m_names);
    std::vector<std::unique_ptr<RankResult>> out;
    for (size_t p = m_unitFirst[unit]; p < m_passes.size() && m_unitOf[p] == unit; ++p) {
        if (m_quit) throw std::runtime_error("stopped");
        if (isSet(m_cancel)) throw std::runtime_error("cancelled");
        const auto t = Clock::now();
        out.push_back(m_passes[p]->compute(ctx));
        sec[p] += since(t);
    }
    return out;
}

void OffThreadPasses::work() {
    try {
        index::CancelGuard guard(*m_reader, m_cancel, &m_quit);
        for (;;) {
            size_t t = 0;
            bool gated = false;
            {
                std::unique_lock lock(m_mutex);
                const auto idle = Clock::now();
                // done once ungated with no task left; otherwise wait for a task (or the gate to open)
                m_changed.wait(lock, [&] {
                    t = nextForWorker();
                    return m_quit || t < m_tasks.size() || (!m_gated && firstFree() == m_tasks.size());
                });
                m_workerIdleSec += since(idle);
                if (m_quit || t == m_tasks.size()) break;
                m_tasks[t].state = State::Worker;
                gated = m_gated;
            }
            std::vector<double> sec(m_passes.size());
            const auto started = Clock::now();
            auto results = compute(t, *m_reader, sec);
            const double took = since(started);
#ifdef __GLIBC__
            // this thread's malloc arena keeps what a task freed (a rank's events, slices and kernels,
            // tens of MB at 1 GB) unless asked: given back, the process peaks at what is alive, not at
            // both threads' high marks
            malloc_trim(0);
#endif
            {
                std::lock_guard lock(m_mutex);
                for (size_t p = 0; p < sec.size(); ++p)
                    m_computeSec[p] += sec[p];
                if (gated) m_gatedSec += took;
                store(t, std::move(results));
            }
            m_changed.notify_all();
        }
    } catch (...) {
        std::lock_guard lock(m_mutex);
        m_error = std::current_exception();
    }
    {
        std::lock_guard lock(m_mutex);
        m_workerCpuSec = threadCpu();
        m_workerEnd = Clock::now();
    }
    m_changed.notify_all();
}

double OffThreadPasses::secondsSinceWorkerEnded() {
    std::lock_guard lock(m_mutex);
    return m_workerEnd == Clock::time_point{} ? 0.0 : since(m_workerEnd);
}

std::unique_ptr<RankResult> OffThreadPasses::take(size_t rankIndex, size_t pass) {
    const auto t0 = Clock::now();
    std::unique_lock lock(m_mutex);
    if (rankIndex < m_first || rankIndex >= m_ranks.size())
        throw std::logic_error("off-thread results taken out of rank order");
    const size_t unit = m_unitOf.at(pass), want = rankIndex * m_unitCount + unit;
    while (m_tasks[want].state != State::Done) {
        if (m_error && m_tasks[want].state != State::Writer) std::rethrow_exception(m_error);
        if (isSet(m_cancel)) throw std::runtime_error("cancelled");
        // rather than wait for the worker, compute a task it has not started: the one needed, or the
        // last one the window allows (the worker takes them from the front)
        const size_t other = m_tasks[want].state == State::Free ? want : lastFreeInWindow();
        if (m_writer && other < m_tasks.size()) {
            m_tasks[other].state = State::Writer;
            lock.unlock();
            auto results = compute(other, *m_writer, m_writerSec);
            lock.lock();
            store(other, std::move(results));
            continue;
        }
        // waits in short slices so a cancel is seen here even while the worker is inside a long compute
        const auto idle = Clock::now();
        m_changed.wait_for(lock, std::chrono::milliseconds(20));
        m_writerIdleSec += since(idle);
    }
    std::unique_ptr<RankResult> out = std::move(m_tasks[want].results.at(pass - m_unitFirst[unit]));
    if (out) m_heldBytes -= std::min(m_heldBytes, out->bytes());
    // a rank whose results are all taken leaves the window, so the worker may start the next one
    if (--m_left[rankIndex] == 0) {
        while (m_first < m_left.size() && m_left[m_first] == 0)
            ++m_first;
        lock.unlock();
        m_changed.notify_all();
    }
    m_waitSec += since(t0);
    return out;
}

} // namespace rs::analysis
