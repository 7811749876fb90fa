#include "core/analysis/analyzer.h"

#include "core/analysis/clockcheck.h"
#include "core/analysis/collectiveanalysis.h"
#include "core/analysis/commlinks.h"
#include "core/analysis/memoryanalysis.h"
#include "core/analysis/opanalysis.h"
#include "core/analysis/rootcause.h"
#include "core/analysis/runs.h"
#include "core/analysis/stepanalysis.h"
#include "core/analysis/stepindex.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace rs::analysis {

void Analyzer::run() {
    // RANKSCOPE_TIMING=1 prints each stage's time (for profiling the index build).
    const bool timing = std::getenv("RANKSCOPE_TIMING") != nullptr;
    auto t = std::chrono::steady_clock::now();
    auto lap = [&](const char* stage) {
        if (!timing) return;
        auto now = std::chrono::steady_clock::now();
        std::fprintf(stderr, "analysis: %-12s %.3f s\n", stage,
                     std::chrono::duration<double>(now - t).count());
        t = now;
    };
    m_db.exec("BEGIN");
    checkRankClocks(m_db);
    assignRuns(m_db);
    resolveCommLinks(m_db);
    lap("clocks, runs, links");
    StepIndex steps(m_db);
    analyseCollectives(m_db, steps, m_opts);
    m_db.exec("CREATE INDEX collective_rank_step ON collective(rank, step); CREATE INDEX wait_rank ON "
              "wait(rank, start_ns);");
    lap("collectives");
    analyseSteps(m_db, steps, m_opts);
    lap("steps");
    analyseOps(m_db, m_opts);
    lap("ops");
    analyseMemory(m_db, steps, m_opts);
    lap("memory");
    analyseRootCauses(m_db, m_opts);
    lap("root causes");
    m_db.exec("COMMIT");
}

} // namespace rs::analysis
