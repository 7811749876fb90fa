#include "app/gui/clockaligntext.h"

#include "views/common/timemapping.h"

#include <QObject>
#include <cstdlib>

namespace rs::gui {

QString clockAlignText(bool aligned, const query::ProfileSummary* s) {
    // the rank moved most: its offset says whether the toggle can show on screen at this zoom
    int rank = -1;
    int64_t largest = 0;
    if (s)
        for (const auto& [key, off] : s->clockOffsetNs)
            if (std::llabs(off) > std::llabs(largest)) {
                largest = off;
                rank = s->shownRank(key);
            }
    const QString moved = rank < 0 ? QString()
                                   : QObject::tr("largest offset: rank %1, %2%3")
                                         .arg(rank)
                                         .arg(largest < 0 ? "−" : "+")
                                         .arg(views::formatDuration(std::llabs(largest)));
    if (!aligned)
        return rank < 0
                   ? QObject::tr("Rank clocks raw: each rank on its own timestamps")
                   : QObject::tr("Rank clocks raw: each rank on its own timestamps (%1, undone)").arg(moved);
    if (!s) return QObject::tr("Rank clocks aligned: applies to the next profile opened");
    if (rank < 0)
        return QObject::tr("Rank clocks aligned: no offset was estimated (no collective ends to align the "
                           "ranks by), so nothing moved");
    return QObject::tr("Rank clocks aligned: each rank shifted by its offset estimated from collective end "
                       "times (%1)")
        .arg(moved);
}

} // namespace rs::gui
