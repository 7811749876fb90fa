#include "core/import/cannrawdir.h"

#include <system_error>

namespace rs::import {

namespace fs = std::filesystem;

namespace {

/// The parsed output that stands for the raw directory: torch_npu / MindSpore ≥ 2.3 write
/// ASCEND_PROFILER_OUTPUT beside the PROF_ directory.
bool parsedOutputBeside(const fs::path& profDir) {
    std::error_code ec;
    return fs::is_directory(profDir.parent_path() / "ASCEND_PROFILER_OUTPUT", ec);
}

/// The raw timeline json files of the directory's devices (device_*/timeline/*.json, non-empty).
int timelineFiles(const fs::path& profDir) {
    int n = 0;
    std::error_code ec;
    for (fs::directory_iterator d(profDir, ec), end; !ec && d != end; d.increment(ec)) {
        std::error_code e2;
        if (!d->is_directory(e2) || d->path().filename().string().rfind("device_", 0) != 0) continue;
        for (fs::directory_iterator f(d->path() / "timeline", e2); !e2 && f != end; f.increment(e2)) {
            std::error_code e3;
            if (f->path().extension() == ".json" && f->is_regular_file(e3) && f->file_size(e3) > 0) ++n;
        }
    }
    return n;
}

} // namespace

CannRawDir describeCannRawDir(const fs::path& profDir) {
    CannRawDir out;
    if (parsedOutputBeside(profDir)) {
        out.ignoredText =
            profDir.string() +
            " (CANN raw PROF_ directory: not read, the parsed ASCEND_PROFILER_OUTPUT files beside "
            "it are used)";
        return out;
    }
    const int files = timelineFiles(profDir);
    out.ignoredText = profDir.string() +
                      " (CANN raw PROF_ directory: not read — Rankscope does not read CANN's raw timeline "
                      "files, and no parsed ASCEND_PROFILER_OUTPUT sits beside it" +
                      (files > 0 ? ": its device data is not shown)" : ")");
    if (files > 0)
        out.lostWarning = "CANN raw PROF_ directory with " + std::to_string(files) + " device timeline file" +
                          (files == 1 ? "" : "s") +
                          " (timeline/msprof_*.json, hccl, task_time, step_trace) and no parsed "
                          "ASCEND_PROFILER_OUTPUT beside it: Rankscope does not read the raw files, so that "
                          "device's tasks, communication and steps are not shown (parse it with msprof, or "
                          "profile with MindSpore ≥ 2.3 / torch_npu, to have them read)";
    return out;
}

} // namespace rs::import
