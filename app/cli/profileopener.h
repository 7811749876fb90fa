#pragma once
// Opens (indexing when needed) a profile for a command-line sub-command: parses the shared index
// options, shows a progress line on stderr (a live line on a terminal, plain lines otherwise) and
// cancels cleanly on Ctrl-C. Main thread only.
#include "app/cli/args.h"
#include "core/pipeline/buildpipeline.h"

#include <string>

namespace rs::cli {

/// Value options every index-reading command accepts.
std::set<std::string> indexValueOptions();
/// `extra` plus the flags every index-reading command accepts (--break-lock).
std::set<std::string> indexFlags(std::set<std::string> extra);

/// Builds IndexOptions from --db, --jobs, --banks, --bank-size, --bank-base and the profile's device
/// file. Returns false with `error` set.
bool indexOptionsFrom(Args& a, const std::string& profile, pipeline::BuildOptions& opts, std::string& error);

/// Indexes or reuses; prints progress unless `quiet`. On failure prints the error and returns !ok.
pipeline::BuildResult openProfile(const std::string& profile, const pipeline::BuildOptions& opts, bool quiet);

} // namespace rs::cli
