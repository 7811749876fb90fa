#include "app/gui/savepaths.h"

#include "app/gui/settings.h"

#include <QDir>
#include <QFileInfo>

namespace rs::gui {

QString SavePaths::profileFolder(const QString& profile) {
    if (profile.isEmpty()) return {};
    const QFileInfo f(QDir::cleanPath(profile));
    return f.isDir() ? f.absoluteFilePath() : f.absolutePath();
}

QString SavePaths::folder(const QString& profileFolder, bool writable, const QString& lastUsed) {
    if (!profileFolder.isEmpty() && writable) return profileFolder;
    if (!lastUsed.isEmpty() && QFileInfo(lastUsed).isDir()) return lastUsed;
    return QDir::homePath();
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
        return st.exportDefaults().dir;
    case Kind::Report:
        return folderOfFile(st.lastReportFile({}));
    case Kind::Csv:
        return folderOfFile(st.lastCsvFile({}));
    }
    return {};
}

QString SavePaths::folderFor(Kind kind, const QString& profile) {
    const QString own = profileFolder(profile);
    return folder(own, !own.isEmpty() && QFileInfo(own).isWritable(), lastFolder(kind));
}

QString SavePaths::propose(Kind kind, const QString& profile, std::optional<int> run, const QString& what,
                           const QString& suffix) {
    return freePath(folderFor(kind, profile), stem(profile, run) + "-" + what, suffix);
}

} // namespace rs::gui
