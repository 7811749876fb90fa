#pragma once
// What the names of the index's spans are, by string id, looked up once per index and shared by every
// rank's passes: what the importers said about each (name_fact: which are not computation, collective
// kernels, the notify tasks inside an HCCL op, the collective a name denotes).
// One thread.
#include "core/index/sqlite.h"
#include "core/model/collectivefacts.h"
#include "core/model/nameflags.h"

#include <cstdint>
#include <set>
#include <vector>

namespace rs::analysis {

struct NameIndex {
    model::NameFlags nonCompute;
    std::set<int64_t> collective;        ///< collective kernels: one instance per span
    std::set<int64_t> notifyWait;        ///< the wait tasks inside an HCCL op
    std::set<int64_t> notifyOther;       ///< its other notify tasks
    std::vector<model::NameFacts> facts; ///< by string id
    const model::NameFacts& factsOf(int64_t id) const;
    static NameIndex load(index::Db& db);
};

} // namespace rs::analysis
