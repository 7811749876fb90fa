#include "core/query/tensortext.h"

#include "core/model/memoryrows.h"
#include "core/query/tensortwins.h"

namespace rs::query {

std::string sourceName(const std::string& source) {
    if (source == model::kOperatorMemorySource) return "operator_memory.csv";
    if (source == model::kOpMemoryDbSource) return "the .db's OP_MEMORY table";
    if (source == model::kNpuOpMemDbSource) return "the .db's NPU_OP_MEM table";
    if (source == "memory_usage") return "memory_usage.csv";
    return source;
}

namespace {

/// The number after `prefix` in `id` ("om34" → "34"), or "" when `id` is not of that form.
std::string numberAfter(const std::string& id, std::string_view prefix) {
    if (id.size() <= prefix.size() || id.compare(0, prefix.size(), prefix) != 0) return {};
    const std::string n = id.substr(prefix.size());
    return n.find_first_not_of("0123456789") == std::string::npos ? n : std::string();
}

} // namespace

std::string tensorName(const TensorItem& t) {
    if (t.source == model::kOperatorMemorySource)
        if (auto line = numberAfter(t.tensorId, model::kOperatorMemoryIdPrefix); !line.empty())
            return "operator_memory.csv line " + line;
    if (t.source == model::kOpMemoryDbSource)
        if (auto row = numberAfter(t.tensorId, model::kOpMemoryDbIdPrefix); !row.empty())
            return "OP_MEMORY row " + row;
    if (t.source == model::kNpuOpMemDbSource)
        if (auto row = numberAfter(t.tensorId, model::kNpuOpMemDbIdPrefix); !row.empty())
            return "NPU_OP_MEM row " + row;
    return t.tensorId;
}

std::string noAddressText(const TensorItem& t) {
    if (t.addr) return {};
    std::string why;
    // operator_memory.csv and OP_MEMORY have no address column; memory_usage.csv's is "NA" on that row
    if (t.source == model::kOperatorMemorySource || t.source == model::kOpMemoryDbSource)
        why = sourceName(t.source) + " has no address column";
    if (t.twinCandidates > 1) // said, not guessed: any of them may be this allocation
        why += (why.empty() ? "" : "; ") + std::to_string(t.twinCandidates) +
               " allocations of its size with an address within " + std::to_string(kTwinToleranceNs / 1000) +
               " µs: ambiguous, none paired";
    if (!why.empty()) return "none recorded (" + why + ")";
    return t.source.empty() ? "none recorded" : "none recorded in " + sourceName(t.source);
}

std::string noBankText(const TensorItem& t) {
    if (t.bank) return {};
    return t.addr ? "none: no bank model for this rank's addresses" : "none: no address";
}

} // namespace rs::query
