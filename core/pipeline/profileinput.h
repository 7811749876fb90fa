#pragma once
// What a path given as a profile is, before anything is indexed: the command line's compare takes either
// side as a profile (a directory or a single trace file) or as a stored baseline record. Any thread.
#include <string>

namespace rs::pipeline {

/// Whether the file `path` is one the pipeline reads as a profile of its own — a trace discovery recognises,
/// which `report`, `export` and the app open — rather than another file (a baseline record). False for a
/// directory or a missing file. Reads at most the file's first bytes (discovery's trace sniff).
bool opensAsProfile(const std::string& path);

} // namespace rs::pipeline
