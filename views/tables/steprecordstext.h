#pragma once
// Why an op's tensor level is empty, from what its rank's memory records in the step do name. On a PyTorch
// Ascend profile (text/level1) operator_memory.csv names the framework ops that allocated
// (aten::empty_strided, aten::_convolution), never a kernel such as Conv2D1, and carries nothing that ties
// one to the other: the drill-down said only "records may name the op otherwise" (walk 23 #4). Pure function;
// GUI thread (Qt text).
#include "core/query/analysisqueries.h"

#include <QString>
#include <vector>

namespace rs::views {

/// The most names stepRecordsText lists.
inline constexpr int kStepRecordNamesShown = 3;

/// What the step's records (`rows`: all of the rank's memory records in the step) name, as the end of a
/// sentence after "no memory record … names this op": "its 184 records there (operator_memory.csv) name
/// framework ops — aten::empty_strided ×60, … — the ops that allocated, not the kernels they ran, and the
/// file ties none to a kernel". Plain text (the caller escapes it for rich text).
QString stepRecordsText(const std::vector<query::TensorItem>& rows);

} // namespace rs::views
