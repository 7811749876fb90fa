// Baseline records and their comparison, on hand-made records whose deltas are known: thresholds are
// strict (a delta equal to the threshold passes), small op types are ignored, a near-zero wait is judged
// against the step, over-ranks figures are compared only for the same ranks, one line per root in the
// summary, and the JSON / JSON Lines round trip.
#include "core/compare/runcomparison.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace rs;
using namespace rs::compare;

namespace {
// ranks 0..n-1, step median 1 ms (p95 1.1 ms), MatMulV2 100 µs median / 400 µs per step (share 0.8),
// Cast 2 µs (share 0.004), wait 5 µs per step, peaks 1 GiB allocated / 2 GiB reserved
BaselineRecord record(int n = 4) {
    BaselineRecord r;
    r.step = {1e6, 1.1e6, 10 * n};
    r.waitNsPerStep = 5000;
    r.memory = {1 << 30, int64_t(2) << 30};
    r.ops["MatMulV2"] = {100000, 400000, 40 * n};
    r.ops["Cast"] = {2000, 2000, 10 * n};
    r.opShare = {{"MatMulV2", 0.8}, {"Cast", 0.004}};
    for (int k = 0; k < n; ++k) {
        RankStats s;
        s.step = r.step;
        s.step.steps = 10;
        s.waitNsPerStep = 5000;
        s.memory = r.memory;
        s.ops = {{"MatMulV2", {100000, 400000, 40}}, {"Cast", {2000, 2000, 10}}};
        r.ranks[k] = s;
    }
    return r;
}
void scaleOp(BaselineRecord& r, const std::string& op, double f) {
    r.ops[op].medianNs *= f;
    r.ops[op].totalNsPerStep *= f;
    for (auto& [k, s] : r.ranks) {
        s.ops[op].medianNs *= f;
        s.ops[op].totalNsPerStep *= f;
    }
}
/// Steps first..first+n-1 of `op` #seq, transfer `ns` each (every other step +2 % so medians are not
/// trivial).
void addCollective(BaselineRecord& r, const std::string& op, int64_t seq, int64_t first, int n, double ns) {
    CollectiveStat& c = r.collectives[CollectiveStat::key(op, seq)];
    c.opType = op;
    c.seq = seq;
    for (int i = 0; i < n; ++i)
        c.transferNsByStep[first + i] = ns * (i % 2 ? 1.02 : 1.0);
}
const Delta* findKind(const std::vector<Delta>& v, const std::string& kind) {
    for (const auto& d : v)
        if (d.kind == kind) return &d;
    return nullptr;
}
int countKind(const std::vector<Delta>& v, const std::string& kind) {
    return int(std::count_if(v.begin(), v.end(), [&](const Delta& d) { return d.kind == kind; }));
}
} // namespace

