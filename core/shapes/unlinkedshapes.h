#pragma once
// Kineto kernels the import could link to no input shape (import/kernelinputs.h): counted per reason in
// info diagnostics, read back here so the shapes view and command say how much device time their tables
// leave out and why, instead of showing the linked kernels as if they were all. Reads the index (the
// diagnostic table); the caller's thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rs::shapes {

struct UnlinkedShapes {
    int64_t kernels = 0;                                  ///< over every reason
    std::vector<std::pair<std::string, int64_t>> reasons; ///< (why, kernels), most kernels first
};

/// The kernels of the index with no input shape linked, by why; empty for a profile whose source gives
/// no shapes to link (Ascend, a Kineto trace without record_shapes).
UnlinkedShapes unlinkedShapeKernels(index::Db& db);

/// "32 kernels have no input shape and count in no row: 32 launched outside every cpu_op on their thread",
/// or "" when there is none.
std::string unlinkedShapesText(const UnlinkedShapes& u);

} // namespace rs::shapes
