#include "app/gui/guimain.h"

#include "app/gui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

namespace rs::gui {

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("rankscope");
    QApplication::setOrganizationName("rankscope");
    QApplication::setApplicationVersion(RANKSCOPE_VERSION);
    MainWindow w;
    w.applyTheme(QSettings().value("view/theme", "system").toString());
    w.show();
    QStringList args = app.arguments().mid(1);
    if (!args.isEmpty())
        w.openProfile(args.first());
    else if (QSettings().value("general/reopenLast", true).toBool())
        w.reopenLast();
    return app.exec();
}

} // namespace rs::gui
