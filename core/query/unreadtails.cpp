#include "core/query/unreadtails.h"

#include "core/query/damagedinput.h"

#include <algorithm>
#include <tuple>

namespace rs::query {

std::map<int, int64_t> rankRunEnds(index::Db& db) {
    // to the end of the rank's run: the rank's own end is where its read data ends, cut with it (a demo
    // rank's trace_view.json cut in half ended the rank at 136 ms of a 471 ms run)
    std::map<int, int64_t> out;
    auto q = db.prepare("SELECT r.rank, max(coalesce(u.end_ns, r.end_ns), r.end_ns) FROM rank_info r LEFT "
                        "JOIN run u ON u.run_id = r.run_id WHERE r.end_ns IS NOT NULL");
    while (q.step())
        out[int(q.i64(0))] = q.i64(1);
    return out;
}

std::vector<UnreadTail> unreadTails(index::Db& db, const std::set<int>& ranks) {
    return unreadTails(db, ranks, rankRunEnds(db));
}

std::vector<UnreadTail> unreadTails(index::Db& db, const std::set<int>& ranks,
                                    const std::map<int, int64_t>& runEnds) {
    std::vector<UnreadTail> out;
    // a file not read at all drew no lane (the notes name it); only a file read in part leaves lanes that
    // stop early
    auto files = db.prepare("SELECT file_id, rank FROM source_file WHERE path = ?1 AND rank IS NOT NULL");
    auto lanes = db.prepare("SELECT s.track_id, t.rank, max(s.ts_ns + s.dur_ns) FROM span s JOIN track t "
                            "USING(track_id) WHERE s.file_id = ?1 GROUP BY s.track_id");
    for (const auto& f : damagedFiles(db)) {
        if (f.notRead) continue;
        const size_t slash = f.path.rfind('/');
        const std::string name = slash == std::string::npos ? f.path : f.path.substr(slash + 1);
        files.bind(1, f.path);
        std::vector<std::pair<int64_t, int>> ids;
        while (files.step())
            if (ranks.count(int(files.i64(1)))) ids.push_back({files.i64(0), int(files.i64(1))});
        files.reset();
        for (const auto& [fileId, rank] : ids) {
            lanes.bind(1, fileId);
            while (lanes.step()) {
                const auto end = runEnds.find(int(lanes.i64(1)));
                if (end != runEnds.end() && lanes.i64(2) < end->second)
                    out.push_back({lanes.i64(0), rank, lanes.i64(2), end->second, name, f.cutAtByte});
            }
            lanes.reset();
        }
    }
    sortTails(out);
    return out;
}

void sortTails(std::vector<UnreadTail>& tails) {
    std::sort(tails.begin(), tails.end(), [](const UnreadTail& a, const UnreadTail& b) {
        return std::tie(a.trackId, a.startNs, a.file) < std::tie(b.trackId, b.startNs, b.file);
    });
}

std::string unreadTailText(const UnreadTail& t) {
    return "not read: " + t.file + " was cut" +
           (t.cutAtByte ? " at byte " + std::to_string(*t.cutAtByte) : std::string()) +
           "; what it held past that is missing";
}

} // namespace rs::query
