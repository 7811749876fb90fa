#include "core/query/runfolders.h"

#include <optional>

namespace rs::query {

namespace {

/// The deepest folder holding every path of `q` (rows of one path column); "" for none.
std::string commonFolder(index::Stmt& q) {
    std::optional<std::string> common;
    while (q.step()) {
        const std::string path = q.text(0);
        const std::string dir = path.substr(0, path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
        if (!common) {
            common = dir;
            continue;
        }
        size_t n = 0;
        while (n < common->size() && n < dir.size() && (*common)[n] == dir[n])
            ++n;
        // back to a whole folder: "/a/bc" and "/a/bd" share "/a"
        if (!(n == common->size() && (n == dir.size() || dir[n] == '/')))
            n = common->rfind('/', n) == std::string::npos ? 0 : common->rfind('/', n);
        common->resize(n);
    }
    q.reset();
    return common.value_or("");
}

/// `dir` below `root` ("" when it is `root` or not below it).
std::string below(const std::string& dir, const std::string& root) {
    if (dir.size() <= root.size() || dir.compare(0, root.size(), root) != 0 || dir[root.size()] != '/')
        return {};
    return dir.substr(root.size() + 1);
}

} // namespace

std::map<int, std::string> runFolders(index::Db& db) {
    std::map<int, std::string> out;
    auto all = db.prepare("SELECT path FROM source_file");
    const std::string root = commonFolder(all);
    auto paths = db.prepare(
        "SELECT path FROM source_file WHERE rank IN (SELECT rank FROM rank_info WHERE run_id = ?1)");
    auto runs = db.prepare("SELECT run_id FROM run ORDER BY run_id");
    while (runs.step()) {
        const int run = int(runs.i64(0));
        paths.bind(1, run);
        out[run] = below(commonFolder(paths), root);
    }
    return out;
}

} // namespace rs::query
