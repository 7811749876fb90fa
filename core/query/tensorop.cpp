#include "core/query/tensorop.h"

namespace rs::query {

std::string_view recordKernelName(std::string_view opName) {
    if (opName.starts_with(kCannRecordPrefix)) opName.remove_prefix(kCannRecordPrefix.size());
    return opName;
}

bool recordNamesOp(const TensorItem& t, std::string_view op,
                   const std::map<std::string, std::string, std::less<>>& kernelTypeOf) {
    if (op.empty()) return false;
    const std::string_view kernel = recordKernelName(t.opName);
    if (t.opName == op || kernel == op) return true;
    const auto it = kernelTypeOf.find(kernel);
    return it != kernelTypeOf.end() && it->second == op;
}

} // namespace rs::query
