#pragma once
// The tooltip of a painted grid (heatmap cells, shape cells): for a QEvent::ToolTip, shows the text the
// widget gives for the point, or hides the tooltip when there is none. GUI thread only.
#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

namespace rs::views {

/// True when `e` was a tooltip event (handled); `textAt(QPoint)` returns the text, empty for none.
template <class TextAt> bool handleCellToolTip(QWidget* w, QEvent* e, TextAt&& textAt) {
    if (e->type() != QEvent::ToolTip) return false;
    auto* he = static_cast<QHelpEvent*>(e);
    const QString text = textAt(he->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(he->globalPos(), text, w);
    return true;
}

} // namespace rs::views
