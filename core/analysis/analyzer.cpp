#include "core/analysis/analyzer.h"

#include "core/analysis/collectiveanalysis.h"
#include "core/analysis/memoryanalysis.h"
#include "core/analysis/opanalysis.h"
#include "core/analysis/stepanalysis.h"
#include "core/analysis/stepindex.h"

namespace rs::analysis {

void Analyzer::run() {
    m_db.exec("BEGIN");
    StepIndex steps(m_db);
    analyseCollectives(m_db, steps, m_opts);
    m_db.exec("CREATE INDEX collective_rank_step ON collective(rank, step); CREATE INDEX wait_rank ON wait(rank, start_ns);");
    analyseSteps(m_db, steps, m_opts);
    analyseOps(m_db, m_opts);
    analyseMemory(m_db, steps, m_opts);
    m_db.exec("COMMIT");
}

} // namespace rs::analysis
