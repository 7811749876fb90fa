// libFuzzer target: the name parsers. Each input line is a relative path (up to 8, at most 4 levels)
// created as a small file; discovery then classifies the tree, reading rank numbers from names and
// sniffing content, as `rankscope index` does first.
#include "core/import/discovery.h"
#include "tests/fuzz/fuzzimport.h"

#include <sstream>

namespace fs = std::filesystem;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const fs::path root = fs::path(rs::fuzz::scratchDir()) / "tree";
    std::error_code ec;
    fs::remove_all(root, ec);
    fs::create_directories(root, ec);
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::string line;
    for (int n = 0; n < 8 && std::getline(in, line);) {
        fs::path rel;
        int depth = 0;
        std::istringstream parts(line);
        for (std::string part; std::getline(parts, part, '/') && depth < 4;) {
            if (part.empty() || part == "." || part == ".." || part.size() > 200 ||
                part.find('\0') != std::string::npos)
                continue;
            rel /= part;
            ++depth;
        }
        if (rel.empty()) continue;
        fs::create_directories(root / rel.parent_path(), ec);
        std::ofstream(root / rel) << "[{\"ph\":\"X\",\"ts\":1}]";
        ++n;
    }
    (void)rs::import::discover(root.string());
    return 0;
}
