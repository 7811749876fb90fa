#pragma once
// Producer knowledge shared by the importers: which kind of track a trace process stands for, by the
// process names Ascend, MindSpore, torch_npu and Kineto write. Pure; thread-safe.
#include "core/model/trackkind.h"

#include <optional>
#include <string_view>

namespace rs::import {

/// The kind of the tracks of a process named `process` (with its process_labels `labels`); nullopt when
/// the name says nothing (the importer decides from the track's content).
std::optional<model::TrackKind> trackKindForProcess(std::string_view process, std::string_view labels);

} // namespace rs::import
