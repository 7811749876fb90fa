#pragma once
// A demo whose ranks mix step marks and a whole trace, made as helper r47b made it by hand: the Ascend demo
// of 2 ranks × 4 steps (numbered 1-4) with rank 1's step marks taken out, so the index gives rank 1 its whole
// trace as step 0. Shared by the tests of a step's choice over the shown ranks (tst_cli, tst_areastatsview).
#include "tests/support/testsupport.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace rs::test {

/// Takes every step mark out of the Ascend rank folder `out` (its ASCEND_PROFILER_OUTPUT): the step trace
/// file, the trace's ProfilerStep events and the kernel table's first column (its Step ID).
inline void takeOutStepMarks(const std::filesystem::path& out) {
    std::filesystem::remove(out / "step_trace_time.csv");
    auto events = nlohmann::json::parse(std::ifstream(out / "trace_view.json"));
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& e : events)
        if (e.value("name", "").rfind("ProfilerStep", 0) != 0) kept.push_back(e);
    writeFile((out / "trace_view.json").string(), kept.dump());
    std::ifstream in(out / "kernel_details.csv");
    std::string line, csv;
    while (std::getline(in, line)) // the Step ID is a number (or the header's name): no comma inside it
        csv += line.substr(line.find(',') + 1) + "\n";
    writeFile((out / "kernel_details.csv").string(), csv);
}

/// Numbers the steps of the Ascend rank folder `out` one lower (the demo's 1-4 become 0-3, as a Kineto
/// rank numbering from ProfilerStep#0): the step files' first column, the ProfilerStep events and the
/// communication files' "stepN" keys.
inline void numberStepsFromZero(const std::filesystem::path& out) {
    for (const char* file : {"step_trace_time.csv", "kernel_details.csv"}) {
        std::ifstream in(out / file);
        std::string line, csv;
        for (bool header = true; std::getline(in, line); header = false) {
            const size_t comma = line.find(',');
            csv += (header ? line.substr(0, comma) : std::to_string(std::stoll(line.substr(0, comma)) - 1)) +
                   line.substr(comma) + "\n";
        }
        writeFile((out / file).string(), csv);
    }
    auto events = nlohmann::json::parse(std::ifstream(out / "trace_view.json"));
    const std::string mark = "ProfilerStep#";
    for (auto& e : events)
        if (const std::string name = e.value("name", ""); name.rfind(mark, 0) == 0)
            e["name"] = mark + std::to_string(std::stoll(name.substr(mark.size())) - 1);
    writeFile((out / "trace_view.json").string(), events.dump());
    for (const char* file : {"communication.json", "communication_matrix.json"}) {
        nlohmann::json renamed;
        // named: a range-for keeps items()'s proxy alive, not the parsed document it refers to (ASan:
        // stack-use-after-scope)
        const nlohmann::json steps = nlohmann::json::parse(std::ifstream(out / file));
        for (const auto& [key, v] : steps.items())
            renamed["step" + std::to_string(std::stoll(key.substr(4)) - 1)] = v;
        writeFile((out / file).string(), renamed.dump());
    }
}

/// The ASCEND_PROFILER_OUTPUT of rank `rank` in the demo `dir`, or empty.
inline std::filesystem::path demoRankOutput(const std::string& dir, int rank) {
    for (const auto& f : std::filesystem::directory_iterator(dir))
        if (std::filesystem::exists(f.path() / ("profiler_info_" + std::to_string(rank) + ".json")))
            return f.path() / "ASCEND_PROFILER_OUTPUT";
    return {};
}

/// The mixed demo under a fresh temp dir named after `tag`: its path, or empty with `err` on failure.
/// `fromZero`: rank 0 numbers its steps 0-3, so its step 0 and rank 1's whole trace share the number.
inline std::string writeMixedStepsDemo(const std::string& tag, std::string& err, bool fromZero = false) {
    const std::string dir = writeDemo(tag, 2, 4, 1, err);
    if (dir.empty()) return dir;
    const auto rank0 = demoRankOutput(dir, 0), rank1 = demoRankOutput(dir, 1);
    if (rank0.empty() || rank1.empty()) {
        err = "no folder of rank 0 or 1 in " + dir;
        return {};
    }
    takeOutStepMarks(rank1);
    if (fromZero) numberStepsFromZero(rank0);
    return dir;
}

} // namespace rs::test
