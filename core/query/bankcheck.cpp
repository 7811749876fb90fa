#include "core/query/bankcheck.h"

namespace rs::query {

BankCheck bankCheck(index::Db& db, std::optional<int> run) {
    // memory_banks writes base_addr where it placed a rank's tensors, and bank_count 0 where the addresses
    // are a GPU's (Kineto). The anomaly rule sets a rank apart from the majority of its run, so it takes
    // three ranks of one run with placed tensors (msinsight db level1: one rank's 57 addressed tensors read
    // "no bank anomalies", where no rank could have been set apart)
    const std::string ofRun = run ? " AND i.run_id = " + std::to_string(*run) : "";
    const int64_t placed = db.scalar(
        "SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM memory_summary m JOIN rank_info i ON "
        "i.rank = m.rank WHERE m.bank_count > 0 AND m.base_addr IS NOT NULL" +
        ofRun + " GROUP BY i.run_id)");
    if (placed >= model::kBankRanksToCompare) return {true, ""};
    if (placed > 0)
        return {false, "tensors placed in banks on " + std::to_string(placed) +
                           (placed == 1 ? " rank" : " ranks") + " of a run: it takes " +
                           std::to_string(model::kBankRanksToCompare) + " to set one apart"};
    const std::string ranksOfRun =
        run ? " AND rank IN (SELECT rank FROM rank_info WHERE run_id = " + std::to_string(*run) + ")" : "";
    if (db.scalar("SELECT count(*) FROM memory_summary WHERE bank_count = 0" + ranksOfRun) > 0)
        return {false,
                "a Kineto profile's tensor addresses are the CUDA caching allocator's, to which no HBM "
                "bank model applies"};
    return {false, "no tensor addresses recorded"};
}

} // namespace rs::query
