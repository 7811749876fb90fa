#include "core/import/collectiveargs.h"

#include "core/formats/jsonscan.h"
#include "core/model/commrows.h"
#include "core/model/decimal.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

namespace rs::import {

namespace {

std::string normalName(std::string_view s) {
    std::string out;
    for (char c : s)
        if (c != '_' && c != ' ') out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool starts(const std::string& s, const char* p) {
    return s.rfind(p, 0) == 0;
}

int64_t i64Of(const formats::JsonValue& v, int64_t def) {
    return model::parseI64(v.text).value_or(def);
}

/// The group's members in group-rank order: "Process Group Ranks", else start + i × stride.
std::vector<int64_t> members(const CollectiveArgs::Call& c) {
    if (!c.ranks.empty()) return c.ranks;
    std::vector<int64_t> m;
    if (c.rankStart >= 0 && c.groupSize > 0 && c.groupSize <= 1 << 20)
        for (int64_t i = 0; i < c.groupSize; ++i)
            m.push_back(c.rankStart + i * c.rankStride);
    return m;
}

/// The step whose ProfilerStep window holds `ns` (none: outside every step).
std::optional<int64_t> stepAt(const RankState& rank, int64_t ns) {
    for (const auto& [step, w] : rank.traceSteps)
        if (ns >= w.first && ns <= w.second) return step;
    return std::nullopt;
}

} // namespace

int64_t CollectiveArgs::dtypeBytes(std::string_view d) {
    static const std::map<std::string_view, int64_t> kBytes{{"Byte", 1},           {"Char", 1},
                                                            {"Bool", 1},           {"QInt8", 1},
                                                            {"QUInt8", 1},         {"Short", 2},
                                                            {"Half", 2},           {"BFloat16", 2},
                                                            {"UInt16", 2},         {"Int", 4},
                                                            {"Float", 4},          {"QInt32", 4},
                                                            {"UInt32", 4},         {"ComplexHalf", 4},
                                                            {"Long", 8},           {"Double", 8},
                                                            {"UInt64", 8},         {"ComplexFloat", 8},
                                                            {"ComplexDouble", 16}, {"Float8_e5m2", 1},
                                                            {"Float8_e4m3fn", 1},  {"Float8_e5m2fnuz", 1},
                                                            {"Float8_e4m3fnuz", 1}};
    auto it = kBytes.find(d);
    return it == kBytes.end() ? 0 : it->second;
}

std::vector<int64_t> CollectiveArgs::intList(std::string_view text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    std::vector<int64_t> out;
    if (!j.is_array()) return out;
    for (const auto& v : j) {
        if (!v.is_number_integer()) return {};
        out.push_back(v.get<int64_t>());
    }
    return out;
}

void CollectiveArgs::event(bool kernel, int64_t tsNs, std::string_view args) {
    Call c;
    c.tsNs = tsNs;
    std::optional<int64_t> extId;
    bool collective = false;
    formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "Collective name") {
            c.name = normalName(v.str());
            collective = true;
        } else if (k == "External id") {
            extId = model::parseI64(v.text);
        } else if (k == "In msg nelems") {
            c.inElems = i64Of(v, -1);
        } else if (k == "Out msg nelems") {
            c.outElems = i64Of(v, -1);
        } else if (k == "dtype") {
            c.dtype = v.str();
        } else if (k == "Group size") {
            c.groupSize = i64Of(v, -1);
        } else if (k == "Process Group Name") {
            c.pgName = v.str();
        } else if (k == "Process Group Description") {
            c.pgDesc = v.str();
        } else if (k == "Process Group Ranks") {
            c.ranks = intList(v.kind == formats::JsonKind::String ? std::string_view(v.str()) : v.text);
        } else if (k == "Global rank start") {
            c.rankStart = i64Of(v, -1);
        } else if (k == "Global rank stride") {
            c.rankStride = i64Of(v, 1);
        } else if (k == "In split size") {
            c.inSplit = intList(v.kind == formats::JsonKind::String ? std::string_view(v.str()) : v.text);
        } else if (k == "Dst Rank") {
            c.dstRank = model::parseI64(v.text);
        }
    });
    if (!collective) return;
    if (!extId) {
        m_withoutId.push_back(std::move(c));
        return;
    }
    auto it = m_byExternalId.find(*extId);
    if (it == m_byExternalId.end())
        m_byExternalId.emplace(*extId, std::move(c));
    else if (kernel) // the kernel's own args win; its CPU op's start stays (the same call)
        it->second = std::move(c);
}

