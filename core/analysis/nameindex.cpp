#include "core/analysis/nameindex.h"

#include <string>

namespace rs::analysis {

const model::NameFacts& NameIndex::factsOf(int64_t id) const {
    static const model::NameFacts none;
    return id >= 0 && size_t(id) < facts.size() ? facts[size_t(id)] : none;
}

NameIndex NameIndex::load(index::Db& db) {
    NameIndex n;
    auto q = db.prepare("SELECT name_id, task, collective, point_to_point, match_by, compute, communication "
                        "FROM name_fact ORDER BY name_id");
    while (q.step()) {
        const auto id = q.i64(0);
        if (id < 0) continue;
        if (size_t(id) >= n.facts.size()) n.facts.resize(size_t(id) + 1);
        model::NameFacts& f = n.facts[size_t(id)];
        f.task = q.isNull(1) ? model::TaskRole::None
                             : model::taskRoleFromSql(q.text(1)).value_or(model::TaskRole::None);
        f.collective = q.text(2);
        f.pointToPoint = q.i64(3) != 0;
        f.matchBy = q.text(4) == sqlText(model::MatchBy::KindAndOrder) ? model::MatchBy::KindAndOrder
                                                                       : model::MatchBy::Name;
        f.compute = q.i64(5) != 0;
        f.communication = q.i64(6) != 0;
        if (!f.compute) n.nonCompute.insert(id);
        if (f.task == model::TaskRole::CollectiveKernel) n.collective.insert(id);
        if (f.task == model::TaskRole::WaitTask) n.notifyWait.insert(id);
        if (f.task == model::TaskRole::SyncTask) n.notifyOther.insert(id);
    }
    return n;
}

} // namespace rs::analysis
