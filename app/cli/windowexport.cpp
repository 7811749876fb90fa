#include "app/cli/windowexport.h"

#include "app/gui/imagewriter.h"
#include "app/gui/mainwindow.h"
#include "views/comm/commmatrixview.h"
#include "views/timeline/timelineview.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStatusBar>
#include <cstdio>
#include <functional>

namespace rs::cli {

namespace {
/// Waits (running the event loop) until `done` or `seconds` pass.
bool waitFor(const std::function<bool()>& done, int seconds) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > seconds * 1000) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    return true;
}
} // namespace

bool showWindowForExport(gui::MainWindow& w, const gui::ExportRequest& r) {
    // the saved view's window size, its docks' layout being of that size (the app's export is of the
    // window as it is)
    const QSize saved = r.state && r.state->windowSize.isValid() ? r.state->windowSize : QSize(1600, 1000);
    w.resize(r.width > 0 ? r.width : saved.width(), r.height > 0 ? r.height : saved.height());
    w.show();
    bool ready = false;
    QObject::connect(&w, &gui::MainWindow::profileReady, [&] { ready = true; });
    w.openProfile(r.profile);
    if (!waitFor([&] { return ready; }, 600)) {
        std::fprintf(stderr, "rankscope: export: the profile did not open in time\n");
        return false;
    }
    if (r.state) w.applyViewState(*r.state);
    if (r.windowFlows) w.timeline()->setWindowFlows(true); // of the categories the app shows
    if (r.counters) w.timeline()->setKindVisible("counter", true);
    if (r.range)
        w.state()->setWindow(w.state()->boundsStart() + r.range->first,
                             w.state()->boundsStart() + r.range->second);
    if (r.selection) w.state()->setSelection(*r.selection);
    waitFor([&] { return w.timeline()->timelineData() != nullptr; }, 60);
    waitFor([&] { return !w.comparing(); }, 600); // a saved view's comparison, on its panel
    if (r.state && !w.viewStateDropped().isEmpty()) {
        // its profile or run never opened: the picture is of what did (walk 27 waited 600 s for it)
        std::fprintf(stderr,
                     "rankscope: export: the saved view was not applied (the picture shows what opened "
                     "instead): %s\n",
                     w.viewStateDropped().toLocal8Bit().constData());
        w.statusBar()->showMessage(
            QObject::tr("The saved view was not applied: %1").arg(w.viewStateDropped()));
    } else if (r.state && r.state->comparison && !w.comparisonFailure().isEmpty()) {
        // said on the command line and in the picture's status line (a later message had replaced it)
        const QString why = w.comparisonFailure();
        std::fprintf(stderr,
                     "rankscope: export: the saved view's comparison with %s is not in the picture: %s\n",
                     r.state->comparison->with.toLocal8Bit().constData(), why.toLocal8Bit().constData());
        w.statusBar()->showMessage(QObject::tr("Comparison failed: %1").arg(why));
    }
    // a saved view's link: its collectives outlined and its two ranks shown, as the app shows them
    waitFor([&] { return !w.commView()->resolvingLink(); }, 60);
    waitFor([] { return false; }, 1); // the linked views' answers
    return true;
}

int exportWindow(const gui::ExportRequest& r, const QString& path) {
    gui::MainWindow w;
    if (!showWindowForExport(w, r)) return 1;
    gui::Caption c = w.exportCaption("window");
    QString error;
    if (!gui::writeImage(w, &c, r.scale, path, error)) {
        std::fprintf(stderr, "rankscope: export failed: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    std::printf("%s\n", path.toLocal8Bit().constData());
    return 0;
}

} // namespace rs::cli
