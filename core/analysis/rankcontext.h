#pragma once
// What a rank-local pass gets: the index, the settings, the rank, and that rank's data loaded once and
// shared by the passes that need it (its steps, its device kernels, its diagnostics). Built by the plan
// for one rank at a time; tests build one over an index of their own. One thread.
#include "core/analysis/nameindex.h"
#include "core/analysis/pass.h"
#include "core/analysis/rankdiagnostics.h"
#include "core/analysis/rankkernels.h"
#include "core/analysis/rankreadcontext.h"
#include "core/analysis/ranktensors.h"
#include "core/analysis/stepindex.h"

#include <memory>
#include <optional>

namespace rs::analysis {

class RankContext {
  public:
    /// `names`: what the index's span names are, shared by every rank of one index.
    RankContext(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex& names);

    index::Db& db;
    const AnalysisOptions& opts;
    const int rank;
    const NameIndex& names;

    /// The rank's canonical steps, as they are when first asked for (the clock pass may replace them, so
    /// it runs before any pass that asks).
    const StepIndex& steps();
    /// The spans of the rank's compute tracks, loaded when first asked for.
    const RankKernels& kernels();
    /// The rank's tensors, loaded when first asked for; a pass that updates `tensor` updates these too.
    std::vector<TensorRow>& tensors();
    RankDiagnostics& diagnostics() { return m_diagnostics; }
    /// The same data for the split passes' compute() when they run on this thread (pass.h; the steps,
    /// kernels and tensors above are this context's).
    RankReadContext& reading() { return m_read; }

  private:
    RankReadContext m_read;
    RankDiagnostics m_diagnostics;
};

} // namespace rs::analysis
