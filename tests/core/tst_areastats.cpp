// Area statistics (core/query/areastats.h) on a hand-built two-rank Kineto profile whose figures are worked
// out by hand below: spans clipped at both edges of the area (a span ending exactly at its start and one
// starting exactly at its end are out), nested spans' self time (a parent minus the merged time of its
// direct children, all clipped), a span starting 6 ms before the area (found through the long-span list),
// p95 by nearest rank (the ⌈0.95·n⌉-th smallest: 19 µs of 1..20 µs, where interpolation would say 19.05),
// per rank and over the ranks, a counter's and the memory curve's first / last / min / max, a step area
// (each rank's own extent), explicit lanes, the spans of one row, a cancel; and a real sample against
// figures counted in Python over its trace file.
#include "core/query/areastats.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace rs;

namespace {

constexpr int64_t us = 1000; // ns

std::string x(const std::string& name, int tid, int64_t ts, int64_t dur, const std::string& cat = "kernel",
              int pid = 0) {
    return "{\"ph\":\"X\",\"cat\":\"" + cat + "\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) +
           ",\"tid\":" + std::to_string(tid) + ",\"ts\":" + std::to_string(ts) +
           ",\"dur\":" + std::to_string(dur) + "}";
}

std::string memory(int64_t ts, int64_t bytes, int64_t allocated, int64_t reserved) {
    return "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":11,\"ts\":" +
           std::to_string(ts) +
           ",\"args\":{\"Device Type\":1,\"Device Id\":0,\"Addr\":140000000000,\"Bytes\":" +
           std::to_string(bytes) + ",\"Total Allocated\":" + std::to_string(allocated) +
           ",\"Total Reserved\":" + std::to_string(reserved) + "}}";
}

std::string counter(int64_t ts, int value) {
    return "{\"ph\":\"C\",\"name\":\"util\",\"pid\":0,\"tid\":0,\"ts\":" + std::to_string(ts) +
           ",\"args\":{\"value\":" + std::to_string(value) + "}}";
}

void writeRank(const std::string& dir, int rank, const std::vector<std::string>& events) {
    std::string ev;
    for (const auto& e : events)
        ev += (ev.empty() ? "" : ",\n") + e;
    test::writeFile(dir + "/rank-" + std::to_string(rank) + ".pt.trace.json",
                    "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(rank) +
                        ",\"world_size\":2},\"traceEvents\":[" + ev + "]}");
}

/// name|kind|rank|count|total|self|min|max|p95 (ns)
std::string rowText(const query::AreaRow& r) {
    return r.name + "|" + r.kind + "|" + std::to_string(r.rank) + "|" + std::to_string(r.count) + "|" +
           std::to_string(r.totalNs) + "|" + std::to_string(r.selfNs) + "|" + std::to_string(r.minNs) + "|" +
           std::to_string(r.maxNs) + "|" + std::to_string(r.p95Ns);
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

/// A PTA row of a demo's memory_record.csv: its time (ns, from the µs text with 3 decimals) and Total
/// Allocated (bytes), in file order.
std::vector<std::pair<int64_t, double>> ptaAllocated(const std::string& csv) {
    std::vector<std::pair<int64_t, double>> out;
    std::ifstream in(csv);
    std::string line;
    std::getline(in, line); // Component,Timestamp(us),Total Allocated(MB),…
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        for (size_t at = 0;;) {
            const size_t comma = line.find(',', at);
            f.push_back(line.substr(at, comma - at));
            if (comma == std::string::npos) break;
            at = comma + 1;
        }
        if (f.size() < 3 || f[0] != "PTA" || f[2].empty()) continue;
        const std::string ts = f[1].substr(0, f[1].find_first_of(" \t"));
        const size_t dot = ts.find('.');
        const std::string frac = (ts.substr(dot + 1) + "000").substr(0, 3);
        out.emplace_back(std::stoll(ts.substr(0, dot)) * 1000 + std::stoll(frac), std::stod(f[2]) * 1048576);
    }
    return out;
}

} // namespace

class TstAreaStats : public QObject {
    Q_OBJECT
    test::Indexed m_ix;
    // the area of most cases: [11 020 µs, 11 380 µs) on both ranks (Kineto ts are µs)
    const int64_t m_t0 = 11020 * us, m_t1 = 11380 * us;

    query::AreaQuery area(bool perRank) const {
        query::AreaQuery q;
        q.windows = query::rangeWindows({0, 1}, m_t0, m_t1);
        q.perRank = perRank;
        return q;
    }

