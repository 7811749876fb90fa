// core/compare/waitstepchoice: the span strip of a wait delta shows the median step unless the change sits
// elsewhere, and then says both changes. The cases are walk 10's (a 200 ms stall in step 2 alone) and walk
// 19's (the demo with a late rank: step 18, the median, changed 42.8 µs → 2.44 ms, about as much as step
// 12, and the strip claimed it "does not show it").
#include "core/compare/waitstepchoice.h"

#include <QtTest>

using namespace rs;
using Waits = std::map<int64_t, int64_t>;

Q_DECLARE_METATYPE(Waits)

class TstWaitStepChoice : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void choice_data() {
        QTest::addColumn<Waits>("baseline");
        QTest::addColumn<Waits>("candidate");
        QTest::addColumn<qlonglong>("median");
        QTest::addColumn<qlonglong>("shown");
        QTest::addColumn<QString>("note");
        QTest::newRow("stall in one step")
            << Waits{{1, 1000}, {2, 1000}, {3, 1000}} << Waits{{1, 1000}, {2, 200'001'000}, {3, 1000}} << 3LL
            << 2LL
            << "step 2: the step whose wait changed most (+200 ms; the baseline's median "
               "step, 3, changed by +0 ns)";
        QTest::newRow("the median step shows it too")
            << Waits{{12, 40'000}, {18, 42'800}, {19, 41'000}}
            << Waits{{12, 2'460'000}, {18, 2'440'000}, {19, 2'430'000}} << 18LL << 18LL
            << "step 18, the baseline's step of median wall time: its wait changed +2.40 ms (step 12, the "
               "most: +2.42 "
               "ms)";
        QTest::newRow("the median step is the most changed")
            << Waits{{1, 0}, {2, 0}} << Waits{{1, 5'000'000}, {2, 1'000}} << 1LL << 1LL
            << "step 1, the baseline's step of median wall time, is the one whose wait changed most (+5.00 "
               "ms)";
        QTest::newRow("a wait that shrank") << Waits{{4, 3'000'000}, {5, 1'000}, {6, 2'000}}
                                            << Waits{{4, 0}, {5, 1'000}, {6, 1'002'000}} << 5LL << 4LL
                                            << "step 4: the step whose wait changed most (-3.00 ms; the "
                                               "baseline's median step, 5, changed by +0 ns)";
        QTest::newRow("no step in both runs") << Waits{{1, 0}} << Waits{{2, 9'000'000}} << 1LL << 1LL << "";
    }
    void choice() {
        QFETCH(Waits, baseline);
        QFETCH(Waits, candidate);
        QFETCH(qlonglong, median);
        QFETCH(qlonglong, shown);
        QFETCH(QString, note);
        std::set<int64_t> common;
        for (const auto& [s, w] : baseline)
            if (candidate.count(s)) common.insert(s);
        const auto c = compare::chooseWaitStep(baseline, candidate, common, median);
        QCOMPARE(qlonglong(c.step), shown);
        QCOMPARE(QString::fromStdString(c.note), note);
    }
};

QTEST_APPLESS_MAIN(TstWaitStepChoice)
#include "tst_waitstepchoice.moc"
