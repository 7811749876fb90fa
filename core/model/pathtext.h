#pragma once
// A path as the reports, the comparisons and their records show it: absolute, without "." or ".." steps
// and without a trailing separator. The path a user types ("./cand", "runs/../cand/") was written as given
// after the working directory: "Baseline /tmp/x/./cand" (walk 24 #4). Pure (reads the working directory
// for a relative path), thread-safe.
#include <string>

namespace rs::model {

/// `path` absolute and lexically normal ("/tmp/x/./cand/" → "/tmp/x/cand"); "" stays "".
std::string shownPath(const std::string& path);

} // namespace rs::model
