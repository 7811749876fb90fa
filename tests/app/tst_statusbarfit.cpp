// Issue 19 #3: at 800 × 600 the status bar's texts were drawn over one another — a message ("75 kernels of
// bn_fw_tr_1C11_kernel…") cut mid-word against the selection's field, the fields pushed onto each other —
// and Ctrl+L (View ▸ Align rank clocks) changed nothing one could see. Each field in its own rectangle,
// the message among them (whole, or elided with "…" and whole in its tooltip), and Ctrl+L says what it did.
#include "app/gui/mainwindow.h"
#include "app/gui/statusline.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"

#include <QAction>
#include <QLabel>
#include <QStatusBar>
#include <QtTest>

using namespace rs;

class TstStatusBarFit : public QObject {
    Q_OBJECT
  private:
    /// The bar's visible labels.
    static QList<QLabel*> shownLabels(QStatusBar* bar) {
        QList<QLabel*> out;
        for (QLabel* l : bar->findChildren<QLabel*>())
            if (l->isVisible() && !l->text().isEmpty()) out << l;
        return out;
    }
    /// Fails when two of the bar's shown labels overlap, or one's text is wider than its rectangle.
    static void checkNoOverlap(QStatusBar* bar) {
        const QList<QLabel*> labels = shownLabels(bar);
        for (int i = 0; i < labels.size(); ++i) {
            QLabel* a = labels[i];
            QVERIFY2(a->fontMetrics().horizontalAdvance(a->text()) <= a->contentsRect().width(),
                     qPrintable(QString("'%1' is %2 px in %3 px")
                                    .arg(a->text())
                                    .arg(a->fontMetrics().horizontalAdvance(a->text()))
                                    .arg(a->contentsRect().width())));
            for (int j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!a->geometry().intersects(labels[j]->geometry()),
                         qPrintable(QString("'%1' overlaps '%2'").arg(a->text(), labels[j]->text())));
        }
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test");
    }
    void fieldsAndMessageKeepApartAt800() {
        const std::string dir = test::tempDir("statusbarfit") + "/demo";
        const std::string err = test::writeDemo(dir, test::demoOptions(2, 3, 1));
        QVERIFY2(err.empty(), err.c_str());
        gui::MainWindow w;
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(dir));
        QVERIFY(ready.wait(60000));
        // a long op name selected (a CUDA kernel's), an annotation label hidden, and a message
        views::Selection s;
        s.kind = views::Selection::Kind::OpType;
        s.opType = "vectorized_elementwise_kernel<4, at::native::threshold_kernel_impl>";
        s.rank = 1;
        w.state()->setSelection(s);
        w.statusLine()->setHiddenLabels({"late AllReduce", "slow copy"});
        const QString message = "75 kernels of bn_fw_tr_1C11_kernel_NCHW on rank 1: selected everywhere, "
                                "W zooms the timeline to them";
        w.statusBar()->showMessage(message, 60000);
        QCoreApplication::processEvents();
        QTRY_VERIFY(w.statusBar()->isVisible());
        checkNoOverlap(w.statusBar());
        // the message is one of the fields: whole, or elided with "…" and whole in its tooltip
        bool shown = false;
        for (QLabel* l : shownLabels(w.statusBar()))
            shown |= l->text() == message || (l->text().endsWith(QChar(0x2026)) && l->toolTip() == message &&
                                              message.startsWith(l->text().chopped(1)));
        QVERIFY2(shown, "the message is in no field of the bar");
        // the message gone, the profile's line is back
        w.statusBar()->clearMessage();
        QCoreApplication::processEvents();
        checkNoOverlap(w.statusBar());
        bool profile = false;
        for (QLabel* l : shownLabels(w.statusBar()))
            profile |= l->toolTip().contains(QString::fromStdString(dir)) ||
                       l->text().contains(QString::fromStdString(dir).left(10));
        QVERIFY2(profile, "the profile's line did not come back");
    }
    void alignClocksSaysWhatItDid() {
        const std::string dir = test::tempDir("statusbarfit") + "/demo2";
        const std::string err = test::writeDemo(dir, test::demoOptions(2, 3, 1));
        QVERIFY2(err.empty(), err.c_str());
        gui::MainWindow w;
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(dir));
        QVERIFY(ready.wait(60000));
        QAction* align = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence("Ctrl+L")) align = a;
        QVERIFY(align);
        const bool was = align->isChecked();
        w.statusBar()->clearMessage();
        align->trigger();
        const QString on = w.statusBar()->currentMessage();
        QVERIFY2(on.contains("clock", Qt::CaseInsensitive), qPrintable(on));
        QVERIFY2(on.contains(was ? "raw" : "aligned"), qPrintable(on));
        align->trigger(); // and back: it says that too
        const QString off = w.statusBar()->currentMessage();
        QVERIFY2(off.contains(was ? "aligned" : "raw"), qPrintable(off));
        QVERIFY(on != off);
    }
};

QTEST_MAIN(TstStatusBarFit)
#include "tst_statusbarfit.moc"
