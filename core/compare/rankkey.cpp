#include "core/compare/rankkey.h"

namespace rs::compare {

std::optional<int> rankKeyOf(index::Db& db, int run, int dataRank) {
    auto st = db.prepare(
        "SELECT rank FROM rank_info WHERE coalesce(run_id, 0) = ? AND coalesce(data_rank, rank) = ?");
    st.bind(1, run).bind(2, dataRank);
    if (!st.step()) return std::nullopt;
    return int(st.i64(0));
}

} // namespace rs::compare
