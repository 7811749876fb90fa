#include "core/import/cannrawdir.h"

#include <system_error>

namespace rs::import {

bool parsedOutputBeside(const std::filesystem::path& profDir) {
    std::error_code ec;
    return std::filesystem::is_directory(profDir.parent_path() / "ASCEND_PROFILER_OUTPUT", ec);
}

} // namespace rs::import