  private Q_SLOTS:
    void initTestCase() {
        const std::string dir = test::tempDir("areastats");
        writeRank(dir, 0,
                  {// a nest on stream 7: outer 11000..11100 holds mid 11010..11040 (holding leaf
                   // 11015..11025) and mid 11060..11090
                   x("outer", 7, 11000, 100), x("mid", 7, 11010, 30), x("leaf", 7, 11015, 10),
                   x("mid", 7, 11060, 30), x("k", 7, 11200, 50), x("k", 7, 11300, 20), x("k", 7, 11400, 40),
                   // the host: one op over the whole area, the step on a thread of its own
                   x("aten::mm", 100, 11005, 500, "cpu_op", 100),
                   x("ProfilerStep#1", 101, 11000, 400, "user_annotation", 100), counter(10900, 1),
                   counter(11100, 5), counter(11200, 3), counter(11500, 9), memory(10950, 4096, 4096, 8192),
                   memory(11300, 8192, 12288, 16384), memory(11400, -12288, 0, 16384)});
        std::vector<std::string> r1 = {x("k", 7, 11210, 30), x("k", 7, 11350, 100),
                                       // ends exactly at the area's start / starts exactly at its end: out
                                       x("before", 9, 11000, 20), x("after", 9, 11380, 5),
                                       // from 6 ms before the area to 80 µs into it
                                       x("long", 11, 5000, 6100),
                                       x("ProfilerStep#1", 101, 11010, 500, "user_annotation", 100)};
        for (int i = 0; i < 20; ++i) // 20 ticks of 1..20 µs, all inside the area
            r1.push_back(x("tick", 9, 11100 + i * 10, i + 1));
        writeRank(dir, 1, r1);
        m_ix = test::indexDir(dir);
        QVERIFY2(m_ix.result.ok, m_ix.result.error.c_str());
    }

    void ranksTogether() {
        const auto s = query::computeAreaStats(*m_ix.db, area(false));
        std::vector<std::string> got;
        for (const auto& r : s.rows)
            got.push_back(rowText(r));
        // by hand: outer clipped to 11020..11100 = 80 µs, minus its children mid (20 after clipping) and mid
        // (30) = 30 µs own; the first mid 20 − leaf 5 = 15, the second 30: 45 in all; leaf 11020..11025;
        // k: 50 and 20 on rank 0 (the third starts after the area), 30 and 11350..11380 = 30 on rank 1;
        // ticks 1..20 µs: 210 in all, p95 the 19th = 19 µs; long 11020..11100; aten::mm and the two
        // ProfilerStep#1 spans cover the whole 360 µs
        const std::vector<std::string> want = {"ProfilerStep#1|host|-1|2|720000|720000|360000|360000|360000",
                                               "aten::mm|host|-1|1|360000|360000|360000|360000|360000",
                                               "tick|compute|-1|20|210000|210000|1000|20000|19000",
                                               "k|compute|-1|4|130000|130000|20000|50000|50000",
                                               "long|compute|-1|1|80000|80000|80000|80000|80000",
                                               "outer|compute|-1|1|80000|30000|80000|80000|80000",
                                               "mid|compute|-1|2|50000|45000|20000|30000|30000",
                                               "leaf|compute|-1|1|5000|5000|5000|5000|5000"};
        QCOMPARE(sorted(got), sorted(want));
        for (size_t i = 1; i < s.rows.size(); ++i) // longest total first
            QVERIFY(s.rows[i - 1].totalNs >= s.rows[i].totalNs);
        for (const auto& r : s.rows)
            if (r.name == "k") QCOMPARE(r.avgNs, 32500.0);
        // the spans that overlap: rank 0's outer, 2 mid, leaf, 2 k, aten::mm, its step; rank 1's 2 k, 20
        // ticks, long, its step
        QCOMPARE(s.spans, int64_t(6 + 1 + 1 + 2 + 20 + 1 + 1));
    }

    void perRank() {
        const auto s = query::computeAreaStats(*m_ix.db, area(true));
        std::vector<std::string> k;
        for (const auto& r : s.rows)
            if (r.name == "k" || r.name == "ProfilerStep#1") k.push_back(rowText(r));
        QCOMPARE(sorted(k), sorted({"k|compute|0|2|70000|70000|20000|50000|50000",
                                    "k|compute|1|2|60000|60000|30000|30000|30000",
                                    "ProfilerStep#1|host|0|1|360000|360000|360000|360000|360000",
                                    "ProfilerStep#1|host|1|1|360000|360000|360000|360000|360000"}));
    }

