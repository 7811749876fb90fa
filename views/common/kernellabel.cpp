#include "views/common/kernellabel.h"

#include "core/model/shortkernelname.h"

namespace rs::views {

bool isKernelSignature(const QString& name) {
    return name.endsWith(')') && name.contains('(');
}

QString shortKernelLabel(const QString& name, const QFontMetrics& fm, int widthPx) {
    if (fm.horizontalAdvance(name) <= widthPx) return name;
    if (!isKernelSignature(name)) return fm.elidedText(name, Qt::ElideMiddle, widthPx);
    const std::string utf8 = name.toStdString();
    auto cut = [&](size_t bytes) { return QString::fromStdString(model::shortKernelName(utf8, bytes)); };
    // the largest byte budget whose form fits: forms grow with the budget, so a binary search
    size_t lo = 8, hi = utf8.size();
    while (lo < hi) {
        const size_t mid = (lo + hi + 1) / 2;
        if (fm.horizontalAdvance(cut(mid)) <= widthPx)
            lo = mid;
        else
            hi = mid - 1;
    }
    return cut(lo);
}

} // namespace rs::views
