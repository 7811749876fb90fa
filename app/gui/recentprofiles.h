#pragma once
// The recent-profiles list of the desktop app: newest first, no duplicates (paths compared after making
// them absolute and clean), at most kMax entries, kept in QSettings under "profiles/recent". Every change
// is read-modify-written in one QSettings object and synced at once, so two windows or two processes add
// to the list instead of replacing it. The app reaches it through Settings (app/gui/settings.h). GUI thread.
#include <QStringList>

namespace rs::gui {

class RecentProfiles {
  public:
    static constexpr int kMax = 10;
    /// The list, newest first (migrates the list older versions kept under "General/recent").
    static QStringList list();
    /// Puts `path` first; returns the new list.
    static QStringList add(const QString& path);
    static void remove(const QString& path);
    static void clear();
    /// The profile opened last, or empty.
    static QString last();
};

} // namespace rs::gui
