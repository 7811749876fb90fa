// bench_timeline: frame times of the timeline on a large demo profile (default ≥ 50 M spans): for a
// zoomed-out, a mid and a zoomed-in window it pans through the run and measures per frame the query
// (LOD or raw spans for every visible track, on this thread as the worker would) and the paint of the
// widget into an image, printing p50/p95/max. Runs offscreen.
// Usage: bench_timeline [--spans-m N] [--dir DIR] [--frames N]
#include "core/demo/demogenerator.h"
#include "core/index/indexer.h"
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"
#include "tests/support/benchstats.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QImage>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;
using Clock = rs::test::BenchClock;
using rs::test::ms;
using rs::test::Stats;

int main(int argc, char** argv) {
    double spansM = 50;
    int frames = 40;
    std::string dir;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--spans-m" && i + 1 < argc)
            spansM = std::atof(argv[++i]);
        else if (a == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (a == "--frames" && i + 1 < argc)
            frames = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: bench_timeline [--spans-m N] [--dir DIR] [--frames N]\n");
            return 2;
        }
    }
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    if (dir.empty()) {
        // ≈ 3 300 spans per rank and step at 48 layers (kernels, launches, HCCL tasks, steps)
        rs::demo::DemoOptions o;
        o.ranks = 8;
        o.layers = 48;
        o.steps = std::max(1, int(spansM * 1e6 / (8.0 * 3300.0)));
        dir = (fs::temp_directory_path() / ("rankscope-bench-timeline-" + std::to_string(int(spansM))))
                  .string();
        if (!rs::test::ensureDemo(dir, o)) return 1;
    }
    auto t0 = Clock::now();
    auto res = rs::index::Indexer::open(dir, {});
    if (!res.ok) {
        std::fprintf(stderr, "bench: index failed: %s\n", res.error.c_str());
        return 1;
    }
    std::printf("index      %s in %.0f s (%s)\n", res.dbPath.c_str(), ms(Clock::now() - t0) / 1000,
                res.reused ? "reused" : "built");
    rs::index::Db db(res.dbPath, true);
    int64_t spans = db.scalar("SELECT count(*) FROM span");
    auto summary = std::make_shared<const rs::query::ProfileSummary>(rs::query::loadSummary(db));
    rs::views::InteractionState state;
    state.setBounds(summary->startNs, summary->endNs);
    rs::views::TimelineView view(&state, nullptr);
    view.resize(1600, 1000);
    view.setSummary(summary);
    // the overlays a user has on: waits (the view's default), a selected span and search highlights (the
    // app's search: every span of an op type, at most 5000, as the toolbar asks)
    view.setShowWaits(true);
    std::vector<int64_t> hitTracks;
    const auto hits = rs::query::searchSpans(db, "MatMul", 5000, &hitTracks);
    view.setSearchHits(hits, std::vector<qint64>(hitTracks.begin(), hitTracks.end()));
    if (!hits.empty()) {
        rs::views::Selection sel;
        sel.kind = rs::views::Selection::Kind::Span;
        sel.spanId = hits[hits.size() / 2].spanId;
        sel.startNs = hits[hits.size() / 2].startNs;
        sel.endNs = hits[hits.size() / 2].endNs;
        state.setSelection(sel);
    }
    QImage img(view.size(), QImage::Format_ARGB32_Premultiplied);
    int64_t total = summary->endNs - summary->startNs;
    std::printf("profile    %.1f M spans, %zu tracks, %zu waits, %.1f s of run; view 1600x1000, %zu lanes; "
                "overlays: waits, 1 selected span, %zu search hits\n",
                double(spans) / 1e6, summary->tracks.size(), summary->waits.size(), double(total) / 1e9,
                view.lanes().size(), hits.size());
    struct Case {
        const char* name;
        int64_t width;
    } cases[] = {{"zoomed-out (whole run)", total},
                 {"mid (1% of the run)", total / 100},
                 {"zoomed-in (10 ms)", 10000000}};
    for (auto& c : cases) {
        Stats q, p, f;
        int64_t items = 0;
        int level = 0;
        for (int i = 0; i < frames; ++i) {
            int64_t start = summary->startNs + (total - c.width) * i / std::max(1, frames - 1);
            state.setWindow(start, start + c.width, false);
            auto a = Clock::now();
            auto data = std::make_shared<const rs::query::TimelineData>(
                rs::query::loadTimeline(db, view.currentRequest()));
            auto b = Clock::now();
            view.setTimelineData(data);
            view.render(&img);
            auto e = Clock::now();
            q.v.push_back(ms(b - a));
            p.v.push_back(ms(e - b));
            f.v.push_back(ms(e - a));
            for (auto& t : data->tracks)
                items += int64_t(t.items.size());
            level = data->lodLevel;
        }
        std::printf("%-24s LOD %2d, %6.0f items/frame | query p50 %6.2f ms p95 %6.2f | paint p50 %6.2f p95 "
                    "%6.2f | frame p50 %6.2f p95 %6.2f max %6.2f ms\n",
                    c.name, level, double(items) / frames, q.pct(50), q.pct(95), p.pct(50), p.pct(95),
                    f.pct(50), f.pct(95), f.pct(100));
    }
    return 0;
}
