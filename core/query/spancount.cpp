#include "core/query/spancount.h"

#include "core/index/indexstore.h"
#include "core/model/decimal.h"

namespace rs::query {

int64_t spanCount(index::Db& db) {
    auto q = db.prepare("SELECT value FROM meta WHERE key = ?");
    q.bind(1, index::kSpanCountKey);
    if (q.step())
        if (auto n = model::parseI64(q.text(0)); n && *n >= 0) return *n;
    return db.scalar("SELECT count(*) FROM span");
}

} // namespace rs::query
