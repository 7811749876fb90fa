#pragma once
// `rankscope demo`: writes the built-in example profile (see DemoOptions/DemoTruth). Output size grows
// roughly linearly with ranks × steps × layers; memory stays constant; the same seed gives the same bytes.
#include "core/demo/demooptions.h"

#include <functional>
#include <string>

namespace rs::demo {

/// Writes the profile under `outDir` (created). `progress(ranksDone, ranksTotal)` is optional.
bool generateDemo(const std::string& outDir, const DemoOptions& o, std::string& error,
                  const std::function<void(int, int)>& progress = {});

} // namespace rs::demo
