#include "views/timeline/drawlist.h"

#include <algorithm>

namespace rs::views {

QFont fontFor(FontRole role, const QFont& base) {
    QFont f = base;
    switch (role) {
    case FontRole::Base:
        break;
    case FontRole::Small:
        f.setPointSizeF(std::max(6.5, base.pointSizeF() - 1.5));
        break;
    case FontRole::Bold:
        f.setBold(true);
        break;
    case FontRole::Axis:
        f.setPointSizeF(std::max(6.5, base.pointSizeF() - 1));
        break;
    case FontRole::AxisBold:
        f.setPointSizeF(std::max(6.5, base.pointSizeF() - 1));
        f.setBold(true);
        break;
    case FontRole::Callout:
        f.setPointSizeF(std::max(7.0, base.pointSizeF() - 0.5));
        f.setBold(true);
        break;
    }
    return f;
}

} // namespace rs::views
