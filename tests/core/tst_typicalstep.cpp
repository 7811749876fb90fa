// The one rule for a "typical" step (core/model/typicalstep.h): the lower median, a step that happened,
// and under three steps the steps themselves. Expected values are worked by hand from the inputs.
#include "core/model/typicalstep.h"

#include <QtTest>

using namespace rs;

class TstTypicalStep : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void lowerMedianIsAStepThatHappened() {
        // walk 7/8: a 7.95 ms and a 207 ms step gave "median 107 ms"; the lower middle step is 7.95 ms
        QCOMPARE(model::typicalStepNs({207e6, 7.95e6}), 7.95e6);
        QCOMPARE(model::typicalStepNs({4, 1, 3, 2}), 2.0); // sorted 1 2 3 4: the lower middle is 2
        QCOMPARE(model::typicalStepNs({5, 9, 1}), 5.0);    // odd: the middle
        QCOMPARE(model::typicalStepNs({9.29e6}), 9.29e6);
        QCOMPARE(model::typicalStepNs({}), 0.0);
    }
    void fewStepsAreListed() {
        QCOMPARE(model::typicalStepText({207e6, 7.95e6}), std::string("2 steps: 7.95 ms and 207 ms"));
        QCOMPARE(model::typicalStepText({9.29e6}), std::string("1 step: 9.29 ms"));
        QCOMPARE(model::typicalStepText({}), std::string("no step"));
        QCOMPARE(model::typicalStepText({3e6, 1e6, 2e6, 200e6}), std::string("median 2.00 ms"));
    }
};

QTEST_APPLESS_MAIN(TstTypicalStep)
#include "tst_typicalstep.moc"
