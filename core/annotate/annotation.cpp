#include "core/annotate/annotation.h"

#include "core/model/timetext.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rs::annotate {

namespace {

const char* const kKinds[] = {"note", "range", "arrow", "box"};
const char* const kSurfaces[] = {"timeline", "heatmap", "memory"};

std::string rankListImpl(const std::vector<int>& ranks) {
    if (ranks.empty()) return "every rank";
    // 0,1,2,3,7 → "ranks 0-3, 7"
    std::string out = ranks.size() == 1 ? "rank " : "ranks ";
    for (size_t i = 0; i < ranks.size();) {
        size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        if (i) out += ", ";
        out += std::to_string(ranks[i]);
        if (j > i) out += "-" + std::to_string(ranks[j]);
        i = j + 1;
    }
    return out;
}

template <class T> bool optional(const nlohmann::json& j, const char* key, T& out, std::string& error) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return true;
    try {
        out = it->get<T>();
        return true;
    } catch (const nlohmann::json::exception&) {
        error = std::string("\"") + key + "\" has the wrong type";
        return false;
    }
}

/// A lane as written: {"rank": 3, "lane": "Stream 2"}; a lane without a rank (a format-1 file's) as its
/// bare label, so such a file is written back as it was read.
nlohmann::json laneJson(const LaneRef& l) {
    if (l.rank == LaneRef::kAnyRank) return l.label;
    return {{"rank", l.rank}, {"lane", l.label}};
}

/// A lane as read: a bare label (format 1: no rank) or {"rank", "lane"}; false when it is neither.
bool laneFromJson(const nlohmann::json& j, LaneRef& out) {
    if (j.is_string()) {
        out = {LaneRef::kAnyRank, j.get<std::string>()};
        return true;
    }
    if (!j.is_object()) return false;
    const auto rank = j.find("rank"), lane = j.find("lane");
    if (rank == j.end() || !rank->is_number_integer() || lane == j.end() || !lane->is_string()) return false;
    out = {rank->get<int>(), lane->get<std::string>()};
    return out.rank >= 0;
}

bool lanesFromJson(const nlohmann::json& anchor, std::vector<LaneRef>& out, std::string& error) {
    auto it = anchor.find("lanes");
    if (it == anchor.end() || it->is_null()) return true;
    bool ok = it->is_array();
    for (size_t i = 0; ok && i < it->size(); ++i)
        ok = laneFromJson((*it)[i], out.emplace_back());
    if (!ok) error = "\"lanes\" must list lane names or {\"rank\", \"lane\"} pairs";
    return ok;
}

/// " · Stream 48, Stream 49" (format 1: the labels on each rank), or " · rank 1 Stream 48, Stream 49;
/// rank 2 Stream 6": a box's or a range's lanes by rank, in the order they were drawn.
std::string lanesText(const std::vector<LaneRef>& lanes) {
    std::string out;
    int rank = LaneRef::kAnyRank - 1;
    for (const auto& l : lanes) {
        const bool newRank = l.rank != rank;
        out += out.empty() ? " · " : newRank ? "; " : ", ";
        if (newRank && l.rank != LaneRef::kAnyRank) out += "rank " + std::to_string(l.rank) + " ";
        out += l.label;
        rank = l.rank;
    }
    return out;
}

} // namespace

std::string kindName(Kind k) {
    return kKinds[int(k)];
}

std::optional<Kind> kindFromName(const std::string& s) {
    for (int i = 0; i < 4; ++i)
        if (s == kKinds[i]) return Kind(i);
    return std::nullopt;
}

std::string surfaceName(Surface s) {
    return kSurfaces[int(s)];
}

std::optional<Surface> surfaceFromName(const std::string& s) {
    for (int i = 0; i < 3; ++i)
        if (s == kSurfaces[i]) return Surface(i);
    return std::nullopt;
}

nlohmann::json toJson(const Annotation& a) {
    const Anchor& an = a.anchor;
    nlohmann::json anchor = {{"view", surfaceName(an.view)}, {"run", an.run}, {"ranks", an.ranks}};
    if (an.view != Surface::Heatmap) {
        anchor["t0_ns"] = an.t0Ns;
        anchor["t1_ns"] = an.t1Ns;
    }
    if (a.kind == Kind::Arrow) {
        anchor["to_rank"] = an.toRank;
        anchor["to_ns"] = an.toNs;
    }
    if (!an.lanes.empty()) {
        nlohmann::json lanes = nlohmann::json::array();
        for (const auto& l : an.lanes)
            lanes.push_back(laneJson(l));
        anchor["lanes"] = lanes;
    }
    if (!an.opTypes.empty()) anchor["op_types"] = an.opTypes;
    if (!an.tensorId.empty()) anchor["tensor_id"] = an.tensorId;
    if (an.addr1 > an.addr0) {
        anchor["addr0"] = an.addr0;
        anchor["addr1"] = an.addr1;
    }
    return {{"id", a.id},         {"kind", kindName(a.kind)}, {"text", a.text},  {"color", a.color},
            {"author", a.author}, {"created", a.created},     {"anchor", anchor}};
}

