#include "core/analysis/bankanomaly.h"

#include "core/analysis/runs.h"
#include "core/model/bankrule.h"
#include "core/model/findingkind.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rs::analysis {

namespace {

std::string bankList(const std::set<int64_t>& s) {
    std::string out = "[";
    for (auto b : s) {
        if (out.size() > 1) out.push_back(',');
        out.append(std::to_string(b));
    }
    out.push_back(']');
    return out;
}

/// The banks of each rank holding at least 10 % of its bytes of the op.
std::map<int, std::set<int64_t>> mainBanks(const std::map<int, std::map<int64_t, int64_t>>& perRank) {
    std::map<int, std::set<int64_t>> main;
    for (const auto& [rank, banks] : perRank) {
        int64_t total = 0;
        for (const auto& [b, n] : banks)
            total += n;
        for (const auto& [b, n] : banks)
            if (n * 10 >= total) main[rank].insert(b);
    }
    return main;
}

} // namespace

std::vector<BankAnomaly> findBankAnomalies(const std::map<int, std::map<int64_t, int64_t>>& perRank) {
    std::vector<BankAnomaly> out;
    if (int64_t(perRank.size()) < model::kBankRanksToCompare) return out;
    const auto main = mainBanks(perRank);
    // each bank's votes over all ranks once; a rank's "others" are these less its own vote, so a rank costs
    // its banks, not another pass over every rank (16 384 ranks: 17.3 s of a merge before, quadratic)
    std::map<int64_t, int> allVotes;
    for (const auto& [r, s] : main)
        for (auto b : s)
            ++allVotes[b];
    const int others = int(main.size()) - 1;
    for (const auto& [rank, mine] : main) {
        std::set<int64_t> consensus;
        for (const auto& [b, v] : allVotes)
            if ((v - int(mine.count(b))) * 2 > others) consensus.insert(b);
        if (consensus.empty()) continue;
        if (std::any_of(mine.begin(), mine.end(), [&](int64_t b) { return consensus.count(b) > 0; }))
            continue;
        int64_t n = 0;
        for (const auto& [b, v] : perRank.at(rank))
            n += v;
        out.push_back({rank, mine, consensus, n});
    }
    return out;
}

/// The bank layout a finding rests on, for its sentence: {"bank_layout": "assumed", "options" or "device
/// file", "bank_count", "bank_size_bytes"}.
static nlohmann::json layoutJson(const AnalysisOptions& o) {
    return {{"bank_layout", o.bankLayoutSource()},
            {"bank_count", o.banks.bankCount},
            {"bank_size_bytes", o.banks.bankSizeBytes}};
}

PassInfo BankAnomalyPass::info() const {
    return {"bank_anomalies", PassScope::CrossRank, {"sum_bank", "rank_info"}, {"bank_anomaly", "finding"}};
}

void BankAnomalyPass::run(CrossRankContext& ctx) {
    const RunMap runs = loadRuns(ctx.db);
    std::map<std::pair<int, std::string>, std::map<int, std::map<int64_t, int64_t>>>
        bytes; // (run, op) → rank → bank
    {
        auto q = ctx.db.prepare("SELECT op_name, rank, bank, bytes FROM sum_bank");
        while (q.step())
            bytes[{runs.run(int(q.i64(1))), q.text(0)}][int(q.i64(1))][q.i64(2)] += q.i64(3);
    }
    auto ins = ctx.db.prepare(
        "INSERT INTO bank_anomaly(rank, op_name, banks, other_ranks_banks, bytes) VALUES(?,?,?,?,?)");
    auto finding = ctx.db.prepare("INSERT INTO finding(kind, rank, step, subject, lost_ns, run_id, affected) "
                                  "VALUES(?,?,NULL,?,0,?,?)");
    const std::string layout = layoutJson(ctx.opts).dump();
    for (const auto& [runOp, perRank] : bytes) {
        const std::string& op = runOp.second;
        for (const auto& a : findBankAnomalies(perRank)) {
            ins.bind(1, a.rank).bind(2, op).bind(3, bankList(a.banks)).bind(4, bankList(a.othersBanks));
            ins.bind(5, a.bytes).exec();
            finding.bind(1, sqlText(model::FindingKind::BankAnomaly)).bind(2, a.rank).bind(3, op);
            finding.bind(4, int64_t(runs.run(a.rank))).bind(5, layout).exec();
        }
    }
}

} // namespace rs::analysis
