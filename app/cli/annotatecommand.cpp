// `rankscope annotate DIR add|list|remove`: the annotations of a profile from the command line, in the
// same file the app edits (core/annotate/annotationset.h).
#include "app/cli/commands.h"
#include "app/cli/profileopener.h"
#include "app/cli/runranks.h"
#include "core/annotate/anchorcheck.h"
#include "core/annotate/annotationset.h"
#include "core/index/defaultrun.h"
#include "core/model/durationparse.h"
#include "core/query/rankqueries.h"
#include "core/query/shardlanes.h"
#include "core/query/timelinequery.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace rs::cli {

namespace {

/// The lane labels of `ranks` as the timeline shows them (a cluster index's from its shards).
annotate::LanesByRank laneNames(index::Db& db, const std::string& dbPath, const std::set<int>& ranks) {
    query::ProfileSummary s;
    s.ranks.assign(ranks.begin(), ranks.end());
    query::loadLanes(db, ranks, s);
    if (auto shards = query::ShardLanes::open(db, dbPath)) shards->extendSummary(s);
    annotate::LanesByRank out;
    for (const auto& t : s.tracks) {
        auto& names = out[t.rank];
        if (t.spanCount > 0 && std::find(names.begin(), names.end(), t.name) == names.end())
            names.push_back(t.name); // the timeline lays out no empty track
    }
    return out;
}

/// Empty when the annotation's lanes are on the ranks it names; else which one is not, and their lanes
/// (the ranks by the numbers the run's files write).
std::string missingLane(index::Db& db, const std::string& dbPath, const annotate::Annotation& an,
                        const RunRanks& run) {
    if (an.anchor.lanes.empty()) return {};
    std::set<int> ranks(an.anchor.ranks.begin(), an.anchor.ranks.end());
    if (an.kind == annotate::Kind::Arrow) ranks.insert(an.anchor.toRank);
    annotate::LanesByRank shown;
    for (auto& [key, lanes] : laneNames(db, dbPath, ranks))
        shown[run.dataRank.count(key) ? run.dataRank.at(key) : key] = std::move(lanes);
    return annotate::missingLane(annotate::withDataRanks(an, run.dataRank), shown);
}

/// The rank keys of `numbers`, which are rank numbers of `run`'s files (what the app's lanes and the report
/// say); a number the run lacks is kept as given and added to `absent` (the anchor is then detached).
std::vector<int> keysOf(const RunRanks& run, const std::vector<int>& numbers, std::vector<int>& absent) {
    std::vector<int> keys;
    for (int n : numbers) {
        std::string why;
        if (!chooseRanks(run, {n}, keys, why)) keys.push_back(n), absent.push_back(n);
    }
    return keys;
}

/// "Stream 2@3" → ("Stream 2", 3); a name without "@RANK" → (name, kAnyRank).
annotate::LaneRef laneOption(const std::string& text) {
    const size_t at = text.rfind('@');
    if (at == std::string::npos || at == 0 || at + 1 == text.size() ||
        text.find_first_not_of("0123456789", at + 1) != std::string::npos || text.size() - at > 9)
        return {annotate::LaneRef::kAnyRank, text};
    return {std::stoi(text.substr(at + 1)), text.substr(0, at)};
}

/// Takes the --lane options into `an` (kind, view, ranks and an arrow's end known) as (rank, lane) pairs:
/// NAME@R is rank R's lane; a bare NAME is a note's rank's, an arrow's start's then its end's, a box's or a
/// range's on each of its --rank. R is a number of `run`'s files, kept as its key. A usage error's text,
/// else empty.
std::string takeLanes(const Args& a, annotate::Annotation& an, const RunRanks& run,
                      std::vector<int>& absent) {
    auto lanes = a.values("lane");
    if (lanes.empty()) return {};
    if (an.anchor.view != annotate::Surface::Timeline) return "--lane goes with the timeline";
    if (an.anchor.ranks.empty()) { // every lane named NAME@R: those are the ranks (the help's NAME[@R])
        std::vector<int> named;
        for (const auto& s : lanes) {
            const int r = laneOption(s).rank;
            if (r == annotate::LaneRef::kAnyRank) return "--lane " + s + " needs --rank, or NAME@R";
            if (std::find(named.begin(), named.end(), r) == named.end()) named.push_back(r);
        }
        if (an.kind == annotate::Kind::Arrow) named.resize(1); // the second lane is the arrow's end's
        an.anchor.ranks = keysOf(run, named, absent);
    }
    if (an.kind == annotate::Kind::Note && lanes.size() != 1) return "a note sits on one --lane";
    if (an.kind == annotate::Kind::Arrow && lanes.size() > 2)
        return "an arrow takes two --lane at most: its start's, then its end's";
    const auto& ranks = an.anchor.ranks;
    for (size_t i = 0; i < lanes.size(); ++i) {
        annotate::LaneRef l = laneOption(lanes[i]);
        const int number = l.rank;
        if (l.rank != annotate::LaneRef::kAnyRank) l.rank = keysOf(run, {l.rank}, absent).front();
        const bool arrowEnd = an.kind == annotate::Kind::Arrow && i == 1;
        const int own = arrowEnd ? an.anchor.toRank : ranks.front();
        if (l.rank == annotate::LaneRef::kAnyRank &&
            (an.kind == annotate::Kind::Note || an.kind == annotate::Kind::Arrow || ranks.size() == 1))
            l.rank = own;
        if (l.rank == annotate::LaneRef::kAnyRank) { // a box's or a range's: that lane on each of its ranks
            for (int r : ranks)
                an.anchor.lanes.push_back({r, l.label});
            continue;
        }
        const bool ownRank = an.kind == annotate::Kind::Note || an.kind == annotate::Kind::Arrow
                                 ? l.rank == own
                                 : std::find(ranks.begin(), ranks.end(), l.rank) != ranks.end();
        if (!ownRank)
            return "--lane " + lanes[i] + ": rank " + std::to_string(number) +
                   (arrowEnd ? " is not the arrow's end (--to)" : " is not the annotation's --rank");
        an.anchor.lanes.push_back(l);
    }
    return {};
}

/// An arrow's --to RANK@TIME (relative to `origin`, RANK one of `run`'s numbers) into `an`; a usage error's
/// text, else empty.
std::string takeArrowEnd(const Args& a, annotate::Annotation& an, const RunRanks& run, int64_t origin,
                         std::vector<int>& absent) {
    if (an.kind != annotate::Kind::Arrow) return {};
    auto to = a.value("to");
    if (!to) return "an arrow needs --to RANK@TIME, e.g. --to 5@330ms";
    size_t at = to->find('@');
    auto ns = at == std::string::npos ? std::nullopt : model::parseDurationNs(to->substr(at + 1));
    std::vector<int> toRank;
    if (!ns || !parseRankList(to->substr(0, at), toRank) || toRank.size() != 1)
        return "--to must be RANK@TIME, e.g. 5@330ms";
    an.anchor.toRank = keysOf(run, toRank, absent).front();
    an.anchor.toNs = origin + *ns;
    return {};
}

struct Opened {
    std::string path;
    annotate::AnnotationSet set;
    std::string dbPath;
};

/// --at or --range (from the run's start) into `an`; a usage error's text, else empty.
std::string takeTimes(const Args& a, annotate::Annotation& an, int64_t origin) {
    if (auto t = a.value("at")) {
        auto ns = model::parseDurationNs(*t);
        if (!ns) return "--at needs a time with a unit, e.g. 320ms";
        an.anchor.t0Ns = an.anchor.t1Ns = origin + *ns;
    } else if (auto r = a.value("range")) {
        auto range = model::parseTimeRange(*r);
        if (!range) return "--range needs T0:T1 with units, e.g. 320ms:345ms";
        an.anchor.t0Ns = origin + range->first;
        an.anchor.t1Ns = origin + range->second;
    } else if (an.anchor.view == annotate::Surface::Timeline) {
        return "a timeline annotation needs --at TIME or --range T0:T1";
    } else if (an.anchor.view == annotate::Surface::Memory && an.anchor.tensorId.empty()) {
        return "a memory annotation needs --tensor ID or --range T0:T1";
    }
    return {};
}

/// Kind, view, colour, op and tensor of `an` from the options; a usage error's text, else empty.
std::string takeWhat(const Args& a, annotate::Annotation& an, size_t rankCount) {
    auto k = annotate::kindFromName(a.value("kind").value_or(a.value("range") ? "range" : "note"));
    if (!k) return "--kind must be note, range, arrow or box";
    an.kind = *k;
    auto view = annotate::surfaceFromName(a.value("view").value_or(a.value("op") ? "heatmap" : "timeline"));
    if (!view) return "--view must be timeline, heatmap or memory";
    an.anchor.view = *view;
    if (auto c = a.value("color")) {
        if (c->size() != 7 || (*c)[0] != '#') return "--color must be #rrggbb";
        an.color = *c;
    }
    if (auto op = a.value("op")) an.anchor.opTypes = {*op};
    if (auto t = a.value("tensor")) {
        if (an.anchor.view != annotate::Surface::Memory) return "--tensor goes with --view memory";
        if (rankCount != 1) return "--tensor needs the tensor's --rank R";
        an.anchor.tensorId = *t;
    }
    if (an.anchor.view == annotate::Surface::Heatmap && an.anchor.opTypes.empty())
        return "a heatmap annotation needs --op OP";
    return {};
}

/// Why `an` cannot be kept without --force ("" when it can): a rank the run lacks (`absent`, numbers as
/// its files write them), else what annotate::detachedReason finds.
std::string refusal(const annotate::Annotation& an, const RunRanks& run, const std::vector<int>& absent,
                    const annotate::AnchorFacts& facts) {
    if (!absent.empty())
        return "rank " + std::to_string(absent.front()) + " is not in run " + std::to_string(run.run) +
               " (its ranks: " + run.listText() + "; --run N chooses another run)";
    return annotate::detachedReason(an, facts);
}

int addCommand(Args& a, Opened& o) {
    const auto& pos = a.positional();
    if (pos.size() != 3) return usageError("annotate", "annotate DIR add needs the TEXT (quote it)");
    annotate::Annotation an;
    an.text = pos[2];
    std::vector<int> numbers; // as the run's files write them: run 0's rank 0, never its key 10000
    if (auto r = a.value("rank"); r && !parseRankList(*r, numbers))
        return usageError("annotate", "--rank must be a rank or a list like 0,3-5");
    if (std::string why = takeWhat(a, an, numbers.size()); !why.empty()) return usageError("annotate", why);
    index::Db db(o.dbPath, true);
    const int runId = a.value("run") ? int(a.intValue("run", 0, 0, 1 << 30)) : index::defaultRunId(db);
    if (!a.ok()) return usageError("annotate", a.error());
    an.anchor.run = runId;
    const RunRanks run = runRanks(db, runId);
    std::vector<int> absent;
    an.anchor.ranks = keysOf(run, numbers, absent);
    query::LaneReader lanes(db, o.dbPath);
    auto facts = query::anchorFacts(lanes, o.set);
    // times are relative to the run's start, as the ruler shows them
    const int64_t origin = facts.runs.count(runId) ? facts.runs[runId].startNs : 0;
    if (std::string why = takeTimes(a, an, origin); !why.empty()) return usageError("annotate", why);
    if (std::string why = takeArrowEnd(a, an, run, origin, absent); !why.empty())
        return usageError("annotate", why);
    if (std::string why = takeLanes(a, an, run, absent); !why.empty()) return usageError("annotate", why);
    if (std::string why = missingLane(db, o.dbPath, an, run); !why.empty() && absent.empty()) {
        std::fprintf(stderr, "rankscope: annotate: %s\n", why.c_str());
        return 1;
    }
    std::string why = refusal(an, run, absent, facts);
    if (!why.empty() && !a.flag("force")) {
        std::fprintf(stderr,
                     "rankscope: annotate: the anchor is not in this profile: %s (--force keeps it anyway)\n",
                     why.c_str());
        return 1;
    }
    std::string id = o.set.add(an), error;
    if (!o.set.save(o.path, error)) {
        std::fprintf(stderr, "rankscope: annotate: %s\n", error.c_str());
        return 1;
    }
    std::printf("%s\n", id.c_str());
    return 0;
}

int listCommand(Args& a, Opened& o) {
    index::Db db(o.dbPath, true);
    query::LaneReader lanes(db, o.dbPath);
    auto facts = query::anchorFacts(lanes, o.set);
    std::map<int, RunRanks> runs; // by run id, read once
    nlohmann::json list = nlohmann::json::array();
    for (const auto& an : o.set.items()) {
        std::string why = annotate::detachedReason(an, facts);
        int64_t origin = facts.runs.count(an.anchor.run) ? facts.runs[an.anchor.run].startNs : 0;
        if (!runs.count(an.anchor.run)) runs[an.anchor.run] = runRanks(db, an.anchor.run);
        // the ranks as the run's lanes name them (the file keeps the keys), and the run where there are
        // several
        std::string where = annotate::describeAnchor(an, origin, runs[an.anchor.run].dataRank);
        if (facts.runs.size() > 1) where += " in run " + std::to_string(an.anchor.run);
        if (a.flag("json")) {
            auto j = annotate::toJson(an);
            j["detached"] = !why.empty();
            if (!why.empty()) j["detached_reason"] = why;
            j["where"] = where;
            list.push_back(j);
            continue;
        }
        std::printf("%-5s %s\n      %s%s\n", an.id.c_str(), an.text.c_str(), where.c_str(),
                    why.empty() ? "" : ("  [detached: " + why + "]").c_str());
    }
    if (a.flag("json"))
        std::printf("%s\n", nlohmann::json({{"file", o.path}, {"annotations", list}})
                                .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                                .c_str());
    else if (o.set.empty())
        std::printf("no annotations (%s)\n", o.path.c_str());
    return 0;
}

int removeCommand(Args& a, Opened& o) {
    if (a.positional().size() != 3) return usageError("annotate", "annotate DIR remove needs the ID");
    const std::string& id = a.positional()[2];
    if (o.set.remove(id) < 0) {
        std::fprintf(stderr, "rankscope: annotate: no annotation %s in %s\n", id.c_str(), o.path.c_str());
        return 1;
    }
    std::string error;
    if (!o.set.save(o.path, error)) {
        std::fprintf(stderr, "rankscope: annotate: %s\n", error.c_str());
        return 1;
    }
    return 0;
}

} // namespace

