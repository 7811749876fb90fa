#include "app/cli/recordsource.h"

#include "app/cli/profileopener.h"

#include <filesystem>

namespace rs::cli {

bool loadRecord(const std::string& path, Args& a, std::optional<int> run, bool quiet,
                compare::BuiltRecord& out, std::string& error) {
    std::error_code ec;
    try {
        if (!std::filesystem::is_directory(path, ec)) {
            if (!std::filesystem::exists(path, ec)) {
                error = path + ": no such file or directory";
                return false;
            }
            out.record = compare::readRecordFile(path);
            return true;
        }
        pipeline::BuildOptions opts;
        if (!indexOptionsFrom(a, path, opts, error)) return false;
        auto res = openProfile(path, opts, quiet);
        if (!res.ok) {
            error = res.error;
            return false;
        }
        index::Db db(res.dbPath, true);
        out = compare::buildRecord(db, run);
        return true;
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
}

} // namespace rs::cli
