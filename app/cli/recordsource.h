#pragma once
// One side of a comparison for the command line: a profile directory or a single trace file (indexed or
// reused, then measured) or a stored baseline record (.json, or the last line of a .jsonl history).
#include "app/cli/args.h"
#include "core/compare/baselinebuilder.h"

#include <optional>
#include <string>

namespace rs::cli {

/// Fills `out`; false with `error` (naming the path) when it cannot. `quiet`: no index progress.
bool loadRecord(const std::string& path, Args& a, std::optional<int> run, bool quiet,
                compare::BuiltRecord& out, std::string& error);

} // namespace rs::cli
