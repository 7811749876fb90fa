#pragma once
// The parse and write stages, side by side: `jobs` parser threads each run a fixed share of the rank
// groups (dealt largest first to the least loaded parser, so the slowest file starts early and the shares
// weigh alike) through core/import's rank job; each parser's batches cross its own bounded queue to one
// writer thread, which takes them from the parsers in turn and hands each to the caller's writer (the index
// writer, or nothing when the build stops after parsing). The writer's order — and so every span id — is
// the same in every build of the same files with the same `jobs` (walk 36: with one shared queue the ids
// followed the threads' race, and a saved view's span named another span after a rebuild). The calling
// thread polls progress every 100 ms.
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
    /// On-disk bytes of the files read so far (what the progress shows).
    int64_t bytesDone() const { return m_ctx.bytesDone.load(); }
    /// The shared counters (compressed input read, …), once run() returned.
    const import::ImportContext& context() const { return m_ctx; }
    /// The interned strings (names, op types, categories) by id, once run() returned.
    const std::vector<std::string>& strings() const { return m_ctx.strings.strings(); }
    /// Time the writer thread spent writing (it runs alongside the parsers), seconds.
    double writeSec() const { return m_writeSec; }

  private:
    void startParsers(std::vector<std::thread>& parsers, std::atomic<int>& running);
    /// Deals m_groups to the parsers: largest first, each to the parser with the fewest bytes so far.
    void planShares();
    /// The writer thread: the parsers' batches in turn (one from each parser still running), until every
    /// parser's queue is closed and drained. On a write error: stops the build and closes the queues.
    void writeInTurn(const BatchWriter& write, std::string& error);

    const import::Discovery& m_discovery;
    int m_jobs;
    std::vector<size_t> m_groups;              ///< the groups to parse (all when constructed with none)
    std::vector<std::vector<size_t>> m_shares; ///< per parser, the groups it parses, in order
    std::vector<std::unique_ptr<import::BatchQueue>> m_queues; ///< per parser, to the writer
    std::atomic<bool> m_stop{false};
    import::ImportContext m_ctx;
    double m_writeSec = 0;
};

} // namespace rs::pipeline
