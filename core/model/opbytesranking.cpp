#include "core/model/opbytesranking.h"

#include <algorithm>

namespace rs::model {

void OpBytesRanking::add(const std::string& op, int64_t bytes, int64_t tensors) {
    Op& o = m_ops[op];
    o.name = op;
    o.bytes += std::max<int64_t>(bytes, 0);
    o.tensors += tensors;
}

std::vector<OpBytesRanking::Op> OpBytesRanking::ranked() const {
    std::vector<Op> out;
    out.reserve(m_ops.size());
    for (const auto& [name, op] : m_ops)
        out.push_back(op);
    // m_ops is in name order, so a stable sort leaves equal bytes and tensors by name
    std::stable_sort(out.begin(), out.end(), [](const Op& a, const Op& b) {
        return a.bytes != b.bytes ? a.bytes > b.bytes : a.tensors > b.tensors;
    });
    return out;
}

std::vector<std::string> OpBytesRanking::names(size_t limit) const {
    std::vector<std::string> out;
    for (auto& op : ranked()) {
        if (out.size() >= limit) break;
        out.push_back(std::move(op.name));
    }
    return out;
}

} // namespace rs::model
