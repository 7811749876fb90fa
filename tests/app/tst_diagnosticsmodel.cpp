// File ▸ Diagnostics: the model passes QAbstractItemModelTester; the dialog sorts the count and the offset
// as numbers (9 before 10, not after), filters on any column case-insensitively, and copies the selected
// rows (or all rows shown) as tab-separated text under a header line.
#include "app/gui/diagnosticsdialog.h"
#include "app/gui/diagnosticsmodel.h"
#include "core/query/stubsteps.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

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
        // in the report's and info's words (r54c #3)
        QCOMPARE(summary->text(),
                 QString("The whole folder: 119 record problems in 3 groups; 1 note in 1 group "
                         "(notes: information, not problems), as the report and rankscope "
                         "info count it"));
        d.filter()->setText("trace_view");
        QCOMPARE(summary->text(),
                 QString("2 of 4 rows shown: 9 record problems in 1 group; 1 note in 1 group "
                         "(notes: information, not problems)"));
        QCOMPARE(gui::DiagnosticsDialog({sample()[1]}).findChild<QLabel*>("summary")->text(),
                 QString("The whole folder: 10 record problems in 1 group, as the report and rankscope info "
                         "count it"));
    }
    void countsTheFilesNotReadApartFromTheNotes() {
        // r54c #3: the legacy profiler folder's dialog said "92 notes in 10 groups" where the report and
        // Details said 88 in 6 and info 89 occurrences in 7 groups: its four more rows were the files not
        // read, which the others do not count as notes. Two such rows here beside the sample's four
        auto rows = sample();
        rows.push_back({"d/hccl_0_2_1.json", "info", "not read: CANN raw timeline", "", 1, -1});
        rows.push_back({"d/task_time_0_2_1.json", "info", "not read: CANN raw timeline", "", 1, -1});
        gui::DiagnosticsDialog d(rows);
        QCOMPARE(
            d.findChild<QLabel*>("summary")->text(),
            QString("The whole folder: 119 record problems in 3 groups; 1 note in 1 group; 2 files not read "
                    "(notes: information, not problems), as the report and rankscope info count it"));
        d.filter()->setText("not read");
        QCOMPARE(d.findChild<QLabel*>("summary")->text(), QString("2 of 6 rows shown: 2 files not read"));
    }
    void theFolderCountsAsTheReportAndInfoDo() {
        // the dialog of the legacy profiler folder against the index's diagnostic table (its problems and its
        // notes, each with its rows) and the files discovery did not read (meta ignored:*), counted here
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("diagnosticsmodel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t problems = ix.scalar(
                          "SELECT coalesce(sum(count), 0) FROM diagnostic WHERE severity <> 'info'"),
                      problemRows = ix.scalar("SELECT count(*) FROM diagnostic WHERE severity <> 'info'"),
                      notes =
                          ix.scalar("SELECT coalesce(sum(count), 0) FROM diagnostic WHERE severity = 'info'"),
                      noteRows = ix.scalar("SELECT count(*) FROM diagnostic WHERE severity = 'info'"),
                      unread = ix.scalar("SELECT count(*) FROM meta WHERE key LIKE 'ignored:%'");
        QVERIFY(problems > 0 && notes > noteRows && unread > 0); // every part of the sentence at stake
        const auto summary = query::loadSummary(*ix.db);
        QVERIFY(query::stubStepNotes(*ix.db).empty()); // no stub step among the notes here
        gui::DiagnosticsDialog d(summary.diagnostics);
        const QString want =
            QString("The whole folder: %1 record problem%2 in %3 group%4; %5 notes in %6 groups; %7 "
                    "files not read (notes: information, not problems), as the report and "
                    "rankscope info count it")
                .arg(problems)
                .arg(problems == 1 ? "" : "s")
                .arg(problemRows)
                .arg(problemRows == 1 ? "" : "s")
                .arg(notes)
                .arg(noteRows)
                .arg(unread);
        QCOMPARE(d.findChild<QLabel*>("summary")->text(), want);
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
