#include "core/analysis/nameindex.h"

#include <string>

namespace rs::analysis {

NameIndex NameIndex::load(index::Db& db) {
    NameIndex n;
    n.nonCompute = stats::nonComputeNameIds(db);
    auto q = db.prepare("SELECT id, value FROM string WHERE value LIKE 'hcom\\_%' ESCAPE '\\' OR value LIKE "
                        "'ncclKernel%' OR value LIKE 'ncclDevKernel%' OR value LIKE 'Notify%'");
    while (q.step()) {
        const std::string v = q.text(1);
        if (v == "Notify_Wait")
            n.notifyWait.insert(q.i64(0));
        else if (v.rfind("Notify", 0) == 0)
            n.notifyOther.insert(q.i64(0));
        else
            n.collective.insert(q.i64(0));
    }
    return n;
}

} // namespace rs::analysis
