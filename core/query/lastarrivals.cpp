#include "core/query/lastarrivals.h"

#include "core/index/collectiveshares.h"
#include "core/model/plural.h"

#include <cmath>
#include <cstdio>

namespace rs::query {

using nlohmann::json;

json lastArrivalsSection(index::Db& db) {
    json out = json::object();
    auto q = db.prepare(
        index::collectiveSharesSql() +
        "SELECT rk.rank, count(*), sum(k.last = rk.rank), sum(1.0 / k.m), sum((1.0 / k.m) * (1.0 - 1.0 / "
        "k.m)) "
        "FROM rk JOIN k USING(match_key) GROUP BY rk.rank ORDER BY rk.rank");
    while (q.step())
        out[std::to_string(q.i64(0))] = {
            {"last", q.i64(2)}, {"of", q.i64(1)}, {"chance", q.f64(3)}, {"sd", std::sqrt(q.f64(4))}};
    // a rank's collectives no other rank's are matched with (point-to-point ones, r48d's unnamed ranks') have
    // no arrival order: "of its 1705" read beside the collectives view's 1745 (cluster_propose: 40 Send
    // and Receive ops) unexplained
    auto unmatched = db.prepare(
        "SELECT rank, count(*) FROM collective WHERE match_key IS NULL GROUP BY rank ORDER BY rank");
    while (unmatched.step())
        if (const std::string key = std::to_string(unmatched.i64(0)); out.contains(key))
            out[key]["unmatched"] = unmatched.i64(1);
    return out;
}

bool lastClearlyMoreThanChance(const json& e) {
    const double last = double(e.value("last", int64_t(0))), chance = e.value("chance", 0.0);
    return last >= 1.25 * chance && last - chance > 3.0 * e.value("sd", 0.0);
}

std::optional<int64_t> lastArrivalCulprit(const json& lastArrivals) {
    std::optional<int64_t> best;
    double bestExcess = 0;
    for (const auto& [rank, e] : lastArrivals.items()) {
        const double excess = double(e.value("last", int64_t(0))) - e.value("chance", 0.0);
        if (lastClearlyMoreThanChance(e) && (!best || excess > bestExcess)) {
            best = std::stoll(rank);
            bestExcess = excess;
        }
    }
    return best;
}

namespace {

std::string oneDecimal(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

std::string lastOf(const json& e) {
    const int64_t unmatched = e.value("unmatched", int64_t(0));
    if (unmatched == 0)
        return std::to_string(e.value("last", int64_t(0))) + " of its " +
               model::counted(e.value("of", int64_t(0)), "collective", "collectives") +
               " (chance alone: " + oneDecimal(e.value("chance", 0.0)) + ")";
    return std::to_string(e.value("last", int64_t(0))) + " of its " +
           model::counted(e.value("of", int64_t(0)), "collective", "collectives") +
           " matched across ranks (chance alone: " + oneDecimal(e.value("chance", 0.0)) + "; " +
           model::counted(unmatched, "other is", "others are") + " not matched, so no order is known)";
}

} // namespace

std::string lastArrivalText(const json& lastArrivals, const std::function<std::string(int64_t)>& name) {
    if (lastArrivals.empty()) return {};
    if (const auto culprit = lastArrivalCulprit(lastArrivals))
        return name(*culprit) + " arrived last in " + lastOf(lastArrivals[std::to_string(*culprit)]);
    // none stands out: say so, with the most frequent last arrival for the reader to judge
    std::string most;
    int64_t mostN = -1;
    for (const auto& [rank, e] : lastArrivals.items())
        if (e.value("last", int64_t(0)) > mostN) mostN = e.value("last", int64_t(0)), most = rank;
    return "no rank arrived last clearly more often than chance (most: " + name(std::stoll(most)) + ", in " +
           lastOf(lastArrivals[most]) + ")";
}

std::string lastArrivalTextByRun(const json& lastArrivals, const json& runs,
                                 const std::function<std::string(int64_t)>& name) {
    if (runs.size() < 2) return lastArrivalText(lastArrivals, name);
    std::string out;
    for (const auto& run : runs) {
        json own = json::object();
        for (const auto& rank : run.value("ranks", json::array()))
            if (const std::string key = std::to_string(rank.get<int64_t>()); lastArrivals.contains(key))
                own[key] = lastArrivals[key];
        // each run's part says whose it is: "no rank arrived last clearly more often than chance" after run
        // 0's culprit read as the whole folder's (walk 53c)
        if (const std::string text = lastArrivalText(own, name); !text.empty())
            out.append(out.empty() ? "" : "; ")
                .append("run ")
                .append(std::to_string(run.value("run", int64_t(0))))
                .append(": ")
                .append(text);
    }
    return out;
}

std::string lastArrivalCell(const json& lastArrivals, int64_t rank) {
    const std::string key = std::to_string(rank);
    if (!lastArrivals.contains(key)) return kLastArrivalNotKnown;
    const json& e = lastArrivals[key];
    // as the text's lastOf: the count is of matched collectives where some were not (cluster_propose: 1705
    // of rank 3's 1745; the cell read "of its 1705 collectives" beside the view's 1745)
    const int64_t unmatched = e.value("unmatched", int64_t(0));
    return std::to_string(e.value("last", int64_t(0))) + " of its " +
           model::counted(e.value("of", int64_t(0)), "collective", "collectives") +
           (unmatched ? " matched across ranks (" + model::counted(unmatched, "other", "others") + " not)"
                      : "");
}

} // namespace rs::query
