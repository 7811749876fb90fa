#include "core/query/tensortwins.h"

#include "core/model/memoryrows.h"
#include "core/query/tensorreader.h"
#include "core/query/tensortext.h"

#include <algorithm>
#include <map>
#include <set>

namespace rs::query {

namespace {

/// The addressed rows of files other than `t`'s that could be `t` recorded again (rank, size, time).
std::vector<TensorItem> twinCandidates(index::Stmt& q, int rank, const TensorItem& t) {
    std::vector<TensorItem> out;
    q.bind(1, rank)
        .bind(2, t.sizeBytes)
        .bind(3, *t.allocNs - kTwinToleranceNs)
        .bind(4, *t.allocNs + kTwinToleranceNs);
    while (q.step()) {
        TensorItem c = readTensor(q);
        // rows of one file never describe one allocation twice (core/index/showntensors.h)
        if (model::tensorFileOf(c.source) != model::tensorFileOf(t.source)) out.push_back(std::move(c));
    }
    q.reset();
    return out;
}

} // namespace

int64_t pairAddressTwins(index::Db& db, int rank, std::vector<TensorItem>& rows) {
    auto q = db.prepare(std::string("SELECT ") + kTensorColumns +
                        " FROM tensor WHERE rank = ?1 AND size_bytes = ?2 AND addr IS NOT NULL AND alloc_ns "
                        "BETWEEN ?3 AND ?4 ORDER BY alloc_ns, tensor_id");
    std::set<std::string> listed;
    for (const TensorItem& t : rows)
        if (t.addr) listed.insert(t.tensorId);
    std::map<std::string, std::string> standsFor; // a twin listed for itself → the address-less row
    std::vector<TensorItem> out;
    int64_t paired = 0;
    for (TensorItem& t : rows) {
        std::vector<TensorItem> found;
        if (!t.addr && t.allocNs) found = twinCandidates(q, rank, t);
        if (found.size() != 1) { // addressed, none, or several: the row stays as recorded, the count says
            t.twinCandidates = int(found.size());
            out.push_back(std::move(t));
            continue;
        }
        ++paired;
        TensorItem& twin = found.front();
        if (!listed.insert(twin.tensorId).second) {
            standsFor.emplace(twin.tensorId, tensorName(t));
            continue;
        }
        twin.twinOf = tensorName(t);
        out.push_back(std::move(twin));
    }
    for (TensorItem& o : out)
        if (auto it = standsFor.find(o.tensorId); it != standsFor.end() && o.twinOf.empty())
            o.twinOf = it->second;
    rows = std::move(out);
    return paired;
}

} // namespace rs::query
