#include "views/common/rankname.h"

#include "core/query/unnamedranks.h"

#include <QObject>

namespace rs::views {

namespace {
/// The number key `key`'s files write and its run (`s` not null).
std::pair<int, int> numberAndRun(const query::ProfileSummary& s, int key) {
    // the runs list every rank with its number, the shown run's and the others' (a search's or a console
    // row's span may be of another run)
    int number = s.shownRank(key), run = s.run;
    for (const auto& r : s.runs)
        for (size_t i = 0; i < r.ranks.size() && i < r.dataRanks.size(); ++i)
            if (r.ranks[i] == key) number = r.dataRanks[i], run = r.run;
    return {number, run};
}
} // namespace

QString rankName(const query::ProfileSummary* s, int key) {
    if (!s) return QObject::tr("rank %1").arg(key);
    const auto [number, run] = numberAndRun(*s, key);
    // "rank 1" would claim a number no file says (r48d): the file, as the timeline's header names it
    const QString rank = s->unnamedRankFile.count(key) ? QString::fromStdString(query::rankName(*s, key))
                                                       : QObject::tr("rank %1").arg(number);
    return s->runs.size() < 2 ? rank : QObject::tr("%1 of run %2").arg(rank).arg(run);
}

int rankNumber(const query::ProfileSummary* s, int key) {
    return s ? numberAndRun(*s, key).first : key;
}

} // namespace rs::views
