#include "app/gui/settings.h"

#include "app/gui/recentprofiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace rs::gui {

namespace {
// every key of the app, in one place (the recent list's key and its migration live in RecentProfiles)
namespace key {
constexpr char reopenLast[] = "profiles/reopenLast";
constexpr char lastDir[] = "profiles/lastDir";
constexpr char compareDir[] = "compare/lastDir";
constexpr char viewFile[] = "views/lastFile";
constexpr char reportFile[] = "report/lastFile";
constexpr char theme[] = "view/theme";
constexpr char showWaits[] = "view/showWaits";
constexpr char aligned[] = "view/aligned";
constexpr char lanePrefix[] = "view/show_"; // + the lane kind's name
constexpr char commMetric[] = "comm/metric";
constexpr char heatmapMode[] = "heatmap/mode";
constexpr char heatmapOp[] = "heatmap/op";
constexpr char heatmapRank[] = "heatmap/rank";
constexpr char hiddenFlows[] = "view/hiddenFlowCategories"; // the categories turned off (new ones show)
constexpr char geometry[] = "window/geometry";
constexpr char state[] = "window/state";
constexpr char exportView[] = "export/view";
constexpr char exportScale[] = "export/scale";
constexpr char exportCaption[] = "export/caption";
constexpr char exportAnnotations[] = "export/annotations";
constexpr char exportDir[] = "export/dir";
constexpr char exportName[] = "export/name";
constexpr char sqlHistory[] = "sql/history";
constexpr char csvFile[] = "sql/lastCsvFile";
} // namespace key

const QStringList kExportViews = {"window", "timeline", "heatmap", "memory"};

/// `k` as a bool, or `def` when absent or not a bool ("true"/"false" as INI writes them).
bool readBool(const char* k, bool def) {
    const QVariant v = QSettings().value(k);
    if (!v.isValid()) return def;
    const QString s = v.toString().toLower();
    if (s == "true" || s == "1") return true;
    if (s == "false" || s == "0") return false;
    return def;
}

QString readString(const char* k, const QString& def) {
    const QString s = QSettings().value(k).toString();
    return s.isEmpty() ? def : s;
}

void write(const char* k, const QVariant& v) {
    QSettings().setValue(k, v);
}
} // namespace

QString Settings::laneKindName(LaneKind k) {
    switch (k) {
    case LaneKind::Overlap:
        return "overlap";
    case LaneKind::Host:
        return "host";
    case LaneKind::Memory:
        return "memory";
    case LaneKind::Counter:
        return "counter";
    }
    return {};
}

QStringList Settings::themes() {
    return {"system", "light", "dark"};
}

QStringList Settings::recentProfiles() const {
    return RecentProfiles::list();
}

void Settings::addRecentProfile(const QString& path) {
    RecentProfiles::add(path);
}

void Settings::removeRecentProfile(const QString& path) {
    RecentProfiles::remove(path);
}

void Settings::clearRecentProfiles() {
    RecentProfiles::clear();
}

QString Settings::lastProfile() const {
    return RecentProfiles::last();
}

bool Settings::reopenLast() const {
    return readBool(key::reopenLast, true);
}

void Settings::setReopenLast(bool on) {
    write(key::reopenLast, on);
}

namespace {
/// The folder a dialog starts in: a single trace file's folder, not the file (walk17a L7: "Open profile…"
/// after "Open trace file…" pre-filled the file's name, and a typed path was appended to it).
QString folderOf(const QString& path) {
    const QFileInfo f(path);
    return !path.isEmpty() && f.isFile() ? f.absolutePath() : path;
}
} // namespace

QString Settings::lastProfileDir() const {
    return folderOf(readString(key::lastDir, {}));
}

QString Settings::openProfileStart() const {
    const QString last = readString(key::lastDir, {});
    if (last.isEmpty()) return {};
    return QFileInfo(QDir::cleanPath(last)).absolutePath(); // a directory's parent, a file's folder
}

void Settings::setLastProfileDir(const QString& dir) {
    write(key::lastDir, dir);
}

QString Settings::lastCompareDir(const QString& fallback) const {
    return folderOf(readString(key::compareDir, fallback));
}

void Settings::setLastCompareDir(const QString& dir) {
    write(key::compareDir, dir);
}

QString Settings::lastViewFile(const QString& fallback) const {
    return readString(key::viewFile, fallback);
}

void Settings::setLastViewFile(const QString& path) {
    write(key::viewFile, path);
}

QString Settings::lastReportFile(const QString& fallback) const {
    return readString(key::reportFile, fallback);
}

void Settings::setLastReportFile(const QString& path) {
    write(key::reportFile, path);
}

QString Settings::theme() const {
    const QString t = readString(key::theme, "system");
    return themes().contains(t) ? t : QString("system");
}

