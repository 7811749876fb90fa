// `rankscope export DIR --state FILE.rsview` without --view renders the whole window, as the app's File ▸
// Export image does for the same saved view (r55c: the CLI's lost the selected finding's row and the
// Details panel's text, and its docks had other heights). The app's window here: the demo opened, a
// finding gone to, a dock separator moved, the view saved. The CLI's: a fresh window prepared by the code
// `export` renders (cli::showWindowForExport) from that file alone. Both show the same finding row, the
// same Details text and the same dock geometry.
#include "app/cli/windowexport.h"
#include "app/gui/detailspanel.h"
#include "app/gui/findingsmodel.h"
#include "app/gui/findingspanel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/viewstate.h"
#include "tests/support/testsupport.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace rs;

namespace {
/// What the whole-window picture shows of the docks: each visible dock's name and geometry.
QStringList dockGeometry(const gui::MainWindow& w) {
    QStringList out;
    for (const QDockWidget* d : w.findChildren<QDockWidget*>())
        if (d->isVisible() && !d->visibleRegion().isEmpty())
            out << QString("%1 %2,%3 %4x%5")
                       .arg(d->objectName())
                       .arg(d->x())
                       .arg(d->y())
                       .arg(d->width())
                       .arg(d->height());
    out.sort();
    return out;
}
/// The Findings table's highlighted rows (the sorted table's), as drawn.
QList<int> highlighted(const gui::MainWindow& w) {
    QList<int> rows;
    for (const QModelIndex& i : w.findingsPanel()->view()->selectionModel()->selectedRows())
        rows << i.row();
    return rows;
}
} // namespace

class TstWindowExportParity : public QObject {
    Q_OBJECT
    QString m_profile;

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test-parity");
        m_profile = QString::fromStdString(test::tempDir("windowexportparity")) + "/demo";
        const std::string err = test::writeDemo(m_profile.toStdString(), test::demoOptions(4, 6, 1));
        QVERIFY2(err.empty(), err.c_str());
    }

    void theCliWindowIsTheAppsForASavedView() {
        gui::MainWindow app;
        app.resize(1500, 900);
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app));
        QSignalSpy ready(&app, &gui::MainWindow::profileReady);
        app.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        auto* findings = app.findingsPanel();
        QVERIFY(findings->model()->rowCount() > 1);
        findings->activate(1); // the second finding, gone to
        // the user's own layout: the bottom docks made taller by a separator's drag
        auto* heatmap = app.findChild<QDockWidget*>("heatmap");
        QVERIFY(heatmap);
        app.resizeDocks({heatmap}, {heatmap->height() + 120}, Qt::Vertical);
        QTest::qWait(300); // the linked views' answers, the layout settled
        const QString file = QString::fromStdString(test::tempDir("windowexportparity-view")) + "/v.rsview";
        QString error;
        QVERIFY2(gui::writeViewState(app.captureViewState(), file, error), qPrintable(error));
        const QList<int> appRows = highlighted(app);
        const QString appDetails = app.detailsPanel()->plainText(); // the finding's kind and sentence first
        const QStringList appDocks = dockGeometry(app);
        QCOMPARE(appRows.size(), 1);

        gui::ExportRequest r;
        r.profile = m_profile;
        r.view = "window";
        r.state = gui::readViewState(file, error);
        QVERIFY2(r.state, qPrintable(error));
        gui::MainWindow cli;
        QVERIFY(cli::showWindowForExport(cli, r));
        QCOMPARE(cli.size(), app.size()); // no --width/--height: the saved window's size
        QCOMPARE(highlighted(cli), appRows);
        // both answered by their query services (the selection's span details come a moment after)
        QTRY_COMPARE_WITH_TIMEOUT(cli.detailsPanel()->plainText(), app.detailsPanel()->plainText(), 30000);
        QVERIFY(cli.detailsPanel()->plainText().startsWith(appDetails.section('\n', 0, 1)));
        QCOMPARE(dockGeometry(cli), appDocks);
    }
};

QTEST_MAIN(TstWindowExportParity)
#include "tst_windowexportparity.moc"
