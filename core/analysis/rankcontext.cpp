#include "core/analysis/rankcontext.h"

namespace rs::analysis {

RankContext::RankContext(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex& names)
    : db(db), opts(opts), rank(rank), names(names), m_diagnostics(db, rank) {}

const StepIndex& RankContext::steps() {
    if (!m_steps) m_steps.emplace(db, rank);
    return *m_steps;
}

const RankKernels& RankContext::kernels() {
    if (!m_kernels) m_kernels = RankKernels::load(db, rank, names.nonCompute);
    return *m_kernels;
}

std::vector<TensorRow>& RankContext::tensors() {
    if (!m_tensors) m_tensors = loadTensors(db, rank);
    return *m_tensors;
}

} // namespace rs::analysis
