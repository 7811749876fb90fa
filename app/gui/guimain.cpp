#include "app/gui/guimain.h"

#include "app/gui/appicon.h"
#include "app/gui/mainwindow.h"
#include "app/gui/settings.h"
#include "app/gui/viewstate.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>

namespace rs::gui {

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("rankscope");
    QApplication::setOrganizationName("rankscope");
    QApplication::setApplicationVersion(RANKSCOPE_VERSION);
    QApplication::setDesktopFileName("org.rankscope.Rankscope");
    QApplication::setWindowIcon(appIcon());
    MainWindow w;
    w.applyTheme(Settings().theme());
    w.show();
    // the keys work from the start: without a window manager (a remote X, Xvfb) nothing else gives the new
    // window the keyboard, and R or Ctrl+E did nothing until a click
    w.raise();
    w.activateWindow();
    QStringList args = app.arguments().mid(1);
    if (!args.isEmpty() && args.first() == "open") args.removeFirst();
    // rankscope DIR [--state FILE.rsview] | rankscope FILE.rsview
    QString stateFile;
    if (int i = int(args.indexOf("--state")); i >= 0) {
        stateFile = i + 1 < args.size() ? args[i + 1] : QString();
        args.remove(i, std::min<int>(2, int(args.size()) - i));
        if (stateFile.isEmpty())
            QMessageBox::warning(&w, QObject::tr("Open saved view"),
                                 QObject::tr("--state needs a .rsview file"));
    }
    if (!args.isEmpty() && args.first().endsWith(".rsview")) stateFile = args.takeFirst();
    if (!stateFile.isEmpty()) {
        QString error;
        auto state = readViewState(stateFile, error);
        if (!state) {
            QMessageBox::warning(&w, QObject::tr("Open saved view"), error);
        } else if (!args.isEmpty() && !viewStateIsOf(*state, args.first())) {
            // another profile's view: its window and selection are of another run (walk 39); the DIR given
            // opens without it, and the user is told, as `export --state` refuses the pair
            QMessageBox::warning(&w, QObject::tr("Open saved view"),
                                 QObject::tr("The saved view %1 is of %2, not %3: %3 opens without it.")
                                     .arg(stateFile, state->profile, args.first()));
        } else {
            if (!args.isEmpty())
                state->profile = QFileInfo(args.first()).absoluteFilePath(); // the DIR given (the same one)
            w.openSavedView(*state);
            return app.exec();
        }
    }
    if (!args.isEmpty()) {
        w.openProfile(args.first());
    } else if (Settings().reopenLast()) {
        w.reopenLast();
    }
    return app.exec();
}

} // namespace rs::gui
