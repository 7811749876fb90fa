#include "core/annotate/anchorcheck.h"

#include "core/annotate/annotationset.h"

#include <algorithm>

namespace rs::annotate {

AnchorFacts loadAnchorFacts(index::Db& db, const AnnotationSet& set) {
    AnchorFacts f;
    {
        auto q = db.prepare("SELECT run_id, start_ns, end_ns FROM run");
        while (q.step())
            f.runs[int(q.i64(0))] = {q.isNull(1) ? 0 : q.i64(1), q.isNull(2) ? 0 : q.i64(2), {}};
    }
    {
        auto q = db.prepare("SELECT rank, coalesce(run_id, 0), coalesce(data_rank, rank) FROM rank_info");
        while (q.step()) {
            f.runs[int(q.i64(1))].ranks.insert(int(q.i64(0)));
            f.rankOf[int(q.i64(0))] = {int(q.i64(2)), int(q.i64(1))};
        }
    }
    for (auto& [id, r] : f.runs) // a run without a recorded extent spans its data (as the timeline does)
        if (r.endNs <= r.startNs) {
            r.startNs = db.scalar("SELECT min(start_ns) FROM lod WHERE level = 0");
            r.endNs = db.scalar("SELECT max(end_ns) FROM lod WHERE level = 0");
        }
    {
        auto q = db.prepare("SELECT DISTINCT op_type FROM op_stat");
        while (q.step())
            f.opTypes.insert(q.text(0));
    }
    auto q = db.prepare("SELECT 1 FROM tensor WHERE rank = ? AND tensor_id = ? LIMIT 1");
    for (const auto& a : set.items()) {
        if (a.anchor.tensorId.empty()) continue;
        for (int r : a.anchor.ranks) {
            q.reset();
            q.bind(1, r).bind(2, a.anchor.tensorId);
            f.checkedTensors.insert({r, a.anchor.tensorId});
            if (q.step()) f.tensors.insert({r, a.anchor.tensorId});
        }
    }
    return f;
}

namespace {

/// `key` as the lanes name it: the producer's number, and its run when that is not `run` (walk 19: the
/// reason said "rank 10001", a key the user never sees); a key the profile lacks stays as it is.
std::string rankText(int key, int run, const AnchorFacts& f) {
    auto it = f.rankOf.find(key);
    if (it == f.rankOf.end()) return "rank " + std::to_string(key);
    const auto [number, own] = it->second;
    return "rank " + std::to_string(number) + (own == run ? "" : " of run " + std::to_string(own));
}

} // namespace

RunFit fitToRun(Annotation& a, const AnchorFacts& f) {
    Anchor& an = a.anchor;
    const auto run = f.runs.find(an.run);
    if (an.view == Surface::Heatmap || !an.tensorId.empty() || run == f.runs.end()) return RunFit::Inside;
    const int64_t lo = run->second.startNs, hi = run->second.endNs;
    auto inside = [&](int64_t t) { return t >= lo && t <= hi; };
    if (a.kind == Kind::Note || a.kind == Kind::Arrow)
        return inside(an.t0Ns) && (a.kind == Kind::Note || inside(an.toNs)) ? RunFit::Inside
                                                                            : RunFit::Outside;
    if (an.t1Ns <= lo || an.t0Ns >= hi) return RunFit::Outside; // not a nanosecond of the run in it
    if (inside(an.t0Ns) && inside(an.t1Ns)) return RunFit::Inside;
    an.t0Ns = std::max(an.t0Ns, lo);
    an.t1Ns = std::min(an.t1Ns, hi);
    return RunFit::Clipped;
}

std::string detachedReason(const Annotation& a, const AnchorFacts& f) {
    const Anchor& an = a.anchor;
    auto run = f.runs.find(an.run);
    if (run == f.runs.end()) return "run " + std::to_string(an.run) + " is not in the profile";
    for (int r : an.ranks)
        if (!run->second.ranks.count(r))
            return rankText(r, an.run, f) + " is not in run " + std::to_string(an.run);
    if (a.kind == Kind::Arrow && !run->second.ranks.count(an.toRank))
        return rankText(an.toRank, an.run, f) + " (the arrow's end) is not in run " + std::to_string(an.run);
    if (an.view != Surface::Heatmap && an.tensorId.empty()) { // a tensor is its own anchor in time
        // a time outside the run's extent belonged to data that is gone (another run, a cut file)
        int64_t lo = run->second.startNs, hi = run->second.endNs;
        auto outside = [&](int64_t t) { return t < lo || t > hi; };
        if (outside(an.t0Ns) || outside(an.t1Ns) || (a.kind == Kind::Arrow && outside(an.toNs)))
            return "its time is outside run " + std::to_string(an.run) + "'s extent";
    }
    for (const auto& op : an.opTypes)
        if (!f.opTypes.count(op)) return "op type " + op + " is not in the profile";
    if (!an.tensorId.empty())
        for (int r : an.ranks)
            if (f.checkedTensors.count({r, an.tensorId}) && !f.tensors.count({r, an.tensorId}))
                return "tensor " + an.tensorId + " is not on " + rankText(r, an.run, f);
    return {};
}

namespace {

std::string laneNotOn(const std::string& lane, int rank, const LanesByRank& lanes) {
    auto it = lanes.find(rank);
    const std::vector<std::string> none;
    const auto& on = it == lanes.end() ? none : it->second;
    if (lane.empty() || std::find(on.begin(), on.end(), lane) != on.end()) return {};
    std::string list;
    for (const auto& l : on)
        list += (list.empty() ? "" : ", ") + l;
    return "lane " + lane + " is not on rank " + std::to_string(rank) +
           (list.empty() ? " (it has no lane)" : " (its lanes: " + list + ")");
}

} // namespace

std::string missingLane(const Annotation& a, const LanesByRank& lanes) {
    const Anchor& an = a.anchor;
    if (an.view != Surface::Timeline) return {};
    for (size_t i = 0; i < an.lanes.size(); ++i) {
        const LaneRef& l = an.lanes[i];
        // a lane without a rank (format 1): on each of the ranks; an arrow's second lane on its end's rank
        const std::vector<int> ranks = l.rank != LaneRef::kAnyRank       ? std::vector<int>{l.rank}
                                       : a.kind == Kind::Arrow && i == 1 ? std::vector<int>{an.toRank}
                                                                         : an.ranks;
        for (int r : ranks)
            if (std::string why = laneNotOn(l.label, r, lanes); !why.empty()) return why;
    }
    return {};
}

} // namespace rs::annotate
