#include "core/index/showntensors.h"

#include "core/model/memoryrows.h"

namespace rs::index {

namespace {

/// model::tensorFileOf as SQL over tensor alias `t`.
std::string tensorFileSql(const std::string& t) {
    return "(CASE WHEN " + t + ".source IN ('" + std::string(model::kOpMemoryDbSource) + "', '" +
           std::string(model::kNpuOpMemDbSource) + "') THEN '" +
           std::string(model::tensorFileOf(model::kOpMemoryDbSource)) + "' ELSE coalesce(" + t +
           ".source, '') END)";
}

} // namespace

std::string shownTensorSql(const std::string& t) {
    return "(" + t +
           ".addr IS NOT NULL OR NOT EXISTS (SELECT 1 FROM tensor shown_u WHERE shown_u.rank = " + t +
           ".rank AND shown_u.addr IS NOT NULL AND " + tensorFileSql("shown_u") + " <> " + tensorFileSql(t) +
           "))";
}

} // namespace rs::index
