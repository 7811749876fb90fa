// The timeline's note on a window's flow arrows when some are left out (issue 19): it says what each number
// counts — the arrows drawn, the flows they stand for, the window's flows — and why the rest are not drawn.
// Its figures are counted here from the synthetic input itself.
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"

#include <QtTest>
#include <set>

using namespace rs;
using test::kMs;

namespace {

/// A launch's twin starts this much later: 0.02 px at 50 ms over 1030 px, the same place to the eye.
constexpr int64_t kTwin = kMs / 1000;

/// Launch `k` on lane 1 ([10 + 4k, 11 + 4k] ms, span 100 + k) → its kernel on lane 2 (30 + 4k ms, span
/// 200 + k); its twin `twin` (> 0) is `twin` × kTwin later, span ids + 10 × twin.
query::FlowArrow launch(int k, int flowId, int twin = 0) {
    const int64_t t = (10 + 4 * k) * kMs + twin * kTwin, u = (30 + 4 * k) * kMs + twin * kTwin;
    return {"ac2g",
            std::to_string(flowId),
            {100 + k + 10 * twin, 0, 1, t, t + kMs, "launch", 0},
            {200 + k + 10 * twin, 0, 2, u, u + kMs, "kernel", 0}};
}

void addSpans(test::TimelineFixture& f, const std::vector<query::FlowArrow>& flows) {
    for (const auto& a : flows) {
        f.track(1).items.push_back(test::item(a.src.startNs, a.src.endNs, 1, 2, a.src.spanId));
        f.track(2).items.push_back(test::item(a.dst.startNs, a.dst.endNs, 3, 4, a.dst.spanId));
    }
}

const views::Text* noteOf(const views::DrawList& d) {
    for (const auto* t : d.all<views::Text>())
        if (t->text.startsWith("flows:")) return t;
    return nullptr;
}

} // namespace

class TstFlowNote : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void saysWhatEachNumberCounts() {
        test::TimelineFixture f;
        // three launches with their kernels, the first with two twins on the same pixels: five flows read
        // of the window's 9 the index counted, in three places
        const std::vector<query::FlowArrow> read{launch(0, 1), launch(1, 2), launch(2, 3), launch(0, 4, 1),
                                                 launch(0, 5, 2)};
        addSpans(f, read);
        std::set<int64_t> places; // the launches' starts to the millisecond
        for (const auto& a : read)
            places.insert(a.src.startNs / kMs);
        auto flows = std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, read));
        flows->windowTruncated = true;
        flows->windowMatched = 9;
        f.scene.setFlows(flows);
        const views::DrawList d = views::FrameBuilder().build(f.input(0, 50 * kMs));
        const views::Text* note = noteOf(d);
        QVERIFY2(note, "the note is drawn");
        const QString want =
            QString("flows: %1 arrows drawn for %2 of the window's 9 (a sample of them read; "
                    "arrows with the same ends merged) — zoom in to see every one")
                .arg(places.size())
                .arg(read.size());
        QCOMPARE(note->text, want);
    }

    void oneArrowIsSingular() {
        test::TimelineFixture f;
        addSpans(f, {launch(0, 1)});
        auto flows = std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, {launch(0, 1)}));
        flows->windowTruncated = true;
        flows->windowMatched = 4;
        flows->windowMatchedAtLeast = true; // the count stopped at its bound
        f.scene.setFlows(flows);
        const views::DrawList d = views::FrameBuilder().build(f.input(0, 50 * kMs));
        const views::Text* note = noteOf(d);
        QVERIFY2(note, "the note is drawn");
        QCOMPARE(note->text,
                 QString("flows: 1 arrow drawn for 1 of the window's more than 4 (a sample of them "
                         "read) — zoom in to see every one"));
    }
};

QTEST_MAIN(TstFlowNote)
#include "tst_flownote.moc"
