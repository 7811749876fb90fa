#include "core/analysis/memorybanks.h"

#include "core/analysis/rankcontext.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace rs::analysis {

int64_t bankOf(uint64_t addr, uint64_t base, int64_t size) {
    if (addr < base) return -1 - int64_t((base - addr - 1) / uint64_t(size));
    return int64_t((addr - base) / uint64_t(size));
}

uint64_t defaultBankBase(uint64_t lowest, int64_t size) {
    return lowest - lowest % uint64_t(size);
}

PassInfo MemoryBanksPass::info() const {
    return {"memory_banks",
            PassScope::RankLocal,
            {"tensor"},
            {"tensor.bank", "memory_summary.base_addr", "memory_summary.bank_size_bytes", "sum_bank"}};
}

namespace {

struct MemoryBanksResult : RankResult {
    enum class What { Nothing, NoDevice, Banks } what = What::Nothing;
    int64_t base = 0;
    std::vector<std::tuple<std::optional<std::string>, int64_t, int64_t>> bytes; ///< (op, bank, bytes)
};

} // namespace

std::unique_ptr<RankResult> MemoryBanksPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<MemoryBanksResult>();
    const std::vector<TensorRow>& tensors = ctx.tensors(); // as tensor_timeline leaves the index
    int64_t lowest = INT64_MAX;
    bool device = false;
    for (const auto& t : tensors)
        if (t.addr) lowest = std::min(lowest, *t.addr), device = device || !t.fromKineto;
    if (lowest == INT64_MAX) return out; // no addresses: no banks
    // GPU virtual addresses (Kineto) say nothing about HBM banks: no bands, no bank anomaly
    if (!device) {
        out->what = MemoryBanksResult::What::NoDevice;
        return out;
    }
    out->what = MemoryBanksResult::What::Banks;
    const int64_t bankSize = ctx.opts.banks.bankSizeBytes;
    out->base = int64_t(ctx.opts.banks.baseAddr ? *ctx.opts.banks.baseAddr
                                                : defaultBankBase(uint64_t(lowest), bankSize));
    std::map<std::pair<std::optional<std::string>, int64_t>, int64_t> bytes; // (op, bank) → bytes
    for (const auto& t : tensors)
        if (t.addr && *t.addr >= out->base)
            bytes[{t.opName, (*t.addr - out->base) / bankSize}] += t.sizeBytes;
    for (auto& [opBank, n] : bytes)
        out->bytes.emplace_back(opBank.first, opBank.second, n);
    return out;
}

void MemoryBanksPass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const MemoryBanksResult&>(result);
    if (res.what == MemoryBanksResult::What::Nothing) return;
    if (res.what == MemoryBanksResult::What::NoDevice) {
        ctx.db.prepare("UPDATE memory_summary SET bank_size_bytes = 0, bank_count = 0 WHERE rank = ?")
            .bind(1, ctx.rank)
            .exec();
        return;
    }
    ctx.db
        .prepare("UPDATE tensor SET bank = (addr - ?) / ? WHERE rank = ? AND addr IS NOT NULL AND addr >= ?")
        .bind(1, res.base)
        .bind(2, ctx.opts.banks.bankSizeBytes)
        .bind(3, ctx.rank)
        .bind(4, res.base)
        .exec();
    ctx.db.prepare("UPDATE memory_summary SET base_addr = ? WHERE rank = ?")
        .bind(1, res.base)
        .bind(2, ctx.rank)
        .exec();
    auto ins = ctx.db.prepare("INSERT INTO sum_bank(rank, op_name, bank, bytes) VALUES(?,?,?,?)");
    for (const auto& [op, bank, n] : res.bytes) {
        ins.bind(1, ctx.rank);
        if (op)
            ins.bind(2, *op);
        else
            ins.bindNull(2);
        ins.bind(3, bank).bind(4, n).exec();
    }
}

void MemoryBanksPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
