#pragma once
// The bank-anomaly rule's one number, shared by the pass that applies it (core/analysis/bankanomaly.h) and
// the report that says whether it could apply (core/query/bankcheck.h): a rank is set apart from the banks
// most other ranks of its run use, a majority there is only from three ranks on.
#include <cstdint>

namespace rs::model {

/// Ranks of one run with tensors placed in HBM banks before one can differ from the others.
constexpr int64_t kBankRanksToCompare = 3;

} // namespace rs::model
