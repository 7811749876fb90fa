#pragma once
// What every parser thread shares during one import: the string interner, the track id counter, the
// queue to the writer, progress counters and the cancel flag. Thread-safe.
#include "core/import/batchqueue.h"
#include "core/import/stringinterner.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace rs::import {

struct ImportContext {
    StringInterner strings;
    std::atomic<int64_t> nextTrackId{1};
    std::atomic<int32_t> nextFileId{1};
    BatchQueue queue{8};
    std::atomic<bool>* cancel = nullptr;
    std::atomic<int64_t> bytesDone{0};  ///< raw (on-disk) bytes consumed by parsers
    std::atomic<int64_t> eventsDone{0}; ///< records parsed
    /// Trace JSON read from compressed files: their on-disk bytes by compression, and the JSON they held
    /// (the rate a user compares with a plain file's is the JSON's, not the .gz's)
    std::atomic<int64_t> gzipBytes{0}, zstdBytes{0}, jsonFromCompressedBytes{0};
    /// Decompressed bytes read a second time to find the members a trace writes after its events (Kineto's
    /// baseTimeNanoseconds): a file's tail, or all of a compressed file (or of any file whose tail cannot
    /// tell)
    std::atomic<int64_t> preScanBytes{0};
    std::atomic<int64_t> filesRead{0}, filesUnreadable{0}; ///< trace files read / skipped as unreadable
    std::mutex firstUnreadableMutex;
    std::string firstUnreadable; ///< the first skipped file's message (when nothing could be read at all)
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

/// One parser thread's output: fills a Batch, hands it to the writer when full, and aggregates
/// per-record problems into one diagnostic row per (file, problem). Not thread-safe.
class RowEmitter {
  public:
    /// `to`: the queue its batches go to (null: the context's shared one).
    explicit RowEmitter(ImportContext& ctx, BatchQueue* to = nullptr)
        : m_to(to ? to : &ctx.queue), m_batch(std::make_unique<model::Batch>()) {}
    ~RowEmitter() { flush(); }
    model::Batch& batch() { return *m_batch; }
    /// The rank group this emitter's batches belong to (the writer keeps rank numbers apart per group).
    void setGroup(int g) {
        m_group = g;
        m_batch->group = g;
    }
    /// Hands the batch over when it holds ≥ 64 K rows.
    void maybeFlush() {
        if (m_batch->rows() >= 65536) flush();
    }
    void flush();
    /// Counts one problem; the first occurrence keeps its offset/line and an excerpt.
    void diag(const std::string& file, const std::string& severity, const std::string& what, int64_t offset,
              std::string_view excerpt);
    void flushDiagnostics();

  private:
    BatchQueue* m_to;
    std::unique_ptr<model::Batch> m_batch;
    int m_group = -1;
    std::map<std::pair<std::string, std::string>, model::DiagnosticRow> m_diags;
};

} // namespace rs::import
