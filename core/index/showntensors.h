#pragma once
// Which tensor rows are distinct allocations, as SQL (the memory map, the report's and `info`'s counts use
// the same rule): when a rank has a source with device addresses (memory_usage.csv, Kineto [memory]), its
// address-less rows of another file (operator_memory.csv) describe the same allocations again and are not
// counted twice (walk17a L1: the demo's header read 7664 tensors for 3832 allocations, 479 per rank listed
// by two files). Rows of one file (model::tensorFileOf) never duplicate each other: the .db's OP_MEMORY rows
// without an NPU_OP_MEM address are PTA allocations nothing else lists.
#include <string>

namespace rs::index {

/// A condition on tensor alias `t`: true for the rows that count as allocations.
std::string shownTensorSql(const std::string& t);

} // namespace rs::index
