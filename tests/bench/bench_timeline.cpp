// bench_timeline: frame times of the timeline on a large demo profile (default ≥ 50 M spans): for a
// zoomed-out, a mid and a zoomed-in window, with the overlays a user has on (waits, a selected span, 5000
// search hits), it pans through the run and measures per frame, in the app's phases:
//   query  — the draw data of the visible tracks (LOD or raw spans); the app runs it on the query thread
//   build  — the answer indexed by track and the frame builder's draw list (the widget's paint event)
//   replay — the painter replaying the draw list into a 1600×1000 image (the widget's paint event)
// and prints p50/p95 of each and of a frame (build + replay, what the GUI thread spends). Offscreen.
// Usage: bench_timeline [--spans-m N] [--dir DIR] [--frames N] [--breakdown (replay time per item kind)]
//                       [--png PREFIX (each case's last frame to PREFIX-<case>.png, to compare pixels)]
#include "core/demo/demogenerator.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/namekinds.h"
#include "core/query/timelinequery.h"
#include "tests/support/benchstats.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/timeline/framepainter.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
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
    bool showBreakdown = false;
    std::string png;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--spans-m" && i + 1 < argc)
            spansM = std::atof(argv[++i]);
        else if (a == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (a == "--frames" && i + 1 < argc)
            frames = std::atoi(argv[++i]);
        else if (a == "--png" && i + 1 < argc)
            png = argv[++i];
        else if (a == "--breakdown")
            showBreakdown = true;
        else {
            std::fprintf(stderr, "usage: bench_timeline [--spans-m N] [--dir DIR] [--frames N] [--breakdown] "
                                 "[--png PREFIX]\n");
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
    auto res = rs::pipeline::BuildPipeline(dir, {}).run();
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
    rs::views::FrameBuilder builder;
    rs::query::NameOpTypes opTypes(summary); // the query thread's, kept while the index is open
    // --breakdown: the replay of each case's last frame, one item kind at a time (clips kept)
    auto breakdown = [&](const rs::views::DrawList& list) {
        static const char* kinds[] = {"fill", "spans", "outline", "line",  "dot",    "text",
                                      "area", "clip",  "region",  "arrow", "callout"};
        std::printf("  replay by kind (CPU ms):");
        for (size_t k = 0; k < std::variant_size_v<rs::views::DrawCommand>; ++k) {
            rs::views::DrawList part = list;
            part.items.clear();
            size_t n = 0;
            for (const auto& item : list.items)
                if (item.index() == k || std::holds_alternative<rs::views::Clip>(item)) {
                    part.items.push_back(item);
                    n += item.index() == k;
                }
            if (!n || k == 7) continue;
            Stats t;
            for (int rep = 0; rep < 5; ++rep) {
                const double a = rs::test::threadCpuMs();
                QPainter p(&img);
                rs::views::paintDrawList(p, part, view.font());
                p.end();
                t.v.push_back(rs::test::threadCpuMs() - a);
            }
            std::printf(" %s %zu: %.2f ms;", kinds[k], n, t.pct(50));
        }
        std::printf("\n");
    };
    for (auto& c : cases) {
        Stats q, b, r, f, cb, cr, cf; // wall; and CPU time of the thread (c*)
        rs::views::DrawList last;
        int64_t items = 0, drawn = 0;
        int level = 0;
        for (int i = 0; i < frames; ++i) {
            int64_t start = summary->startNs + (total - c.width) * i / std::max(1, frames - 1);
            state.setWindow(start, start + c.width, false);
            const auto t0 = Clock::now();
            auto data = std::make_shared<const rs::query::TimelineData>(
                rs::query::loadTimeline(db, view.currentRequest(), &opTypes));
            const auto t1 = Clock::now();
            const double c1 = rs::test::threadCpuMs();
            view.setTimelineData(data);
            const rs::views::DrawList list = builder.build(view.frameInput());
            const auto t2 = Clock::now();
            const double c2 = rs::test::threadCpuMs();
            QPainter p(&img);
            rs::views::paintDrawList(p, list, view.font());
            p.end();
            const auto t3 = Clock::now();
            const double c3 = rs::test::threadCpuMs();
            cb.v.push_back(c2 - c1);
            cr.v.push_back(c3 - c2);
            cf.v.push_back(c3 - c1);
            q.v.push_back(ms(t1 - t0));
            b.v.push_back(ms(t2 - t1));
            r.v.push_back(ms(t3 - t2));
            f.v.push_back(ms(t3 - t1));
            for (auto& t : data->tracks)
                items += int64_t(t.items.size());
            drawn += int64_t(list.items.size());
            level = data->lodLevel;
            if (i == frames - 1) last = list;
        }
        std::printf(
            "%-24s LOD %2d, %6.0f items/frame, %5.0f draw items | query p50 %6.2f ms p95 %6.2f | build "
            "p50 %6.2f p95 %6.2f | replay p50 %6.2f p95 %6.2f | frame p50 %6.2f p95 %6.2f max %6.2f ms\n",
            c.name, level, double(items) / frames, double(drawn) / frames, q.pct(50), q.pct(95), b.pct(50),
            b.pct(95), r.pct(50), r.pct(95), f.pct(50), f.pct(95), f.pct(100));
        std::printf("%-24s CPU time of the thread: build p50 %6.2f p95 %6.2f | replay p50 %6.2f p95 %6.2f | "
                    "frame p50 "
                    "%6.2f p95 %6.2f max %6.2f ms\n",
                    "", cb.pct(50), cb.pct(95), cr.pct(50), cr.pct(95), cf.pct(50), cf.pct(95), cf.pct(100));
        if (showBreakdown) breakdown(last);
        if (!png.empty()) {
            QImage shot(view.size(), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&shot);
            rs::views::paintDrawList(p, last, view.font());
            p.end();
            shot.save(QString::fromStdString(png + "-" + std::to_string(&c - cases) + ".png"));
        }
    }
    return 0;
}
