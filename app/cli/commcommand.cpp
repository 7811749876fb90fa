#include "app/cli/commands.h"

#include "app/cli/profileopener.h"
#include "app/cli/runranks.h"
#include "core/model/commtext.h"
#include "core/model/plural.h"
#include "core/model/timetext.h"
#include "core/query/commmatrix.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace rs::cli {

namespace {

std::string groupTitle(const query::CommMatrix& m) {
    if (m.group.empty()) return "every group";
    for (const auto& g : m.groups)
        if (g.name == m.group) return "group " + g.name + (g.label.empty() ? "" : " (" + g.label + ")");
    return "group " + m.group;
}

/// The bandwidth grid (logical bytes for Kineto), for matrices small enough to read as one.
void printGrid(const query::CommMatrix& m) {
    if (m.ranks.size() > 16) return;
    // hccl_raw's size unit is not known: its grid is the size as hccl_raw writes it, not a bandwidth
    std::printf("  %8s", m.logical ? "MB  src\\dst" : m.hcclRawUnits ? "size src\\dst" : "GB/s src\\dst");
    for (int64_t d : m.ranks)
        std::printf(" %8lld", static_cast<long long>(d));
    std::printf("\n");
    for (int64_t s : m.ranks) {
        std::printf("  %12lld", static_cast<long long>(s));
        for (int64_t d : m.ranks) {
            const auto* c = m.at(s, d);
            char v[32] = "       .";
            if (c && m.logical)
                std::snprintf(v, sizeof v, "%8.2f", double(c->bytes) / 1e6);
            else if (c && m.hcclRawUnits)
                std::snprintf(v, sizeof v, "%8.6g", query::hcclRawSize(*c));
            else if (c && std::isfinite(c->bandwidthGBps())) // the figure the table and the app print
                std::snprintf(v, sizeof v, "%7s%s", model::formatBandwidthNumber(c->bandwidthGBps()).c_str(),
                              c->slow           ? "*"
                              : c->latencyBound ? "~"
                                                : " ");
            std::printf(" %s", v);
        }
        std::printf("\n");
    }
}

/// The size column: bytes, logical bytes, or hccl_raw's figure in its own (unknown) unit.
std::string sizeText(const query::CommMatrix& m, const query::CommCell& c) {
    if (!m.hcclRawUnits) return model::formatDecimalBytes(c.bytes);
    char v[32];
    std::snprintf(v, sizeof v, "%.3f", query::hcclRawSize(c));
    return v;
}

/// The op types that crossed a link ("allreduce, broadcast"), then its flag: a link whose ops the source
/// does not count still says which ops they were (the JSON's `ops`).
std::string linkTail(const query::CommCell& c) {
    std::ostringstream t;
    for (size_t i = 0; i < c.ops.size(); ++i)
        t << (i ? "," : "") << c.ops[i];
    if (c.ops.empty()) t << '-';
    if (c.slow)
        t << "  SLOW";
    else if (c.latencyBound)
        t << "  latency-bound";
    return t.str();
}

void printLinks(const query::CommMatrix& m) {
    if (m.hcclRawUnits) std::printf("  %s\n", query::hcclRawScopeText(m).c_str());
    if (std::any_of(m.cells.begin(), m.cells.end(), [](const auto& c) { return !c.opCount; }))
        std::printf("  ops -: the source does not count the ops of that link (it gives sizes and times per "
                    "op type); their types are listed\n");
    std::printf("  %6s %6s  %-9s %12s %12s %12s %6s  %s\n", "src", "dst", "transport",
                m.logical ? "logical" : "size", "time", "bandwidth", "ops", "op types");
    for (const auto& c : m.cells)
        std::printf("  %6lld %6lld  %-9s %12s %12s %12s %6s  %s\n", static_cast<long long>(c.src),
                    static_cast<long long>(c.dst), m.logical ? "-" : c.transport().c_str(),
                    sizeText(m, c).c_str(), c.timeNs ? model::formatDuration(*c.timeNs).c_str() : "-",
                    m.hcclRawUnits ? "-" : model::formatBandwidth(c.bandwidthGBps()).c_str(),
                    c.opCount ? std::to_string(*c.opCount).c_str() : "-", linkTail(c).c_str());
}

void printMatrix(const query::CommMatrix& m) {
    if (m.notCombined) { // no matrix at all: "0 links among 0 ranks" read as "no traffic" (issue 19)
        std::printf("run %d, %s, %s: %s\n", m.run, groupTitle(m).c_str(),
                    m.step ? ("step " + std::to_string(*m.step)).c_str() : "all steps", m.empty.c_str());
        return;
    }
    std::printf("run %d, %s, %s: %s among %s\n", m.run, groupTitle(m).c_str(),
                m.step ? ("step " + std::to_string(*m.step)).c_str() : "all steps",
                model::counted(int64_t(m.cells.size()), "link", "links").c_str(),
                model::counted(int64_t(m.ranks.size()), "rank", "ranks").c_str());
    for (const auto& n : m.notes)
        std::printf("  note: %s\n", n.c_str());
    if (!m.empty.empty()) {
        std::printf("  %s\n", m.empty.c_str());
        return;
    }
    for (const auto& t : m.thresholds)
        if (t.judged)
            std::printf("  %s: %s, median %s; slow below %s (< %.0f %% of the median and robust z < -%.1f)\n",
                        t.transport.c_str(), model::counted(t.links, "link", "links").c_str(),
                        model::formatBandwidth(t.medianGBps).c_str(),
                        model::formatBandwidth(t.thresholdGBps).c_str(), query::kSlowRatio * 100,
                        query::kSlowZ);
        else if (t.links == 0) // every link of the type moves small messages
            std::printf("  %s: %s, all latency-bound (small messages): not judged\n", t.transport.c_str(),
                        model::counted(t.latencyBound, "link", "links").c_str());
        else
            std::printf("  %s: %s: too few to judge slow links (at least %d)\n", t.transport.c_str(),
                        model::counted(t.links, "link", "links").c_str(), query::kMinJudged);
    if (const int small = query::latencyBoundLinks(m); small > 0)
        std::printf("  %s small messages (mean under %s per op): latency-bound, not judged "
                    "(its bandwidth measures latency, not the link)\n",
                    model::counted(small, "link moves", "links move").c_str(),
                    model::formatDecimalBytes(query::kLatencyBoundBytes).c_str());
    printGrid(m);
    printLinks(m);
}

/// The group named by its hash or its label ("pp"); "all" is every group.
std::optional<std::string> resolveGroup(const std::vector<query::CommGroupInfo>& groups,
                                        const std::string& g) {
    if (g == "all") return std::string();
    for (const auto& x : groups)
        if (x.name == g) return x.name;
    for (const auto& x : groups)
        if (!x.label.empty() && x.label == g) return x.name;
    return std::nullopt;
}

} // namespace

