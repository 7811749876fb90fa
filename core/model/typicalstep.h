#pragma once
// The one rule for a step figure a reader takes for "typical": it must be a step that happened. The median
// of an even count is the lower of the two middle steps (the mean of a 7.95 ms and a 207 ms step, 107 ms,
// is no step), and with fewer than three steps the steps themselves are shown ("2 steps: 7.95 ms and
// 207 ms"). Used by the report, the baseline record, `compare` and the app. Pure; any thread. Times in ns.
#include <string>
#include <vector>

namespace rs::model {

/// Fewer steps than this are listed rather than summarised by a median.
constexpr size_t kTypicalStepMinSteps = 3;

/// The lower median of `wallsNs` (a value of the list, core/model/median.h); 0 for an empty list.
double typicalStepNs(std::vector<double> wallsNs);

/// "median 7.95 ms" from three steps on; "2 steps: 7.95 ms and 207 ms", "1 step: 9.29 ms", "no step".
std::string typicalStepText(std::vector<double> wallsNs);

} // namespace rs::model
