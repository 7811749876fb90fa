#include "core/query/memorysources.h"

#include "core/model/memoryrows.h"

#include <filesystem>

namespace rs::query {

namespace {

std::string fileName(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

/// A diagnostic's words without the importers' "(offset = line)", which the memory map does not show.
std::string plainWhat(std::string what) {
    for (const char* tail : {" (offset = line)", " (offset = byte)"})
        if (auto at = what.rfind(tail);
            at != std::string::npos && at + std::string(tail).size() == what.size())
            what.erase(at);
    return what;
}

std::string rowsText(int64_t n) {
    return std::to_string(n) + (n == 1 ? " row" : " rows");
}

/// The diagnostics of `file` as leftOut entries; `name` prefixes them (empty: the rank's, no file). An
/// excerpt that is not a row of the file (first_offset < 0, "up to 134 days away") is kept.
void addDiagnostics(index::Db& db, const std::string& file, const std::string& name, MemorySources& out) {
    auto q =
        db.prepare("SELECT what, count, first_offset, excerpt FROM diagnostic WHERE file = ? ORDER BY rowid");
    q.bind(1, file);
    while (q.step()) {
        std::string e = (name.empty() ? "" : name + ": ") + plainWhat(q.text(0)) + " (" + rowsText(q.i64(1));
        if (!q.isNull(2) && q.i64(2) < 0 && !q.isNull(3) && !q.text(3).empty()) e += ", " + q.text(3);
        out.leftOut.push_back(e + ")");
    }
}

std::string joined(const std::vector<std::string>& parts, const char* sep) {
    std::string s;
    for (const auto& p : parts)
        s += (s.empty() ? "" : sep) + p;
    return s;
}

} // namespace

MemorySources loadMemorySources(index::Db& db, int rank) {
    MemorySources out;
    auto q = db.prepare("SELECT path, coalesce(records, 0) FROM source_file WHERE rank = ? AND format LIKE "
                        "'%mem%' ORDER BY path");
    q.bind(1, rank);
    std::vector<std::string> paths;
    while (q.step()) {
        paths.push_back(q.text(0));
        out.files.push_back(fileName(paths.back()) + " (" + rowsText(q.i64(1)) + ")");
    }
    for (const auto& p : paths)
        addDiagnostics(db, p, fileName(p), out);
    addDiagnostics(db, model::rankMemoryRecordsLabel(rank), {}, out);
    return out;
}

std::string noMemoryDataText(const MemorySources& s, const std::string& used) {
    if (s.files.empty()) return "no memory data: none of this rank's files records memory";
    const std::string files = joined(s.files, ", ");
    if (s.leftOut.empty())
        return "no memory data: its memory files " + files + " hold no tensor or sample read";
    return "no memory data " + used + ": its memory files " + files +
           " were read, and none of their rows is " + used + " — " + leftOutText(s);
}

std::string leftOutText(const MemorySources& s) {
    return joined(s.leftOut, "; ");
}

} // namespace rs::query
