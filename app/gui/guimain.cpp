#include "app/gui/guimain.h"

#include "app/gui/appicon.h"
#include "app/gui/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QSettings>

namespace rs::gui {

namespace {
/// The profile directory a saved view (.rsview JSON, key "profile", relative to the file) names, or an
/// error message.
QString profileOfViewState(const QString& path, QString& error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = QObject::tr("Cannot read %1: %2").arg(path, f.errorString());
        return {};
    }
    QJsonParseError pe;
    QJsonDocument doc = QJsonDocument::fromJson(f.read(16 << 20), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        error = QObject::tr("%1 is not a saved view: %2 at byte %3").arg(path, pe.errorString()).arg(pe.offset);
        return {};
    }
    QString profile = doc.object().value("profile").toString();
    if (profile.isEmpty()) {
        error = QObject::tr("%1 names no profile (key \"profile\")").arg(path);
        return {};
    }
    if (QFileInfo(profile).isRelative()) profile = QFileInfo(path).absoluteDir().filePath(profile);
    return profile;
}
} // namespace

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("rankscope");
    QApplication::setOrganizationName("rankscope");
    QApplication::setApplicationVersion(RANKSCOPE_VERSION);
    QApplication::setDesktopFileName("org.rankscope.Rankscope");
    QApplication::setWindowIcon(appIcon());
    MainWindow w;
    w.applyTheme(QSettings().value("view/theme", "system").toString());
    w.show();
    QStringList args = app.arguments().mid(1);
    if (!args.isEmpty()) {
        QString target = args.first();
        if (target.endsWith(".rsview")) {
            QString error;
            target = profileOfViewState(target, error);
            if (target.isEmpty()) QMessageBox::warning(&w, QObject::tr("Open saved view"), error);
        }
        if (!target.isEmpty()) w.openProfile(target);
    } else if (QSettings().value("profiles/reopenLast", true).toBool()) {
        w.reopenLast();
    }
    return app.exec();
}

} // namespace rs::gui
