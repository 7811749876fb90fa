#include "core/model/median.h"

#include <algorithm>
#include <cstddef>

namespace rs::model {

double lowerMedian(std::vector<double>& v) {
    if (v.empty()) return 0;
    const auto mid = v.begin() + std::ptrdiff_t((v.size() - 1) / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

} // namespace rs::model
