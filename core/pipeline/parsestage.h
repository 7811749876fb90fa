#pragma once
// The parse and write stages, side by side: `jobs` parser threads take the rank groups largest first
// (the slowest file starts early) and run each through core/import's rank job; their batches cross the
// bounded queue to one writer thread, which hands each to the caller's writer (the index writer, or
// nothing when the build stops after parsing). The calling thread polls progress every 100 ms.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/model/batch.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace rs::pipeline {

class ParseStage {
  public:
    /// Runs on the writer thread, once per batch; may throw (the stage stops and reports it).
    using BatchWriter = std::function<void(model::Batch&)>;
    /// Called on the calling thread while parsing: on-disk bytes consumed, records parsed.
    using Tick = std::function<void(int64_t bytesDone, int64_t events)>;

    /// `groups`: the indexes of the groups to parse (a shard's, maybe none); unset: all of them. Batches
    /// keep the discovery's group index either way, so a shard's rank_info.grp is a whole build's.
    ParseStage(const import::Discovery& discovery, int jobs,
               const std::optional<std::vector<size_t>>& groups = std::nullopt);
    /// Blocks until every group is parsed and written. Throws std::runtime_error with the writer's
    /// error, the first unreadable file's message when no file could be read, or "cancelled".
    void run(const BatchWriter& write, const Tick& tick, const std::atomic<bool>* cancel);
    int64_t events() const { return m_ctx.eventsDone.load(); }
    /// The shared counters (compressed input read, …), once run() returned.
    const import::ImportContext& context() const { return m_ctx; }
    /// The interned strings (names, op types, categories) by id, once run() returned.
    const std::vector<std::string>& strings() const { return m_ctx.strings.strings(); }
    /// Time the writer thread spent writing (it runs alongside the parsers), seconds.
    double writeSec() const { return m_writeSec; }

  private:
    void startParsers(std::vector<std::thread>& parsers, std::atomic<int>& running);

    const import::Discovery& m_discovery;
    int m_jobs;
    std::vector<size_t> m_groups;  ///< the groups to parse (all when constructed with none)
    std::vector<size_t> m_order;   ///< m_groups, largest first
    std::atomic<size_t> m_next{0}; ///< the next position in m_order a parser takes
    std::atomic<bool> m_stop{false};
    import::ImportContext m_ctx;
    double m_writeSec = 0;
};

} // namespace rs::pipeline
