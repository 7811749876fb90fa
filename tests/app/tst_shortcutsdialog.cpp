// The one table of keys: every menu action with keys once (the first of two with one name), sorted by
// "Menu ▸ Action", its keys as registered; then the timeline's keys and gestures, in their table's order.
#include "app/gui/shortcutsdialog.h"
#include "views/timeline/timelinekeys.h"

#include <QMenu>
#include <QMenuBar>
#include <QtTest>

class TstShortcutsDialog : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void rows() {
        QMenuBar bar;
        QMenu* file = bar.addMenu("&File");
        QMenu* view = bar.addMenu("&View");
        file->addAction("&Save view…")->setShortcut(QKeySequence::Save);
        file->addAction("No keys");
        view->addAction("Show &waits")->setShortcut(QKeySequence("Ctrl+Shift+H"));
        view->addAction("Show &waits")->setShortcut(QKeySequence("Ctrl+Shift+J")); // the same name again
        QAction* two = file->addAction("&Export");
        two->setShortcuts({QKeySequence("Ctrl+E"), QKeySequence("Ctrl+Alt+E")});
        const auto rows = rs::gui::shortcutRows(&bar);
        const size_t menuRows = 3;
        QCOMPARE(rows.size(),
                 menuRows + rs::views::timelineKeys().size() + rs::views::timelineGestures().size());
        QCOMPARE(rows[0],
                 (std::pair<QString, QString>{"Ctrl+E, Ctrl+Alt+E", QString::fromUtf8("File ▸ Export")}));
        QCOMPARE(rows[1], (std::pair<QString, QString>{"Ctrl+S", QString::fromUtf8("File ▸ Save view")}));
        QCOMPARE(rows[2],
                 (std::pair<QString, QString>{"Ctrl+Shift+H", QString::fromUtf8("View ▸ Show waits")}));
        QCOMPARE(rows[menuRows].first, QString::fromUtf8(rs::views::timelineKeys().front().keysText));
        QVERIFY(rows[menuRows].second.startsWith("Timeline: "));
        QCOMPARE(rows.back().first, QString::fromUtf8(rs::views::timelineGestures().back().how));
    }
};

QTEST_MAIN(TstShortcutsDialog)
#include "tst_shortcutsdialog.moc"
