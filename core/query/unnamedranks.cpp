#include "core/query/unnamedranks.h"

#include "core/annotate/annotation.h"
#include "core/model/sourcerows.h"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace rs::query {

void loadUnnamedRanks(index::Db& db, const std::set<int>& shown, ProfileSummary& s) {
    // a lone rank is matched with nobody anyway: "rank 0" claims nothing (HTA's amd_trace keeps its name)
    if (shown.size() < 2) return;
    auto q = db.prepare("SELECT l.rank, (SELECT path FROM source_file f WHERE f.rank = l.rank ORDER BY path "
                        "LIMIT 1) FROM label l WHERE l.key = ?");
    q.bind(1, std::string(model::kRankOriginLabel));
    std::vector<int> numbers; // the data's numbers, as the notes name ranks
    while (q.step()) {
        const int key = int(q.i64(0));
        if (!shown.count(key)) continue;
        s.unnamedRankFile[key] = std::filesystem::path(q.text(1)).filename().string();
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
    const std::string n = std::to_string(s.shownRank(key));
    return it == s.unnamedRankFile.end() ? "rank " + n : "file " + n + ": " + it->second;
}

} // namespace rs::query