class TstCompare : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void oneStepsP95IsItsMedian() {
        // walk 39: msdb against mstext, one step each: the step's median and its p95 (the same step) were
        // two of the 7 regressions; of one step they are one fact, counted once
        auto b = record(), c = record();
        for (auto* r : {&b, &c}) {
            r->step.steps = 1;
            r->step.p95Ns = r->step.medianNs;
            for (auto& [k, s] : r->ranks)
                s.step = r->step;
        }
        for (auto* r : {&c}) {
            r->step.medianNs = r->step.p95Ns = 1.2e6;
            for (auto& [k, s] : r->ranks)
                s.step = r->step;
        }
        const auto r = compareRecords(b, c);
        int p95 = 0, median = 0;
        for (const auto& d : r.regressions)
            if (d.kind == "step") (d.statistic == "p95" ? p95 : median) += 1;
        QCOMPARE(p95, 0);
        QCOMPARE(median, 1 + 4); // over the ranks, and on each of the 4
        // with several steps the p95 is its own figure
        b.step.steps = c.step.steps = 10;
        c.step.p95Ns = 1.5e6;
        int p95Many = 0;
        for (const auto& d : compareRecords(b, c).regressions)
            p95Many += d.kind == "step" && d.statistic == "p95" && !d.rank;
        QCOMPARE(p95Many, 1);
    }
    void identicalRunsPass() {
        auto r = compareRecords(record(), record());
        QVERIFY(!r.fail());
        QVERIFY(r.improvements.empty());
        QCOMPARE(r.ranks.size(), size_t(4));
        QCOMPARE(r.opTypes, std::vector<std::string>{"MatMulV2"}); // Cast is under 1 % of device time
    }
    void opRegression_data() {
        QTest::addColumn<double>("factor");
        QTest::addColumn<bool>("fails");
        QTest::newRow("+8 %") << 1.08 << true;
        QTest::newRow("+3 % exactly (not beyond)") << 1.03 << false;
        QTest::newRow("+2.9 %") << 1.029 << false;
        QTest::newRow("-8 % (an improvement)") << 0.92 << false;
    }
    void opRegression() {
        QFETCH(double, factor);
        QFETCH(bool, fails);
        auto c = record();
        scaleOp(c, "MatMulV2", factor);
        auto r = compareRecords(record(), c);
        QCOMPARE(r.fail(), fails);
        if (fails) {
            // the over-ranks median and total, and both on each of the 4 ranks
            QCOMPARE(countKind(r.regressions, "op"), 2 + 2 * 4);
            QCOMPARE(r.regressions.front().opType, std::string("MatMulV2"));
            QVERIFY(std::abs(r.regressions.front().delta - (factor - 1)) < 1e-9);
            auto lines = compareSummary(r);
            // median and time per step: one root, one row for every rank (walk 32: two rows)
            QCOMPARE(lines.size(), size_t(1));
            QVERIFY2(QString::fromStdString(lines[0]).contains("+8.0 % on every rank"), lines[0].c_str());
        }
        if (factor < 1) QCOMPARE(countKind(r.improvements, "op"), 2 + 2 * 4);
    }
    void smallOpTypesAreIgnored() {
        auto c = record();
        scaleOp(c, "Cast", 3.0);
        QVERIFY(!compareRecords(record(), c).fail());
        CompareOptions o;
        o.minShare = 0.001; // now it counts
        QVERIFY(compareRecords(record(), c, o).fail());
    }
    void oneRankOnly() {
        auto c = record();
        c.ranks[2].ops["MatMulV2"].medianNs *= 1.2;
        auto r = compareRecords(record(), c);
        QVERIFY(r.fail());
        QCOMPARE(r.regressions.size(), size_t(1));
        QCOMPARE(*r.regressions[0].rank, 2);
        QVERIFY(QString::fromStdString(compareSummary(r)[0]).contains("on rank 2"));
    }
    void aFewRanksAreGivenTheirOwnFigures() {
        // walk 18b: rank 0's op time doubled, rank 1's not; the mean over both ranks (+50 %) moved too, and
        // the line read "+49.7 % on rank 0 (649 µs -> 972 µs)": the mean's figures under rank 0's name
        auto c = record(2);
        auto& op = c.ranks[0].ops["MatMulV2"];
        op.medianNs *= 2;
        op.totalNsPerStep *= 2;
        c.ops["MatMulV2"].medianNs *= 1.5; // the over-ranks figures: the mean of 2× and 1×
        c.ops["MatMulV2"].totalNsPerStep *= 1.5;
        const auto r = compareRecords(record(2), c);
        QVERIFY(r.fail());
        const auto groups = groupDeltas(r, r.regressions);
        QVERIFY(!groups.empty());
        for (const auto& g : groups) {
            QVERIFY(g.lead->rank.has_value());
            QCOMPARE(*g.lead->rank, 0);
            QVERIFY(g.overall && !g.overall->rank); // the mean is kept, beside
            QCOMPARE(g.where, std::string(" on rank 0"));
        }
        const QString line = QString::fromStdString(compareSummary(r)[0]);
        QVERIFY2(line.contains("+100.0 % on rank 0"), qPrintable(line));
        // the first line of a comparison of 4 ranks where ranks 1 and 3 ran MatMulV2 slower by these factors
        auto twoOfFour = [&](double rank1, double rank3) {
            auto c4 = record(4);
            for (int k : {1, 3}) {
                c4.ranks[k].ops["MatMulV2"].medianNs *= k == 1 ? rank1 : rank3;
                c4.ranks[k].ops["MatMulV2"].totalNsPerStep *= k == 1 ? rank1 : rank3;
            }
            return QString::fromStdString(compareSummary(compareRecords(record(4), c4))[0]);
        };
        // two ranks of four moved: the figures are those of the one that moved most, and the line says so
        const QString line4 = twoOfFour(1.5, 2.0);
        QVERIFY2(line4.contains("+100.0 % on rank 3 (the largest change in time per step of ranks 1,3)"),
                 qPrintable(line4));
        // r53c #3: rank 1's op at a quarter of the time tripled (+200 %, +200 µs a step), rank 3's grew
        // +60 % (+240 µs a step): the line leads with rank 3, the one costing a step most, and says it is
        // that, not "the largest change", which read as the larger percentage (rank 1's)
        {
            auto b4 = record(4), c4 = record(4);
            for (auto* r : {&b4, &c4}) {
                r->ranks[1].ops["MatMulV2"].medianNs /= 4;
                r->ranks[1].ops["MatMulV2"].totalNsPerStep /= 4;
            }
            for (int k : {1, 3}) {
                c4.ranks[k].ops["MatMulV2"].medianNs *= k == 1 ? 3.0 : 1.6;
                c4.ranks[k].ops["MatMulV2"].totalNsPerStep *= k == 1 ? 3.0 : 1.6;
            }
            const QString mixed = QString::fromStdString(compareSummary(compareRecords(b4, c4))[0]);
            QVERIFY2(mixed.contains("+60.0 % on rank 3 (the largest change in time per step of ranks 1,3)") &&
                         !mixed.contains("(the largest change of"),
                     qPrintable(mixed));
        }
        // the other way round the same ranks got better: rank 3 ×2 back to ×1 is -50 %, the largest change
        // of the two, and no "worst" stands beside an improvement (r51b #4: "(the worst of ranks …)")
        {
            auto c4 = record(4);
            for (int k : {1, 3}) {
                c4.ranks[k].ops["MatMulV2"].medianNs *= k == 1 ? 1.5 : 2.0;
                c4.ranks[k].ops["MatMulV2"].totalNsPerStep *= k == 1 ? 1.5 : 2.0;
            }
            const auto better = improvementSummary(compareRecords(c4, record(4)));
            QVERIFY(!better.empty());
            const QString first = QString::fromStdString(better[0]);
            QVERIFY2(first.contains("-50.0 % on rank 3 (the largest change in time per step of ranks 1,3)") &&
                         !first.contains("worst"),
                     qPrintable(first));
        }
        // two of four moved alike (×2.00 and ×1.98): neither is "the worst" (walk 20a: seven ranks each
        // +2.40-2.41 ms, waiting for rank 3, read as "rank 5, the worst")
        const QString lineA = twoOfFour(1.98, 2.0);
        QVERIFY2(lineA.contains("+100.0 % on each of ranks 1,3 (relative changes alike within 5 %; rank 3's "
                                "figures)") &&
                     !lineA.contains("worst"),
                 qPrintable(lineA));
        // r51a judges ranks by their relative change: rank 1 at 100 µs and rank 3 at 1 ms (400 µs and 4 ms
        // a step) both ×1.2 moved alike, +20 µs and +200 µs; the absolute changes made rank 3 "the largest
        // change" ten times rank 1's
        {
            auto b4 = record(4);
            b4.ranks[3].ops["MatMulV2"].medianNs *= 10;
            b4.ranks[3].ops["MatMulV2"].totalNsPerStep *= 10;
            auto c4 = b4;
            for (int k : {1, 3}) {
                c4.ranks[k].ops["MatMulV2"].medianNs *= 1.2;
                c4.ranks[k].ops["MatMulV2"].totalNsPerStep *= 1.2;
            }
            const QString rel = QString::fromStdString(compareSummary(compareRecords(b4, c4))[0]);
            QVERIFY2(rel.contains("+20.0 % on each of ranks 1,3 (relative changes alike within 5 %; rank 3's "
                                  "figures)"),
                     qPrintable(rel));
        }
    }
    void nearZeroWaitIsJudgedAgainstTheStep() {
        // 5 µs -> 9 µs is +80 % of the wait but 0.4 % of a 1 ms step: noise
        auto c = record();
        c.waitNsPerStep = 9000;
        for (auto& [k, s] : c.ranks)
            s.waitNsPerStep = 9000;
        QVERIFY(!compareRecords(record(), c).fail());
        // 5 µs -> 200 µs is 19.5 % of the step: a regression
        c.waitNsPerStep = 200000;
        auto r = compareRecords(record(), c);
        QVERIFY(r.fail());
        QCOMPARE(countKind(r.regressions, "comm_wait"), 1);
        QVERIFY(std::abs(r.regressions[0].delta - (200000.0 - 5000) / 10000) < 1e-9);
    }
    void memory() {
        auto c = record();
        c.memory.peakReserved = int64_t(double(c.memory.peakReserved) * 1.06);
        auto r = compareRecords(record(), c);
        QCOMPARE(countKind(r.regressions, "memory_reserved"), 1);
        QCOMPARE(countKind(r.regressions, "memory_allocated"), 0);
        c = record();
        c.memory = {};
        for (auto& [k, s] : c.ranks)
            s.memory = {};
        r = compareRecords(record(), c);
        QVERIFY(!r.fail()); // no memory data on one side: not compared, and said
        QVERIFY(!r.notes.empty());
    }
    void differentRanksCompareOnlyTheMatchedOnes() {
        auto c = record(2);     // ranks 0, 1 of the baseline's 0..3
        c.step.medianNs *= 1.5; // an over-ranks figure of other ranks: must not be compared
        auto r = compareRecords(record(), c);
        QVERIFY(!r.fail());
        QCOMPARE(r.ranksOnlyInBaseline, (std::vector<int>{2, 3}));
        QCOMPARE(r.ranks, (std::vector<int>{0, 1}));
        c.ranks[1].step.medianNs *= 1.5;
        QVERIFY(compareRecords(record(), c).fail());
        // no rank in common: inconclusive, and the note does not speak of "the 0 matched ranks"
        auto other = record(2);
        for (int k : {0, 1})
            other.ranks[k + 8] = other.ranks[k], other.ranks.erase(k);
        r = compareRecords(record(), other);
        QVERIFY(r.ranks.empty());
        QVERIFY(r.inconclusive());
        QVERIFY(std::none_of(r.notes.begin(), r.notes.end(),
                             [](const std::string& n) { return n.find("0 matched") != std::string::npos; }));
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
            return n.find("no rank in common") != std::string::npos;
        }));
    }

    void stepCountsAreThoseOfTheMatchedRanks() {
        // walk 23b (db/level1 vs text/level1): "step counts differ (1 vs 2 …)" where the one matched rank had
        // step 50 in both runs and the candidate's other rank the second step
        auto stepsSaid = [](const CompareResult& r) {
            return int(std::count_if(r.notes.begin(), r.notes.end(),
                                     [](const std::string& n) { return n.find("step counts differ") == 0; }));
        };
        auto c = record(4);
        c.step.steps = 20; // ranks 2 and 3 only in the candidate, with their own steps
        QCOMPARE(stepsSaid(compareRecords(record(2), c)), 0);
        c.ranks[1].step.steps = 9; // a matched rank lost a step: said, with the matched ranks' counts
        const auto r = compareRecords(record(2), c);
        QCOMPARE(stepsSaid(r), 1);
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(),
                            [](const std::string& n) { return n.find("(20 vs 19 ") != std::string::npos; }));
    }
    void collectivesMatchByStepOpTypeAndSeq() {
        auto b = record(), c = record();
        addCollective(b, "hcom_allReduce_", 0, 10, 6, 200000);
        addCollective(b, "hcom_allReduce_", 1, 10, 6, 50000);
        addCollective(c, "hcom_allReduce_", 0, 10, 6, 200000);
        addCollective(c, "hcom_allReduce_", 1, 10, 6, 50000 * 1.5); // the second AllReduce of each step
        addCollective(c, "hcom_broadcast_", 0, 10, 6, 30000);       // new in the candidate
        auto r = compareRecords(b, c);
        const Delta* d = findKind(r.regressions, "collective");
        QVERIFY(d);
        QCOMPARE(d->opType, std::string("hcom_allReduce_"));
        QCOMPARE(d->seq, int64_t(1));
        QVERIFY(std::abs(d->delta - 0.5) < 1e-9);
        QCOMPARE(countKind(r.regressions, "collective"), 1);
        QCOMPARE(r.collectiveStepsByIndex, int64_t(6));
        QCOMPARE(r.collectives, (std::vector<std::string>{"hcom_allReduce_ #0", "hcom_allReduce_ #1"}));
        QCOMPARE(r.collectivesOnlyInCandidate, std::vector<std::string>{"hcom_broadcast_ #0"});
        QVERIFY(compareSummary(r).front().find("hcom_allReduce_ #1 transfer time +50.0 %") == 0);
        // matched by step number: the candidate's extra steps 16..19 (4× slower) are not compared
        auto c2 = c;
        for (int64_t s = 16; s < 20; ++s)
            c2.collectives["hcom_allReduce_ #0"].transferNsByStep[s] = 800000;
        QCOMPARE(countKind(compareRecords(b, c2).regressions, "collective"), 1);
    }
    void stepNumbersMatched() {
        auto b = record(), c = record();
        b.stepNumbers = {2, 3, 4, 5, 6};
        c.stepNumbers = {4, 5, 6, 7, 8, 9, 12};
        auto r = compareRecords(b, c);
        QCOMPARE(r.stepsByNumber, (std::vector<int64_t>{4, 5, 6}));
        QCOMPARE(r.stepsOnlyInBaseline, (std::vector<int64_t>{2, 3}));
        QCOMPARE(r.stepsOnlyInCandidate, (std::vector<int64_t>{7, 8, 9, 12}));
        const auto j = nlohmann::json::parse(compareJson(r, b, c, {}));
        QCOMPARE(j["matched"]["steps"]["by_number"].get<int>(), 3);
        QCOMPARE(j["unmatched"]["steps_only_in_candidate"].size(), size_t(4));
        QCOMPARE(recordFromJson(toJson(c)).stepNumbers, c.stepNumbers);
    }
    void collectivesWithoutCommonStepsCompareDistributions() {
        auto b = record(), c = record();
        addCollective(b, "nccl:AllReduce", 0, 40, 5, 100000);
        addCollective(c, "nccl:AllReduce", 0, 100, 5, 100000 * 1.1); // another profiled window
        auto r = compareRecords(b, c);
        QCOMPARE(r.collectiveStepsByIndex, int64_t(0));
        const Delta* d = findKind(r.regressions, "collective");
        QVERIFY(d);
        QVERIFY(std::abs(d->delta - 0.1) < 1e-9);
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(),
                            [](const std::string& n) { return n.find("no step number") == 0; }));
    }
    void smallCollectiveChangeIsNoise() {
        // +100 % of a 2 µs collective is 0.2 % of the 1 ms step: not a regression
        auto b = record(), c = record();
        addCollective(b, "hcom_allReduce_", 0, 10, 6, 2000);
        addCollective(c, "hcom_allReduce_", 0, 10, 6, 4000);
        QVERIFY(!compareRecords(b, c).fail());
    }
    void collectivesNeedTheSameRanks() {
        auto b = record(), c = record(2);
        addCollective(b, "hcom_allReduce_", 0, 10, 6, 200000);
        addCollective(c, "hcom_allReduce_", 0, 10, 6, 400000);
        auto r = compareRecords(b, c);
        QCOMPARE(countKind(r.regressions, "collective"), 0);
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
            return n.find("not compared when the ranks differ") != std::string::npos;
        }));
    }
    void labelDifferencesAreSaid() {
        auto b = record(), c = record();
        b.labels = {{"hardware", "Ascend910B"}, {"framework", "torch_npu"}, {"ranks", "4"}};
        c.labels = {
            {"hardware", "Ascend910A"}, {"framework", "torch_npu"}, {"ranks", "4"}, {"model", "llama"}};
        auto r = compareRecords(b, c);
        QVERIFY(!r.fail()); // a note, not a verdict
        QStringList notes;
        for (const auto& n : r.notes)
            notes << QString::fromStdString(n);
        QVERIFY2(notes.contains("hardware differs: Ascend910B (baseline) vs Ascend910A (candidate)"),
                 qPrintable(notes.join('\n')));
        QVERIFY(notes.contains("model is known only for the candidate (llama)"));
        QVERIFY(!notes.join('\n').contains("framework"));
        // the verdict's headline carries it (not only a note under the list)
        QCOMPARE(QString::fromStdString(r.hardwareDiffers),
                 QString("Ascend910B (baseline) vs Ascend910A (candidate)"));
        QCOMPARE(
            QString::fromStdString(hardwareCaveat(r)),
            QString("on different hardware (Ascend910B (baseline) vs Ascend910A (candidate)): a delta may "
                    "be the card, not the change"));
        QVERIFY(compareRecords(b, b).hardwareDiffers.empty());
    }
    void jsonRoundTripAndHistory() {
        auto r = record();
        r.label = "nightly";
        r.labels["source"] = "ascend";
        addCollective(r, "hcom_allReduce_", 2, 5, 3, 123456.5);
        const auto back = recordFromJson(toJson(r));
        QCOMPARE(back.collectives.size(), size_t(1));
        QCOMPARE(back.collectives.at("hcom_allReduce_ #2").transferNsByStep,
                 r.collectives.at("hcom_allReduce_ #2").transferNsByStep);
        QCOMPARE(back.label, r.label);
        QCOMPARE(back.labels, r.labels);
        QCOMPARE(back.ranks.size(), r.ranks.size());
        QCOMPARE(back.ops.at("MatMulV2").totalNsPerStep, 400000.0);
        QCOMPARE(back.memory.peakReserved, r.memory.peakReserved);
        QVERIFY(!compareRecords(r, back).fail());
        // JSON Lines: the newest (last) record is read
        const std::string dir = test::tempDir("compare");
        auto newer = record();
        scaleOp(newer, "MatMulV2", 2);
        {
            std::ofstream f(dir + "/history.jsonl");
            f << toJson(r, -1) << "\n" << toJson(newer, -1) << "\n\n";
        }
        QCOMPARE(readRecordFile(dir + "/history.jsonl").ops.at("MatMulV2").medianNs, 200000.0);
        {
            std::ofstream f(dir + "/bad.jsonl");
            f << toJson(r, -1) << "\n{\"rankscope_baseline\": 1, \"step\": \n";
        }
        try {
            readRecordFile(dir + "/bad.jsonl");
            QFAIL("a broken record was read");
        } catch (const std::exception& e) {
            QVERIFY2(QString(e.what()).contains("bad.jsonl: line 2"), e.what());
        }
    }
    void swappingTheRunsSwapsTheCounts() {
        // MatMulV2 +3.05 % (over the 3 % threshold one way; -2.96 % the other way round, which the old
        // rule, judged against the baseline, did not count), every step 10x longer, and the wait from 5 to
        // 50 µs (45 µs: over the 1 % of the shorter run's 1 ms step, under 1 % of the longer run's 10 ms
        // step, the floor the old rule took from the baseline). Each moves on all 4 ranks and over them.
        auto c = record();
        scaleOp(c, "MatMulV2", 1.0305);
        c.step = {1e7, 1.1e7, 40};
        c.waitNsPerStep = 50000;
        for (auto& [k, s] : c.ranks) {
            s.step = {1e7, 1.1e7, 10};
            s.waitNsPerStep = 50000;
        }
        const auto fwd = compareRecords(record(), c), back = compareRecords(c, record());
        // 5 figures (MatMulV2 median, MatMulV2 per step, step median, step p95, wait) × (over ranks + 4
        // ranks); 4 roots (MatMulV2's two figures are one row)
        QCOMPARE(fwd.regressions.size(), size_t(25));
        QCOMPARE(fwd.regressionCount(), int64_t(4));
        QCOMPARE(fwd.improvementCount(), int64_t(0));
        QCOMPARE(back.improvements.size(), size_t(25));
        QCOMPARE(back.improvementCount(), int64_t(4));
        QCOMPARE(back.regressionCount(), int64_t(0));
        QVERIFY(!back.fail());
        // the PASS lists what got better, one line per root naming its ranks, as a FAIL lists regressions
        const auto lines = improvementSummary(back);
        QCOMPARE(lines.size(), size_t(4));
        for (const auto& l : lines)
            QVERIFY2(QString::fromStdString(l).contains("on every rank"), l.c_str());
        // the reported delta stays relative to the baseline: 1 / 1.0305 - 1
        const Delta* op = findKind(back.improvements, "op");
        QVERIFY(op && std::abs(op->delta - (1 / 1.0305 - 1)) < 1e-9);
        auto j = nlohmann::json::parse(compareJson(back, c, record(), {}));
        QCOMPARE(j["improvements"].size(), size_t(25));        // every delta, as before
        QCOMPARE(j["improvements_grouped"].size(), size_t(4)); // one per root
        QCOMPARE(j["improvements_grouped"][0]["ranks"], nlohmann::json({0, 1, 2, 3}));
        QCOMPARE(j["regressions_grouped"].size(), size_t(0));
    }
    void valuesThatPrintAlikeGetTheDigitsTheirChangeNeeds_data() {
        QTest::addColumn<double>("baseline");
        QTest::addColumn<double>("candidate");
        QTest::addColumn<QString>("expected");
        // walk 37: "+0.5 % (120 µs -> 120 µs)" at low thresholds; digits to a quarter of the change
        QTest::newRow("0.5 % of 120 µs") << 119.8e3 << 120.4e3 << "119.8 µs -> 120.4 µs";
        QTest::newRow("3 digits differ") << 76.9e6 << 122e6 << "76.9 ms -> 122 ms";
        QTest::newRow("equal") << 5e6 << 5e6 << "5.00 ms -> 5.00 ms";
    }
    void valuesThatPrintAlikeGetTheDigitsTheirChangeNeeds() {
        QFETCH(double, baseline);
        QFETCH(double, candidate);
        QFETCH(QString, expected);
        compare::Delta d;
        d.kind = "op";
        d.baseline = baseline;
        d.candidate = candidate;
        QCOMPARE(QString::fromStdString(compare::deltaValues(d)), expected);
    }
    void changeIsAPercentOnlyWhereOneMeansSomething_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<double>("baseline");
        QTest::addColumn<double>("candidate");
        QTest::addColumn<double>("delta");
        QTest::addColumn<QString>("expected");
        // walk 10: a rank that never waited (0 ns) read "+149082.6 %": the ratio was to the noise floor
        QTest::newRow("from nothing") << "comm_wait" << 0.0 << 101e6 << 1490.826 << "+101 ms";
        QTest::newRow("x7300") << "comm_wait" << 13.8e3 << 101e6 << 7317.8 << "+101 ms";
        QTest::newRow("ordinary") << "step" << 100e6 << 108.4e6 << 0.084 << "+8.4 %";
        QTest::newRow("faster") << "op" << 2e6 << 1.5e6 << -0.25 << "-25.0 %";
        QTest::newRow("memory from nothing")
            << "memory_allocated" << 0.0 << 28.0 * 1048576 << 1e9 << "+28.0 MiB";
    }
    void changeIsAPercentOnlyWhereOneMeansSomething() {
        QFETCH(QString, kind);
        QFETCH(double, baseline);
        QFETCH(double, candidate);
        QFETCH(double, delta);
        QFETCH(QString, expected);
        compare::Delta d;
        d.kind = kind.toStdString();
        d.baseline = baseline;
        d.candidate = candidate;
        d.delta = delta;
        QCOMPARE(QString::fromStdString(compare::deltaChange(d)), expected);
    }
    void olderRecordsStillCompare_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<bool>("stepMedian"); // the record has its step_median field
        QTest::addColumn<bool>("noted");
        QTest::newRow("format 1 without step_median") << 1 << false << true;
        QTest::newRow("format 1 with step_median lower") << 1 << true << true;
        QTest::newRow("format 2 (lower medians)") << 2 << true << false;
    }
    void olderRecordsStillCompare() {
        // a record written before the lower-median rule (format 1) averaged an even count's two middle
        // values: it is read, compared, and the comparison says so once for its side
        QFETCH(int, format);
        QFETCH(bool, stepMedian);
        QFETCH(bool, noted);
        auto j = nlohmann::json::parse(toJson(record()));
        QCOMPARE(j["rankscope_baseline"].get<int>(), 2);
        QCOMPARE(j["step_median"].get<std::string>(), std::string("lower"));
        j["rankscope_baseline"] = format;
        if (!stepMedian) j.erase("step_median");
        const auto old = recordFromJson(j.dump());
        QCOMPARE(old.format, format);
        QCOMPARE(old.stepMedianRule, std::string(stepMedian ? "lower" : "mean"));
        for (const bool baselineOld : {true, false}) {
            const auto r = baselineOld ? compareRecords(old, record()) : compareRecords(record(), old);
            QVERIFY(!r.fail());
            const auto count = [&](const std::string& text) {
                return int(std::count_if(r.notes.begin(), r.notes.end(),
                                         [&](const std::string& n) { return n.find(text) != n.npos; }));
            };
            const std::string said = " recorded with averaged medians; re-record it for exact figures";
            QCOMPARE(count("baseline" + said), noted && baselineOld ? 1 : 0);
            QCOMPARE(count("candidate" + said), noted && !baselineOld ? 1 : 0);
            QCOMPARE(count("averaged medians"), noted ? 1 : 0);
        }
    }
    void transferMedianIsATransferThatHappened_data() {
        QTest::addColumn<QList<double>>("transfers"); // the baseline's, steps 1, 2, …
        QTest::addColumn<double>("median");
        QTest::newRow("{100, 300} µs") << QList<double>{100e3, 300e3} << 100e3;
        QTest::newRow("{700, 300, 500, 100} µs") << QList<double>{700e3, 300e3, 500e3, 100e3} << 300e3;
        QTest::newRow("{200, 200, 400, 400} µs") << QList<double>{200e3, 200e3, 400e3, 400e3} << 200e3;
    }
    void transferMedianIsATransferThatHappened() {
        // compare's transfer median over the steps both runs have: of an even count the lower middle
        // step's; the candidate transfers 1.5× that in every step, a regression of +50 % from it
        QFETCH(QList<double>, transfers);
        QFETCH(double, median);
        auto b = record(), c = record();
        for (int i = 0; i < transfers.size(); ++i) {
            CollectiveStat& bc = b.collectives[CollectiveStat::key("AllReduce", 0)];
            bc.opType = "AllReduce";
            bc.transferNsByStep[i + 1] = transfers[i];
            CollectiveStat& cc = c.collectives[CollectiveStat::key("AllReduce", 0)];
            cc.opType = "AllReduce";
            cc.transferNsByStep[i + 1] = 1.5 * median;
        }
        const auto r = compareRecords(b, c);
        const Delta* d = findKind(r.regressions, "collective");
        QVERIFY(d);
        QCOMPARE(d->baseline, median);
        QCOMPARE(d->candidate, 1.5 * median);
    }
    void unknownWaitIsNotComparable() {
        // walk 12: run 0's wait was not known (its 0 no measurement) and read as "-100.0 % (267 ms -> 0 ns)"
        auto b = record(), c = record();
        b.run = 0;
        c.run = 3;
        b.waitUnknown = "ranks of the job are missing: the waits for them are not measured";
        c.waitNsPerStep = 267e6;
        b.waitNsPerStep = 0;
        for (auto& [k, s] : b.ranks)
            s.waitNsPerStep = 0;
        for (auto& [k, s] : c.ranks)
            s.waitNsPerStep = 267e6;
        for (const auto& [x, y] : {std::pair{&b, &c}, std::pair{&c, &b}}) {
            const auto r = compareRecords(*x, *y);
            QCOMPARE(countKind(r.regressions, "comm_wait") + countKind(r.improvements, "comm_wait"), 0);
            QCOMPARE(r.notComparable.size(), size_t(1));
            QCOMPARE(r.notComparable[0].kind, std::string("comm_wait"));
            QCOMPARE(r.notComparable[0].reason,
                     "run 0's wait is not known (ranks of the job are missing: the waits for them are "
                     "not measured)");
            QCOMPARE(std::string(r.verdict()), std::string("pass")); // the op and step figures are known
            const auto lines = notComparableSummary(r);
            QCOMPARE(lines.size(), size_t(1));
            QVERIFY(lines[0].rfind("communication wait per step: not comparable: run 0's wait", 0) == 0);
            auto j = nlohmann::json::parse(compareJson(r, *x, *y, {}));
            QCOMPARE(j["not_comparable"][0]["kind"].get<std::string>(), std::string("comm_wait"));
        }
        // the record keeps the reason; a record without it (older) knows its wait
        QCOMPARE(recordFromJson(toJson(b)).waitUnknown, b.waitUnknown);
        QVERIFY(recordFromJson(toJson(c)).waitUnknown.empty());
    }
    void aRankOfAnotherSizeIsNamed() {
        // walk 11 (d8): every rank waited 101 ms more for rank 5, which itself moved 13 225 -> 605 554 ns;
        // "+101 ms on every rank" with rank 5 at "+877.7 %" made the culprit look like the worst victim
        auto b = record(8), c = record(8);
        for (int k = 0; k < 8; ++k) {
            b.ranks[k].waitNsPerStep = k == 5 ? 13225 : 13800;
            c.ranks[k].waitNsPerStep = k == 5 ? 605554 : 101e6;
        }
        b.waitNsPerStep = 13800;
        c.waitNsPerStep = 101e6;
        const auto r = compareRecords(b, c);
        QCOMPARE(countKind(r.regressions, "comm_wait"), 9); // over ranks, and each of the 8
        const auto lines = compareSummary(r);
        QCOMPARE(lines.size(), size_t(1));
        const QString l = QString::fromStdString(lines[0]);
        QVERIFY2(!l.contains("every rank") && !l.contains('%'), qPrintable(l));
        // 605 554 - 13 225 = 592 329 ns: an amount, like the others' +101 ms
        QVERIFY2(l.startsWith("communication wait per step +101 ms on 7 of 8 ranks (rank 5: +592"),
                 qPrintable(l));
        for (const auto& d : r.regressions)
            if (d.rank == 5) QCOMPARE(QString::fromStdString(deltaChange(d)).left(5), QString("+592 "));
        // the same size everywhere is still "every rank"
        c.ranks[5].waitNsPerStep = 101e6;
        QVERIFY(QString::fromStdString(compareSummary(compareRecords(b, c))[0]).contains("on every rank"));
    }
    void ranksMovingByTheSameShareMoveAlike() {
        // r51a #2: ranks at 1, 2 and 10 ms of MatMulV2 per step that all ran 20 % slower moved +0.2, +0.4
        // and +2 ms; judged by those amounts the 10 ms rank was "odd" and the line read "on 2 of 3 ranks
        // (rank 2: +20.0 %)", a rank named for moving as the others did. By the share they moved alike.
        auto at = [](double f2) {
            auto b = record(3), c = record(3);
            const double base[] = {1e6, 2e6, 10e6};
            for (int k = 0; k < 3; ++k) {
                b.ranks[k].ops["MatMulV2"].totalNsPerStep = base[k];
                c.ranks[k].ops["MatMulV2"].totalNsPerStep = base[k] * (k == 2 ? f2 : 1.2);
            }
            return QString::fromStdString(compareSummary(compareRecords(b, c))[0]);
        };
        const QString alike = at(1.2);
        QVERIFY2(alike.contains("+20.0 % on every rank") && !alike.contains("of 3 ranks"), qPrintable(alike));
        // a rank that moved by another share is still named: +60 % beside +20 %
        const QString odd = at(1.6);
        QVERIFY2(odd.contains("on 2 of 3 ranks (rank 2: +60.0 %)"), qPrintable(odd));
    }
    void pseudoStepIsNotComparable() {
        // walk 12: "step wall +5.86 s (179 ms -> 6.04 s)" set a whole trace with no step marks against steps
        auto b = record(), c = record();
        b.stepsUnknown = "no step marks: its whole trace is one pseudo step";
        b.step = {6.04e9, 6.04e9, 4}; // run 0 of resource: one pseudo step per rank
        for (auto& [k, s] : b.ranks)
            s.step = {6.04e9, 6.04e9, 1};
        c.step = {179e6, 179e6, 40};
        auto r = compareRecords(b, c);
        QCOMPARE(countKind(r.regressions, "step") + countKind(r.improvements, "step"), 0);
        QStringList kinds;
        for (const auto& n : r.notComparable)
            kinds << QString::fromStdString(n.kind + " " + n.statistic + ": " + n.reason);
        QCOMPARE(kinds, QStringList({"step median: the baseline has no real steps (no step marks: its whole "
                                     "trace is one pseudo step)",
                                     "op total_per_step: the baseline has no real steps (no step marks: its "
                                     "whole trace is one pseudo step)",
                                     "comm_wait per_step: the baseline has no real steps (no step marks: its "
                                     "whole trace is one pseudo step)"}));
        QCOMPARE(std::string(r.verdict()), std::string("pass")); // the op medians are the same
        // with no op and no memory in the candidate, nothing is left to judge: no verdict
        c.ops.clear();
        c.opShare.clear();
        c.memory = {};
        for (auto& [k, s] : c.ranks)
            s.ops.clear(), s.memory = {};
        r = compareRecords(b, c);
        QVERIFY(r.inconclusive());
        QCOMPARE(std::string(r.verdict()), std::string("inconclusive"));
        QCOMPARE(verdictExitCode(r), 4);
        QCOMPARE(recordFromJson(toJson(b)).stepsUnknown, b.stepsUnknown);
    }
    void stepP95SaysWhichSteps() {
        // walk 14/30: compare names its pool in text and JSON in the report's words (a rank's steady steps)
        // and names the pooled figure apart
        auto c = record();
        c.step.p95Ns *= 2;
        for (auto& [k, s] : c.ranks)
            s.step.p95Ns *= 2;
        auto r = compareRecords(record(), c);
        const auto lines = compareSummary(r);
        QVERIFY(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
            return l.rfind("step wall time p95 over all ranks' steady steps pooled (the warm-up left out) ",
                           0) == 0;
        }));
        Delta perRank;
        perRank.kind = "step";
        perRank.statistic = "p95";
        perRank.rank = 2;
        QCOMPARE(deltaSubject(perRank),
                 std::string("step wall time p95 of the rank's steady steps (the warm-up left out)"));
        auto j = nlohmann::json::parse(compareJson(r, record(), c, {}));
        int named = 0;
        for (const auto& d : j["regressions"])
            if (d["kind"] == "step") {
                QCOMPARE(d["over"].get<std::string>(),
                         std::string(d["rank"].is_null() ? "all ranks' steady steps, pooled"
                                                         : "the rank's steady steps"));
                ++named;
            }
        QCOMPARE(named, 5); // pooled and 4 ranks
    }
    void regressionsGoByTheTimeTheyCostAStep() {
        // every rank's p95 +0.5 ms; rank 3's MatMulV2 ×1.4 (+160 µs per step, its median +40 %); a wait
        // from 0 to 24.1 µs (+2.41 times the 10 µs noise floor: the largest relative delta, the least time);
        // 10 % more memory and a new bank anomaly (no time): by the time per step, p95, MatMulV2 (one row),
        // the wait, then the two with no time (the bank's delta 1 before memory's 0.1)
        auto b = record(), c = record();
        b.banksChecked = c.banksChecked = true;
        b.waitNsPerStep = 0;
        c.waitNsPerStep = 24100;
        c.step.p95Ns += 5e5;
        for (auto& [k, s] : b.ranks)
            s.waitNsPerStep = 0;
        for (auto& [k, s] : c.ranks) {
            s.waitNsPerStep = 24100;
            s.step.p95Ns += 5e5;
            s.memory.peakAllocated = c.memory.peakAllocated = int64_t(1.1 * (1 << 30));
        }
        c.ranks[3].ops["MatMulV2"] = {140000, 560000, 40};
        c.bankAnomalies.push_back({2, "AllReduce", "[0]", "[5]"});
        const auto r = compareRecords(b, c);
        const auto lines = compareSummary(r);
        const std::vector<std::string> starts{
            "step wall time p95", "MatMulV2 time per step +40.0 % on rank 3", "communication wait per step",
            "HBM bank anomaly", "peak allocated memory"};
        QCOMPARE(lines.size(), starts.size());
        for (size_t i = 0; i < starts.size(); ++i)
            QVERIFY2(lines[i].rfind(starts[i], 0) == 0, lines[i].c_str());
        // the op type's two figures on one row, counted once
        QVERIFY2(lines[1].find("; median +40.0 % (100 µs -> 140 µs)") != std::string::npos, lines[1].c_str());
        QCOMPARE(r.regressionCount(), int64_t(5));
        QCOMPARE(r.regressions.front().kind, std::string("step")); // what the app's panel selects first
    }
    void anOpTypeUnderTheShareThatMovedIsSaid() {
        // Cast (0.4 % of device time) 2.3 times slower on rank 3: not gated (no regression), but said
        auto c = record();
        c.ranks[3].ops["Cast"] = {4600, 4600, 10};
        const auto r = compareRecords(record(), c);
        QVERIFY(r.regressions.empty());
        QCOMPARE(std::string(r.verdict()), std::string("pass"));
        QCOMPARE(r.ungatedOpTypes, std::vector<std::string>{"Cast"});
        QVERIFY(r.ungatedLargest && r.ungatedLargest->rank == 3 && r.ungatedLargest->opType == "Cast");
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
            return n.rfind("1 op type under 1.0 % of device time moved beyond the thresholds", 0) == 0 &&
                   n.find("Cast") != std::string::npos &&
                   n.find("on rank 3 (2.00 µs -> 4.60 µs)") != std::string::npos;
        }));
        const auto j = nlohmann::json::parse(compareJson(r, record(), c, {}));
        QCOMPARE(j["ungated_small_op_types"]["count"].get<int>(), 1);
        QCOMPARE(j["ungated_small_op_types"]["largest"]["rank"].get<int>(), 3);
        // nothing moved: nothing said
        QVERIFY(compareRecords(record(), record()).ungatedOpTypes.empty());
    }
    void aFigureOverRanksSaysWhatItIs() {
        // "MatMulV2 time per step +20 % on every rank (5.82 ms -> 6.98 ms)" gave the two figures over ranks
        // with nothing saying they are a median (the builder's lower median over the ranks, each one
        // rank's), not every rank's figure nor their mean. Ranks of 1.6, 2 and 3.2 ms of MatMulV2 a step:
        // the figure over them is the median rank's, 2 ms (their mean would be 2.27 ms); a peak over ranks is
        // the highest rank's
        auto b = record(3);
        const double perStep[3] = {1.6e6, 2e6, 3.2e6};
        for (int k = 0; k < 3; ++k)
            b.ranks[k].ops["MatMulV2"].totalNsPerStep = perStep[k];
        b.ops["MatMulV2"].totalNsPerStep = 2e6;
        auto c = b;
        scaleOp(c, "MatMulV2", 1.2);
        c.memory.peakAllocated = int64_t(1.5 * (1 << 30));
        for (auto& [k, s] : c.ranks)
            s.memory.peakAllocated = c.memory.peakAllocated;
        const auto r = compareRecords(b, c);
        const auto lines = compareSummary(r);
        const auto line = [&](const std::string& start) {
            for (const auto& l : lines)
                if (l.rfind(start, 0) == 0) return l;
            return std::string();
        };
        const std::string op = line("MatMulV2 time per step +20.0 % on every rank (");
        std::string all;
        for (const auto& l : lines)
            all.append(l).append("\n");
        QVERIFY2(op.find("ms, each the median of 3 ranks)") != std::string::npos, all.c_str());
        QVERIFY2(op.find("; median +20.0 % (") != std::string::npos &&
                     op.find("µs, each the median of 3 ranks)") != std::string::npos,
                 op.c_str());
        const std::string mem = line("peak allocated memory +50.0 % on every rank (");
        QVERIFY2(mem.find("MiB, each the highest of 3 ranks)") != std::string::npos, mem.c_str());
        const auto j = nlohmann::json::parse(compareJson(r, b, c, {}));
        bool opSaid = false, memSaid = false;
        for (const auto& g : j["regressions_grouped"]) {
            if (g["kind"] == "op") opSaid = g.value("over", "") == "median of 3 ranks";
            if (g["kind"] == "memory_allocated") memSaid = g.value("over", "") == "highest of 3 ranks";
        }
        QVERIFY2(opSaid && memSaid, j["regressions_grouped"].dump().c_str());
        for (const auto& d : j["regressions"]) // one rank's figure is no figure over ranks
            if (d["rank"].is_number()) QVERIFY2(!d.contains("over"), d.dump().c_str());
    }
    void jsonDocument() {
        auto c = record();
        scaleOp(c, "MatMulV2", 1.1);
        auto r = compareRecords(record(), c);
        auto j = nlohmann::json::parse(compareJson(r, record(), c, {}));
        QCOMPARE(j["verdict"].get<std::string>(), std::string("fail"));
        QCOMPARE(j["regressions"][0]["kind"].get<std::string>(), std::string("op"));
        QCOMPARE(j["regressions"][0]["op_type"].get<std::string>(), std::string("MatMulV2"));
        QVERIFY(j["regressions"][0]["rank"].is_null());
        QVERIFY(std::abs(j["regressions"][0]["delta"].get<double>() - 0.1) < 1e-9);
        QCOMPARE(j["matched"]["ranks"].size(), size_t(4));
    }
};

QTEST_APPLESS_MAIN(TstCompare)
#include "tst_compare.moc"
