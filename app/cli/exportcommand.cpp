#include "app/cli/commands.h"
#include "app/cli/profileopener.h"
#include "app/gui/snapshotexporter.h"

#include <QApplication>
#include <cstdio>
#include <cstdlib>

namespace rs::cli {

int runExport(const ArgList& argv) {
    auto vo = indexValueOptions();
    for (const char* o : {"out", "view", "format", "width", "height", "step"})
        vo.insert(o);
    Args a(argv, vo, indexFlags({"quiet"}));
    if (!a.ok()) return usageError("export", a.error());
    if (a.positional().size() != 1) return usageError("export", "export needs exactly one profile DIR");
    auto out = a.value("out");
    if (!out) return usageError("export", "export needs --out FOLDER");
    gui::ExportRequest r;
    r.outDir = QString::fromStdString(*out);
    r.view = QString::fromStdString(a.value("view").value_or("all"));
    r.format = QString::fromStdString(a.value("format").value_or("png"));
    r.size = QSize(int(a.intValue("width", 1600, 200, 16000)), int(a.intValue("height", 900, 150, 16000)));
    r.step = int(a.intValue("step", -1, -1, 1LL << 40));
    if (!a.ok()) return usageError("export", a.error());
    if (r.view != "all" && r.view != "timeline" && r.view != "heatmap" && r.view != "memory")
        return usageError("export", "--view must be all, timeline, heatmap or memory");
    index::IndexOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("export", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet"));
    if (!res.ok) return 1;
    r.dbPath = QString::fromStdString(res.dbPath);
    // Headless by default: export never needs a display.
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    // The offscreen platform's benign notices (no runtime dir, no window-size hints) are not for users.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
        if (msg.contains("XDG_RUNTIME_DIR") || msg.contains("propagateSizeHints")) return;
        if (type != QtDebugMsg) std::fprintf(stderr, "%s\n", msg.toLocal8Bit().constData());
    });
    int qargc = 1;
    char name[] = "rankscope";
    char* qargv[] = {name, nullptr};
    QApplication app(qargc, qargv);
    QString err;
    QStringList files = gui::exportSnapshots(r, err);
    for (const auto& f : files)
        std::printf("%s\n", f.toLocal8Bit().constData());
    if (!err.isEmpty()) {
        std::fprintf(stderr, "rankscope: export failed: %s\n", err.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

} // namespace rs::cli
