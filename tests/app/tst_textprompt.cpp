// The text prompt of annotations: Enter confirms, Shift+Enter makes a new line, Esc cancels (the
// multi-line QInputDialog it replaces could not be confirmed from the keyboard).
#include "app/gui/textprompt.h"

#include <QPlainTextEdit>
#include <QtTest>

using rs::gui::TextPrompt;

class TstTextPrompt : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void enterConfirmsShiftEnterBreaksTheLine() {
        TextPrompt d(nullptr, "New note", "Text of the note:", "");
        d.show();
        auto* edit = d.findChild<QPlainTextEdit*>();
        QVERIFY(edit);
        QTest::keyClicks(edit, "slow card");
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QVERIFY(d.isVisible());
        QTest::keyClicks(edit, "rank 3");
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QCOMPARE(d.text(), QString("slow card\nrank 3"));
    }
    void escapeCancels() {
        TextPrompt d(nullptr, "Edit", "Text:", "before");
        d.show();
        QTest::keyClick(d.findChild<QPlainTextEdit*>(), Qt::Key_Escape);
        QCOMPARE(d.result(), int(QDialog::Rejected));
    }
};

QTEST_MAIN(TstTextPrompt)
#include "tst_textprompt.moc"
