#include "app/cli/recordsource.h"

#include "app/cli/profileopener.h"
#include "core/pipeline/profileinput.h"

#include <filesystem>

namespace rs::cli {

bool loadRecord(const std::string& path, Args& a, std::optional<int> run, bool quiet,
                compare::BuiltRecord& out, std::string& error) {
    std::error_code ec;
    try {
        // a single trace file is a profile, as `report`, `export` and the app take it (walk17a L3: it was
        // read as a baseline record, "not a JSON object")
        if (!std::filesystem::is_directory(path, ec) && !pipeline::opensAsProfile(path)) {
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
