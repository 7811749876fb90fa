#pragma once
// Rank-local pass "memory_banks": the HBM bank of each of a rank's tensors under the device model
// (opts.banks: the base defaults to the rank's lowest address rounded down to a bank), and the rank's bytes
// per (op, bank) — what the cross-rank BankAnomalyPass compares. Writes tensor.bank,
// memory_summary.base_addr (after MemoryPeaksPass) and `sum_bank`. Split (pass.h), in the "tensors"
// group: compute() reads the group's tensors as tensor_timeline left them (another session's dropped).
#include "core/analysis/pass.h"

#include <cstdint>

namespace rs::analysis {

/// Bank of `addr` under the model with the given base (may exceed bankCount − 1 for addresses beyond
/// the modelled device; negative below the base).
int64_t bankOf(uint64_t addr, uint64_t base, int64_t bankSizeBytes);
/// The default base: `lowest` rounded down to a multiple of the bank size.
uint64_t defaultBankBase(uint64_t lowest, int64_t bankSizeBytes);

class MemoryBanksPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "tensors"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