std::optional<Annotation> annotationFromJson(const nlohmann::json& j, std::string& error) {
    if (!j.is_object()) {
        error = "an annotation is not a JSON object";
        return std::nullopt;
    }
    Annotation a;
    std::string kind, view = "timeline";
    if (!optional(j, "id", a.id, error) || !optional(j, "kind", kind, error) ||
        !optional(j, "text", a.text, error) || !optional(j, "color", a.color, error) ||
        !optional(j, "author", a.author, error) || !optional(j, "created", a.created, error))
        return std::nullopt;
    if (a.id.empty()) {
        error = "an annotation has no \"id\"";
        return std::nullopt;
    }
    auto k = kindFromName(kind);
    if (!k) {
        error = "annotation " + a.id + ": unknown kind \"" + kind + "\"";
        return std::nullopt;
    }
    a.kind = *k;
    auto anchor = j.find("anchor");
    if (anchor == j.end() || !anchor->is_object()) {
        error = "annotation " + a.id + " has no \"anchor\" object";
        return std::nullopt;
    }
    Anchor& an = a.anchor;
    std::string sub;
    if (!optional(*anchor, "view", view, sub) || !optional(*anchor, "run", an.run, sub) ||
        !optional(*anchor, "ranks", an.ranks, sub) || !optional(*anchor, "t0_ns", an.t0Ns, sub) ||
        !optional(*anchor, "t1_ns", an.t1Ns, sub) || !optional(*anchor, "to_rank", an.toRank, sub) ||
        !optional(*anchor, "to_ns", an.toNs, sub) || !optional(*anchor, "op_types", an.opTypes, sub) ||
        !optional(*anchor, "tensor_id", an.tensorId, sub) || !optional(*anchor, "addr0", an.addr0, sub) ||
        !optional(*anchor, "addr1", an.addr1, sub) || !lanesFromJson(*anchor, an.lanes, sub)) {
        error = "annotation " + a.id + ": anchor " + sub;
        return std::nullopt;
    }
    auto s = surfaceFromName(view);
    if (!s) {
        error = "annotation " + a.id + ": unknown view \"" + view + "\"";
        return std::nullopt;
    }
    an.view = *s;
    if (an.t1Ns < an.t0Ns) std::swap(an.t0Ns, an.t1Ns);
    return a;
}

bool hasRankedLanes(const Annotation& a) {
    const auto& l = a.anchor.lanes;
    return std::any_of(l.begin(), l.end(), [](const LaneRef& r) { return r.rank != LaneRef::kAnyRank; });
}

std::vector<LaneRef> lanesOn(int rank, const std::vector<std::string>& labels) {
    std::vector<LaneRef> out;
    for (const auto& l : labels)
        out.push_back({rank, l});
    return out;
}

std::string rankListText(const std::vector<int>& ranks) {
    return rankListImpl(ranks);
}

bool meetsWindow(const Annotation& a, int64_t t0Ns, int64_t t1Ns) {
    const auto& an = a.anchor;
    int64_t from = an.t0Ns, to = an.t1Ns;
    if (a.kind == Kind::Arrow) from = std::min(from, an.toNs), to = std::max(to, an.toNs);
    return to >= t0Ns && from <= t1Ns;
}

Annotation withDataRanks(Annotation a, const std::map<int, int>& dataRank) {
    const auto shown = [&](int key) {
        const auto it = dataRank.find(key);
        return it == dataRank.end() ? key : it->second;
    };
    Anchor& an = a.anchor;
    for (int& r : an.ranks)
        r = shown(r);
    if (an.toRank >= 0) an.toRank = shown(an.toRank);
    for (auto& l : an.lanes)
        if (l.rank != LaneRef::kAnyRank) l.rank = shown(l.rank);
    return a;
}

std::string describeAnchor(const Annotation& keyed, int64_t runStartNs, const std::map<int, int>& dataRank) {
    const Annotation a = withDataRanks(keyed, dataRank);
    const Anchor& an = a.anchor;
    auto at = [&](int64_t ns) { return model::formatOffset(ns - runStartNs, 1000); };
    std::string where;
    switch (an.view) {
    case Surface::Heatmap: {
        std::string ops;
        for (size_t i = 0; i < an.opTypes.size(); ++i)
            ops += (i ? ", " : "") + an.opTypes[i];
        return kindName(a.kind) + " on the heatmap: " + (ops.empty() ? "every op type" : ops) + " × " +
               rankListImpl(an.ranks);
    }
    case Surface::Memory:
        where = kindName(a.kind) + " on the memory map of " + rankListImpl(an.ranks);
        if (!an.tensorId.empty()) return where + ", tensor " + an.tensorId;
        return where + ", " + at(an.t0Ns) + " … " + at(an.t1Ns);
    case Surface::Timeline:
        break;
    }
    // a point on a rank's header row has no lane label: nothing is added ("on rank 1:", not "on rank 1 :")
    auto lane = [&](size_t i) {
        return i < an.lanes.size() && !an.lanes[i].label.empty() ? " " + an.lanes[i].label : std::string();
    };
    switch (a.kind) {
    case Kind::Note:
        return "note at " + at(an.t0Ns) + " on " + rankListImpl(an.ranks) + lane(0);
    case Kind::Arrow:
        return "arrow from " + at(an.t0Ns) + " on " + rankListImpl(an.ranks) + lane(0) + " to " +
               at(an.toNs) + " on rank " + std::to_string(an.toRank) + lane(1);
    default: // a box or a range, over its lanes when it has some
        // a format-1 file's lanes have no rank: which rank's they were is not known, and they are drawn on
        // each
        const bool unranked = !an.lanes.empty() && !hasRankedLanes(a) && an.ranks.size() != 1;
        return kindName(a.kind) + " " + at(an.t0Ns) + " … " + at(an.t1Ns) + " (" +
               model::formatDuration(an.t1Ns - an.t0Ns) + ") on " + rankListImpl(an.ranks) +
               lanesText(an.lanes) +
               (unranked ? " (on each of its ranks: the file does not say which rank's)" : "");
    }
}

} // namespace rs::annotate
