#include "core/model/typicalstep.h"

#include "core/model/median.h"
#include "core/model/plural.h"
#include "core/model/timetext.h"

#include <algorithm>
#include <cmath>

namespace rs::model {

double typicalStepNs(std::vector<double> wallsNs) {
    return lowerMedian(wallsNs);
}

std::string typicalStepText(std::vector<double> wallsNs) {
    auto text = [](double ns) { return formatDuration(int64_t(std::llround(ns))); };
    if (wallsNs.empty()) return "no step";
    if (wallsNs.size() >= kTypicalStepMinSteps) return "median " + text(typicalStepNs(std::move(wallsNs)));
    std::sort(wallsNs.begin(), wallsNs.end());
    std::string s = counted(int64_t(wallsNs.size()), "step", "steps") + ":";
    for (size_t i = 0; i < wallsNs.size(); ++i)
        s += (i == 0 ? " " : i + 1 == wallsNs.size() ? " and " : ", ") + text(wallsNs[i]);
    return s;
}

} // namespace rs::model
