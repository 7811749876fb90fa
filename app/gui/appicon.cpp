#include "app/gui/appicon.h"

// The resource lives in the static rankscope_app library: Q_INIT_RESOURCE references its initialiser so the
// linker keeps it (an unreferenced static initialiser in a static library is dropped).
static void initResources() {
    Q_INIT_RESOURCE(rankscope);
}

namespace rs::gui {

QIcon appIcon() {
    static bool once = (initResources(), true);
    (void)once;
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QString(":/icons/rankscope-%1.png").arg(size), QSize(size, size));
    return icon;
}

} // namespace rs::gui
