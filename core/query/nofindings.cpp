#include "core/query/nofindings.h"

#include "core/model/plural.h"

#include <nlohmann/json.hpp>

namespace rs::query {

NoFindingsWording noFindingsWording(const NoFindingsFacts& f) {
    // a file not read in full is no proof of "no problems" (walk17b #1a): what was not read can hide any
    if (f.damagedFiles > 0)
        return {"No findings in what could be read",
                model::counted(f.damagedFiles, "source file was", "source files were") + " not read in full"};
    // a run missing ranks finds no problems, nor denies them: a wait for an absent rank blames no one
    if (f.ranksMissing) return {"No findings", "waits are not blamed while ranks are missing"};
    return {"No problems found", {}};
}

NoFindingsFacts noFindingsFacts(const nlohmann::json& report) {
    NoFindingsFacts f;
    f.damagedFiles = int64_t(report.value("damaged_files", nlohmann::json::array()).size());
    for (const auto& run : report.value("runs", nlohmann::json::array()))
        f.ranksMissing |= !run.value("complete", true);
    return f;
}

} // namespace rs::query
