#include "core/query/memorysources.h"

#include "core/model/memoryrows.h"

#include <filesystem>
#include <map>
#include <set>

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

/// The diagnostics of `files` by file, each a leftOut entry without its file's name, in one pass over the
/// table (it has no index on file). An excerpt that is not a row of the file (first_offset < 0, "up to 134
/// days away") is kept.
std::map<std::string, std::vector<std::string>> diagnosticsOf(index::Db& db,
                                                              const std::set<std::string>& files) {
    std::map<std::string, std::vector<std::string>> out;
    auto q = db.prepare("SELECT file, what, count, first_offset, excerpt FROM diagnostic ORDER BY rowid");
    while (q.step()) {
        if (!files.count(q.text(0))) continue;
        std::string e = plainWhat(q.text(1)) + " (" + rowsText(q.i64(2));
        if (!q.isNull(3) && q.i64(3) < 0 && !q.isNull(4) && !q.text(4).empty()) e += ", " + q.text(4);
        out[q.text(0)].push_back(e + ")");
    }
    return out;
}

/// A rank's memory files: (path, rows).
using MemoryFiles = std::vector<std::pair<std::string, int64_t>>;

/// The memory files of the ranks `ranks` (every rank when null), in path order.
std::map<int64_t, MemoryFiles> memoryFilesOf(index::Db& db, const std::set<int64_t>* ranks) {
    std::map<int64_t, MemoryFiles> out;
    auto q = db.prepare("SELECT rank, path, coalesce(records, 0) FROM source_file WHERE rank IS NOT NULL AND "
                        "format LIKE '%mem%' ORDER BY rank, path");
    while (q.step())
        if (!ranks || ranks->count(q.i64(0))) out[q.i64(0)].push_back({q.text(1), q.i64(2)});
    return out;
}

/// The files' names and rows, and their diagnostics named by their file, then the rank's own.
MemorySources assemble(const MemoryFiles& files, int rank,
                       const std::map<std::string, std::vector<std::string>>& diagnostics) {
    MemorySources out;
    const auto add = [&](const std::string& key, const std::string& name) {
        if (auto d = diagnostics.find(key); d != diagnostics.end())
            for (const auto& e : d->second)
                out.leftOut.push_back((name.empty() ? "" : name + ": ") + e);
    };
    for (const auto& [path, rows] : files)
        out.files.push_back(fileName(path) + " (" + rowsText(rows) + ")");
    for (const auto& f : files)
        add(f.first, fileName(f.first));
    add(model::rankMemoryRecordsLabel(rank), {});
    return out;
}

/// Every path of `files` and the ranks' memory-records labels: the diagnostics a rank's sources name.
std::set<std::string> diagnosticKeys(const std::map<int64_t, MemoryFiles>& files,
                                     const std::set<int64_t>& ranks) {
    std::set<std::string> keys;
    for (const auto& [rank, fs] : files)
        for (const auto& f : fs)
            keys.insert(f.first);
    for (int64_t r : ranks)
        keys.insert(model::rankMemoryRecordsLabel(int(r)));
    return keys;
}

std::string joined(const std::vector<std::string>& parts, const char* sep) {
    std::string s;
    for (const auto& p : parts)
        s += (s.empty() ? "" : sep) + p;
    return s;
}

} // namespace

MemorySources loadMemorySources(index::Db& db, int rank) {
    return loadMemorySourcesOf(db, {int64_t(rank)})[rank];
}

std::map<int64_t, MemorySources> loadMemorySourcesOf(index::Db& db, const std::set<int64_t>& ranks) {
    const auto files = memoryFilesOf(db, &ranks);
    const auto diagnostics = diagnosticsOf(db, diagnosticKeys(files, ranks));
    std::map<int64_t, MemorySources> out;
    for (int64_t r : ranks) {
        const auto f = files.find(r);
        out[r] = assemble(f == files.end() ? MemoryFiles{} : f->second, int(r), diagnostics);
    }
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
