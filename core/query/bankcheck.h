#pragma once
// Whether the index could find a bank anomaly at all: the HBM bank model (core/analysis/memorybanks.h)
// applies to an Ascend device's tensor addresses; a Kineto profile's are the CUDA caching allocator's
// virtual addresses and get no bank model, and a profile without tensor addresses has nothing to place.
// "No bank anomalies" is said only where some rank's tensors were placed in banks; otherwise "banks not
// checked" with the reason (walk 25: the Kineto demo announced a bank problem its report never looked
// for, and the report said nothing of banks). Reads the index (memory_summary); any thread with its own Db.
#include "core/index/sqlite.h"

#include <string>

namespace rs::query {

struct BankCheck {
    bool possible = false; ///< some rank's tensors were placed in HBM banks
    std::string why;       ///< when not: "no tensor addresses recorded", …
};

BankCheck bankCheck(index::Db& db);

} // namespace rs::query
