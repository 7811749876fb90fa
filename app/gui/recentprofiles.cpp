#include "app/gui/recentprofiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace rs::gui {

namespace {
const char* kKey = "profiles/recent";
// Versions before 0.1.1 used the group "general", which QSettings' INI format writes as "[%General]" and
// reads back as "General": a new process never found the list, and every open started a new one.
const char* kLegacyKeys[] = {"General/recent", "general/recent"};

QString normalised(const QString& path) {
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

QStringList read(QSettings& st) {
    QStringList raw = st.value(kKey).toStringList();
    if (!st.contains(kKey))
        for (const char* k : kLegacyKeys)
            raw += st.value(k).toStringList();
    QStringList out;
    for (const QString& p : raw) {
        QString n = normalised(p);
        if (!p.isEmpty() && !out.contains(n)) out.append(n);
        if (out.size() == RecentProfiles::kMax) break;
    }
    return out;
}

void write(QSettings& st, const QStringList& l) {
    st.setValue(kKey, l);
    for (const char* k : kLegacyKeys)
        st.remove(k);
    st.sync();
}
} // namespace

QStringList RecentProfiles::list() {
    QSettings st;
    return read(st);
}

QStringList RecentProfiles::add(const QString& path) {
    QSettings st;
    QStringList l = read(st);
    QString n = normalised(path);
    l.removeAll(n);
    l.prepend(n);
    while (l.size() > kMax)
        l.removeLast();
    write(st, l);
    return l;
}

void RecentProfiles::remove(const QString& path) {
    QSettings st;
    QStringList l = read(st);
    l.removeAll(normalised(path));
    write(st, l);
}

void RecentProfiles::clear() {
    QSettings st;
    write(st, {});
}

QString RecentProfiles::last() {
    QStringList l = list();
    return l.isEmpty() ? QString() : l.first();
}

} // namespace rs::gui
