// The frame builder's unread tails: where a lane's events stop because the file they came from was cut,
// the rest of its rank's time is cross-hatched grey and named, so a device whose kernels were past the cut
// does not look idle (walk18a #1: rank 1's streams of a Kineto trace cut at 60 % stopped at ~1.0 s while
// its host threads ran to 2.05 s). Any thread (see framebuilder.h).
#include "views/common/palette.h"
#include "views/timeline/framebuilder.h"

#include <QCoreApplication>

namespace rs::views {

void FrameBuilder::addUnreadTails(const FrameInput& in, const Lane& l, double y, DrawList& out) {
    if (!in.summary || l.header || l.chart()) return;
    const auto [first, last] = query::tailsOfTrack(in.summary->unreadTails, l.trackId);
    const TimeMapping lm = in.rankMapping(l.rank);
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    const QColor ink = unreadColor();
    for (auto t = first; t != last; ++t) {
        const double x0 = std::max(lm.x(t->startNs), left), x1 = std::min(lm.x(t->endNs), right);
        if (x1 <= x0) continue;
        const QRectF r(x0, y + 1, std::max(1.0, x1 - x0), l.height - 2);
        out.add(FillRect{r, qRgba(ink.red(), ink.green(), ink.blue(), 40)});
        out.add(FillRect{r, ink.rgba(), Hatch::Cross});
        if (r.width() > 160)
            m_labels.push_back(
                {r.adjusted(4, 0, -4, 0),
                 QCoreApplication::translate("FrameBuilder", "not read: %1 cut%2")
                     .arg(QString::fromStdString(t->file),
                          t->cutAtByte
                              ? QCoreApplication::translate("FrameBuilder", " at byte %1").arg(*t->cutAtByte)
                              : QString()),
                 in.palette.windowText});
    }
}

} // namespace rs::views
