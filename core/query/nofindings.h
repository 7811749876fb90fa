#pragma once
// What an empty list of findings may say, decided in one place for every surface that says it: the text
// report (report.cpp), the HTML and Markdown reports (app/gui/reportdocument.cpp) and the app's Findings
// panel. The panel said "No findings" where the report beside it said "No problems found" (a run with
// notes), and "No findings" where the report said "No findings in what could be read" (walk 42).
// "No problems found" is claimed only when every source file was read in full and no rank of the run is
// missing; otherwise the words say what was looked at, and why no more can be claimed. Pure; any thread.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace rs::query {

struct NoFindingsFacts {
    int64_t damagedFiles = 0;  ///< source files not read in full (damagedinput.h)
    bool ranksMissing = false; ///< a run lacks ranks of its job: its waits are not blamed on anyone
    bool operator==(const NoFindingsFacts&) const = default;
};

struct NoFindingsWording {
    /// "No problems found", "No findings" (ranks missing) or "No findings in what could be read" (files
    /// not read in full, which outranks missing ranks): the first words of each surface's line.
    std::string headline;
    /// Why the headline is not "No problems found" ("2 source files were not read in full", "waits are not
    /// blamed while ranks are missing"); empty when it is.
    std::string reason;
};

NoFindingsWording noFindingsWording(const NoFindingsFacts& f);
/// The facts of a report document (report.h's): its damaged files, and whether any of its runs lacks
/// ranks (`runs[].complete`).
NoFindingsFacts noFindingsFacts(const nlohmann::json& report);

} // namespace rs::query