    void countersFirstLastMinMax() {
        const auto s = query::computeAreaStats(*m_ix.db, area(true));
        QString found;
        for (const auto& c : s.counters) {
            QCOMPARE(c.rank, 0);
            if (c.name.find("util") != std::string::npos) {
                // in force at 11 020: 1 (set at 10 900); inside 5 then 3
                QVERIFY(c.first.has_value());
                QCOMPARE(*c.first, 1.0);
                QCOMPARE(c.last, 3.0);
                QCOMPARE(c.min, 1.0);
                QCOMPARE(c.max, 5.0);
                QCOMPARE(c.samples, int64_t(2));
                found += "u";
            } else if (c.name.find("allocated") != std::string::npos) {
                QVERIFY(c.bytes);
                QCOMPARE(*c.first, 4096.0); // from 10 950; 12 288 from 11 300; 0 only at 11 400
                QCOMPARE(c.last, 12288.0);
                QCOMPARE(c.min, 4096.0);
                QCOMPARE(c.max, 12288.0);
                QCOMPARE(c.samples, int64_t(1));
                found += "a";
            } else if (c.name.find("reserved") != std::string::npos) {
                QCOMPARE(*c.first, 8192.0);
                QCOMPARE(c.last, 16384.0);
                found += "r";
            }
        }
        QVERIFY2(found.contains('u') && found.contains('a') && found.contains('r'), qPrintable(found));
    }

