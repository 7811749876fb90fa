// File ▸ Diagnostics: the model passes QAbstractItemModelTester; the dialog sorts the count and the offset
// as numbers (9 before 10, not after), filters on any column case-insensitively, and copies the selected
// rows (or all rows shown) as tab-separated text under a header line.
#include "app/gui/diagnosticsdialog.h"
#include "app/gui/diagnosticsmodel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using namespace rs;

namespace {
std::vector<query::DiagnosticDesc> sample() {
    // file, severity, what, excerpt, count, first offset
    return {{"rank0/trace_view.json", "warning", "event without a duration", "{\"ph\":\"X\"}", 9, 1200},
            {"rank1/kernel_details.csv", "error", "unparsable number", "12.a\tx", 10, 88},
            {"rank0/memory_record.csv", "warning", "row with too few columns", "1,2", 100, 5},
            {"rank1/trace_view.json", "info", "unknown phase 'R'", "{\"ph\":\"R\"}", 1, 70000}};
}
} // namespace

class TstDiagnosticsModel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void modelIsWellBehaved() {
        gui::DiagnosticsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setDiagnostics(sample());
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), int(gui::DiagnosticsModel::ColumnCount));
        QCOMPARE(m.index(1, gui::DiagnosticsModel::Problem).data().toString(), QString("unparsable number"));
        QCOMPARE(m.index(1, gui::DiagnosticsModel::Count).data().toLongLong(), 10LL);
        m.setDiagnostics({});
        QCOMPARE(m.rowCount(), 0);
    }
    void sortsAsNumbersAndFilters() {
        gui::DiagnosticsDialog d(sample());
        auto* v = d.view();
        // opened by count, largest first
        QStringList counts;
        for (int r = 0; r < d.proxy()->rowCount(); ++r)
            counts << d.proxy()->index(r, gui::DiagnosticsModel::Count).data().toString();
        QCOMPARE(counts, (QStringList{"100", "10", "9", "1"}));
        v->sortByColumn(gui::DiagnosticsModel::FirstAt, Qt::AscendingOrder);
        QStringList offsets;
        for (int r = 0; r < d.proxy()->rowCount(); ++r)
            offsets << d.proxy()->index(r, gui::DiagnosticsModel::FirstAt).data().toString();
        QCOMPARE(offsets, (QStringList{"5", "88", "1200", "70000"}));
        v->sortByColumn(gui::DiagnosticsModel::File, Qt::AscendingOrder);
        QCOMPARE(d.proxy()->index(0, gui::DiagnosticsModel::File).data().toString(),
                 QString("rank0/memory_record.csv"));
        // the filter looks in every column, case-insensitively
        d.filter()->setText("TRACE_VIEW");
        QCOMPARE(d.proxy()->rowCount(), 2);
        d.filter()->setText("unparsable");
        QCOMPARE(d.proxy()->rowCount(), 1);
        d.filter()->setText("ph\":\"R");
        QCOMPARE(d.proxy()->rowCount(), 1);
        d.filter()->clear();
        QCOMPARE(d.proxy()->rowCount(), 4);
        // the line under the table totals what is shown
        QLabel* summary = nullptr;
        for (auto* l : d.findChildren<QLabel*>())
            if (l->text().contains("problem")) summary = l;
        QVERIFY(summary);
        // an information row is a note, not a problem, as the report counts it (walk 20a: "15 problems"
        // of which 14 were information)
        // each kind with its groups, as the report says them (walk 27: "86 notes … of 5 groups" beside the
        // report's "86 notes in 4 groups": the fifth was the problem's): 3 rows of problems, 1 of notes
        QCOMPARE(summary->text(), QString("The whole folder: 119 problems in 3 groups; 1 note in 1 group "
                                          "(information, not problems)"));
        d.filter()->setText("trace_view");
        QCOMPARE(summary->text(), QString("2 of 4 groups shown: 9 problems in 1 group; 1 note in 1 group "
                                          "(information, not problems)"));
        QCOMPARE(gui::DiagnosticsDialog({sample()[1]}).findChild<QLabel*>("summary")->text(),
                 QString("The whole folder: 10 problems in 1 group"));
    }
    void copiesTheRowsShownOrSelected() {
        gui::DiagnosticsDialog d(sample());
        d.filter()->setText("warning");
        QCOMPARE(d.proxy()->rowCount(), 2);
        QStringList lines = d.copyText().split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3); // the header and the two rows shown
        QCOMPARE(lines[0], QString("Severity\tFile\tProblem\tCount\tFirst at\tExcerpt"));
        QCOMPARE(lines[1].split('\t').size(), 6);
        d.filter()->clear();
        d.view()->selectRow(0); // the largest count: 100
        lines = d.copyText().split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[1].startsWith("warning\trank0/memory_record.csv\trow with too few columns\t100\t5\t"));
        // a tab inside a cell does not split it
        d.view()->clearSelection();
        d.filter()->setText("unparsable");
        lines = d.copyText().split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines[1].split('\t').size(), 6);
        d.copy();
        QCOMPARE(QApplication::clipboard()->text(), d.copyText());
    }
};

QTEST_MAIN(TstDiagnosticsModel)
#include "tst_diagnosticsmodel.moc"
