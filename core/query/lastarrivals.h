#pragma once
// Which rank arrived last in its collectives clearly more often than chance: the report's "arrived last"
// line and column. A rank's count is over the collectives it took part in (cluster_propose: rank 3 is in
// 1705 of 2150, the other 445 are the rank 0-1 pair), and chance is what a coin flip among each
// collective's members gives it (Σ 1/members): rank 3 last in 887 of its 1705 against 852.5 by chance is
// no culprit (walk17b #3). Called on the thread that owns `db`.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace rs::query {

/// {"<rank>": {"last": n, "of": collectives it took part in, "chance": Σ 1/members, "sd": √Σ p(1-p)}}
/// over the collectives with a last rank, and "unmatched": its collectives matched with no other rank's
/// (point-to-point ones; absent when none), which have no arrival order.
nlohmann::json lastArrivalsSection(index::Db& db);

/// The rule: last in at least 1.25× its chance count and more than 3 standard deviations above it (a
/// binomial count of independent collectives). The demo's stalled rank 5 is far past both; rank 3 of
/// cluster_propose (1.04×, 1.7 sd) is not.
bool lastClearlyMoreThanChance(const nlohmann::json& entry);

/// The rank the rule names (the largest excess over chance), nullopt if none.
std::optional<int64_t> lastArrivalCulprit(const nlohmann::json& lastArrivals);

/// "rank 5 arrived last in 180 of its 190 collectives (chance alone: 23.8)", or "no rank arrived last
/// clearly more often than chance (most: rank 3, in 887 of its 1705 collectives; chance alone: 852.5)";
/// "" without last arrivals. `name` renders a rank.
std::string lastArrivalText(const nlohmann::json& lastArrivals,
                            const std::function<std::string(int64_t)>& name);

/// lastArrivalText for each run of a folder of several (`runs`: the report's runs[{run, ranks}]), joined
/// with "; ", each after "run N: ": the rule names a culprit per run, where over the whole folder it named
/// only the run whose rank stood out most (walk: "rank 3 (run 1) arrived last in 5 of its 6" where run 0's
/// rank 3 did the same).
std::string lastArrivalTextByRun(const nlohmann::json& lastArrivals, const nlohmann::json& runs,
                                 const std::function<std::string(int64_t)>& name);

/// "887 of its 1705 collectives" for a rank's table cell ("… matched across ranks (40 others not)" where
/// some of its collectives were not matched). A rank with no entry was in no collective whose every
/// rank is in the data (its peers' files are missing, or nothing matched), so who arrived last is not
/// known (walk 39: "no collective matched across ranks" where both ranks hold the same collectives and 6 of
/// 8 are missing): kLastArrivalNotKnown, never "0 collectives" (walk 38: the HTML report said 0 where the
/// text report says it cannot be known).
std::string lastArrivalCell(const nlohmann::json& lastArrivals, int64_t rank);
inline constexpr const char* kLastArrivalNotKnown =
    "not known (no collective with all its ranks in the data)";

} // namespace rs::query
