#include "views/common/kernelnamestip.h"

#include "views/common/plural.h"

#include <QObject>

namespace rs::views {

QString kernelNamesTip(const std::string& opType, const std::vector<std::pair<std::string, int64_t>>& names,
                       const QString& where) {
    if (names.empty()) return {};
    // one name, the op type's own: the label says the name, the count is still news (walk 30: a
    // single-kernel row said nothing where a merged one listed "×N name")
    if (names.size() == 1 && names.front().first == opType)
        return counted(qint64(names.front().second), QObject::tr("kernel"), QObject::tr("kernels")) + " " +
               where + QObject::tr(", all of this one name");
    QString tip = counted(qint64(names.size()), QObject::tr("kernel name"), QObject::tr("kernel names")) +
                  " " + where + ":";
    for (size_t i = 0; i < names.size() && i < size_t(kKernelNamesShown); ++i)
        tip += QString("<br>×%1 %2")
                   .arg(names[i].second)
                   .arg(QString::fromStdString(names[i].first).toHtmlEscaped());
    if (names.size() > size_t(kKernelNamesShown))
        tip += "<br>" + QObject::tr("+%1 more").arg(qint64(names.size()) - kKernelNamesShown);
    return tip;
}

} // namespace rs::views
