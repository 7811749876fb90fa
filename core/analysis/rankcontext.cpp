#include "core/analysis/rankcontext.h"

namespace rs::analysis {

RankContext::RankContext(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex& names)
    : db(db), opts(opts), rank(rank), names(names), m_read(db, opts, rank, &names), m_diagnostics(db, rank) {}

const StepIndex& RankContext::steps() {
    return m_read.steps();
}

const RankKernels& RankContext::kernels() {
    return m_read.kernels();
}

std::vector<TensorRow>& RankContext::tensors() {
    return m_read.tensors();
}

} // namespace rs::analysis
