// The frame builder's note of a counter lane's samples outside the run's range: the timeline spans the run
// (its spans), while a device's counters may start before its first span and run on after its last
// (walk 24: 6 of level1 rank 0's 13 HBM samples lie 100.5…0.6 ms before it, and nothing said so). The run's
// start stays the ruler's origin; the lane says how many samples lie beyond each end, and how far, while
// the window reaches that end. Any thread (see framebuilder.h).
#include "views/common/plural.h"
#include "views/timeline/framebuilder.h"

#include <QCoreApplication>
#include <QFontMetricsF>

namespace rs::views {

namespace {

QString outsideText(const query::OutsideSamples& o, bool start, bool end) {
    QStringList parts;
    if (start && o.before > 0)
        parts << QCoreApplication::translate("FrameBuilder", "%1 before it (from %2)")
                     .arg(counted(o.before, "sample", "samples"), formatOffset(o.firstNs, 1000));
    if (end && o.after > 0)
        parts << QCoreApplication::translate("FrameBuilder", "%1 after it (to %2)")
                     .arg(counted(o.after, "sample", "samples"), formatOffset(o.lastNs, 1000));
    if (parts.isEmpty()) return {};
    return QCoreApplication::translate("FrameBuilder", "outside the run: %1").arg(parts.join(", "));
}

} // namespace

void FrameBuilder::addOutsideSamples(const FrameInput& in, const Lane& l, double y) {
    if (!in.summary || !l.outside.any()) return;
    const QString text = outsideText(l.outside, in.t0 <= in.summary->startNs, in.t1 >= in.summary->endNs);
    if (text.isEmpty()) return;
    const double left = Viewport::kGutter + 4, room = in.viewport.plotWidth() * 0.7 - 8;
    const QFontMetricsF fm(fontFor(FontRole::Small, in.font));
    const double w = std::min(fm.horizontalAdvance(text) + 6, room);
    if (w < 40) return;
    QColor plate = QColor::fromRgba(in.palette.base);
    plate.setAlpha(215);
    // at the plot's left, clear of the lane's scale at its right (elided to 70 % of the lane)
    m_labels.push_back({QRectF(left, y + 1, w, std::min(fm.height() + 1, double(l.height) - 2)), text,
                        in.palette.windowText, plate.rgba(), Qt::AlignHCenter | Qt::AlignVCenter});
}

} // namespace rs::views
