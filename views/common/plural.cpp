#include "views/common/plural.h"

namespace rs::views {

QString counted(qint64 n, const QString& one, const QString& many) {
    return QString::number(n) + ' ' + (n == 1 || n == -1 ? one : many);
}

} // namespace rs::views
