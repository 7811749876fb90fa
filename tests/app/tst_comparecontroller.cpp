// Compare with…: the run shown is the candidate and the chosen profile the baseline by default, so the
// app's verdict for (open d8, choose the healthy demo) is the CLI's for `compare healthy d8`; Swap flips
// the sides, compares again and is remembered. Compare with run makes the run shown the baseline and the
// chosen run the candidate, as `compare DIR DIR --baseline-run SHOWN --candidate-run N`. The verdict reaches
// the panel (naming both sides) and the status bar with its roots counted as the panel counts them; an op
// type the comparison names selects that rank's key on the run shown (every rank when the run has no such
// rank); a comparison cleared while it runs never lands.
#include "app/gui/comparecontroller.h"
#include "app/gui/comparejob.h"
#include "app/gui/findingnavigator.h"
#include "app/gui/settings.h"
#include "core/compare/runcomparison.h"
#include "core/demo/demogenerator.h"
#include "tests/support/testsupport.h"
#include "views/compare/compareview.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace rs;

namespace {
/// The run shown is a folder's second: its data ranks 0 and 1 keyed apart as 1000 and 1001.
std::shared_ptr<query::ProfileSummary> secondRunShown() {
    auto s = std::make_shared<query::ProfileSummary>();
    s->ranks = {1000, 1001};
    s->dataRank = {{1000, 0}, {1001, 1}};
    return s;
}
} // namespace