std::map<int64_t, int64_t> CollectiveArgs::peerBytes(const Call& c, int64_t self, std::string& why) {
    std::map<int64_t, int64_t> out;
    const std::string& n = c.name;
    if (starts(n, "recv")) {
        why = "recv (its bytes are counted on the sender)";
        return out;
    }
    // a group of one rank is the cause, whatever the kind: checked before the kinds that cannot be placed
    if (c.ranks.size() == 1) {
        why = model::kKinetoOneRankWhy;
        return out;
    }
    // c10d's wait and barrier records carry "Group size" 1 and no ranks: no data, not a one-rank group
    if (starts(n, "wait") || starts(n, "barrier")) {
        why = "a collective that moves no data (barrier, wait)";
        return out;
    }
    // the same cause given as the group's first rank and its size of one (no Process Group Ranks)
    if (c.ranks.empty() && members(c).size() == 1) {
        why = model::kKinetoOneRankBySizeWhy;
        return out;
    }
    const bool rooted = starts(n, "broadcast") || (starts(n, "reduce") && !starts(n, "reducescatter")) ||
                        starts(n, "gather") || starts(n, "scatter");
    if (rooted) {
        why = "broadcast, reduce, gather or scatter (the args name no root)";
        return out;
    }
    const int64_t elem = dtypeBytes(c.dtype);
    if (elem == 0 || c.inElems < 0) {
        why = "an unknown dtype or message size";
        return out;
    }
    const int64_t inB = c.inElems * elem;
    if (starts(n, "send")) {
        if (!c.dstRank || *c.dstRank < 0) {
            why = "send without a Dst Rank";
            return out;
        }
        if (inB > 0 && *c.dstRank != self) out[*c.dstRank] = inB;
        if (out.empty()) why = "a send that moves no data";
        return out;
    }
    const std::vector<int64_t> m = members(c);
    if (m.size() < 2) { // a group of one rank was told above
        why = "no group ranks in the args (neither Process Group Ranks nor Global rank start and Group size)";
        return out;
    }
    if (std::find(m.begin(), m.end(), self) == m.end()) {
        why = "this rank is not among the group's ranks";
        return out;
    }
    const double nn = double(m.size());
    double per = -1;
    if (starts(n, "allreduce"))
        per = 2.0 * double(inB) / nn;
    else if (starts(n, "allgather"))
        per = double(inB);
    else if (starts(n, "reducescatter"))
        per = double(inB) / nn;
    else if (starts(n, "alltoall")) {
        int64_t rows = 0;
        for (int64_t s : c.inSplit)
            rows += s;
        if (c.inSplit.size() == m.size() && rows > 0 && c.inElems % rows == 0) {
            const int64_t perRow = c.inElems / rows * elem;
            for (size_t i = 0; i < m.size(); ++i)
                if (m[i] != self && c.inSplit[i] > 0) out[m[i]] = c.inSplit[i] * perRow;
            if (out.empty()) why = "an all-to-all that moves no data";
            return out;
        }
        per = double(inB) / nn;
    } else {
        why = inB == 0 ? "a collective that moves no data (barrier, wait)" : "an unknown collective";
        return out;
    }
    if (per <= 0) {
        why = "a collective that moves no data (barrier, wait)";
        return out;
    }
    for (int64_t r : m)
        if (r != self) out[r] = std::llround(per);
    return out;
}

void CollectiveArgs::emitRows(const RankState& rank, RowEmitter& out, const std::string& file) const {
    using Key = std::tuple<std::optional<int64_t>, std::string, std::string, int64_t>;
    std::map<Key, std::pair<int64_t, int64_t>> sums; // bytes, calls
    std::map<std::string, const Call*> groups;
    int64_t calls = 0, placed = 0;
    auto one = [&](const Call& c) {
        ++calls;
        std::string why;
        const auto peers = peerBytes(c, rank.rank, why);
        if (peers.empty()) {
            out.diag(file, "info", std::string(model::kKinetoUnplacedWhat).append(why), -1, c.name);
            return;
        }
        ++placed;
        groups.emplace(c.pgName, &c);
        const auto step = stepAt(rank, c.tsNs);
        for (const auto& [peer, bytes] : peers) {
            auto& s = sums[{step, c.pgName, c.name, peer}];
            s.first += bytes;
            ++s.second;
        }
    };
    for (const auto& [id, c] : m_byExternalId)
        one(c);
    for (const auto& c : m_withoutId)
        one(c);
    if (calls == 0) return;
    for (const auto& [k, s] : sums) {
        model::CommLinkRow r;
        r.rank = rank.rank;
        r.step = std::get<0>(k);
        r.group = std::get<1>(k);
        r.op = std::get<2>(k);
        r.kind = starts(r.op, "send") ? "p2p" : "collective";
        r.entry = model::CommEntry::Total;
        r.src = rank.rank;
        r.dst = std::get<3>(k);
        r.ranksGlobal = true;
        r.bytes = s.first;
        r.opCount = s.second;
        r.opNames = r.op;
        r.source = "kineto";
        r.logical = true;
        out.batch().commLinks.push_back(std::move(r));
    }
    for (const auto& [name, c] : groups) {
        const auto m = members(*c);
        if (m.empty()) continue;
        nlohmann::json ranks(m);
        const auto self = std::find(m.begin(), m.end(), int64_t(rank.rank));
        out.batch().commGroups.push_back({rank.rank, name, "", c->pgDesc,
                                          self == m.end() ? -1 : int64_t(self - m.begin()), ranks.dump(),
                                          "kineto"});
    }
    out.batch().commSources.push_back({rank.rank, "kineto", file, calls, placed,
                                       "logical bytes from the collectives' args, not link bandwidth"});
}

} // namespace rs::import