int runComm(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert({"step", "group", "run"});
    Args a(argv, vo, indexFlags({"json", "quiet"}));
    if (!a.ok()) return usageError("comm", a.error());
    if (a.positional().size() != 1) return usageError("comm", "comm needs exactly one profile DIR");
    query::CommMatrixRequest req;
    if (a.value("step")) req.step = a.intValue("step", 0, 0, 1LL << 40);
    if (a.value("run")) req.run = int(a.intValue("run", 0, 0, 1 << 30));
    if (!a.ok()) return usageError("comm", a.error());
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("comm", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet") || a.flag("json"));
    if (!res.ok) return 1;
    index::Db db(res.dbPath, true);
    if (req.run && !requireRun(db, "comm", *req.run)) return 1;
    const query::CommMatrix all = query::loadCommMatrix(db, req);
    if (req.step && std::find(all.steps.begin(), all.steps.end(), *req.step) == all.steps.end() &&
        !all.groups.empty()) {
        std::fprintf(stderr, "rankscope comm: no link in step %lld (steps with links: %s)\n",
                     static_cast<long long>(*req.step), nlohmann::json(all.steps).dump().c_str());
        return 1;
    }
    std::vector<std::optional<std::string>> wanted;
    if (auto g = a.value("group")) {
        auto name = resolveGroup(all.groups, *g);
        if (!name) {
            std::string names;
            for (const auto& x : all.groups)
                names += (names.empty() ? "" : ", ") + x.name + (x.label.empty() ? "" : " (" + x.label + ")");
            std::fprintf(stderr, "rankscope comm: no communication group '%s' (groups: %s)\n", g->c_str(),
                         names.empty() ? "none" : names.c_str());
            return 1;
        }
        wanted.push_back(*name);
    } else {
        for (const auto& x : all.groups)
            wanted.push_back(x.name);
        if (wanted.empty()) wanted.push_back(std::nullopt);
    }
    nlohmann::json out = {{"matrices", nlohmann::json::array()}};
    for (size_t i = 0; i < wanted.size(); ++i) {
        req.group = wanted[i];
        const auto m = query::loadCommMatrix(db, req);
        if (a.flag("json"))
            out["matrices"].push_back(nlohmann::json::parse(query::commMatrixJson(m)));
        else
            printMatrix(m), std::printf(i + 1 < wanted.size() ? "\n" : "");
    }
    if (a.flag("json")) std::printf("%s\n", out.dump(2).c_str());
    return 0;
}

} // namespace rs::cli