class TstCompareController : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // nothing of a real user's settings is read
        QCoreApplication::setOrganizationName("rankscope-test-comparecontroller");
    }
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
        const QString sides = views::CompareView::sidesText(*view.data());
        QVERIFY2(sides.startsWith("baseline ") && sides.contains(" run 1 → candidate ") &&
                     sides.endsWith(" run 0"),
                 qPrintable(sides));
        if (r.fail()) {
            const size_t roots = compare::groupDeltas(r, r.regressions).size();
            QCOMPARE(verdict, QString("Comparison of %1: FAIL, %2 regression%3")
                                  .arg(sides)
                                  .arg(roots)
                                  .arg(roots == 1 ? "" : "s"));
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
    void theSameRunIsSaidToBeTheSameData() {
        // walk 36: "Compare with run" on the run shown read PASS. The same run of the same folder on both
        // sides is the same data: said in the status bar and the panel's headline, never PASS; another run
        // of the folder is not
        const std::string dir = test::tempDir("comparecontroller-self");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        QSignalSpy compared(&c, &gui::CompareController::compared);
        QSignalSpy said(&c, &gui::CompareController::message);
        const QString d = QString::fromStdString(dir);
        c.compare(d, 0, d, 0);
        QVERIFY(compared.wait(120000));
        QVERIFY(!view.data()->result.sameData.empty());
        const QString verdict = said.last().first().toString();
        QVERIFY2(verdict.contains("SAME DATA, no verdict") && !verdict.contains("PASS"), qPrintable(verdict));
        QVERIFY2(view.verdictText().contains("SAME DATA") && !view.verdictText().contains("PASS") &&
                     view.verdictText().contains("proves nothing about regressions"),
                 qPrintable(view.verdictText()));
        QCOMPARE(compare::verdictExitCode(view.data()->result), 5);
        c.compare(d, 1, d, 0);
        QVERIFY(compared.wait(120000));
        QVERIFY(view.data()->result.sameData.empty());
        QVERIFY(!view.verdictText().contains("SAME DATA"));
    }
    void openRunIsTheCandidate() {
        // d8 has a slow card (rank 3's MatMulV2 and Cast), the healthy demo none: same shape otherwise
        const std::string root = test::tempDir("comparecontroller-direction");
        const QString healthy = QString::fromStdString(root + "/healthy"),
                      d8 = QString::fromStdString(root + "/d8");
        for (const auto& [dir, extra] :
             {std::pair{healthy, QStringList{"--healthy"}}, std::pair{d8, QStringList{}}}) {
            QString err;
            QVERIFY2(test::runRankscope(QStringList{"demo", dir, "--ranks", "4", "--steps", "6", "--layers",
                                                    "2", "--quiet"} +
                                            extra,
                                        nullptr, &err) == 0,
                     qPrintable(err));
        }
        // what the command line says, each way round: exit 3 is a regression, 0 a pass
        const auto cli = [](const QString& baseline, const QString& candidate) {
            QString out;
            const int rc = test::runRankscope({"compare", baseline, candidate, "--json"}, &out);
            return std::pair{rc, nlohmann::json::parse(out.toStdString(), nullptr, false)};
        };
        const auto [rcForward, jsonForward] = cli(healthy, d8);
        const auto [rcBack, jsonBack] = cli(d8, healthy);
        QCOMPARE(rcForward, 3); // d8 is slower than the healthy run
        QVERIFY(rcBack != rcForward);
        // the deltas as the CLI lists them: (kind, op type, rank, delta rounded to 0.1 %)
        using Row = std::tuple<std::string, std::string, int, long>;
        const auto rowsOf = [](const nlohmann::json& list) {
            std::vector<Row> rows;
            for (const auto& d : list) {
                const auto text = [&](const char* k) {
                    return d.contains(k) && d[k].is_string() ? d[k].get<std::string>() : std::string();
                };
                rows.emplace_back(text("kind"), text("op_type"),
                                  d["rank"].is_number() ? d["rank"].get<int>() : -1,
                                  std::lround(d.value("delta", 0.0) * 1000));
            }
            return rows;
        };
        const auto appRows = [](const std::vector<compare::Delta>& list) {
            std::vector<Row> rows;
            for (const auto& d : list)
                rows.emplace_back(d.kind, d.opType, d.rank.value_or(-1), std::lround(d.delta * 1000));
            return rows;
        };
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        QVERIFY(!c.openIsBaseline());
        QSignalSpy compared(&c, &gui::CompareController::compared);
        c.compareOpenWith(d8, std::nullopt, healthy, std::nullopt); // d8 open, the healthy one chosen
        QVERIFY(compared.wait(120000));
        QCOMPARE(QFileInfo(QString::fromStdString(view.data()->baseline.profile)).fileName(),
                 QString("healthy"));
        QCOMPARE(QFileInfo(QString::fromStdString(view.data()->candidate.profile)).fileName(), QString("d8"));
        QVERIFY(view.data()->result.fail());
        QCOMPARE(appRows(view.data()->result.regressions), rowsOf(jsonForward["regressions"]));
        QCOMPARE(appRows(view.data()->result.improvements), rowsOf(jsonForward["improvements"]));
        QVERIFY2(view.verdictText().startsWith("baseline healthy → candidate d8: <b>FAIL</b>, "),
                 qPrintable(view.verdictText()));
        // Swap: the same two the other way round, the CLI's other verdict, for this run only
        QVERIFY(view.swapButton()->isEnabled());
        view.swapButton()->click();
        QVERIFY(compared.wait(120000));
        QVERIFY(c.openIsBaseline());
        QCOMPARE(QFileInfo(QString::fromStdString(view.data()->baseline.profile)).fileName(), QString("d8"));
        QCOMPARE(view.data()->result.fail(), rcBack == 3);
        QCOMPARE(appRows(view.data()->result.regressions), rowsOf(jsonBack["regressions"]));
        QVERIFY2(view.verdictText().startsWith("baseline d8 → candidate healthy: "),
                 qPrintable(view.verdictText()));
        // walk 18b: the Swap was remembered for every later profile and session, with nothing saying so
        gui::CompareController again(&view, &state); // a later session starts from the default
        QVERIFY(!again.openIsBaseline());
        c.clear(); // another profile or run shown: the sides go back
        QVERIFY(!c.openIsBaseline());
    }
    void aBaselineRecordIsASide() {
        // walk 54: File ▸ Compare with… chose directories only, so a record of `rankscope baseline DIR --out
        // FILE.json`, which the CLI compares with, could not be picked. Compared with the record of the
        // healthy demo, the open d8 gets the CLI's verdict for `compare RECORD d8`, delta for delta
        const std::string root = test::tempDir("comparecontroller-record");
        const QString healthy = QString::fromStdString(root + "/healthy"),
                      d8 = QString::fromStdString(root + "/d8"),
                      record = QString::fromStdString(root + "/healthy.json");
        for (const auto& [dir, extra] :
             {std::pair{healthy, QStringList{"--healthy"}}, std::pair{d8, QStringList{}}}) {
            QString err;
            QVERIFY2(test::runRankscope(QStringList{"demo", dir, "--ranks", "4", "--steps", "6", "--layers",
                                                    "2", "--quiet"} +
                                            extra,
                                        nullptr, &err) == 0,
                     qPrintable(err));
        }
        QString err;
        QVERIFY2(test::runRankscope({"baseline", healthy, "--out", record, "--quiet"}, nullptr, &err) == 0,
                 qPrintable(err));
        QVERIFY(gui::CompareJob::isRecordFile(record.toStdString()));
        QVERIFY(!gui::CompareJob::isRecordFile(d8.toStdString()));
        QString out;
        QCOMPARE(test::runRankscope({"compare", record, d8, "--json"}, &out), 3); // a regression
        const auto json = nlohmann::json::parse(out.toStdString(), nullptr, false);
        QVERIFY(!json.is_discarded());
        using Row = std::tuple<std::string, std::string, int, long>;
        std::vector<Row> cli;
        for (const auto& d : json["regressions"])
            cli.emplace_back(
                d.value("kind", std::string()),
                d.contains("op_type") && d["op_type"].is_string() ? d["op_type"].get<std::string>()
                                                                  : std::string(),
                d["rank"].is_number() ? d["rank"].get<int>() : -1, std::lround(d.value("delta", 0.0) * 1000));
        QVERIFY(!cli.empty());
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        QSignalSpy compared(&c, &gui::CompareController::compared);
        c.compareOpenWith(d8, std::nullopt, record, std::nullopt); // d8 open, the record chosen
        QVERIFY2(compared.wait(120000), qPrintable(c.failure()));
        QVERIFY(view.data()->fromRecord[0] && !view.data()->fromRecord[1]);
        std::vector<Row> app;
        for (const auto& d : view.data()->result.regressions)
            app.emplace_back(d.kind, d.opType, d.rank.value_or(-1), std::lround(d.delta * 1000));
        QCOMPARE(app, cli);
        QCOMPARE(view.data()->result.improvements.size(), json["improvements"].size());
        // the headline as the CLI's: FAIL and its roots counted alike
        const size_t roots = compare::compareSummary(view.data()->result).size();
        QVERIFY2(
            view.verdictText().startsWith("baseline healthy (stored record) → candidate d8: <b>FAIL</b>, " +
                                          QString("%1 regression").arg(roots)),
            qPrintable(view.verdictText()));
        // the record keeps no steps: the candidate's are drawn, the baseline's median said
        QVERIFY(view.data()->baselineStepsNs.empty() && !view.data()->candidateStepsNs.empty());
    }
    void anotherRunOfTheFolderIsTheCandidate() {
        // File ▸ Compare with run ▸ Run 1 while run 0 is shown reads "compare run 0 with run 1": run 0 the
        // baseline, as `rankscope compare DIR DIR --baseline-run 0 --candidate-run 1`. Before, the run shown
        // was the candidate (Compare with…'s default), the opposite of the CLI. Another profile keeps its
        // default (openRunIsTheCandidate), and Swap still turns it round
        const std::string dir = test::tempDir("comparecontroller-runs");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        const QString d = QString::fromStdString(dir);
        QString out;
        test::runRankscope({"compare", d, d, "--baseline-run", "0", "--candidate-run", "1", "--json"}, &out);
        const auto cli = nlohmann::json::parse(out.toStdString(), nullptr, false);
        QCOMPARE(cli["baseline"]["run"].get<int>(), 0);
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        QVERIFY(c.openIsBaselineFor(true) && !c.openIsBaselineFor(false));
        QSignalSpy compared(&c, &gui::CompareController::compared);
        QSignalSpy said(&c, &gui::CompareController::message);
        c.compareOpenWith(d, 0, d, 1); // run 0 shown, run 1 chosen
        QVERIFY(compared.wait(120000));
        QVERIFY(c.openIsBaseline());
        QCOMPARE(view.data()->baseline.run, 0);
        QCOMPARE(view.data()->candidate.run, 1);
        QCOMPARE(QString(view.data()->result.verdict()),
                 QString::fromStdString(cli["verdict"].get<std::string>()));
        // the direction in words, in the panel's headline and the status bar alike
        const QString name = QFileInfo(d).fileName();
        const QString sides = QString("baseline %1 run 0 → candidate %1 run 1").arg(name);
        QVERIFY2(view.verdictText().startsWith(sides), qPrintable(view.verdictText()));
        QVERIFY2(said.last().first().toString().contains(sides), qPrintable(said.last().first().toString()));
        QCOMPARE(c.saved()->openIsBaseline, true);
        view.swapButton()->click();
        QVERIFY(compared.wait(120000));
        QCOMPARE(view.data()->baseline.run, 1);
        QVERIFY(!c.openIsBaseline());
        // a saved view restores the direction it saved, whatever the default
        const auto saved = *c.saved();
        QCOMPARE(saved.openIsBaseline, false);
        gui::CompareController restored(&view, &state);
        QSignalSpy restoredDone(&restored, &gui::CompareController::compared);
        restored.restore(d, 0, saved);
        QVERIFY(restoredDone.wait(120000));
        QCOMPARE(view.data()->baseline.run, 1);
        QCOMPARE(view.data()->candidate.run, 0);
    }
    void opTypeOnTheRunShown() {
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        c.setSummary(secondRunShown());
        QCOMPARE(c.selectionFor("MatMul", 1).rank, 1001);
        QCOMPARE(c.selectionFor("MatMul", 1).opType, QString("MatMul"));
        QCOMPARE(c.selectionFor("MatMul", 1).kind, views::Selection::Kind::OpType);
        QCOMPARE(c.selectionFor("MatMul", 7).rank, -1); // not in this run: every rank
        QCOMPARE(c.selectionFor("MatMul", -1).rank, -1);
        Q_EMIT view.opTypeChosen("Conv", 0);
        QCOMPARE(state.selection().rank, 1000);
        QCOMPARE(state.selection().opType, QString("Conv"));
    }
    void linkAndBankRowsGoWhereTheirFindingsGo() {
        // walk 32: a comparison's link and bank rows selected nothing; they go as the report's slow_link and
        // bank_anomaly findings do: the matrix cell in the Communication tab, the rank's memory map
        views::CompareView view;
        views::InteractionState state;
        gui::CompareController c(&view, &state);
        c.setSummary(secondRunShown());
        QSignalSpy chosen(&c, &gui::CompareController::findingChosen);
        Q_EMIT view.linkChosen(1, 5, "9738785293833666908");
        Q_EMIT view.bankChosen("AllReduce", 1);
        QCOMPARE(chosen.count(), 2);
        const auto link = gui::FindingNavigator::targetOf(chosen[0][0].value<gui::Finding>(), nullptr);
        QCOMPARE(link.selection.kind, views::Selection::Kind::CommLink);
        QCOMPARE(link.selection.linkSrc, qint64(1));
        QCOMPARE(link.selection.linkDst, qint64(5));
        QCOMPARE(link.selection.group, QString("9738785293833666908"));
        QCOMPARE(link.panel, gui::FindingTarget::Panel::Communication);
        const auto bank = gui::FindingNavigator::targetOf(chosen[1][0].value<gui::Finding>(), nullptr);
        QCOMPARE(bank.selection.kind, views::Selection::Kind::OpType);
        QCOMPARE(bank.selection.opType, QString("AllReduce"));
        QCOMPARE(bank.selection.rank, 1001); // the run shown's key for data rank 1
        QCOMPARE(bank.panel, gui::FindingTarget::Panel::Memory);
    }
};

QTEST_MAIN(TstCompareController)
#include "tst_comparecontroller.moc"
