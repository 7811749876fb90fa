#include "core/pipeline/profileinput.h"

#include "core/import/discovery.h"

#include <filesystem>

namespace rs::pipeline {

bool opensAsProfile(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    return !import::discover(path).groups.empty();
}

} // namespace rs::pipeline
