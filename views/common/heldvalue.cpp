#include "views/common/heldvalue.h"

#include "views/common/timemapping.h"

#include <QCoreApplication>

namespace rs::views {

QString heldText(int64_t lastSampleNs, int64_t originNs) {
    return QCoreApplication::translate("HeldValue", "held after the last sample (%1)")
        .arg(formatOffset(lastSampleNs - originNs, 1000));
}

} // namespace rs::views
