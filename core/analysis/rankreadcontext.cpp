#include "core/analysis/rankreadcontext.h"

namespace rs::analysis {

RankReadContext::RankReadContext(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex* names)
    : db(db), opts(opts), rank(rank), m_names(names) {}

const NameIndex& RankReadContext::names() {
    if (m_names) return *m_names;
    if (!m_ownNames) m_ownNames = NameIndex::load(db);
    return *m_ownNames;
}

const StepIndex& RankReadContext::steps() {
    if (!m_steps) m_steps.emplace(db, rank);
    return *m_steps;
}

const RankKernels& RankReadContext::kernels() {
    if (!m_kernels) m_kernels = RankKernels::load(db, rank, names().nonCompute);
    return *m_kernels;
}

std::vector<TensorRow>& RankReadContext::tensors() {
    if (!m_tensors) m_tensors = loadTensors(db, rank);
    return *m_tensors;
}

} // namespace rs::analysis
