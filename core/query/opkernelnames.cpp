#include "core/query/opkernelnames.h"

#include <algorithm>

namespace rs::query {

std::map<std::string, std::vector<OpKernelName>> loadOpKernelNames(index::Db& db,
                                                                   const std::vector<int64_t>& ranks) {
    std::map<std::string, std::vector<OpKernelName>> out;
    auto q = db.prepare("SELECT op_type, name, rank, coalesce(count, 0) FROM sum_op_name ORDER BY op_type");
    while (q.step()) {
        const int64_t rank = q.i64(2);
        if (!ranks.empty() && std::find(ranks.begin(), ranks.end(), rank) == ranks.end()) continue;
        out[q.text(0)].push_back({q.text(1), rank, q.i64(3)});
    }
    return out;
}

std::vector<std::pair<std::string, int64_t>> kernelNameCounts(const std::vector<OpKernelName>& names,
                                                              std::optional<int64_t> rank) {
    std::map<std::string, int64_t> sum;
    for (const OpKernelName& n : names)
        if (!rank || n.rank == *rank) sum[n.name] += n.count;
    std::vector<std::pair<std::string, int64_t>> out(sum.begin(), sum.end());
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

} // namespace rs::query
