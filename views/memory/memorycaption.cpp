#include "views/memory/memorycaption.h"
#include "core/query/untimedpeak.h"

#include "core/query/memorysources.h"
#include "core/query/tensortext.h"
#include "views/common/timemapping.h"

#include <QCoreApplication>

namespace rs::views {

namespace {
QString tr(const char* s) {
    return QCoreApplication::translate("MemoryMapView", s);
}
QString escaped(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}
} // namespace

QString memoryContentsCaption(const query::MemoryMapData& d) {
    const bool none = d.tensors.empty() && d.curve.empty();
    // a rank that draws nothing says which memory files it has and what was left out of them (the
    // diagnostics'): "none recorded, or records left out" was said of test_rank_1's 51 rows, all left out
    const std::string leftOut = query::leftOutText(d.sources);
    QString text = !d.unknown.empty()  ? escaped(d.unknown)
                   : none              ? escaped(query::noMemoryDataText(d.sources))
                   : d.tensors.empty() ? tr("no tensors (memory curve only)")
                                       : tr("%1 tensors").arg(d.tensors.size());
    if (d.unknown.empty() && !none && !leftOut.empty()) text += tr(" · left out: %1").arg(escaped(leftOut));
    if (d.withoutAddressLeftOut > 0)
        text += tr(" (and %1 rows without a device address, the same allocations as another file lists "
                   "them: not drawn)")
                    .arg(d.withoutAddressLeftOut);
    if (d.withoutAddressNotDrawn > 0) // the .db's OP_MEMORY rows NPU_OP_MEM gives no address (PTA's)
        text += tr(" (and %1 allocations the file records without a device address: not drawn on the address "
                   "axis)")
                    .arg(d.withoutAddressNotDrawn);
    if (d.peakAllocatedBytes > 0) text += tr(" · peak allocated %1").arg(formatBytes(d.peakAllocatedBytes));
    if (d.peakReservedBytes > 0) text += tr(" · peak reserved %1").arg(formatBytes(d.peakReservedBytes));
    // of the curve's component; one reserving more is not in these figures, and says so (r50d #3: mstext's
    // APP at 2.06 GiB beside "peak reserved 1.49 GiB")
    if (!d.componentsBeyond.empty()) {
        QStringList beyond;
        for (const auto& c : d.componentsBeyond)
            beyond << tr("%1 reserved up to %2").arg(escaped(c.component), formatBytes(c.reservedBytes));
        text += tr(" (%1; not in them: %2)").arg(escaped(d.curveComponent), beyond.join(", "));
    }
    // a peak no timed row reaches is no measured moment (walk 53b: test_rank_1's 4.49 GiB beside a map
    // drawing nothing): what it rests on
    if ((d.peakAllocatedBytes > 0 || d.peakReservedBytes > 0) && !d.peakTimed)
        text +=
            tr(" · the peaks %1").arg(escaped(query::untimedPeakText(d.peakUntimedRows, d.curveComponent)));
    if (!d.hasAddresses && !d.tensors.empty())
        text += tr(" · the source has no device addresses: lifetime view");
    if (d.bankSizeBytes > 0 && d.hasAddresses)
        text += (d.bankLayoutAssumed ? tr(" · %1 banks of %2 (assumed: no rankscope-device.json beside the "
                                          "profile gives the card's)")
                                     : tr(" · %1 banks of %2"))
                    .arg(d.bankCount)
                    .arg(formatBytes(d.bankSizeBytes));
    // a finding of the rank, said as one: in red alone it read as the subject of the map
    for (const auto& op : d.anomalyOps)
        text += tr(" · <b><font color='#dc1e28'>finding: %1 in an unusual bank</font></b>").arg(escaped(op));
    return text;
}

QString memorySelectionCaption(const Selection& s, const query::MemoryMapData& d,
                               const QString& highlightedOp, int named) {
    if (s.rank >= 0 && s.rank != d.rank) return {}; // another rank's: the highlight note says what is shown
    if (s.kind == Selection::Kind::Tensor) {
        for (const auto& t : d.tensors) {
            if (QString::fromStdString(t.tensorId) != s.tensorId) continue;
            QString what = formatBytes(t.sizeBytes);
            if (t.bank) what += tr(", bank %1").arg(*t.bank);
            return tr("selected: tensor <b>%1</b> of <b>%2</b> (%3) · ")
                .arg(escaped(query::tensorName(t)),
                     t.opName.empty() ? tr("no op recorded") : escaped(t.opName), what);
        }
        return {};
    }
    if (highlightedOp.isEmpty()) return {};
    return tr("selected: <b>%1</b> (%2) · ")
        .arg(highlightedOp.toHtmlEscaped(), named == 1  ? tr("1 tensor names it")
                                            : named > 1 ? tr("%1 tensors name it").arg(named)
                                                        : tr("no tensor names it"));
}

} // namespace rs::views
