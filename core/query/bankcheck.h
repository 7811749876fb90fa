#pragma once
// Whether the index could find a bank anomaly at all: the HBM bank model (core/analysis/memorybanks.h)
// applies to an Ascend device's tensor addresses; a Kineto profile's are the CUDA caching allocator's
// virtual addresses and get no bank model, and a profile without tensor addresses has nothing to place.
// "No bank anomalies" is said only where three ranks of a run had their tensors placed in banks (the rule
// sets one apart from a majority); otherwise "banks not checked" with the reason (walk 25: the Kineto demo
// announced a bank problem its report never looked for, and the report said nothing of banks). Reads the
// index (memory_summary); any thread with its own Db.
#include "core/index/sqlite.h"
#include "core/model/bankrule.h"

#include <optional>
#include <string>

namespace rs::query {

struct BankCheck {
    bool possible =
        false;       ///< some run had model::kBankRanksToCompare ranks whose tensors were placed in HBM banks
    std::string why; ///< when not: "no tensor addresses recorded", …
};

/// `run`: judged on that run's ranks alone (a baseline record is one run's: another run of the folder with
/// placed tensors says nothing of it); none: any run of the index.
BankCheck bankCheck(index::Db& db, std::optional<int> run = std::nullopt);

} // namespace rs::query
