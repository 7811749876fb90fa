#include "core/model/pathtext.h"

#include <filesystem>

namespace rs::model {

std::string shownPath(const std::string& path) {
    if (path.empty()) return path;
    std::error_code ec;
    std::filesystem::path p = std::filesystem::absolute(path, ec);
    if (ec) p = path;
    std::string s = p.lexically_normal().string();
    while (s.size() > 1 && s.back() == '/') // "/tmp/x/cand/" names the folder "/tmp/x/cand"
        s.pop_back();
    return s;
}

} // namespace rs::model