int runAnnotate(const ArgList& argv) {
    auto vo = indexValueOptions();
    for (const char* o :
         {"rank", "at", "range", "kind", "view", "op", "to", "color", "run", "tensor", "lane"})
        vo.insert(o);
    Args a(argv, vo, indexFlags({"json", "quiet", "force"}), {"rank", "lane"});
    if (!a.ok()) return usageError("annotate", a.error());
    const auto& pos = a.positional();
    if (pos.size() < 2) return usageError("annotate", "annotate needs DIR and add, list or remove");
    const std::string& what = pos[1];
    if (what != "add" && what != "list" && what != "remove")
        return usageError("annotate", "annotate DIR add|list|remove (not '" + what + "')");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, pos[0], opts, error)) return usageError("annotate", error);
    auto res = openProfile(pos[0], opts, true);
    if (!res.ok) return 1;
    Opened o;
    o.dbPath = res.dbPath;
    o.path = annotate::annotationsPath(res.dbPath);
    if (!o.set.load(o.path, error)) {
        std::fprintf(stderr, "rankscope: annotate: %s\n", error.c_str());
        return 1;
    }
    try {
        if (what == "add") return addCommand(a, o);
        if (what == "list") return listCommand(a, o);
        return removeCommand(a, o);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rankscope: annotate: %s\n", e.what());
        return 1;
    }
}

} // namespace rs::cli
