// Pure timeline maths: time ↔ pixel under zoom, readable ticks, zoom/pan invariants, LOD level choice and
// merge rules, and the lane layout.
#include "core/model/tracknester.h"
#include "core/query/timelinequery.h"
#include "views/common/timemapping.h"
#include "views/timeline/timelinelayout.h"

#include <QtTest>
#include <tuple>

using namespace rs;
using namespace rs::views;

class TstTimeMapping : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void counterValuesReadWithoutAnExponent_data() {
        // walk 24 #10: a counter lane's scale read "in view ≤ 2.234e+04" (level1's HBM MB/s)
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("HBM MB/s") << 22340.0 << "22.3 k";
        QTest::newRow("NPU MEM KB") << 2164232.0 << "2.16 M";
        QTest::newRow("hundreds of k") << 367200.0 << "367 k";
        QTest::newRow("AI Core MHz") << 1800.0 << "1800";
        QTest::newRow("four digits") << 9189.0 << "9189";
        QTest::newRow("a fraction") << 0.927 << "0.927";
        QTest::newRow("acc id") << 27.0 << "27";
        QTest::newRow("negative") << -4500.0 << "-4500";
        QTest::newRow("negative k") << -45000.0 << "-45.0 k";
        QTest::newRow("giga") << 3.5e9 << "3.50 G";
    }
    void counterValuesReadWithoutAnExponent() {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(views::formatCounterValue(value), text);
    }
    void mappingRoundTrip_data() {
        QTest::addColumn<qint64>("t0");
        QTest::addColumn<qint64>("t1");
        QTest::addColumn<double>("width");
        QTest::newRow("epoch ns, 1 s over 1000 px")
            << qint64(1736408883000000000) << qint64(1736408884000000000) << 1000.0;
        QTest::newRow("zoomed to 2 µs")
            << qint64(1736408883000000000) << qint64(1736408883000002000) << 1600.0;
        QTest::newRow("odd width") << qint64(0) << qint64(12345) << 777.0;
    }
    void mappingRoundTrip() {
        QFETCH(qint64, t0);
        QFETCH(qint64, t1);
        QFETCH(double, width);
        TimeMapping m{t0, t1, 170, width};
        QCOMPARE(m.x(t0), 170.0);
        QCOMPARE(m.x(t1), 170.0 + width);
        for (double px : {170.0, 300.5, 170.0 + width / 2}) {
            int64_t t = m.t(px);
            QVERIFY(std::fabs(m.x(t) - px) <= 1.0);
        }
    }
    void ticks_data() {
        QTest::addColumn<qint64>("span");
        QTest::addColumn<QString>("unit");
        QTest::newRow("seconds") << qint64(20000000000) << " s";
        QTest::newRow("milliseconds") << qint64(50000000) << " ms";
        QTest::newRow("microseconds") << qint64(40000) << " µs";
        QTest::newRow("nanoseconds") << qint64(600) << " ns";
    }
    void ticks() {
        QFETCH(qint64, span);
        QFETCH(QString, unit);
        int64_t origin = 1736408883000000000;
        TimeMapping m{origin, origin + span, 0, 1200};
        auto ticks = m.ticks(90, origin);
        QVERIFY(ticks.size() >= 4 && ticks.size() <= 14);
        int64_t step = ticks[1].ns - ticks[0].ns;
        QString digits = QString::number(step);
        QVERIFY2(digits.startsWith('1') || digits.startsWith('2') || digits.startsWith('5'),
                 qPrintable(digits)); // 1-2-5
        for (size_t i = 1; i < ticks.size(); ++i) {
            QCOMPARE(ticks[i].ns - ticks[i - 1].ns, step);
            QVERIFY(m.x(ticks[i].ns) - m.x(ticks[i - 1].ns) >= 90 - 1e-9);
        }
        QVERIFY2(ticks[1].label.endsWith(unit), qPrintable(ticks[1].label));
        QVERIFY(ticks[0].label.startsWith('+'));
    }
    void formatDuration_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << qint64(820) << "820 ns";
        QTest::newRow("us") << qint64(340000) << "340 µs";
        QTest::newRow("ms") << qint64(45200000) << "45.2 ms";
        QTest::newRow("s") << qint64(1200000000) << "1.20 s";
        QTest::newRow("negative") << qint64(-5000000) << "-5.00 ms";
    }
    void formatDuration() {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(views::formatDuration(ns), text);
    }
    void zoomKeepsAnchorAndBounds() {
        int64_t lo = 1000, hi = 1000 + 1000000000;
        auto [a, b] = zoomWindow(lo, hi, lo + 250000000, 4.0, lo, hi);
        QCOMPARE(b - a, int64_t(250000000));
        // the anchor stays at the same fraction of the window
        QVERIFY(std::llabs((lo + 250000000 - a) - (b - a) / 4) <= 1);
        // zooming out past the bounds clamps to them
        auto [c, d] = zoomWindow(a, b, a, 0.001, lo, hi);
        QCOMPARE(c, lo);
        QCOMPARE(d, hi);
        // zooming in forever stops at 10 ns
        int64_t x = lo, y = hi;
        for (int i = 0; i < 100; ++i)
            std::tie(x, y) = zoomWindow(x, y, (x + y) / 2, 3.0, lo, hi);
        QCOMPARE(y - x, kMinWindowNs);
        QCOMPARE(kMinWindowNs, int64_t(10));
        QVERIFY(x >= lo && y <= hi);
    }
    void panKeepsWidthInsideBounds() {
        auto [a, b] = panWindow(100, 200, 1000, 0, 500);
        QCOMPARE(a, int64_t(400));
        QCOMPARE(b, int64_t(500));
        auto [c, d] = panWindow(100, 200, -1000, 0, 500);
        QCOMPARE(c, int64_t(0));
        QCOMPARE(d, int64_t(100));
    }
    void aWindowToShowSomethingStaysInTheRun() {
        // walk 38: a link's first collective padded 2x its length each side opened −259 … +753 ms of a
        // 471 ms run; a drilled op near the start opened −308 µs …
        const int64_t ms = 1000000, lo = 0, hi = 471 * ms;
        auto [a, b] = windowInRun(-259 * ms, 753 * ms, lo, hi); // wider than the run: the run
        QCOMPARE(a, lo);
        QCOMPARE(b, hi);
        std::tie(a, b) = windowInRun(-308000, 778000, lo, hi); // near the start: moved in, width kept
        QCOMPARE(a, lo);
        QCOMPARE(b, int64_t(778000 + 308000));
        std::tie(a, b) = windowInRun(hi - 100, hi + 900, lo, hi); // near the end
        QCOMPARE(b, hi);
        QCOMPARE(b - a, int64_t(1000));
        std::tie(a, b) = windowInRun(10 * ms, 20 * ms, lo, hi); // inside: unchanged
        QCOMPARE(a, 10 * ms);
        QCOMPARE(b, 20 * ms);
    }
    void lodLevelChoice_data() {
        QTest::addColumn<qint64>("window");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("level");
        QTest::newRow("zoomed in: raw spans") << qint64(10000000) << 1000 << -1;
        QTest::newRow("50 us per px: 256 us buckets are 5 px") << qint64(50000000) << 1000 << 0;
        QTest::newRow("2 ms per px") << qint64(2048000000) << 1000 << 1;
        QTest::newRow("whole minute") << qint64(60000000000) << 1000 << 3;
        QTest::newRow("hours") << qint64(3600000000000) << 1000 << 4;
    }
    void lodLevelChoice() {
        QFETCH(qint64, window);
        QFETCH(int, width);
        QFETCH(int, level);
        QCOMPARE(query::chooseLodLevel(0, window, width), level);
        if (level >= 0) QVERIFY(model::lodWidthNs(level) <= 6 * window / width); // buckets never exceed 6 px
    }
    void lodMergeRules() {
        model::TrackNester n(7);
        std::vector<model::LodRow> rows;
        // 10 spans of 10 µs every 20 µs, then a long one: level 0 (256 µs) merges them into one bucket
        for (int i = 0; i < 10; ++i)
            QCOMPARE(n.add(i * 20000, 10000, 100 + i, rows), 0);
        QCOMPARE(n.add(220000, 30000, 42, rows), 0);
        // a nested span gets depth 1 and its own depth-1 buckets
        QCOMPARE(n.add(225000, 1000, 43, rows), 1);
        n.finish(rows);
        std::vector<model::LodRow> level0, nested;
        for (auto& r : rows) {
            if (r.level == 0 && r.depth == 0) level0.push_back(r);
            if (r.level == 0 && r.depth == 1) nested.push_back(r);
        }
        QCOMPARE(nested.size(), size_t(1));
        QCOMPARE(nested[0].count, int64_t(1));
        QCOMPARE(level0.size(), size_t(1));
        QCOMPARE(level0[0].count, int64_t(11));
        QCOMPARE(level0[0].startNs, int64_t(0));
        QCOMPARE(level0[0].endNs, int64_t(250000));
        QCOMPARE(level0[0].busyNs, int64_t(130000));
        QCOMPARE(level0[0].nameId, 42); // the longest span names the bucket
        QCOMPARE(n.maxDepth(), 1);
        QVERIFY(!n.unsorted());
        n.add(0, 1, 1, rows);
        QVERIFY(n.unsorted()); // out of order: flagged for re-nesting after the load
    }
    void layout() {
        query::ProfileSummary s;
        s.ranks = {0, 1};
        s.tracks = {{1, 0, "compute", "Stream 2", "Ascend Hardware", 0, 10, 0},
                    {2, 0, "communication", "Group 0 Communication", "HCCL", 0, 5, 0},
                    {3, 0, "host", "Thread 7", "MindSpore", 5, 50, 0},
                    {4, 0, "counter", "AI Core Freq/MHz", "", 0, 5, 0},
                    {5, 1, "compute", "Stream 2", "Ascend Hardware", 0, 10, 0},
                    {6, 1, "overlap", "Computing", "Overlap Analysis", 0, 10, 0}};
        LayoutOptions o;
        auto lanes = layoutLanes(s, o);
        // rank 0: header + 3 tracks (counter hidden); rank 1: header + 1 (overlap hidden by default)
        QCOMPARE(lanes.size(), size_t(6));
        QVERIFY(lanes[0].header && lanes[4].header);
        QCOMPARE(lanes[3].rows, o.maxRows); // deep host nesting is capped
        QCOMPARE(laneAt(lanes, lanes[2].y + 1), 2);
        QCOMPARE(laneAt(lanes, -5), -1);
        o.collapsedRanks = {0};
        QCOMPARE(layoutLanes(s, o).size(), size_t(3));
        // a pinned track moves to a Pinned group on top and leaves its rank
        o.collapsedRanks.clear();
        o.pinned = {5};
        auto pinned = layoutLanes(s, o);
        QCOMPARE(pinned.size(), size_t(7));
        QVERIFY(pinned[0].header && pinned[0].pinned);
        QCOMPARE(pinned[1].trackId, int64_t(5));
        QVERIFY(pinned[1].pinned);
        QCOMPARE(pinned.back().trackId, int64_t(0)); // rank 1 keeps only its header
        o.pinned.clear();
        // memory and counter lanes are small area charts of a fixed height
        s.tracks.push_back({-1, 0, "memory", "device memory (allocated)", "", 0, 10, 0});
        auto withMemory = layoutLanes(s, o);
        auto mem =
            std::find_if(withMemory.begin(), withMemory.end(), [](const Lane& l) { return l.trackId == -1; });
        QVERIFY(mem != withMemory.end());
        QCOMPARE(mem->height, o.chartHeight);
        s.tracks.pop_back();
        o.filter = "hccl";
        auto filtered = layoutLanes(s, o);
        QCOMPARE(filtered.size(), size_t(2));
        QCOMPARE(filtered[1].trackId, int64_t(2));
    }
    void rulerIsReadableAtEveryZoom_data() {
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("offset");
        const qint64 s = 1000000000;
        for (qint64 w :
             {qint64(10), qint64(1000), qint64(200000), qint64(10000000), s, 60 * s, 3600 * s, 3 * 86400 * s})
            for (qint64 off :
                 {qint64(0), qint64(1000000), qint64(14800000000), 438 * s, 735004 * s, 1000000 * s})
                QTest::newRow(qPrintable(QString("w%1@%2").arg(w).arg(off))) << w << off;
    }
    void rulerIsReadableAtEveryZoom() {
        // a 1 200 px window `width` long, `offset` into a run that starts at a 2025 epoch
        QFETCH(qint64, width);
        QFETCH(qint64, offset);
        const qint64 runStart = 1736408883704643212;
        views::TimeMapping m;
        m.t0 = runStart + offset;
        m.t1 = m.t0 + width;
        m.x0 = 0;
        m.width = 1200;
        const auto r = m.ruler(90, runStart);
        QVERIFY2(r.ticks.size() >= 2 && r.ticks.size() <= 14, qPrintable(QString::number(r.ticks.size())));
        // run time while it stays short, else a round time just before the window
        const bool runTime = m.t1 - runStart < 10000 * r.stepNs;
        QVERIFY(runTime ? r.originNs == runStart : r.originNs <= m.t0 && m.t0 - r.originNs < 10 * r.stepNs);
        QSet<QString> labels;
        for (const auto& t : r.ticks) {
            QVERIFY2(!labels.contains(t.label), qPrintable(t.label));
            labels.insert(t.label);
            QVERIFY2(t.label.size() <= 26, qPrintable(t.label));
            QVERIFY(t.ns >= m.t0 && t.ns <= m.t1);
        }
        if (runTime) return;
        // the origin is shown once, precise enough to tell it from the next origin a decade later
        views::TimeMapping next = m;
        next.t0 += 10 * r.stepNs;
        next.t1 += 10 * r.stepNs;
        QVERIFY2(next.ruler(90, runStart).originLabel != r.originLabel, qPrintable(r.originLabel));
        QVERIFY(r.originLabel.startsWith('+'));
    }
    void rulerCountsRunTimeWhileShort_data() {
        QTest::addColumn<qint64>("t0");
        QTest::addColumn<qint64>("t1");
        QTest::addColumn<bool>("runTime");
        // walk 9: +880.9…+1201 ms read "0 = run +500 ms", ticks "+400 … +650 ms"; +279.8…+300.2 ms read
        // "0 = run +250 ms", ticks "+30 ms"
        QTest::newRow("320 ms at +881 ms") << qint64(880900000) << qint64(1201000000) << true;
        QTest::newRow("20 ms at +280 ms") << qint64(279800000) << qint64(300200000) << true;
        QTest::newRow("1 us at +880 ms") << qint64(880900000) << qint64(880901000) << false;
        QTest::newRow("100 ns at +2 s") << qint64(2000000000) << qint64(2000000100) << false;
    }
    void rulerCountsRunTimeWhileShort() {
        QFETCH(qint64, t0);
        QFETCH(qint64, t1);
        QFETCH(bool, runTime);
        const qint64 runStart = 1736408883704643212;
        views::TimeMapping m;
        m.t0 = runStart + t0;
        m.t1 = runStart + t1;
        m.x0 = 0;
        m.width = 1200;
        const auto r = m.ruler(90, runStart);
        QCOMPARE(r.originNs == runStart, runTime);
        for (const auto& t : r.ticks) {
            if (runTime) QCOMPARE(t.label, views::formatOffset(t.ns - runStart, r.stepNs));
            // counted from a nearer origin, a label is far smaller than the window's run time
            if (!runTime) QVERIFY(10 * (t.ns - r.originNs) <= t0 / 100);
        }
    }
    void rulerBeforeTheRunCountsFromItsStart() {
        // a window from 20 ms before the run to 30 ms into it: ticks count from the run's start, the ones
        // before it negative, each what a tooltip at that time says (it said "0 = run −20 ms", "+5 ms")
        const qint64 runStart = 1736408883704643212;
        views::TimeMapping m;
        m.t0 = runStart - 20000000;
        m.t1 = runStart + 30000000;
        m.x0 = 0;
        m.width = 1200;
        const auto r = m.ruler(90, runStart);
        QCOMPARE(r.originNs, runStart);
        bool negative = false;
        for (const auto& t : r.ticks) {
            QCOMPARE(t.label, views::formatOffset(t.ns - runStart, r.stepNs));
            negative |= t.ns < runStart;
            QVERIFY(t.ns >= m.t0 && t.ns <= m.t1);
        }
        QVERIFY(negative);
    }
};

QTEST_APPLESS_MAIN(TstTimeMapping)
#include "tst_timemapping.moc"
