#include "core/query/windowflowsampler.h"

#include <algorithm>
#include <optional>

namespace rs::query {

namespace {

/// Rows counted over all tracks before a count says "at least": a whole-run window of a large profile is
/// not read whole to say how many arrows it has.
constexpr int64_t kCountBudget = 200000;

/// The owned arrows of one end: the window's spans on the track drive the join (span_track_ts gives them in
/// time); a destination's arrow is its own unless its source starts in the window on a shown track, where
/// that track owns it (so an arrow between two shown tracks is counted and chosen once).
std::string ownedSql(bool asSource, const std::string& cats, const std::string& tracks) {
    std::string sql = "SELECT l.rowid, w.ts_ns FROM span w CROSS JOIN flow_link l ON l.";
    sql.append(asSource ? "src_span_id" : "dst_span_id").append(" = w.span_id ");
    if (!asSource) sql.append("JOIN span s ON s.span_id = l.src_span_id ");
    sql.append("WHERE w.track_id = ?1 AND w.ts_ns >= ?2 AND w.ts_ns < ?3 AND l.cat_id IN (").append(cats);
    sql.append(") ");
    if (!asSource)
        sql.append("AND NOT (s.ts_ns BETWEEN ?6 AND ?7 AND s.track_id IN (").append(tracks).append(")) ");
    sql.append("ORDER BY w.ts_ns, l.rowid LIMIT ?4 OFFSET ?5");
    return sql;
}

} // namespace

WindowFlowSampler::WindowFlowSampler(index::Db& db, const std::string& categoryIds,
                                     const std::string& trackIds, int64_t from, int64_t t0, int64_t t1)
    : m_src(db.prepare(ownedSql(true, categoryIds, trackIds))),
      m_dst(db.prepare(ownedSql(false, categoryIds, trackIds))), m_from(from), m_t0(std::clamp(t0, from, t1)),
      m_t1(t1) {}

std::vector<std::pair<int64_t, int64_t>> WindowFlowSampler::owned(bool asSource, int64_t track, int64_t a,
                                                                  int64_t b, int64_t limit, int64_t offset) {
    index::Stmt& q = asSource ? m_src : m_dst;
    q.bind(1, track).bind(2, a).bind(3, b).bind(4, limit).bind(5, offset);
    if (!asSource) q.bind(6, m_from).bind(7, m_t1);
    std::vector<std::pair<int64_t, int64_t>> out;
    while (q.step())
        out.emplace_back(q.i64(0), q.i64(1));
    q.reset();
    return out;
}

WindowFlowSampler::Count WindowFlowSampler::count(int64_t track, int64_t cap) {
    Count c{track, 0, false};
    for (bool asSource : {true, false}) {
        // rowids and starts only, through the index: cheap per row, and at most `cap` rows
        const auto rows = owned(asSource, track, m_from, m_t1 + 1, cap, 0);
        c.n += int64_t(rows.size());
        c.capped = c.capped || int64_t(rows.size()) == cap;
    }
    return c;
}

std::vector<int64_t> WindowFlowSampler::choose(const std::vector<int64_t>& tracks, int limit) {
    std::vector<int64_t> out;
    m_matched = 0;
    m_atLeast = false;
    if (tracks.empty() || limit <= 0) return out;
    const int64_t share = limit / int64_t(tracks.size()) + 1;
    const int64_t cap = std::max(share + 1, kCountBudget / int64_t(tracks.size()));
    std::vector<Count> counts;
    for (int64_t t : tracks) {
        counts.push_back(count(t, cap));
        m_matched += counts.back().n;
        m_atLeast = m_atLeast || counts.back().capped;
    }
    // the fewest first: a track with fewer arrows than its share takes them all, the rest goes to the others
    // (the healthy demo's window of ranks 0-2 drew 285 of its 2000 arrows: empty tracks kept their shares)
    std::stable_sort(counts.begin(), counts.end(), [](const Count& a, const Count& b) { return a.n < b.n; });
    int64_t left = limit;
    for (size_t i = 0; i < counts.size(); ++i) {
        const int64_t mine = std::min(counts[i].n, left / int64_t(counts.size() - i));
        left -= mine;
        if (mine == counts[i].n && !counts[i].capped) { // all of them
            for (bool asSource : {true, false})
                for (const auto& [rowid, ts] : owned(asSource, counts[i].track, m_from, m_t1 + 1, mine, 0))
                    out.push_back(rowid);
        } else if (mine > 0) {
            spread(counts[i].track, int(mine), out);
        }
    }
    return out;
}

void WindowFlowSampler::spread(int64_t track, int n, std::vector<int64_t>& out) {
    // n equal slices of the window, then its look-back (an arrow there is drawn only when it reaches into
    // the window); in turn, the earliest arrow of each slice not taken yet, until n are taken
    struct Slice {
        Slice(int64_t from, int64_t to) : a(from), b(to) {}
        int64_t a, b;
        int64_t taken[2] = {0, 0}; ///< by source, by destination
        std::optional<std::pair<int64_t, int64_t>> next[2];
        bool read[2] = {false, false};
        bool done = false;
    };
    const int64_t t0 = m_t0, span = m_t1 + 1 - t0;
    std::vector<Slice> slices;
    for (int k = 0; k < n; ++k) {
        const int64_t a = t0 + span * k / n, b = t0 + span * (k + 1) / n;
        if (b > a) slices.push_back(Slice{a, b});
    }
    if (t0 > m_from) slices.push_back(Slice{m_from, t0});
    int taken = 0;
    for (bool any = true; any && taken < n;) {
        any = false;
        for (Slice& s : slices) {
            if (s.done || taken == n) continue;
            for (int e : {0, 1})
                if (!s.read[e]) {
                    const auto row = owned(e == 0, track, s.a, s.b, 1, s.taken[e]);
                    s.next[e] = row.empty() ? std::nullopt : std::optional(row.front());
                    s.read[e] = true;
                }
            if (!s.next[0] && !s.next[1]) {
                s.done = true;
                continue;
            }
            const int e = !s.next[0] ? 1 : !s.next[1] ? 0 : s.next[1]->second < s.next[0]->second;
            out.push_back(s.next[e]->first);
            ++s.taken[e];
            s.read[e] = false;
            ++taken;
            any = true;
        }
    }
}

} // namespace rs::query
