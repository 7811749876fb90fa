#include "app/cli/headlessqt.h"

#include <QString>
#include <QtGlobal>
#include <cstdio>
#include <cstdlib>

namespace rs::cli {

void useHeadlessQt() {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
        if (msg.contains("XDG_RUNTIME_DIR") || msg.contains("propagateSizeHints")) return;
        if (type != QtDebugMsg) std::fprintf(stderr, "%s\n", msg.toLocal8Bit().constData());
    });
}

} // namespace rs::cli
