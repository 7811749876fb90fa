#pragma once
// Elides texts to a pixel width so that different texts keep different labels: first in the middle (the
// head and the tail stay; a C++ kernel signature by its function's name, views/common/kernellabel.h); where
// two texts still read the same (long C++ kernel names share their head and often their parameter list), each
// such label keeps a short head and the part from just before where it first differs from the others; where
// even that part does not fit the width, look-alikes are numbered at their end ("…_kernel#1", "…_kernel#2").
// The full text belongs in the tooltip. GUI thread (font metrics).
#include <QFontMetrics>
#include <QString>
#include <vector>

namespace rs::views {

/// One label per text, each at most `widthPx` wide in `fm`; equal texts get equal labels.
std::vector<QString> elideDistinct(const std::vector<QString>& texts, const QFontMetrics& fm, int widthPx);

} // namespace rs::views