void Settings::setTheme(const QString& theme) {
    write(key::theme, themes().contains(theme) ? theme : QString("system"));
}

bool Settings::showWaits() const {
    return readBool(key::showWaits, true);
}

void Settings::setShowWaits(bool on) {
    write(key::showWaits, on);
}

bool Settings::alignClocks() const {
    return readBool(key::aligned, false);
}

void Settings::setAlignClocks(bool on) {
    write(key::aligned, on);
}

int Settings::commMetric() const {
    bool ok = false;
    const int m = QSettings().value(key::commMetric).toInt(&ok);
    return ok && m >= 0 && m <= 3 ? m : 0;
}

void Settings::setCommMetric(int metric) {
    if (metric >= 0 && metric <= 3) write(key::commMetric, metric);
}

HeatmapLayoutSetting Settings::heatmapLayout() const {
    QSettings q;
    bool ok = false;
    HeatmapLayoutSetting out;
    const int mode = q.value(key::heatmapMode).toInt(&ok);
    if (!ok || mode < 0 || mode > 2) return out;
    out.mode = mode;
    out.op = q.value(key::heatmapOp).toString();
    const int rank = q.value(key::heatmapRank).toInt(&ok);
    out.rankNumber = ok ? rank : -1;
    return out;
}

void Settings::setHeatmapLayout(const HeatmapLayoutSetting& l) {
    if (l.mode < 0 || l.mode > 2) return;
    write(key::heatmapMode, l.mode);
    write(key::heatmapOp, l.op);
    write(key::heatmapRank, l.rankNumber);
}

bool Settings::laneKindShown(LaneKind k) const {
    const bool def = k == LaneKind::Host || k == LaneKind::Memory;
    return readBool((key::lanePrefix + laneKindName(k)).toUtf8().constData(), def);
}

void Settings::setLaneKindShown(LaneKind k, bool on) {
    write((key::lanePrefix + laneKindName(k)).toUtf8().constData(), on);
}

bool Settings::flowCategoryShown(const QString& category) const {
    return !QSettings().value(key::hiddenFlows).toStringList().contains(category);
}

void Settings::setFlowCategoryShown(const QString& category, bool on) {
    QStringList hidden = QSettings().value(key::hiddenFlows).toStringList();
    hidden.removeAll(category);
    if (!on) hidden << category;
    hidden.sort();
    write(key::hiddenFlows, hidden);
}

QByteArray Settings::windowGeometry() const {
    return QSettings().value(key::geometry).toByteArray();
}

QByteArray Settings::windowState() const {
    return QSettings().value(key::state).toByteArray();
}

bool Settings::hasWindowLayout() const {
    return QSettings().contains(key::state);
}

void Settings::setWindowLayout(const QByteArray& geometry, const QByteArray& state) {
    QSettings st;
    st.setValue(key::geometry, geometry);
    st.setValue(key::state, state);
}

ExportDefaults Settings::exportDefaults() const {
    ExportDefaults d;
    const QString view = readString(key::exportView, d.view);
    if (kExportViews.contains(view)) d.view = view;
    bool ok = false;
    const double scale = QSettings().value(key::exportScale).toDouble(&ok);
    if (ok) d.scale = scale > 1.5 ? 2 : 1;
    d.caption = readBool(key::exportCaption, d.caption);
    d.annotations = readBool(key::exportAnnotations, d.annotations);
    d.dir = readString(key::exportDir, QDir::homePath());
    d.name = readString(key::exportName, d.name);
    return d;
}

QString Settings::lastExportDir() const {
    return readString(key::exportDir, {});
}

void Settings::setExportDefaults(const ExportDefaults& d) {
    QSettings st;
    st.setValue(key::exportView, d.view);
    st.setValue(key::exportScale, d.scale);
    st.setValue(key::exportCaption, d.caption);
    st.setValue(key::exportAnnotations, d.annotations);
    st.setValue(key::exportDir, d.dir);
    st.setValue(key::exportName, d.name);
}

QStringList Settings::sqlHistory() const {
    QStringList out;
    for (const QString& q : QSettings().value(key::sqlHistory).toStringList())
        if (!q.trimmed().isEmpty() && !out.contains(q) && out.size() < kSqlHistoryLength) out << q;
    return out;
}

void Settings::addSqlHistory(const QString& sql) {
    if (sql.trimmed().isEmpty()) return;
    QStringList list = sqlHistory();
    list.removeAll(sql);
    list.prepend(sql);
    while (list.size() > kSqlHistoryLength)
        list.removeLast();
    write(key::sqlHistory, list);
}

QString Settings::lastCsvFile(const QString& fallback) const {
    return readString(key::csvFile, fallback);
}

void Settings::setLastCsvFile(const QString& path) {
    write(key::csvFile, path);
}

} // namespace rs::gui
