#pragma once
// A picture's title ("Op heatmap — /tmp/walk28/s/mindinsight/tests/utils/resource/cluster_propose") on the
// picture's width: the view's name and the profile's own folder name are what tell two pictures apart, so
// the path is shortened from its start by whole folders ("Op heatmap — …/resource/cluster_propose"); where
// even that does not fit, the folder goes on a line of its own. Eliding the middle cut the profile's name
// ("/tmp/walk28/s…s/resource/cluster_propose" at 480 px: walk 28). GUI thread (font metrics).
#include <QFontMetrics>
#include <QStringList>

namespace rs::gui {

/// The title's lines, each at most `widthPx` wide in `fm` (one line whenever the shortened path fits).
QStringList titleLines(const QString& title, const QFontMetrics& fm, int widthPx);

} // namespace rs::gui
