#pragma once
// Which op a tensor's memory record names. Ascend's records name the framework op that allocated
// (aten::…, npu::…) or the CANN kernel the allocation was made for: the .db's OP_MEMORY bare ("Conv2D1"),
// operator_memory.csv with a "cann::" prefix ("cann::Conv2D1", docs/formats.md §2.6). A record naming a
// kernel belongs to that kernel, whichever form it takes (walk 53b: text/level1's Conv2D1 reached none of
// its records). Pure functions, any thread.
#include "core/query/analysisqueries.h"

#include <map>
#include <string>
#include <string_view>

namespace rs::query {

/// The prefix operator_memory.csv puts before a CANN kernel's name.
inline constexpr std::string_view kCannRecordPrefix = "cann::";

/// The kernel name a record's op name gives: `opName` without its "cann::" prefix (unchanged without one).
std::string_view recordKernelName(std::string_view opName);

/// Whether the record of `t` names `op`: the op itself (as recorded, or the kernel without its "cann::"
/// prefix), or an op type one of whose kernels it names (`kernelTypeOf`: kernel name → op type, the rank's
/// kernels, as MemoryMapData::kernelTypeOf holds them). Empty `op` names nothing.
bool recordNamesOp(const TensorItem& t, std::string_view op,
                   const std::map<std::string, std::string, std::less<>>& kernelTypeOf);

} // namespace rs::query
