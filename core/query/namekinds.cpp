#include "core/query/namekinds.h"

#include "core/model/optype.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <unordered_map>

namespace rs::query {

void classifyNames(ProfileSummary& s) {
    const size_t n = s.strings.size();
    std::unordered_map<std::string_view, int32_t> idOf;
    idOf.reserve(n);
    for (size_t i = 0; i < n; ++i)
        idOf.emplace(s.strings[i], int32_t(i));
    std::vector<std::string> added; // derived op types the index does not hold, ids from n on
    std::unordered_map<std::string, int32_t> addedId;
    s.opTypeOfName.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        std::string type = model::deriveOpType(s.strings[i]);
        if (auto it = idOf.find(type); it != idOf.end()) {
            s.opTypeOfName[i] = it->second;
            continue;
        }
        auto [it, fresh] = addedId.emplace(type, int32_t(n + added.size()));
        if (fresh) added.push_back(std::move(type));
        s.opTypeOfName[i] = it->second;
    }
    for (auto& a : added) {
        s.strings.push_back(std::move(a));
        s.opTypeOfName.push_back(int32_t(s.strings.size() - 1)); // an op type is its own op type
    }
    // the index's names keep the importers' facts; an appended op type is communication when a name of
    // its is ("hcom_allReduce_" from "hcom_allReduce__586_0_1")
    s.communication.resize(n, 0);
    s.communication.resize(s.strings.size(), 0);
    for (size_t i = 0; i < n; ++i)
        if (s.communication[i] && size_t(s.opTypeOfName[i]) >= n)
            s.communication[size_t(s.opTypeOfName[i])] = 1;
    // likewise a runtime task's appended op type (its LOD buckets are drawn by op type)
    s.runtimeTask.resize(n, 0);
    s.runtimeTask.resize(s.strings.size(), 0);
    for (size_t i = 0; i < n; ++i)
        if (s.runtimeTask[i] && size_t(s.opTypeOfName[i]) >= n) s.runtimeTask[size_t(s.opTypeOfName[i])] = 1;
}

void loadNames(index::Db& db, ProfileSummary& s) {
    auto q = db.prepare("SELECT value FROM string ORDER BY id");
    while (q.step())
        s.strings.push_back(q.text(0));
    s.communication.assign(s.strings.size(), 0);
    auto c = db.prepare("SELECT name_id FROM name_fact WHERE communication = 1");
    while (c.step())
        if (c.i64(0) >= 0 && size_t(c.i64(0)) < s.strings.size()) s.communication[size_t(c.i64(0))] = 1;
    s.runtimeTask.assign(s.strings.size(), 0);
    auto r = db.prepare("SELECT name_id FROM name_fact WHERE compute = 0 AND communication = 0");
    while (r.step())
        if (r.i64(0) >= 0 && size_t(r.i64(0)) < s.strings.size() && !s.strings[size_t(r.i64(0))].empty())
            s.runtimeTask[size_t(r.i64(0))] = 1;
    classifyNames(s);
}

std::string collectiveAlgorithm(std::string opType) {
    std::transform(opType.begin(), opType.end(), opType.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (opType.rfind("hcom_", 0) == 0) opType.erase(0, 5);
    while (!opType.empty() && opType.back() == '_')
        opType.pop_back();
    return opType;
}

std::vector<int32_t> highlightedOpTypes(const ProfileSummary& s, const std::string& name) {
    int32_t own = -1;
    for (size_t i = 0; i < s.strings.size() && own < 0; ++i)
        if (s.strings[i] == name) own = int32_t(i);
    // the op type of some name's spans: itself
    if (own >= 0 && std::find(s.opTypeOfName.begin(), s.opTypeOfName.end(), own) != s.opTypeOfName.end())
        return {own};
    std::vector<int32_t> out;
    const std::string algorithm = collectiveAlgorithm(name);
    // else the op types of communication names whose algorithm it is (a LOD bucket's, a collective's own)
    for (size_t n = 0; !algorithm.empty() && n < s.opTypeOfName.size() && n < s.communication.size(); ++n) {
        const int32_t type = s.opTypeOfName[n];
        if (!s.communication[n] || type <= 0 || size_t(type) >= s.strings.size()) continue;
        if (std::find(out.begin(), out.end(), type) == out.end() &&
            collectiveAlgorithm(s.strings[size_t(type)]) == algorithm)
            out.push_back(type);
    }
    if (out.empty() && own >= 0) out.push_back(own); // a producer's op type no name derives
    return out;
}

int32_t NameOpTypes::lookup(index::Db& db, int32_t nameId, int64_t trackId, int64_t t0, int64_t t1) {
    auto it = m_known.find(nameId);
    if (it != m_known.end()) return it->second;
    // the bucket's longest span has this name and starts in it: the track's index reaches it
    auto q = db.prepare("SELECT op_type_id FROM span WHERE track_id = ?1 AND ts_ns >= ?2 AND ts_ns <= ?3 AND "
                        "name_id = ?4 AND op_type_id IS NOT NULL LIMIT 1");
    q.bind(1, trackId).bind(2, t0).bind(3, t1).bind(4, int64_t(nameId));
    int32_t type = 0;
    if (q.step())
        type = int32_t(q.i64(0));
    else if (m_summary && nameId >= 0 && size_t(nameId) < m_summary->opTypeOfName.size())
        type = m_summary->opTypeOfName[size_t(nameId)];
    return m_known.emplace(nameId, type).first->second;
}

} // namespace rs::query
