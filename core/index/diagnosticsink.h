#pragma once
// The one writer of the `diagnostic` table: the index writer (the importers' per-record problems, counted
// per file and problem), the analysis passes (clocks, runs, steps, collectives) and the pipeline (inputs
// that changed while read) all report through it, so a diagnostic has one shape and one place to be
// made clearer. Belongs to the thread that owns the connection.
#include "core/index/sqlite.h"
#include "core/model/sourcerows.h"

#include <string>

namespace rs::index {

class DiagnosticSink {
  public:
    explicit DiagnosticSink(Db& db);
    /// Appends one row as given (its count already aggregated by the caller).
    void add(const model::DiagnosticRow& d);
    /// One occurrence of a problem that no byte offset locates (`file` may name a rank or "(profile)").
    void add(const std::string& file, const std::string& severity, const std::string& what, int64_t count = 1,
             const std::string& excerpt = {});

  private:
    Stmt m_insert;
};

} // namespace rs::index