    void firstIsTheFirstSampleAtTheStartInFileOrder() {
        // r53c #2: a demo's memory_record.csv holds 64 MiB, 128 MiB, … all at its first time (the
        // start-up allocations); an area from that time read "first" as the last of them (ORDER BY ts_ns
        // DESC among equal times): the first in the file's order is meant, and the last before the area's
        // end is the last in the file's order among its time. Expected values from the CSV, read here.
        const std::string dir = test::tempDir("areastats-demo");
        const auto ix = test::indexedDemo(dir, test::demoOptions(2, 3, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        std::string csv; // rank 0's: beside its profiler_info_0.json
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
            if (e.path().filename() == "profiler_info_0.json")
                csv = (e.path().parent_path() / "ASCEND_PROFILER_OUTPUT" / "memory_record.csv").string();
        QVERIFY2(std::filesystem::exists(csv), "no memory_record.csv of rank 0");
        const auto rows = ptaAllocated(csv);
        QVERIFY(rows.size() > 2);
        const int64_t t0 = rows.front().first, t1 = t0 + 1000000;         // 1 ms from the first sample
        QVERIFY(rows[1].first == t0 && rows[1].second != rows[0].second); // several at the start
        double last = 0;
        int64_t inside = 0;
        for (const auto& [ts, v] : rows)
            if (ts >= t0 && ts < t1) last = v, ++inside; // rows are in time order: the last one wins
        query::AreaQuery q;
        q.windows = query::rangeWindows({0}, t0, t1);
        q.kinds = {"memory"};
        const auto s = query::computeAreaStats(*ix.db, q);
        bool found = false;
        for (const auto& c : s.counters) {
            if (c.rank != 0 || c.name.find("allocated") == std::string::npos) continue;
            found = true;
            QVERIFY(c.first.has_value());
            QCOMPARE(*c.first, rows.front().second); // 64 MiB
            QCOMPARE(c.last, last);
            QCOMPARE(c.samples, inside);
        }
        QVERIFY(found);
    }

    void stepArea() {
        query::AreaQuery q;
        q.step = 1;
        q.stepRanks = {0, 1, 7};
        q.perRank = true;
        const auto s = query::computeAreaStats(*m_ix.db, q);
        QCOMPARE(s.ranksWithoutStep, std::vector<int>{7});
        std::vector<std::string> windows, want;
        for (const auto& w : s.windows)
            windows.push_back(std::to_string(w.rank) + "|" + std::to_string(w.t0) + "|" +
                              std::to_string(w.t1));
        QCOMPARE(windows, m_ix.rows("SELECT rank, start_ns, end_ns FROM steps WHERE step = 1 ORDER BY rank"));
        QCOMPARE(windows.size(), size_t(2));
        for (const auto& r : s.rows)
            if (r.name == "k" && r.rank == 1) want.push_back(rowText(r));
        // rank 1's step 1 is its ProfilerStep#1 span, 11 010..11 510: both k whole (30 + 100)
        QCOMPARE(want, std::vector<std::string>{"k|compute|1|2|130000|130000|30000|100000|100000"});
    }

    void chosenLanesAndKinds() {
        const int64_t ticks = m_ix.scalar("SELECT DISTINCT track_id FROM spans WHERE name = 'tick'");
        auto q = area(false);
        q.trackIds = {ticks};
        auto s = query::computeAreaStats(*m_ix.db, q);
        QCOMPARE(s.rows.size(), size_t(1));
        QCOMPARE(rowText(s.rows[0]), std::string("tick|compute|-1|20|210000|210000|1000|20000|19000"));
        QVERIFY(s.counters.empty());
        q = area(false);
        q.kinds = {"host"};
        s = query::computeAreaStats(*m_ix.db, q);
        std::vector<std::string> names;
        for (const auto& r : s.rows)
            names.push_back(r.name);
        QCOMPARE(sorted(names), sorted({"aten::mm", "ProfilerStep#1"}));
    }

    void spansOfOneRow() {
        std::vector<int64_t> tracks;
        const auto spans = query::areaSpans(*m_ix.db, area(false), "k", "compute", -1, 100, &tracks);
        std::vector<int64_t> starts;
        for (const auto& it : spans)
            starts.push_back(it.startNs / us);
        QCOMPARE(starts, (std::vector<int64_t>{11200, 11210, 11300, 11350}));
        QCOMPARE(tracks.size(), spans.size());
        for (const auto& it : spans)
            QVERIFY(it.spanId > 0);
        QCOMPARE(query::areaSpans(*m_ix.db, area(false), "k", "compute", 1, 100, nullptr).size(), size_t(2));
        QCOMPARE(query::areaSpans(*m_ix.db, area(false), "k", "compute", -1, 3, nullptr).size(), size_t(3));
        QVERIFY(query::areaSpans(*m_ix.db, area(false), "before", "compute", -1, 100, nullptr).empty());
    }

    void computeLaneKinds_data() {
        QTest::addColumn<QStringList>("kinds");
        QTest::addColumn<QStringList>("rows"); // name|kind, any order
        const QStringList all = {"gemm_kernel|compute", "EVENT_WAIT|runtime", "MEMCPY_ASYNC|runtime",
                                 "ncclKernel_AllReduce_RING|communication"};
        QTest::newRow("compute: kernels only")
            << QStringList{"compute"} << QStringList{"gemm_kernel|compute"};
        QTest::newRow("runtime") << QStringList{"runtime"}
                                 << QStringList{"EVENT_WAIT|runtime", "MEMCPY_ASYNC|runtime"};
        QTest::newRow("communication")
            << QStringList{"communication"} << QStringList{"ncclKernel_AllReduce_RING|communication"};
        QTest::newRow("default") << QStringList{} << all;
    }

    void computeLaneKinds() {
        // walk 23b: a compute stream's runtime tasks (all-capital names, Notify*/Event*: name_fact.compute
        // = 0) and collectives (communication = 1) are not kernels; the timeline draws them grey and in
        // communication hues, so their rows say so and `--kinds compute` leaves them out
        QFETCH(QStringList, kinds);
        QFETCH(QStringList, rows);
        const std::string dir = test::tempDir("areastats-kinds");
        writeRank(dir, 0,
                  {x("gemm_kernel", 7, 1000, 10), x("EVENT_WAIT", 7, 1020, 300),
                   x("MEMCPY_ASYNC", 7, 1400, 50), x("ncclKernel_AllReduce_RING", 7, 1500, 200),
                   x("aten::mm", 100, 990, 40, "cpu_op", 100)});
        const auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        query::AreaQuery q;
        q.windows = query::rangeWindows({0}, 0, 10'000 * us);
        q.perRank = false;
        if (!kinds.isEmpty()) q.kinds.clear();
        for (const auto& k : kinds)
            q.kinds.insert(k.toStdString());
        QStringList got;
        for (const auto& r : query::computeAreaStats(*ix.db, q).rows)
            if (r.name != "aten::mm") got << QString::fromStdString(r.name + "|" + r.kind);
        got.sort();
        rows.sort();
        QCOMPARE(got, rows);
        // a row click finds the row's spans under its own kind only
        for (const auto& row : rows) {
            const auto nameKind = row.split('|');
            std::vector<int64_t> tracks;
            const auto spans = query::areaSpans(*ix.db, q, nameKind[0].toStdString(),
                                                nameKind[1].toStdString(), -1, 10, &tracks);
            QCOMPARE(spans.size(), size_t(1));
            QCOMPARE(tracks.size(), size_t(1));
            if (nameKind[1] != "compute")
                QVERIFY(query::areaSpans(*ix.db, q, nameKind[0].toStdString(), "compute", -1, 10, nullptr)
                            .empty());
        }
    }

    void json() {
        const auto s = query::computeAreaStats(*m_ix.db, area(false));
        const auto j = nlohmann::json::parse(query::areaStatsJson(s, {{0, 0}, {1, 1}}));
        QCOMPARE(j["windows"].size(), size_t(2));
        QCOMPARE(j["per_rank"].get<bool>(), false);
        QCOMPARE(j["ops"].size(), s.rows.size());
        QVERIFY(j["ops"][0]["rank"].is_null());
        for (const char* k :
             {"name", "kind", "count", "total_ns", "self_ns", "avg_ns", "min_ns", "max_ns", "p95_ns"})
            QVERIFY2(j["ops"][0].contains(k), k);
        QVERIFY(!j["counters"].empty());
    }

    void realSampleAgainstPython() {
        // HTA's ns-resolution Kineto trace (one rank, µs with three decimals), a 20 ms area from 300 ms into
        // the run. Expected figures from a few lines of Python over the file (json with Decimal floats; a
        // span counts when ts < t1 and ts + dur > t0; clipped = min(end, t1) − max(ts, t0); p95 the
        // ⌈0.95·n⌉-th smallest clipped wall):
        //   volta_sgemm_32x128_nn (kernel): 11 spans, 2 959 823 ns, min 163 071, max 528 125, p95 528 125
        //   aten::copy_ (cpu_op):          152 spans, 15 610 709 ns, min 6 473, max 615 870, p95 377 066,
        //                                  self 425 356 (minus the union of the events nested in each on its
        //                                  pid/tid, clipped)
        //   aten::conv2d (cpu_op):         12 spans, 1 565 340 ns, self 13 985
        //   cudaMemcpyAsync (cuda_runtime): 152 spans, 15 185 353 ns
        //   every X event: 1177 overlap the area
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const auto ix = test::indexDir(samples + "/hta/tests/data/ns_resolution_trace", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t start = 1712195495406752797, t0 = start + 300000000, t1 = start + 320000000;
        query::AreaQuery q;
        q.windows = query::rangeWindows({int(ix.scalar("SELECT min(rank) FROM rank_info"))}, t0, t1);
        q.perRank = false;
        const auto s = query::computeAreaStats(*ix.db, q);
        const auto row = [&](const std::string& name) {
            for (const auto& r : s.rows)
                if (r.name == name) return r;
            return query::AreaRow{};
        };
        const auto sgemm = row("volta_sgemm_32x128_nn"), copy = row("aten::copy_"),
                   memcpy = row("cudaMemcpyAsync");
        QCOMPARE(sgemm.count, int64_t(11));
        QCOMPARE(sgemm.totalNs, int64_t(2959823));
        QCOMPARE(sgemm.minNs, int64_t(163071));
        QCOMPARE(sgemm.maxNs, int64_t(528125));
        QCOMPARE(sgemm.p95Ns, int64_t(528125));
        QCOMPARE(copy.count, int64_t(152));
        QCOMPARE(copy.totalNs, int64_t(15610709));
        QCOMPARE(copy.minNs, int64_t(6473));
        QCOMPARE(copy.maxNs, int64_t(615870));
        QCOMPARE(copy.p95Ns, int64_t(377066));
        QCOMPARE(copy.selfNs, int64_t(425356));
        const auto conv = row("aten::conv2d");
        QCOMPARE(conv.count, int64_t(12));
        QCOMPARE(conv.totalNs, int64_t(1565340));
        QCOMPARE(conv.selfNs, int64_t(13985));
        QCOMPARE(memcpy.count, int64_t(152));
        QCOMPARE(memcpy.totalNs, int64_t(15185353));
        QCOMPARE(s.spans, int64_t(1177));
    }

    void cancelStops() {
        std::atomic<bool> cancel{true};
        const auto s = query::computeAreaStats(*m_ix.db, area(false), &cancel);
        QVERIFY(s.cancelled);
        QVERIFY(s.rows.empty());
    }
};

QTEST_GUILESS_MAIN(TstAreaStats)
#include "tst_areastats.moc"
