#pragma once
// What the desktop app remembers between sessions, typed: one class over QSettings that holds every key,
// its type and its default, so no settings key is spelled anywhere else in the app. The recent-profiles
// list keeps its merging rules in RecentProfiles (this class fronts it). Every getter reads QSettings and
// every setter writes it at once, so two windows (or two processes) see each other's changes. A value of
// the wrong type or out of range reads as the default. GUI thread (QSettings is reentrant, not shared).
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace rs::gui {

/// File ▸ Export's last choices (the dialog starts from them; Copy image uses the view).
/// The op heatmap's layout: 0 op × rank, 1 op × step of one rank (by its number as the files write it),
/// 2 rank × step of one op.
struct HeatmapLayoutSetting {
    int mode = 0;
    QString op;
    int rankNumber = -1;
    bool operator==(const HeatmapLayoutSetting&) const = default;
};

struct ExportDefaults {
    QString view = "timeline"; ///< window, timeline, heatmap, memory
    double scale = 1;          ///< 1 or 2 (PNG only)
    bool caption = true;
    bool annotations = true;
    QString dir;                             ///< empty: the home folder
    QString name = "rankscope-timeline.png"; ///< file name inside dir
    bool operator==(const ExportDefaults&) const = default;
};

/// The timeline's optional lane kinds (View menu); the names are the timeline's own kind names.
enum class LaneKind { Overlap, Host, Memory, Counter };

class Settings {
  public:
    static constexpr LaneKind kLaneKinds[] = {LaneKind::Overlap, LaneKind::Host, LaneKind::Memory,
                                              LaneKind::Counter};
    /// "overlap", "host", "memory", "counter": the kind as TimelineView::setKindVisible names it.
    static QString laneKindName(LaneKind k);
    /// The themes offered: "system", "light", "dark".
    static QStringList themes();

    // profiles
    QStringList recentProfiles() const; ///< newest first
    void addRecentProfile(const QString& path);
    void removeRecentProfile(const QString& path);
    void clearRecentProfiles();
    QString lastProfile() const; ///< the profile opened last, or empty
    bool reopenLast() const;     ///< reopen the last profile on start (default on)
    void setReopenLast(bool on);
    /// Where the open dialogs start (empty: the platform's choice): a folder, also after a single trace file
    /// was opened (its folder).
    QString lastProfileDir() const;
    void setLastProfileDir(const QString& dir);
    /// Where File ▸ Open profile's dialog starts: the folder holding the last profile (its parent; a single
    /// trace file's folder), since a sibling profile is opened far more often than a folder inside the
    /// last one (r47c #3: it started inside it). Empty: the platform's choice.
    QString openProfileStart() const;
    QString lastCompareDir(const QString& fallback) const; ///< a folder, as lastProfileDir
    void setLastCompareDir(const QString& dir);
    QString lastViewFile(const QString& fallback) const; ///< File ▸ Save view / Open view
    void setLastViewFile(const QString& path);
    QString lastReportFile(const QString& fallback) const;
    void setLastReportFile(const QString& path);

    // the view
    QString theme() const; ///< one of themes() (default "system")
    void setTheme(const QString& theme);
    bool showWaits() const; ///< default on
    void setShowWaits(bool on);
    bool alignClocks() const; ///< default off
    void setAlignClocks(bool on);
    bool laneKindShown(LaneKind k) const; ///< default: host and memory lanes on, the others off
    void setLaneKindShown(LaneKind k, bool on);
    /// The Communication view's colour metric for matrices with link data: 0 bandwidth (default), 1 size,
    /// 2 transit time, 3 transport type (views::CommMetric's values).
    int commMetric() const;
    void setCommMetric(int metric);
    /// The op heatmap's layout the user last chose (views::HeatmapView's mode 0–2, its op or rank number).
    HeatmapLayoutSetting heatmapLayout() const;
    void setHeatmapLayout(const HeatmapLayoutSetting& l);
    /// Whether the window's flows of `category` (ac2g, fwdbwd, HostToDevice, …) are drawn (default on).
    bool flowCategoryShown(const QString& category) const;
    void setFlowCategoryShown(const QString& category, bool on);

    // the window's layout (QMainWindow::saveGeometry / saveState)
    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    bool hasWindowLayout() const; ///< false on a first start: the docks get their default sizes
    void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

    // export
    ExportDefaults exportDefaults() const;
    void setExportDefaults(const ExportDefaults& d);
    /// The folder the last image was exported to; "" when none was (exportDefaults' dir is home then).
    QString lastExportDir() const;

    // the SQL console's history: one list for every profile (the documented views are the same in all)
    static constexpr int kSqlHistoryLength = 100;
    QStringList sqlHistory() const; ///< newest first, no blanks, no repeats, at most kSqlHistoryLength
    /// Puts `sql` first (moving it up when it was there already); blank text is not kept.
    void addSqlHistory(const QString& sql);
    QString lastCsvFile(const QString& fallback) const; ///< the console's Export CSV
    void setLastCsvFile(const QString& path);
};

} // namespace rs::gui
