#include "core/pipeline/parsestage.h"

#include "core/import/rankjob.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

namespace rs::pipeline {

namespace {

/// `groups`, largest first so the slowest file starts early.
std::vector<size_t> largestFirst(const import::Discovery& d, std::vector<size_t> order) {
    auto groupBytes = [&](size_t i) {
        int64_t s = 0;
        for (auto& f : d.groups[i].files)
            s += f.sizeBytes;
        return s;
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return groupBytes(a) > groupBytes(b); });
    return order;
}

} // namespace

ParseStage::ParseStage(const import::Discovery& discovery, int jobs,
                       const std::optional<std::vector<size_t>>& groups)
    : m_discovery(discovery), m_groups(groups.value_or(std::vector<size_t>())) {
    if (!groups)
        for (size_t i = 0; i < discovery.groups.size(); ++i)
            m_groups.push_back(i);
    const int all = int(std::max(1u, std::thread::hardware_concurrency()));
    m_jobs = std::min<int>(jobs > 0 ? jobs : all, int(m_groups.size()));
    m_ctx.cancel = &m_stop;
}

void ParseStage::startParsers(std::vector<std::thread>& parsers, std::atomic<int>& running) {
    m_order = largestFirst(m_discovery, m_groups);
    running = m_jobs;
    for (int j = 0; j < m_jobs; ++j)
        parsers.emplace_back([this, &running] {
            for (size_t k; (k = m_next.fetch_add(1)) < m_order.size() && !m_stop.load();) {
                const size_t gi = m_order[k];
                import::runRankJob(m_ctx, m_discovery.groups[gi], int(gi));
            }
            --running;
        });
}

void ParseStage::run(const BatchWriter& write, const Tick& tick, const std::atomic<bool>* cancel) {
    std::string writerError;
    std::thread writer([&] {
        try {
            while (auto b = m_ctx.queue.pop()) {
                const auto t = std::chrono::steady_clock::now();
                if (write) write(*b);
                m_writeSec += std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
            }
        } catch (const std::exception& e) {
            writerError = e.what();
            m_stop = true;
            while (m_ctx.queue.pop()) {
            }
        }
    });
    if (!m_discovery.diagnostics
             .empty()) { // the walk's own findings go through the writer like the importers'
        auto b = std::make_unique<model::Batch>();
        b->diagnostics = m_discovery.diagnostics;
        m_ctx.queue.push(std::move(b));
    }
    std::vector<std::thread> parsers;
    std::atomic<int> running{0};
    startParsers(parsers, running);
    while (running.load() > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (cancel && cancel->load()) m_stop = true;
        if (tick) tick(m_ctx.bytesDone.load(), m_ctx.eventsDone.load());
    }
    for (auto& t : parsers)
        t.join();
    m_ctx.queue.close();
    writer.join();
    // every file unreadable: nothing to show, so the build fails with the first file's message
    std::string fatal;
    if (!m_stop.load() && m_ctx.filesRead.load() == 0 && m_ctx.filesUnreadable.load() > 0) {
        std::lock_guard<std::mutex> l(m_ctx.firstUnreadableMutex);
        fatal = m_ctx.firstUnreadable;
        m_stop = true;
    }
    if (m_stop.load())
        throw std::runtime_error(!writerError.empty() ? "index write failed: " + writerError
                                 : !fatal.empty()     ? fatal
                                                      : std::string("cancelled"));
}

} // namespace rs::pipeline
