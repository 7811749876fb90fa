// Issue 19 #2: File ▸ Diagnostics cut its columns' text mid-word with no way to read it (wrapped lines the
// row's height cut off), in a dialog of a fixed size whatever the screen. Each cell cut is cut with "…" and
// whole in its tooltip; the dialog opens at its contents' size, within the screen.
#include "app/gui/diagnosticsdialog.h"

#include <QHeaderView>
#include <QScreen>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using namespace rs;

class TstDiagnosticsFit : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void cutCellsAreElidedAndTipped() {
        const std::string longPath =
            "ASCEND_PROFILER_OUTPUT/localhost.localdomain_2917465_20240416035212482_ascend_pt/"
            "PROF_000001_20240416035212541_LHEKNJCFOCKMKNEA/device_0/data/trace_view.json";
        const std::string longWhat = "a counter sample's timestamp lies outside the run's spans by more than "
                                     "an hour, so it was left out of the counter lane and counted here";
        gui::DiagnosticsDialog d({{longPath, "warning", longWhat, "{\"ph\":\"C\",\"ts\":12}", 12, 4096},
                                  {"rank0/kernel_details.csv", "info", "short", "1,2", 3, 7}});
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        const QTableView* v = d.view();
        const QAbstractItemModel* m = v->model();
        int cut = 0;
        for (int r = 0; r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c) {
                const QModelIndex i = m->index(r, c);
                const QString text = i.data().toString();
                // the delegate's room: the cell less its text margins (a few px each side)
                if (v->fontMetrics().horizontalAdvance(text) + 8 <= v->visualRect(i).width()) continue;
                ++cut;
                // one line, cut with "…": wrapped, the lines past the first were cut by the row's height
                QVERIFY2(!v->wordWrap() && v->textElideMode() != Qt::ElideNone,
                         qPrintable(QString("'%1' cut with no …").arg(text)));
                QCOMPARE(i.data(Qt::ToolTipRole).toString(), text);
            }
        QVERIFY(cut > 0); // the long path and problem are wider than their capped columns
        // within the screen, and as wide as the columns want where it has room
        const QRect screen = d.screen()->availableGeometry();
        QVERIFY2(d.frameGeometry().width() <= screen.width() && d.frameGeometry().height() <= screen.height(),
                 qPrintable(QString("%1 × %2 on a %3 × %4 screen")
                                .arg(d.frameGeometry().width())
                                .arg(d.frameGeometry().height())
                                .arg(screen.width())
                                .arg(screen.height())));
        int columns = 0;
        for (int c = 0; c + 1 < m->columnCount(); ++c)
            columns += v->columnWidth(c);
        QVERIFY2(v->viewport()->width() >= std::min(columns, screen.width() * 3 / 4),
                 qPrintable(QString("%1 px for %2 px of columns").arg(v->viewport()->width()).arg(columns)));
    }
};

QTEST_MAIN(TstDiagnosticsFit)
#include "tst_diagnosticsfit.moc"
