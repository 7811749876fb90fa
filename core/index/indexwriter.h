#pragma once
// The one owner of the index connection during a build: writes batches with prepared 64-row INSERT
// statements inside one long transaction, then finalises (strings, re-nesting of unsorted tracks,
// canonical steps, secondary indexes, views). Runs on the writer thread only.
#include "core/index/commtext.h"
#include "core/index/loadranges.h"
#include "core/index/sqlite.h"
#include "core/model/batch.h"

#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace rs::index {

class IndexWriter {
  public:
    explicit IndexWriter(Db& db);
    ~IndexWriter();
    void write(model::Batch& b);
    /// Ends the bulk load: finishLoad(), then buildIndexes().
    void finish(const std::vector<std::string>& strings, const std::vector<model::NameFacts>& facts);
    /// Strings and what the importers know about each (`facts`, by string id), the load ranges and the
    /// diagnostics; then commits the load (the connection has no transaction open after it).
    void finishLoad(const std::vector<std::string>& strings, const std::vector<model::NameFacts>& facts);
    /// In a transaction of its own, after finishLoad(): the secondary indexes, the re-nesting of unsorted
    /// tracks (their spans' depths change), long-span extents, canonical steps and views.
    /// `otherCoreBusy`: another thread computes meanwhile (the early analysis): the sorts use no helper
    /// threads of their own.
    void buildIndexes(bool otherCoreBusy = false);
    /// Whether some track's spans came out of (ts, depth) order, so buildIndexes() re-nests them.
    bool hasUnsortedTracks();
    int64_t spansWritten() const { return m_spans; }
    /// The parts of finish() (each secondary index on its own) and their wall time in seconds, for the
    /// pipeline's RANKSCOPE_TIMING lines.
    const std::vector<std::pair<std::string, double>>& finishTimes() const { return m_finishTimes; }
    /// Per table written during the load: rows and the wall seconds its inserts took (binds and steps),
    /// for the pipeline's RANKSCOPE_TIMING lines: where the writer thread's time goes.
    struct TableLap {
        std::string table;
        int64_t rows = 0;
        double seconds = 0;
        double cpuSeconds = 0; ///< the writer thread's own
    };
    std::vector<TableLap> writeTimes() const;

  private:
    /// Throws unless SQLite gave the `rows` rows just appended to `table` the rowids up to `lastId`: the
    /// writer names them without reading them back (span ids of long spans, flow event number runs).
    void expectLastRowid(const char* table, int64_t lastId, size_t rows);
    template <class T, class F> void insert(const char* key, const std::vector<T>& rows, F&& bindRow);
    /// Inserts level-of-detail rows, each numbered (lod.seq) after the rows written before.
    void insertLods(const std::vector<model::LodRow>& lods);
    /// The index's rank key of `dataRank` as group `group` reports it. Rank numbers are the producers'; two
    /// groups that claim the same number (two runs in one folder) get distinct keys: the number itself,
    /// then number + kRankKeyStride × k.
    int rankKey(int group, int dataRank);
    void keyRanks(model::Batch& b);
    /// Spans (with their ids and long-span entries), counters, tracks, LOD buckets, flows.
    void writeTraceRows(const model::Batch& b);
    /// A batch's flow events as one `flow_chunk` row, its first event numbered `first`.
    void writeFlowChunk(const std::vector<model::FlowRow>& flows, int64_t first);
    /// Steps, breakdowns, communication ops, tensors, kernel shapes, memory samples, source files.
    void writeProfileRows(const model::Batch& b);
    /// rank_info and labels (a rank's later groups fill what its first left open).
    void writeRanks(const model::Batch& b);
    /// Makes the keys of colliding rank numbers follow discovery order (the parsers finish in any order),
    /// so the same folder always gives the same keys.
    void orderCollidingRanks();
    void renestTrack(int64_t trackId);
    /// The canonical steps from step_src (and a whole-trace step 0 for a rank without any).
    void finishSteps();
    /// One part of finishLoad/buildIndexes: the time since the last, under `name`.
    void lap(std::string name);
    std::chrono::steady_clock::time_point m_lapStart;
    void writeNameFacts(const std::vector<model::NameFacts>& facts);
    /// The communication matrix rows (links as written, groups, sources).
    void writeComm(const model::Batch& b);
    /// The comm_text ids of the link rows' strings (made on the first link row).
    CommTextInterner& commText();
    std::unique_ptr<CommTextInterner> m_commText;
    /// Spans of at least model::kLongSpanNs, by id, into long_span: a frame finds those covering its window
    /// without scanning back through everything they contain.
    void writeLongSpans(const std::vector<model::SpanRow>& spans, int64_t firstId);
    struct LongSpan {
        int64_t trackId, tsNs, endNs, spanId;
    };
    std::vector<LongSpan> m_long;
    Db& m_db;
    struct Inserter;
    std::map<std::string, std::unique_ptr<Inserter>> m_ins;
    std::map<std::pair<std::string, std::string>, model::DiagnosticRow> m_diags;
    int64_t m_spans = 0;
    int64_t m_flows = 0;     ///< flow events written (numbered 1..m_flows)
    LoadRanges m_loadRanges; ///< each group's runs of span ids and flow event numbers
    std::string m_flowBytes; ///< the last batch's encoded flow events, bound until its insert ran
    std::vector<std::pair<std::string, double>> m_finishTimes;
    std::map<std::pair<int, int>, int> m_rankKeys;             // (group, data rank) → key
    std::map<int, std::vector<std::pair<int, int>>> m_holders; // data rank → (group, key)
    std::set<int> m_usedKeys;
    std::map<int, int> m_dataRank;       // key → data rank
    std::map<int, int64_t> m_groupBytes; // group → input bytes
};

/// Rank keys of a rank number claimed by several groups are this far apart (rank 3 → 3, 10003, 20003).
constexpr int kRankKeyStride = 10000;

} // namespace rs::index
