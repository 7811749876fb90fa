#pragma once
// What the names of the index's spans are, by string id, looked up once per index and shared by every
// rank's passes: which are not computation (stats/taskclass.h), and what the importers said about each
// (name_fact: collective kernels, the notify tasks inside an HCCL op, the collective a name denotes).
// One thread.
#include "core/index/sqlite.h"
#include "core/model/collectivefacts.h"
#include "core/stats/taskclass.h"

#include <cstdint>
#include <set>
#include <vector>

namespace rs::analysis {

struct NameIndex {
    stats::NameFlags nonCompute;
    std::set<int64_t> collective;        ///< collective kernels: one instance per span
    std::set<int64_t> notifyWait;        ///< the wait tasks inside an HCCL op
    std::set<int64_t> notifyOther;       ///< its other notify tasks
    std::vector<model::NameFacts> facts; ///< by string id
    const model::NameFacts& factsOf(int64_t id) const;
    static NameIndex load(index::Db& db);
};

} // namespace rs::analysis
