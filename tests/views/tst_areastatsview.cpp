// The Area statistics panel's area chooser names a rank's whole trace (the index's step 0 of a rank
// without step marks) as what it is, never "step 0" (walk 30).
#include "views/tables/areastatsview.h"

#include "tests/support/bandedstep.h"
#include "views/common/interactionstate.h"

#include <QComboBox>
#include <QtTest>

using namespace rs;

namespace {
constexpr int64_t kMs = 1000 * 1000;

/// Rank 0 marks steps 1-4 (50 ms each); rank 1 has no step marks: its whole trace is the index's step 0.
std::shared_ptr<query::ProfileSummary> mixed() {
    auto s = std::make_shared<query::ProfileSummary>();
    s->ranks = {0, 1};
    s->dataRank = {{0, 0}, {1, 1}};
    s->endNs = 200 * kMs;
    for (int64_t i = 0; i < 4; ++i)
        s->steps.push_back(
            test::bandedStep(0, i + 1, i * 50 * kMs, (i + 1) * 50 * kMs, model::WallSource::TraceMarkers));
    s->steps.push_back(test::bandedStep(1, 0, 0, 200 * kMs, model::WallSource::WholeTrace));
    return s;
}
} // namespace

class TstAreaStatsView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theChooserNamesAWholeTrace() {
        views::InteractionState state;
        state.setBounds(0, 200 * kMs);
        views::AreaStatsView view(&state, nullptr); // no service: the chooser alone
        view.setProfile(mixed());
        QStringList items;
        for (int i = 0; i < view.areaChooser()->count(); ++i)
            items << view.areaChooser()->itemText(i);
        QCOMPARE(items, (QStringList{"the timeline's window", "whole trace (no step marks)", "step 1",
                                     "step 2", "step 3", "step 4"}));
    }
};

QTEST_MAIN(TstAreaStatsView)
#include "tst_areastatsview.moc"
