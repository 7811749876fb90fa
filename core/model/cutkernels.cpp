#include "core/model/cutkernels.h"

#include <cinttypes>
#include <cstdio>

namespace rs::model {

namespace {
constexpr const char* kHead = "kernels past the cut: ";
}

std::string kernelsPastCutText(int64_t missing, int64_t listed) {
    return std::string(kHead) + std::to_string(missing) + " of the " + std::to_string(listed) +
           " kernels kernel_details.csv lists are not in the part read, so the timeline and every figure "
           "made from the trace's kernels lack them";
}

std::optional<std::pair<int64_t, int64_t>> parseKernelsPastCut(const std::string& what) {
    const std::string head = kHead;
    if (what.compare(0, head.size(), head) != 0) return std::nullopt;
    int64_t missing = 0, listed = 0;
    if (std::sscanf(what.c_str() + head.size(), "%" SCNd64 " of the %" SCNd64, &missing, &listed) != 2)
        return std::nullopt;
    return std::make_pair(missing, listed);
}

} // namespace rs::model
