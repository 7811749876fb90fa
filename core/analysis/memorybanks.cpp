#include "core/analysis/memorybanks.h"

#include "core/analysis/rankcontext.h"
#include "core/model/memoryrows.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

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

void MemoryBanksPass::run(RankContext& ctx) {
    const std::vector<TensorRow>& tensors = ctx.tensors();
    int64_t lowest = INT64_MAX;
    for (const auto& t : tensors)
        if (t.addr) lowest = std::min(lowest, *t.addr);
    if (lowest == INT64_MAX) return; // no addresses: no banks
    // GPU virtual addresses (Kineto) say nothing about HBM banks: no bands, no bank anomaly
    auto device = ctx.db.prepare(
        "SELECT count(*) FROM tensor WHERE rank = ? AND addr IS NOT NULL AND coalesce(source, '') <> ?");
    device.bind(1, ctx.rank).bind(2, model::kKinetoMemorySource);
    if (device.step() && device.i64(0) == 0) {
        ctx.db.prepare("UPDATE memory_summary SET bank_size_bytes = 0, bank_count = 0 WHERE rank = ?")
            .bind(1, ctx.rank)
            .exec();
        return;
    }
    const int64_t bankSize = ctx.opts.banks.bankSizeBytes;
    const auto base = int64_t(ctx.opts.banks.baseAddr ? *ctx.opts.banks.baseAddr
                                                      : defaultBankBase(uint64_t(lowest), bankSize));
    ctx.db
        .prepare("UPDATE tensor SET bank = (addr - ?) / ? WHERE rank = ? AND addr IS NOT NULL AND addr >= ?")
        .bind(1, base)
        .bind(2, bankSize)
        .bind(3, ctx.rank)
        .bind(4, base)
        .exec();
    ctx.db.prepare("UPDATE memory_summary SET base_addr = ? WHERE rank = ?")
        .bind(1, base)
        .bind(2, ctx.rank)
        .exec();
    std::map<std::pair<std::optional<std::string>, int64_t>, int64_t> bytes; // (op, bank) → bytes
    for (const auto& t : tensors)
        if (t.addr && *t.addr >= base) bytes[{t.opName, (*t.addr - base) / bankSize}] += t.sizeBytes;
    auto ins = ctx.db.prepare("INSERT INTO sum_bank(rank, op_name, bank, bytes) VALUES(?,?,?,?)");
    for (const auto& [opBank, n] : bytes) {
        ins.bind(1, ctx.rank);
        if (opBank.first)
            ins.bind(2, *opBank.first);
        else
            ins.bindNull(2);
        ins.bind(3, opBank.second).bind(4, n).exec();
    }
}

} // namespace rs::analysis
