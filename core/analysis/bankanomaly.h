#pragma once
// Cross-rank pass "bank_anomalies": per op and run, the banks holding at least 10 % of the op's bytes on
// each rank (sum_bank); a rank whose banks share nothing with the banks most other ranks of its run use
// (more than half of them) is flagged — with two ranks there is no majority to differ from, so it takes
// three. Writes `bank_anomaly` and a bank_anomaly `finding` per flagged rank and op.
#include "core/analysis/pass.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

struct BankAnomaly {
    int rank;
    std::set<int64_t> banks, othersBanks;
    int64_t bytes;
};

/// The anomalies of one op in one run: `perRank` maps rank → bank → bytes.
std::vector<BankAnomaly> findBankAnomalies(const std::map<int, std::map<int64_t, int64_t>>& perRank);

class BankAnomalyPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
