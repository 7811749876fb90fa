#pragma once
// What an exported timeline picture shows per rank: its span pixels (saturated greens, blues and purples —
// compute and communication colours — not the wait overlay's red or the idle gaps' orange) in each rank's
// span lanes, for the export tests of the app and of `rankscope export`. GUI thread.
#include "views/timeline/timelinelayout.h"

#include <QColor>
#include <QImage>
#include <map>
#include <vector>

namespace rs::test {

/// Span pixels per rank in `img`, whose timeline (ruler on top) starts at row `top`, laid out as `lanes`.
inline std::map<int, int> spanInkByRank(const QImage& img, const std::vector<views::Lane>& lanes, int top) {
    std::map<int, int> ink;
    for (const auto& l : lanes) {
        if (l.header || l.chart()) continue;
        const int y0 = top + views::Viewport::kAxis + l.y;
        for (int y = y0 + 1; y < y0 + l.height - 1; y += 2)
            for (int x = views::Viewport::kGutter; x < img.width() - 20; x += 3) {
                const QColor c = img.pixelColor(x, y);
                ink[l.rank] += c.saturation() > 90 && c.hue() >= 45 && c.hue() <= 290;
            }
    }
    return ink;
}

} // namespace rs::test
