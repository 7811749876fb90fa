#include "core/analysis/sessionwindow.h"

#include "core/model/timetext.h"

#include <algorithm>

namespace rs::analysis {

std::optional<SessionWindow> sessionWindow(index::Db& db, int rank) {
    auto w = db.prepare("SELECT start_ns, end_ns FROM rank_info WHERE rank = ? AND start_ns IS NOT NULL");
    w.bind(1, rank);
    if (!w.step()) return std::nullopt;
    SessionWindow s;
    s.start = w.i64(0);
    s.end = w.i64(1);
    s.margin = std::max<int64_t>(int64_t(3600) * 1000000000, s.end - s.start);
    return s;
}

std::string awayExcerpt(int64_t farthestNs) {
    constexpr int64_t kDay = int64_t(86400) * 1000000000;
    return "up to " +
           (farthestNs >= 2 * kDay ? std::to_string(farthestNs / kDay) + " days"
                                   : model::formatDuration(farthestNs)) +
           " away";
}

std::string otherSessionText(const std::string& what, const std::string& whence) {
    return what + " far from the rank's events (another profiling session?): left out of " + whence;
}

} // namespace rs::analysis
