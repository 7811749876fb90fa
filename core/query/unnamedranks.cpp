#include "core/query/unnamedranks.h"

#include "core/annotate/annotation.h"
#include "core/model/sourcerows.h"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace rs::query {

std::map<int, std::string> unnamedRankFiles(index::Db& db, const std::set<int>& shown) {
    std::map<int, std::string> out;
    // a lone rank is matched with nobody anyway: "rank 0" claims nothing (HTA's amd_trace keeps its name)
    if (shown.size() < 2) return out;
    auto q = db.prepare("SELECT l.rank, (SELECT path FROM source_file f WHERE f.rank = l.rank ORDER BY path "
                        "LIMIT 1) FROM label l WHERE l.key = ?");
    q.bind(1, std::string(model::kRankOriginLabel));
    while (q.step())
        if (shown.count(int(q.i64(0))))
            out[int(q.i64(0))] = std::filesystem::path(q.text(1)).filename().string();
    return out;
}

void loadUnnamedRanks(index::Db& db, const std::set<int>& shown, ProfileSummary& s) {
    std::vector<int> numbers; // the data's numbers, as the notes name ranks
    for (auto& [key, file] : unnamedRankFiles(db, shown)) {
        s.unnamedRankFile[key] = std::move(file);
        numbers.push_back(s.shownRank(key));
    }
    if (numbers.empty()) return;
    std::sort(numbers.begin(), numbers.end());
    s.notes.push_back(
        annotate::rankListText(numbers) + (numbers.size() == 1 ? " is" : " are") +
        " not named by the data: Rankscope numbered them one per file, so their collectives are "
        "not matched across files, no wait is blamed between them and their kernels are compared with no "
        "other file's");
}

std::set<int> unnamedRankKeys(index::Db& db, const std::set<int>& shown) {
    std::set<int> out;
    if (shown.size() < 2) return out;
    auto q = db.prepare("SELECT rank FROM label WHERE key = ?");
    q.bind(1, std::string(model::kRankOriginLabel));
    while (q.step())
        if (shown.count(int(q.i64(0)))) out.insert(int(q.i64(0)));
    return out;
}

std::string rankName(const ProfileSummary& s, int key) {
    const auto it = s.unnamedRankFile.find(key);
    if (it != s.unnamedRankFile.end()) return fileRankName(s.shownRank(key), it->second);
    return "rank " + std::to_string(s.shownRank(key));
}

std::string fileRankName(int number, const std::string& file) {
    return std::string("file ").append(std::to_string(number)).append(": ").append(file);
}

} // namespace rs::query
