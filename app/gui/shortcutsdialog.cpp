#include "app/gui/shortcutsdialog.h"

#include "views/timeline/timelinekeys.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QScrollBar>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>
#include <memory>

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

QDialog* makeShortcutsDialog(QWidget* parent, const std::vector<std::pair<QString, QString>>& rows) {
    auto* box = new QDialog(parent);
    box->setWindowTitle(QObject::tr("Keyboard shortcuts"));
    auto* table = new QTableWidget(int(rows.size()), 2, box);
    table->setObjectName("shortcutsTable");
    table->setHorizontalHeaderLabels({QObject::tr("Keys"), QObject::tr("What they do")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6); // compact rows
    for (int r = 0; r < int(rows.size()); ++r) {
        auto* keys = new QTableWidgetItem(rows[size_t(r)].first);
        QFont bold = keys->font();
        bold.setBold(true);
        keys->setFont(bold);
        table->setItem(r, 0, keys);
        table->setItem(r, 1, new QTableWidgetItem(rows[size_t(r)].second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* note = new QLabel(
        QObject::tr(
            "The timeline's letter keys (W, S, A, D, F, +, -, [, ]) and the menus' letter keys (N, R, T, "
            "B…) work anywhere in the window, tables included, except where text is typed; the arrows "
            "and Esc act on the timeline while it has the focus. Elsewhere Esc deselects a selected link "
            "(and its track filter goes), unless the widget with the focus takes it first."),
        box);
    note->setWordWrap(true);
    auto* ok = new QDialogButtonBox(QDialogButtonBox::Ok, box);
    QObject::connect(ok, &QDialogButtonBox::accepted, box, &QDialog::accept);
    auto* lay = new QVBoxLayout(box);
    lay->addWidget(table, 1);
    lay->addWidget(note);
    lay->addWidget(ok);
    // as wide as the table's columns, as tall as its rows, but within the screen (the table scrolls)
    const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const QRect avail = screen ? screen->availableGeometry() : QRect(0, 0, 1024, 768);
    const int tableW = table->horizontalHeader()->length() + table->verticalScrollBar()->sizeHint().width() +
                       2 * table->frameWidth();
    const int w = std::min(std::max(tableW + 24, 480), avail.width() * 9 / 10);
    note->setMinimumWidth(std::min(w - 24, 460));
    const int tableH =
        table->horizontalHeader()->height() + table->verticalHeader()->length() + 2 * table->frameWidth();
    const int rest = note->heightForWidth(w - 24) + ok->sizeHint().height() + 40; // margins and spacing
    const int h = std::min(tableH + rest, avail.height() * 85 / 100);
    box->resize(w, h);
    box->setMaximumHeight(avail.height());
    return box;
}

void showShortcuts(QWidget* parent, const std::vector<std::pair<QString, QString>>& rows) {
    std::unique_ptr<QDialog> box(makeShortcutsDialog(parent, rows));
    box->exec();
}

} // namespace rs::gui
