#include "core/index/defaultrun.h"

#include <algorithm>
#include <array>

namespace rs::index {

namespace {

/// The rule's measures in the order it weighs them, with their words.
struct Measure {
    int64_t RunHolding::*field;
    const char *one, *many;
};
constexpr std::array<Measure, 3> kMeasures{{{&RunHolding::ranks, "rank", "ranks"},
                                            {&RunHolding::steps, "rank-step", "rank-steps"},
                                            {&RunHolding::spans, "span", "spans"}}};

std::string counted(int64_t n, const Measure& m) {
    return std::to_string(n) + " " + (n == 1 ? m.one : m.many);
}

/// The runs of `among` holding the most of `m`.
std::vector<RunHolding> holdingMost(const std::vector<RunHolding>& among, const Measure& m) {
    int64_t most = 0;
    for (const auto& r : among)
        most = std::max(most, r.*m.field);
    std::vector<RunHolding> top;
    for (const auto& r : among)
        if (r.*m.field == most) top.push_back(r);
    return top;
}

/// "a", "a and b", "a, b and c"
std::string listed(const std::vector<std::string>& items) {
    std::string list;
    for (size_t i = 0; i < items.size(); ++i)
        list += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return list;
}

} // namespace

std::vector<RunHolding> runHoldings(Db& db) {
    std::vector<RunHolding> out;
    auto q = db.prepare(
        "SELECT r.run_id, (SELECT count(*) FROM rank_info i WHERE i.run_id = r.run_id), (SELECT count(*) "
        "FROM "
        "step s JOIN rank_info i ON i.rank = s.rank WHERE i.run_id = r.run_id AND s.source IS NOT "
        "'whole-trace'), (SELECT coalesce(sum(t.span_count), 0) FROM track t JOIN rank_info i ON i.rank = "
        "t.rank WHERE i.run_id = r.run_id) FROM run r ORDER BY r.run_id");
    while (q.step())
        out.push_back({int(q.i64(0)), q.i64(1), q.i64(2), q.i64(3)});
    return out;
}

int defaultRunOf(const std::vector<RunHolding>& runs) {
    std::vector<RunHolding> left = runs;
    for (const auto& m : kMeasures)
        left = holdingMost(left, m);
    return left.empty() ? 0 : left.front().run; // runs come by id: the lowest of equals
}

int defaultRunId(Db& db) {
    return defaultRunOf(runHoldings(db));
}

std::string defaultRunWhy(const std::vector<RunHolding>& runs, int chosen) {
    if (runs.empty() || chosen != defaultRunOf(runs)) return "as chosen";
    std::vector<RunHolding> left = runs;
    std::vector<std::string> alike; // what the runs still in the running share: "1 rank", "1 step"
    for (const auto& m : kMeasures) {
        std::vector<RunHolding> top = holdingMost(left, m);
        if (top.size() == 1) {
            std::string why =
                "the one with the most " + std::string(m.many) + ", " + std::to_string(top.front().*m.field);
            if (!alike.empty())
                why += ", of the " + std::to_string(left.size()) + " runs with " + listed(alike);
            return why;
        }
        alike.push_back(counted(top.front().*m.field, m));
        left = std::move(top);
    }
    std::vector<std::string> ids;
    for (const auto& r : left)
        ids.push_back(std::to_string(r.run));
    return "runs " + listed(ids) + " hold alike (" + listed(alike) + "): the first";
}

std::string defaultRunWhy(Db& db, int chosen) {
    return defaultRunWhy(runHoldings(db), chosen);
}

} // namespace rs::index
