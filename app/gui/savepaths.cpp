#include "app/gui/savepaths.h"

#include "app/gui/settings.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace rs::gui {

QString SavePaths::folder(const QString& lastUsed, const QString& standard) {
    for (const QString& dir : {lastUsed, standard})
        if (!dir.isEmpty() && QFileInfo(dir).isDir()) return dir;
    return QDir::homePath(); // a Pictures or Documents folder not made yet is not offered
}

QString SavePaths::standardFolder(Kind kind) {
    return QStandardPaths::writableLocation(kind == Kind::Image ? QStandardPaths::PicturesLocation
                                                                : QStandardPaths::DocumentsLocation);
}

QString SavePaths::stem(const QString& profile, std::optional<int> run) {
    const QFileInfo f(QDir::cleanPath(profile));
    // a folder's whole name ("demo.v2"), a trace file's without its suffixes ("host_1.pt.trace.json.gz")
    QString name = profile.isEmpty() ? QString() : f.isDir() ? f.fileName() : f.baseName();
    if (name.isEmpty()) name = "rankscope"; // no profile, or the root folder
    return run ? QString("%1-run%2").arg(name).arg(*run) : name;
}

QString SavePaths::freePath(const QString& dir, const QString& base, const QString& suffix) {
    const QDir d(dir);
    QString path = d.filePath(base + "." + suffix);
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = d.filePath(QString("%1-%2.%3").arg(base).arg(n).arg(suffix));
    return path;
}

QString SavePaths::lastFolder(Kind kind) {
    const Settings st;
    // the file settings hold the last file written; its folder is the one used
    const auto folderOfFile = [](const QString& file) {
        return file.isEmpty() ? QString() : QFileInfo(file).absolutePath();
    };
    switch (kind) {
    case Kind::View:
        return folderOfFile(st.lastViewFile({}));
    case Kind::Image:
        return st.lastExportDir();
    case Kind::Report:
        return folderOfFile(st.lastReportFile({}));
    case Kind::Csv:
        return folderOfFile(st.lastCsvFile({}));
    }
    return {};
}

QString SavePaths::folderFor(Kind kind) {
    return folder(lastFolder(kind), standardFolder(kind));
}

QString SavePaths::propose(Kind kind, const QString& profile, std::optional<int> run, const QString& what,
                           const QString& suffix) {
    return freePath(folderFor(kind), stem(profile, run) + "-" + what, suffix);
}

} // namespace rs::gui
