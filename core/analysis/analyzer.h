#pragma once
// Runs every analysis stage at index time, in dependency order: collectives and waits → step breakdown
// and outliers → op statistics → memory and banks. Findings land in the index's tables, so views and
// reports read them instantly. Runs on the index-building thread, inside no transaction of its own.
#include "core/analysis/analysisoptions.h"
#include "core/index/sqlite.h"

namespace rs::analysis {

class Analyzer {
  public:
    Analyzer(index::Db& db, const AnalysisOptions& opts) : m_db(db), m_opts(opts) {}
    void run();

  private:
    index::Db& m_db;
    AnalysisOptions m_opts;
};

} // namespace rs::analysis
