#include "app/gui/stepfactstext.h"

#include "views/common/timemapping.h"

namespace rs::gui {

QString stepWallShort(const query::StepDesc& s) {
    return QObject::tr("wall %1%2 (%3)")
        .arg(views::formatDuration(s.wall.wallNs))
        .arg(s.wall.partial() ? QStringLiteral(" ⚠") : QString())
        .arg(QString::fromStdString(model::wallSourceName(s.wall.source)));
}

QString stepWallLong(const query::StepDesc& s, int shownRank) {
    QString t = QObject::tr("wall %1, %2")
                    .arg(views::formatDuration(s.wall.wallNs))
                    .arg(QString::fromStdString(model::wallSourceText(s.wall.source)));
    if (s.wall.partial())
        t += "\n⚠ " + QObject::tr("%1 rank %2 step %3: %4")
                          .arg(QString::fromStdString(model::wallSourceName(s.wall.source)))
                          .arg(shownRank)
                          .arg(s.step)
                          .arg(QString::fromStdString(s.wall.partialText()));
    return t;
}

QString stepBoundsLong(const query::StepDesc& s, int64_t originNs) {
    const auto b = query::boundsOf(s.wall, s.startNs, s.endNs);
    QString t =
        QObject::tr("bounds %1 … %2 from the run's start (%3): %4")
            .arg(views::formatOffset(b.startNs - originNs, 1000),
                 views::formatOffset(b.endNs - originNs, 1000), views::formatDuration(b.endNs - b.startNs),
                 QString::fromStdString(model::stepBoundsText(b)));
    if (b.startNs != s.startNs || b.endNs != s.endNs)
        t += "\n" + QObject::tr("the step band the timeline draws: %1 … %2 (%3)")
                        .arg(views::formatOffset(s.startNs - originNs, 1000),
                             views::formatOffset(s.endNs - originNs, 1000),
                             views::formatDuration(s.endNs - s.startNs));
    return t;
}

QString stepWaitShort(const query::StepDesc& s, QString* why) {
    if (s.waitUnknown.empty()) return QObject::tr("wait %1").arg(views::formatDuration(s.waitNs));
    if (why) *why = QString::fromStdString(s.waitUnknown);
    return QObject::tr("wait not known");
}

} // namespace rs::gui
