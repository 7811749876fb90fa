// Compare with…: the run shown is the baseline, the verdict reaches the panel and the status bar with its
// roots counted as the panel counts them; an op type the comparison names selects that rank's key on the
// run shown (every rank when the run has no such rank); a comparison cleared while it runs never lands.
#include "app/gui/comparecontroller.h"
#include "app/gui/comparejob.h"
#include "core/compare/runcomparison.h"
#include "core/demo/demogenerator.h"
#include "tests/support/testsupport.h"
#include "views/compare/compareview.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rs;

class TstCompareController : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void comparesTheRunShown() {
        const std::string dir = test::tempDir("comparecontroller");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        QSignalSpy compared(&c, &gui::CompareController::compared);
        QSignalSpy said(&c, &gui::CompareController::message);
        const QString d = QString::fromStdString(dir);
        c.compare(d, 1, d, 0);
        QVERIFY(compared.wait(120000));
        QVERIFY(view.data());
        QCOMPARE(view.data()->baseline.run, 1);
        QCOMPARE(view.data()->candidate.run, 0);
        const auto& r = view.data()->result;
        const QString verdict = said.last().first().toString();
        if (r.fail()) {
            const size_t roots = compare::groupDeltas(r, r.regressions).size();
            QCOMPARE(verdict, QString("Comparison: %1 regression%2").arg(roots).arg(roots == 1 ? "" : "s"));
        } else {
            QVERIFY2(verdict.contains(r.inconclusive() ? "inconclusive" : "no regression"),
                     qPrintable(verdict));
        }
        // cleared (another profile or run shown): the panel's verdict goes with the comparison
        QVERIFY(view.verdictText().contains(r.fail() ? "FAIL" : r.inconclusive() ? "INCONCLUSIVE" : "PASS"));
        c.clear();
        QVERIFY(!view.verdictText().contains("FAIL") && !view.verdictText().contains("PASS") &&
                !view.verdictText().contains("INCONCLUSIVE"));
        QVERIFY(view.verdictText().contains("No comparison yet"));
        // cleared while it runs: the answer is dropped
        compared.clear();
        auto* job = c.findChild<gui::CompareJob*>();
        QVERIFY(job);
        QSignalSpy finished(job, &gui::CompareJob::finished);
        c.compare(d, 1, d, 0);
        c.clear();
        QVERIFY(finished.wait(120000));
        QCOMPARE(compared.size(), 0);
        QVERIFY(view.data() == nullptr);
    }
    void opTypeOnTheRunShown() {
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        auto s = std::make_shared<query::ProfileSummary>();
        s->ranks = {1000, 1001};
        s->dataRank = {{1000, 0}, {1001, 1}}; // the second run's ranks, keyed apart
        c.setSummary(s);
        QCOMPARE(c.selectionFor("MatMul", 1).rank, 1001);
        QCOMPARE(c.selectionFor("MatMul", 1).opType, QString("MatMul"));
        QCOMPARE(c.selectionFor("MatMul", 1).kind, views::Selection::Kind::OpType);
        QCOMPARE(c.selectionFor("MatMul", 7).rank, -1); // not in this run: every rank
        QCOMPARE(c.selectionFor("MatMul", -1).rank, -1);
        Q_EMIT view.opTypeChosen("Conv", 0);
        QCOMPARE(state.selection().rank, 1000);
        QCOMPARE(state.selection().opType, QString("Conv"));
    }
};

QTEST_MAIN(TstCompareController)
#include "tst_comparecontroller.moc"
