#pragma once
// A timeline scene on hand-built data for the timeline's unit tests (frame builder, hit tester, input): two
// ranks of a compute (three rows) and a communication lane each, five 40 ms steps, one collective wait on
// rank 0 (70–75 ms, blamed on rank 1), names MatMulV2 (ids 1/2), an NCCL kernel (3/4) and Cast (5/6). Tests
// fill the tracks' items, then take a frame of a window. GUI thread.
#include "tests/support/summarynames.h"
#include "views/timeline/timelinescene.h"

#include <QFont>
#include <QPalette>
#include <memory>

namespace rs::test {

constexpr int64_t kMs = 1000000;

/// Two ranks, each a compute and a communication lane; steps of 40 ms; one collective wait on rank 0.
inline std::shared_ptr<query::ProfileSummary> makeSummary() {
    auto s = std::make_shared<query::ProfileSummary>();
    s->ranks = {0, 1};
    s->tracks = {{1, 0, "compute", "Stream 2", "", 2, 10, 0}, // three rows
                 {2, 0, "communication", "Group 0", "", 0, 10, 1},
                 {3, 1, "compute", "Stream 2", "", 0, 10, 0},
                 {4, 1, "communication", "Group 0", "", 0, 10, 1}};
    s->strings = {"",
                  "Default/MatMulV2-op1",
                  "MatMulV2",
                  "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)",
                  "ncclKernel_AllReduce_RING_LL_Sum_float",
                  "Cast-op2",
                  "Cast",
                  "EVENT_WAIT"};
    classifyAsIndexed(*s);
    s->startNs = 0;
    s->endNs = 200 * kMs;
    for (int r : {0, 1})
        for (int64_t i = 0; i < 5; ++i)
            s->steps.push_back({r, i, i * 40 * kMs, (i + 1) * 40 * kMs, false, "", {}, 0, {}});
    s->waits.push_back({0, 1, "hcom_allReduce_", 70 * kMs, 5 * kMs, "collective_wait", 1, 75 * kMs,
                        std::nullopt, false, 0, 1, std::nullopt, 0, ""});
    return s;
}

inline query::DrawItem item(int64_t t0, int64_t t1, int32_t name, int32_t type, int64_t id, int depth = 0) {
    return {t0, t1, name, type, depth, 1, id};
}

struct TimelineFixture {
    views::InteractionState state;
    views::TimelineScene scene;
    std::shared_ptr<query::ProfileSummary> summary = makeSummary();
    std::shared_ptr<query::TimelineData> data = std::make_shared<query::TimelineData>();

    TimelineFixture() {
        state.setBounds(summary->startNs, summary->endNs);
        scene.setSummary(summary);
        for (int64_t t : {1, 2, 3, 4})
            data->tracks.push_back({t, {}});
    }
    int width = 1200; ///< the frame's, px
    int height = 400; ///< the frame's, px
    query::TrackDraw& track(int64_t id) { return data->tracks[size_t(id - 1)]; }
    /// The frame of [t0, t1] as a picture (no footer: its legend's swatches are not the lanes').
    views::FrameInput input(int64_t t0, int64_t t1) {
        state.setWindow(t0, t1);
        return current();
    }
    /// The frame of the state's window.
    views::FrameInput current() {
        scene.setData(data);
        views::Viewport vp;
        vp.width = width;
        vp.height = height;
        views::FrameInput in = scene.frame(vp, state, nullptr, QPalette(), QFont());
        in.exportMode = true;
        return in;
    }
};

} // namespace rs::test
