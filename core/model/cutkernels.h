#pragma once
// The diagnostic an Ascend rank's cut trace_view.json gets when its kernel_details.csv lists kernels the
// part read does not hold (walk 21 E: a rank cut before its device events showed no kernel, while its
// whole kernel_details.csv listed 191): written by the importer on the trace file, read back by the query
// layer, which names the count wherever it names the cut file. Pure; any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace rs::model {

/// "kernels past the cut: 191 of the 191 kernels kernel_details.csv lists are not in the part read …".
std::string kernelsPastCutText(int64_t missing, int64_t listed);
/// {missing, listed} of a diagnostic kernelsPastCutText wrote; nullopt for any other text.
std::optional<std::pair<int64_t, int64_t>> parseKernelsPastCut(const std::string& what);

} // namespace rs::model
