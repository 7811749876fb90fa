#include "core/pipeline/parsestage.h"

#include "core/import/rankjob.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

namespace rs::pipeline {

namespace {

int64_t groupBytes(const import::RankGroup& g) {
    int64_t s = 0;
    for (auto& f : g.files)
        s += f.sizeBytes;
    return s;
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

void ParseStage::planShares() {
    std::vector<size_t> order = m_groups;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return groupBytes(m_discovery.groups[a]) > groupBytes(m_discovery.groups[b]);
    });
    const size_t parsers = size_t(std::max(1, m_jobs));
    m_shares.assign(parsers, {});
    std::vector<int64_t> load(parsers, 0);
    for (size_t gi : order) {
        const size_t to =
            size_t(std::min_element(load.begin(), load.end()) - load.begin()); // first of equals
        m_shares[to].push_back(gi);
        load[to] += groupBytes(m_discovery.groups[gi]);
    }
    // the shared queue held 8 batches; each parser now has its own share of them (at least 2: one being
    // written, one being filled)
    m_queues.clear();
    for (size_t j = 0; j < parsers; ++j)
        m_queues.push_back(std::make_unique<import::BatchQueue>(std::max<size_t>(2, 8 / parsers)));
}

void ParseStage::startParsers(std::vector<std::thread>& parsers, std::atomic<int>& running) {
    planShares();
    running = int(m_shares.size());
    for (size_t j = 0; j < m_shares.size(); ++j)
        parsers.emplace_back([this, j, &running] {
            for (size_t gi : m_shares[j]) {
                if (m_stop.load()) break;
                import::runRankJob(m_ctx, m_discovery.groups[gi], int(gi), m_queues[j].get());
            }
            m_queues[j]->close(); // what it pushed is still popped
            --running;
        });
}

void ParseStage::writeInTurn(const BatchWriter& write, std::string& error) {
    try {
        if ((!m_discovery.diagnostics.empty() || !m_discovery.producerSteps.empty()) &&
            write) { // the walk's own findings, first, like the importers', and the producer's summary
            model::Batch b;
            b.diagnostics = m_discovery.diagnostics;
            b.producerSteps = m_discovery.producerSteps;
            write(b);
        }
        std::vector<size_t> live(m_queues.size());
        for (size_t j = 0; j < live.size(); ++j)
            live[j] = j;
        // one batch from each running parser in turn: the order depends on the files, not on the threads
        for (size_t at = 0; !live.empty();) {
            auto b = m_queues[live[at]]->pop();
            if (!b) { // that parser is done
                live.erase(live.begin() + std::ptrdiff_t(at));
                if (at == live.size()) at = 0;
                continue;
            }
            const auto t = std::chrono::steady_clock::now();
            if (write) write(*b);
            m_writeSec += std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
            at = (at + 1) % live.size();
        }
    } catch (const std::exception& e) {
        error = e.what();
        m_stop = true;
        for (auto& q : m_queues) // a parser waiting to push is let go; its batches are dropped
            q->close();
    }
}

void ParseStage::run(const BatchWriter& write, const Tick& tick, const std::atomic<bool>* cancel) {
    std::string writerError;
    std::vector<std::thread> parsers;
    std::atomic<int> running{0};
    startParsers(parsers, running);
    std::thread writer([&] { writeInTurn(write, writerError); });
    while (running.load() > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (cancel && cancel->load()) m_stop = true;
        if (tick) tick(m_ctx.bytesDone.load(), m_ctx.eventsDone.load());
    }
    for (auto& t : parsers)
        t.join();
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
