#pragma once
// The one owner of the index connection during a build: writes batches with prepared 64-row INSERT
// statements inside one long transaction, then finalises (strings, re-nesting of unsorted tracks,
// canonical steps, secondary indexes, views). Runs on the writer thread only.
#include "core/import/batch.h"
#include "core/index/sqlite.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rs::index {

class IndexWriter {
  public:
    explicit IndexWriter(Db& db);
    ~IndexWriter();
    void write(import::Batch& b);
    /// Ends the bulk load: strings, track fix-ups, canonical steps, indexes and views.
    void finish(const std::vector<std::string>& strings);
    int64_t spansWritten() const { return m_spans; }

  private:
    template <class T, class F> void insert(const char* key, const std::vector<T>& rows, F&& bindRow);
    void renestTrack(int64_t trackId);
    Db& m_db;
    struct Inserter;
    std::map<std::string, std::unique_ptr<Inserter>> m_ins;
    std::map<std::pair<std::string, std::string>, import::DiagnosticRow> m_diags;
    int64_t m_spans = 0;
};

} // namespace rs::index
