// The timeline's letter keys reach it from anywhere in its window — a table, a canvas, a button — but not
// from where text is typed (a line edit, an editable combo box, a spin box) nor from another window; the
// arrows and Esc stay with the widget that has them; Ctrl+letter is never taken.
#include "app/gui/timelinekeyrouter.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtTest>

namespace {
/// Stands in for the timeline: remembers the keys it was given.
class KeySink : public QWidget {
  public:
    QList<int> keys;

  protected:
    void keyPressEvent(QKeyEvent* e) override { keys << e->key(); }
};
} // namespace

class TstTimelineKeyRouter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void routesFromWhereNoTextIsTyped() {
        QMainWindow w;
        auto* central = new QWidget;
        auto* lay = new QVBoxLayout(central);
        auto* sink = new KeySink;
        sink->setMinimumSize(200, 100);
        auto* edit = new QLineEdit;
        auto* table = new QTableView;
        QStandardItemModel model(3, 1);
        table->setModel(&model);
        auto* combo = new QComboBox;
        combo->addItems({"wide", "short"});
        auto* editable = new QComboBox;
        editable->setEditable(true);
        auto* spin = new QSpinBox;
        auto* button = new QPushButton("b");
        for (QWidget* x : std::initializer_list<QWidget*>{sink, edit, table, combo, editable, spin, button})
            lay->addWidget(x);
        w.setCentralWidget(central);
        auto* router = new rs::gui::TimelineKeyRouter(&w, sink);
        qApp->installEventFilter(router);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // from a table, a combo box and a button: to the timeline
        for (QWidget* from : std::initializer_list<QWidget*>{table, combo, button}) {
            sink->keys.clear();
            QTest::keyClick(from, Qt::Key_W);
            QTest::keyClick(from, Qt::Key_Plus, Qt::ShiftModifier);
            QTest::keyClick(from, Qt::Key_BracketLeft);
            QCOMPARE(sink->keys, (QList<int>{Qt::Key_W, Qt::Key_Plus, Qt::Key_BracketLeft}));
        }
        // arrows, Esc, Ctrl+W, Shift+W and letters the timeline has no use for stay where they are
        sink->keys.clear();
        QTest::keyClick(table, Qt::Key_Down);
        QTest::keyClick(table, Qt::Key_Left);
        QTest::keyClick(table, Qt::Key_Escape);
        QTest::keyClick(table, Qt::Key_W, Qt::ControlModifier);
        QTest::keyClick(table, Qt::Key_W, Qt::ShiftModifier);
        QTest::keyClick(table, Qt::Key_Q);
        QVERIFY(sink->keys.isEmpty());
        // where text is typed: the letters are text
        QTest::keyClick(edit, Qt::Key_W);
        QTest::keyClick(editable, Qt::Key_S);
        QTest::keyClick(spin, Qt::Key_Minus);
        QVERIFY(sink->keys.isEmpty());
        QCOMPARE(edit->text(), QString("w"));
        QCOMPARE(editable->currentText(), QString("s"));
        // another window (a dialog of this one) keeps its keys
        QDialog d(&w);
        auto* button2 = new QPushButton("x", &d);
        d.show();
        QTest::keyClick(button2, Qt::Key_W);
        QVERIFY(sink->keys.isEmpty());
        // the timeline's own presses are its own (not sent twice)
        QTest::keyClick(sink, Qt::Key_W);
        QCOMPARE(sink->keys, (QList<int>{Qt::Key_W}));
        qApp->removeEventFilter(router);
    }
};

QTEST_MAIN(TstTimelineKeyRouter)
#include "tst_timelinekeyrouter.moc"
