#include "core/index/defaultrun.h"

namespace rs::index {

int defaultRunId(Db& db) {
    return int(db.scalar("SELECT r.run_id FROM run r ORDER BY (SELECT count(*) FROM rank_info i WHERE "
                         "i.run_id = r.run_id) DESC, r.run_id LIMIT 1",
                         0));
}

} // namespace rs::index
