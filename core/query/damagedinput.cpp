#include "core/query/damagedinput.h"

#include "core/model/cutkernels.h"

#include <map>

namespace rs::query {

namespace {

std::string directoryOf(const std::string& path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

/// The rank of the read source file sharing the deepest directory with `path` (a .db not read is in no
/// source_file row, but its rank's profiler_info_0.json is); nullopt where that directory holds several
/// ranks' files or none.
std::optional<int64_t> rankOfPath(const std::string& path, const std::multimap<std::string, int64_t>& dirs) {
    for (std::string dir = directoryOf(path); !dir.empty(); dir = directoryOf(dir)) {
        std::optional<int64_t> rank;
        bool several = false;
        for (const auto& [d, r] : dirs)
            if (d == dir || d.rfind(dir + "/", 0) == 0) {
                several |= rank && *rank != r;
                rank = r;
            }
        if (several) return std::nullopt;
        if (rank) return rank;
    }
    return std::nullopt;
}

} // namespace

std::vector<DamagedFile> damagedFiles(index::Db& db) {
    std::multimap<std::string, int64_t> dirs;
    std::map<std::string, int64_t> own; // a file read in part has its own row: its rank is known exactly
    auto s = db.prepare("SELECT path, rank FROM source_file WHERE rank IS NOT NULL");
    while (s.step()) {
        dirs.emplace(directoryOf(s.text(0)), s.i64(1));
        own.emplace(s.text(0), s.i64(1));
    }
    std::vector<DamagedFile> out;
    // "(profile)" diagnostics are about the folder, not a file's bytes
    auto q = db.prepare("SELECT file, group_concat(what, '; '), min(CASE WHEN first_offset >= 0 THEN "
                        "first_offset END) FROM diagnostic WHERE severity = 'error' AND file <> '(profile)' "
                        "GROUP BY file ORDER BY file");
    while (q.step()) {
        DamagedFile f;
        f.path = q.text(0);
        f.what = q.text(1);
        f.notRead = f.what.find("file not read") != std::string::npos;
        // two ranks' traces in one folder (trace_filter) left the rank of a cut one unnamed
        auto it = own.find(f.path);
        f.rank = it != own.end() ? std::optional<int64_t>(it->second) : rankOfPath(f.path, dirs);
        if (!q.isNull(2)) f.cutAtByte = q.i64(2);
        out.push_back(std::move(f));
    }
    // the importer's count of the kernels a cut trace lost (a warning of the same file)
    auto k = db.prepare("SELECT file, what FROM diagnostic WHERE severity = 'warning' AND what LIKE "
                        "'kernels past the cut: %'");
    while (k.step())
        for (auto& f : out)
            if (f.path == k.text(0)) f.kernelsPastCut = model::parseKernelsPastCut(k.text(1));
    return out;
}

std::string damagedFileText(const DamagedFile& f) {
    const size_t slash = f.path.rfind('/');
    const std::string name = slash == std::string::npos ? f.path : f.path.substr(slash + 1);
    std::string kernels;
    if (f.kernelsPastCut)
        kernels = "; kernel_details.csv lists " + std::to_string(f.kernelsPastCut->first) +
                  (f.kernelsPastCut->first == 1 ? " kernel" : " kernels") + " past the cut";
    return (f.rank ? "rank " + std::to_string(*f.rank) + "'s " : std::string()) + name +
           (f.notRead ? " (not read: " : " (read in part: ") + f.what + kernels + ")";
}

std::string damagedFilesText(const std::vector<DamagedFile>& v) {
    std::string out;
    for (const auto& f : v)
        out += (out.empty() ? "" : "; ") + damagedFileText(f);
    return out;
}

} // namespace rs::query
