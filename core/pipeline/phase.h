#pragma once
// The stages of an index build, in order, as progress reports and stage times name them. Parse and
// write run side by side (parser threads feed the writer thread); progress reports Parse for both.
#include <cstddef>

namespace rs::pipeline {

enum class Phase { Discover, Parse, Write, Finish, Analyse, Commit };
constexpr size_t kPhaseCount = 6;

/// Its word in progress lines and timings: "discovering", "parsing", "writing", "indexing",
/// "analysing", "committing".
constexpr const char* phaseName(Phase p) {
    switch (p) {
    case Phase::Discover:
        return "discovering";
    case Phase::Parse:
        return "parsing";
    case Phase::Write:
        return "writing";
    case Phase::Finish:
        return "indexing";
    case Phase::Analyse:
        return "analysing";
    case Phase::Commit:
        return "committing";
    }
    return "";
}

/// Where a build stops (tests and benchmarks; the product always runs to Analysis):
///  - Parse: the importers run and their batches are dropped: no index, no lock (parse throughput,
///    importer smoke tests);
///  - Index: written and finished (spans, LOD, steps, indexes, views) but not analysed, then committed
///    under an options key no analysed build has (fixtures for analysis passes);
///  - Analysis: everything.
enum class StopAfter { Parse, Index, Analysis };

} // namespace rs::pipeline
