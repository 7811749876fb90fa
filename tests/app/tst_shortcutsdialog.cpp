// The one table of keys: every menu action with keys once (the first of two with one name), sorted by
// "Menu ▸ Action", its keys as registered; then the timeline's keys and gestures, in their table's order. The
// dialog of 70 rows fits the screen (the message box it was stood 984 px tall on a 1000 px screen) and
// scrolls to its last row.
#include "app/gui/shortcutsdialog.h"
#include "views/timeline/timelinekeys.h"

#include <QDialog>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QScrollBar>
#include <QTableWidget>
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
    void oneActionPerBinding() {
        // walk 38 #4: Alt+Left was listed for Navigate ▸ Back and for "zoom history (also Alt+Left)", as
        // if two actions answered it; the timeline's [ and ] are the same Back and Forward
        QMenuBar bar;
        QMenu* nav = bar.addMenu("&Navigate");
        nav->addAction("&Back")->setShortcut(QKeySequence("Alt+Left"));
        nav->addAction("&Forward")->setShortcut(QKeySequence("Alt+Right"));
        for (const QString& key : {QString("Alt+Left"), QString("Alt+Right")}) {
            QStringList naming;
            for (const auto& [keys, what] : rs::gui::shortcutRows(&bar))
                if (keys.contains(key) || what.contains(key)) naming << what;
            QCOMPARE(naming.size(), 1);
        }
    }
    void fitsTheScreen() {
        std::vector<std::pair<QString, QString>> rows;
        for (int i = 0; i < 70; ++i) // more than the window has (≈ 60)
            rows.push_back(
                {QString("Ctrl+Shift+%1").arg(i), QString::fromUtf8("Menu ▸ Action number %1").arg(i)});
        QWidget parent;
        parent.show();
        std::unique_ptr<QDialog> box(rs::gui::makeShortcutsDialog(&parent, rows));
        box->show();
        QVERIFY(QTest::qWaitForWindowExposed(box.get()));
        const QRect avail = box->screen()->availableGeometry();
        // the offscreen screen is 800 × 600: 70 rows of ≈ 20 px cannot stand in it unscrolled
        QVERIFY2(
            box->frameGeometry().height() <= avail.height(),
            qPrintable(
                QString("%1 px on a %2 px screen").arg(box->frameGeometry().height()).arg(avail.height())));
        QVERIFY(box->frameGeometry().width() <= avail.width());
        auto* table = box->findChild<QTableWidget*>("shortcutsTable");
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 70);
        QCOMPARE(table->item(69, 0)->text(), QString("Ctrl+Shift+69"));
        QVERIFY(table->verticalScrollBar()->maximum() > 0); // it scrolls
        table->scrollToItem(table->item(69, 1));
        QVERIFY(table->viewport()->rect().contains(table->visualItemRect(table->item(69, 1)).center()));
        // and a short list is not stretched to the screen
        std::unique_ptr<QDialog> small(rs::gui::makeShortcutsDialog(&parent, {rows[0], rows[1]}));
        QVERIFY(small->height() < avail.height() / 2);
    }
};

QTEST_MAIN(TstShortcutsDialog)
#include "tst_shortcutsdialog.moc"
