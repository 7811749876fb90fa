#include "app/gui/shortcutsdialog.h"

#include "views/timeline/timelinekeys.h"

#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>

namespace rs::gui {

std::vector<std::pair<QString, QString>> shortcutRows(const QMenuBar* menus) {
    std::vector<std::pair<QString, QString>> rows;
    QSet<QString> seen;
    for (QMenu* menu : menus->findChildren<QMenu*>())
        for (QAction* a : menu->actions()) {
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                if (!k.isEmpty() &&
                    !keys.contains(k.toString(QKeySequence::NativeText))) // a platform may list one twice
                    keys << k.toString(QKeySequence::NativeText);
            if (keys.isEmpty() || seen.contains(a->text())) continue;
            seen.insert(a->text());
            QString what = a->text();
            what.remove('&');
            what.remove(QString::fromUtf8("…"));
            rows.push_back({keys.join(", "),
                            QString::fromUtf8("%1 ▸ %2").arg(menu->title().remove('&'), what.trimmed())});
        }
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    for (const auto& k : views::timelineKeys())
        rows.push_back(
            {QString::fromUtf8(k.keysText), QObject::tr("Timeline: %1").arg(QString::fromUtf8(k.what))});
    for (const auto& g : views::timelineGestures())
        rows.push_back(
            {QString::fromUtf8(g.how), QObject::tr("Timeline: %1").arg(QString::fromUtf8(g.what))});
    return rows;
}

void showShortcuts(QWidget* parent, const std::vector<std::pair<QString, QString>>& rows) {
    QString html = "<table>";
    for (const auto& [keys, what] : rows)
        html += "<tr><td><b>" + keys.toHtmlEscaped() + "</b></td><td>" + what.toHtmlEscaped() + "</td></tr>";
    html += "</table><p>" +
            QObject::tr(
                "The timeline's letter keys (W, S, A, D, F, +, -, [, ]) and the menus' letter keys (N, R, T, "
                "B…) work anywhere in the window, tables included, except where text is typed; the arrows "
                "and Esc act on the timeline while it has the focus.") +
            "</p>";
    QMessageBox box(QMessageBox::Information, QObject::tr("Keyboard shortcuts"), html, QMessageBox::Ok,
                    parent);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

} // namespace rs::gui
