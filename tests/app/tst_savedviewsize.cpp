// A saved view's window size (.rsview key window_size) comes back when the view is opened in the app
// (Open view, `rankscope FILE.rsview`, `--state`: MainWindow::openSavedView), not only in `export --state`:
// the app never applied it, and the docks' saved layout went onto a window of another size (r56c). A size
// larger than the screen's free area is bounded to it. The window's size is read back from the widget.
#include "app/gui/mainwindow.h"
#include "app/gui/viewstate.h"
#include "tests/support/testsupport.h"

#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace rs;

class TstSavedViewSize : public QObject {
    Q_OBJECT
    QString m_profile;

    /// The view of `w` at `size`, saved to a file and read back, as Save view then Open view do.
    static std::optional<gui::ViewState> savedAt(gui::MainWindow& w, QSize size, const std::string& tag) {
        w.resize(size);
        QCoreApplication::processEvents();
        const QString file = QString::fromStdString(test::tempDir(tag)) + "/v.rsview";
        QString err;
        if (!gui::writeViewState(w.captureViewState(), file, err)) return std::nullopt;
        return gui::readViewState(file, err);
    }

    /// `w` shown at `size` with the demo open (false: it did not open).
    bool openAt(gui::MainWindow& w, QSize size) const {
        w.resize(size);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) return false;
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        return ready.wait(60000);
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_profile = QString::fromStdString(test::tempDir("savedviewsize")) + "/demo";
        const std::string err = test::writeDemo(m_profile.toStdString(), test::demoOptions(4, 3, 1));
        QVERIFY2(err.empty(), err.c_str());
    }

    void theSavedSizeComesBack() {
        gui::MainWindow w;
        QVERIFY(openAt(w, QSize(1500, 900)));
        // a size within the screen's free area (the offscreen screen's), so that nothing bounds it
        const QSize saved(760, 560);
        const auto s = savedAt(w, saved, "savedviewsize-small");
        QVERIFY(s);
        QCOMPARE(s->windowSize, saved);
        w.resize(1500, 900); // the window the user has when opening the view
        QCoreApplication::processEvents();
        w.openSavedView(*s);
        QCOMPARE(w.size(), saved);
    }

    void aSizeLargerThanTheScreenIsBoundedToIt() {
        gui::MainWindow w;
        QVERIFY(openAt(w, QSize(700, 500)));
        auto s = savedAt(w, QSize(700, 500), "savedviewsize-large");
        QVERIFY(s);
        s->windowSize = QSize(5000, 4000); // saved on a larger screen
        const QSize room = w.screen()->availableGeometry().size();
        QVERIFY(room.width() < 5000 && room.height() < 4000);
        w.openSavedView(*s);
        QCOMPARE(w.size(), room);
    }
};

QTEST_MAIN(TstSavedViewSize)
#include "tst_savedviewsize.moc"
