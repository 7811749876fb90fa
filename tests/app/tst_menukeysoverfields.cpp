// A one-line field leaves the window's menu keys to the menu (app/gui/menukeysoverfields.h): on X11 a
// QLineEdit takes Ctrl+E for "end of line", and File ▸ Export image's Ctrl+E did nothing from the track
// filter (walk17b #15). The offscreen platform's fields take no Emacs keys, so the X11 case itself was
// checked under Xvfb (xcb): Ctrl+E in the track filter opens the export dialog.
#include "app/gui/menukeysoverfields.h"

#include <QAction>
#include <QLineEdit>
#include <QMainWindow>
#include <QVBoxLayout>
#include <QtTest>

using namespace rs;

class TstMenuKeysOverFields : public QObject {
    Q_OBJECT

    /// Ctrl+E typed into a focused field of a window whose action has Ctrl+E: how often the action fired.
    static int firedFromField(bool withFilter) {
        QMainWindow w;
        auto* field = new QLineEdit(&w);
        w.setCentralWidget(field);
        auto* action = new QAction("Export image", &w);
        action->setShortcut(QKeySequence("Ctrl+E"));
        w.addAction(action);
        int fired = 0;
        QObject::connect(action, &QAction::triggered, [&] { ++fired; });
        std::unique_ptr<gui::MenuKeysOverFields> filter;
        if (withFilter) {
            filter = std::make_unique<gui::MenuKeysOverFields>(
                std::vector<QKeySequence>{QKeySequence("Ctrl+E")}, nullptr);
            qApp->installEventFilter(filter.get());
        }
        w.show();
        w.activateWindow();
        if (!QTest::qWaitForWindowActive(&w)) return -1;
        field->setFocus();
        field->setText("rank 3");
        QTest::keyClick(field, Qt::Key_E, Qt::ControlModifier);
        QTest::keyClick(field, Qt::Key_X); // an ordinary key still types into the field
        if (field->text() != "rank 3x") return -2;
        return fired;
    }

  private Q_SLOTS:
    void menuKeyWinsOverTheField() { QCOMPARE(firedFromField(true), 1); }
    void onlyTheMenuKeysAreTakenFromTheField() {
        // the override a field asks for: refused for Ctrl+E, left alone for Ctrl+X (cut stays the field's)
        QLineEdit field;
        gui::MenuKeysOverFields filter({QKeySequence("Ctrl+E")}, nullptr);
        field.installEventFilter(&filter);
        QKeyEvent menuKey(QEvent::ShortcutOverride, Qt::Key_E, Qt::ControlModifier);
        QKeyEvent cut(QEvent::ShortcutOverride, Qt::Key_X, Qt::ControlModifier);
        QCoreApplication::sendEvent(&field, &menuKey);
        QCoreApplication::sendEvent(&field, &cut);
        QVERIFY(!menuKey.isAccepted());
        QVERIFY(cut.isAccepted());
    }
};

QTEST_MAIN(TstMenuKeysOverFields)
#include "tst_menukeysoverfields.moc"
