// The flow_links pass and the flow queries: binding on a hand-built Kineto trace (deepest enclosing slice,
// next slice, bp e, fan-out, t chains, the name in the key, unbound ends counted in diagnostics), the span
// and window queries, the categories; and on the real samples, link counts per category against counts
// made independently over the files.
#include "core/analysis/flowlinks.h"
#include "core/index/flowchunk.h"
#include "core/query/flowquery.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <set>

using namespace rs;

namespace {

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v)
        s += x + "\n";
    return s;
}
#define COMPARE_ROWS(actual, expected)                                                                       \
    QCOMPARE(QString::fromStdString(join(actual)), QString::fromStdString(join(expected)))

// CPU thread (pid 1, tid 1): outer [100, 150) with inner0 [100, 102) and cudaLaunchKernel [110, 115) in it.
// GPU stream (pid 0, tid 7): kernA [200, 210), kernB [300, 310), kernC [400, 410). Times in µs.
std::string flowTrace() {
    auto x = [](const char* name, int pid, int tid, int ts, int dur) {
        return "{\"ph\":\"X\",\"name\":\"" + std::string(name) +
               "\",\"cat\":\"op\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
               ",\"ts\":" + std::to_string(ts) + ",\"dur\":" + std::to_string(dur) + "},\n";
    };
    auto flow = [](const char* ph, const std::string& id, const char* cat, const char* name, int tid, int ts,
                   bool bpE) {
        return "{\"ph\":\"" + std::string(ph) + "\",\"id\":" + id + ",\"cat\":\"" + cat + "\",\"name\":\"" +
               name + "\",\"pid\":" + (tid == 1 ? "1" : "0") + ",\"tid\":" + std::to_string(tid) +
               ",\"ts\":" + std::to_string(ts) + (bpE ? ",\"bp\":\"e\"" : "") + "},\n";
    };
    std::string t = "{\"schemaVersion\":1,\"distributedInfo\":{\"rank\":0},\"traceEvents\":[\n";
    t += x("outer", 1, 1, 100, 50) + x("inner0", 1, 1, 100, 2) + x("cudaLaunchKernel", 1, 1, 110, 5);
    t += x("kernA", 0, 7, 200, 10) + x("kernB", 0, 7, 300, 10) + x("kernC", 0, 7, 400, 10);
    // enclosing (deepest) → enclosing with bp e
    t += flow("s", "1", "ac2g", "ac2g", 1, 111, false) + flow("f", "1", "ac2g", "ac2g", 7, 200, true);
    // f without bp: the next slice starting at or after its ts (kernB at 300)
    t += flow("s", "2", "next", "next", 1, 120, false) + flow("f", "2", "next", "next", 7, 250, false);
    // fan-out: one s, two f (string ids)
    t += flow("s", "\"h1\"", "HostToDevice", "HostToDevice1", 1, 112, false) +
         flow("f", "\"h1\"", "HostToDevice", "HostToDevice1", 7, 305, true) +
         flow("f", "\"h1\"", "HostToDevice", "HostToDevice1", 7, 401, true);
    // a t chain: s → t → f
    t += flow("s", "5", "chain", "chain", 1, 103, false) + flow("t", "5", "chain", "chain", 7, 205, false) +
         flow("f", "5", "chain", "chain", 7, 405, true);
    // the name is part of the key: no pair
    t += flow("s", "6", "ac2g", "x", 1, 113, false) + flow("f", "6", "ac2g", "y", 7, 201, true);
    // an s on no slice (its f then has no start); an f with no slice after it
    t += flow("s", "7", "ac2g", "ac2g", 1, 10, false) + flow("f", "7", "ac2g", "ac2g", 7, 202, true);
    t += flow("f", "8", "next", "next", 7, 999, false);
    // nested slices starting together: the deepest (inner0) encloses ts 100
    t += flow("s", "9", "ac2g", "ac2g", 1, 100, false) + flow("f", "9", "ac2g", "ac2g", 7, 306, true);
    t += "{\"ph\":\"i\",\"name\":\"end\",\"pid\":1,\"tid\":1,\"ts\":1000,\"s\":\"t\"}]}";
    return t;
}

const char* kLinks =
    "SELECT l.cat, l.flow_id, s.name, d.name FROM flow_links l JOIN spans s ON s.span_id = "
    "l.src_span_id JOIN spans d ON d.span_id = l.dst_span_id ORDER BY l.cat, l.flow_id, s.ts_ns, "
    "d.ts_ns";

int64_t spanNamed(const test::Indexed& ix, const std::string& name) {
    return ix.scalar("SELECT span_id FROM spans WHERE name = '" + name + "'");
}

/// `n` launches on a CPU thread (pid 1, tid 1) at 0, 1, … ms (100 µs each), each with an ac2g arrow to its
/// kernel on a GPU stream (pid 0, tid 7) 200 µs later; a second thread (tid 2) with one span and no arrows.
std::string manyLaunches(int n) {
    std::string t = "{\"schemaVersion\":1,\"distributedInfo\":{\"rank\":0},\"traceEvents\":[\n";
    auto ev = [&](const std::string& body) { t.append("{").append(body).append("},\n"); };
    ev("\"ph\":\"X\",\"name\":\"quiet\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":" +
       std::to_string(n * 1000));
    for (int k = 0; k < n; ++k) {
        const std::string at = std::to_string(k * 1000), id = std::to_string(k + 1);
        ev("\"ph\":\"X\",\"name\":\"launch\",\"cat\":\"op\",\"pid\":1,\"tid\":1,\"ts\":" + at +
           ",\"dur\":100");
        ev("\"ph\":\"X\",\"name\":\"kernel\",\"cat\":\"kernel\",\"pid\":0,\"tid\":7,\"ts\":" +
           std::to_string(k * 1000 + 200) + ",\"dur\":100");
        ev("\"ph\":\"s\",\"id\":" + id +
           ",\"cat\":\"ac2g\",\"name\":\"ac2g\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(k * 1000 + 10));
        ev("\"ph\":\"f\",\"id\":" + id + ",\"cat\":\"ac2g\",\"name\":\"ac2g\",\"pid\":0,\"tid\":7,\"ts\":" +
           std::to_string(k * 1000 + 200) + ",\"bp\":\"e\"");
    }
    t += "{\"ph\":\"i\",\"name\":\"end\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(n * 1000 + 500) +
         ",\"s\":\"t\"}]}";
    return t;
}

} // namespace

class TstFlowLinks : public QObject {
    Q_OBJECT
    test::Indexed m_ix;
    std::string m_dir;

  private Q_SLOTS:
    void initTestCase() {
        m_dir = test::tempDir("flowlinks");
        test::writeFile(m_dir + "/rank-0.pt.trace.json", flowTrace());
        m_ix = test::indexDir(m_dir);
        QVERIFY2(m_ix.result.ok, m_ix.result.error.c_str());
    }

    void importKeepsNameAndBp() {
        // the raw events are build scratch: an index built without the analysis still holds them
        auto raw = test::indexOnly(m_dir, test::tempDir("flowlinks-raw") + "/raw.sqlite");
        QVERIFY2(raw.result.ok, raw.result.error.c_str());
        std::vector<std::pair<int64_t, std::string>> events; // (ts, "id|cat|name|phase|bp_e")
        auto str = [&](int32_t id) {
            return raw.rows("SELECT value FROM string WHERE id = " + std::to_string(id)).at(0);
        };
        index::forEachFlowEvent(*raw.db, 1, INT64_MAX, [&](const index::FlowEvent& e) {
            const std::string id = e.idIsInt ? std::to_string(e.idNum) : std::string(e.idText);
            if (id == "1" || id == "h1")
                events.emplace_back(e.tsNs, id + "|" + str(e.catId) + "|" + str(e.nameId) + "|" + e.phase +
                                                "|" + (e.bindEnclosing ? "1" : "0"));
        });
        std::stable_sort(events.begin(), events.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<std::string> shown;
        for (const auto& e : events)
            shown.push_back(e.second);
        COMPARE_ROWS(shown, (std::vector<std::string>{"1|ac2g|ac2g|s|0", "h1|HostToDevice|HostToDevice1|s|0",
                                                      "1|ac2g|ac2g|f|1", "h1|HostToDevice|HostToDevice1|f|1",
                                                      "h1|HostToDevice|HostToDevice1|f|1"}));
    }

    void bindsAndPairs() {
        COMPARE_ROWS(m_ix.rows(kLinks),
                     (std::vector<std::string>{
                         "HostToDevice|h1|cudaLaunchKernel|kernB", "HostToDevice|h1|cudaLaunchKernel|kernC",
                         "ac2g|1|cudaLaunchKernel|kernA", "ac2g|9|inner0|kernB", "chain|5|outer|kernA",
                         "chain|5|kernA|kernC", "next|2|outer|kernB"}));
        QCOMPARE(m_ix.scalar("SELECT count(DISTINCT run_id) FROM flow_links"), int64_t(1));
        QVERIFY(m_ix.scalar("SELECT count(*) FROM flow_links WHERE run_id IS NULL") == 0);
    }

    void unboundAndUnpairedEndsAreCounted() {
        COMPARE_ROWS(
            m_ix.rows("SELECT severity, what, count FROM diagnostics WHERE what LIKE 'flow%' ORDER BY what"),
            (std::vector<std::string>{"info|flow ends with no start (cat ac2g)|2",
                                      "info|flow events bound to no slice (cat ac2g)|1",
                                      "info|flow events bound to no slice (cat next)|1",
                                      "info|flow starts with no end (cat ac2g)|1"}));
        QCOMPARE(m_ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'flow%' AND file NOT LIKE "
                             "'%rank-0.pt.trace.json'"),
                 int64_t(0));
    }

    void bindEndsIsPure() {
        // slices in (ts, depth) order: A [0, 100) ⊃ B [10, 20); C [200, 200) (zero length); D [300, 310)
        std::vector<analysis::BindSlice> slices{
            {1, 0, 100, 0}, {2, 10, 10, 1}, {3, 200, 0, 0}, {4, 300, 10, 0}};
        std::vector<analysis::FlowEnd> ends(6);
        ends[0] = {0, 15, 's', false};  // B (deepest)
        ends[1] = {0, 20, 's', false};  // A (B ended at 20)
        ends[2] = {0, 150, 'f', false}; // next: C at 200
        ends[3] = {0, 200, 'f', true};  // C encloses its own ts
        ends[4] = {0, 250, 'f', true};  // nothing encloses 250
        ends[5] = {0, 300, 'f', false}; // next: D starts at 300
        std::vector<analysis::FlowEnd*> ptrs;
        for (auto& e : ends)
            ptrs.push_back(&e);
        size_t i = 0;
        analysis::bindEnds(ptrs, [&](analysis::BindSlice& s) {
            if (i == slices.size()) return false;
            s = slices[i++];
            return true;
        });
        std::vector<int64_t> got;
        for (const auto& e : ends)
            got.push_back(e.spanId);
        QCOMPARE(got, (std::vector<int64_t>{2, 1, 3, 3, -1, 4}));
    }

    void endBinderDecidesEachEndAsTheSlicesPass() {
        // what lets the pass stream a rank's slices instead of holding them: each end is bound by the first
        // slice past what it may bind to, before the rest arrive. A [0, 100) ⊃ B [10, 20); C [50, 60)
        std::vector<analysis::FlowEnd> ends(3);
        ends[0] = {0, 15, 's', false}; // enclosing: B, decided when C (ts 50 > 15) arrives
        ends[1] = {0, 40, 'f', false}; // next slice: C, decided by C itself
        ends[2] = {0, 55, 'f', true};  // enclosing: C, decided only at the end
        std::vector<analysis::FlowEnd*> ptrs{&ends[0], &ends[1], &ends[2]};
        analysis::EndBinder binder(ptrs);
        binder.feed({1, 0, 100, 0});
        binder.feed({2, 10, 10, 1});
        QCOMPARE(ends[0].spanId, int64_t(-1)); // not yet: a slice starting at 15 could still be deeper
        binder.feed({3, 50, 10, 1});
        QCOMPARE(ends[0].spanId, int64_t(2));
        QCOMPARE(ends[1].spanId, int64_t(3));
        QCOMPARE(ends[2].spanId, int64_t(-1));
        binder.finish();
        QCOMPARE(ends[2].spanId, int64_t(3));
    }

    void slicesWrittenOutOfOrderBindAsSorted() {
        // a trace whose events are not in ts order on a thread: the load writes them as they come, so
        // their track is bound from its slices sorted (the streaming binder needs ts order)
        const std::string dir = test::tempDir("flowlinks-unsorted");
        auto x = [](const char* name, int tid, int ts) {
            return "{\"ph\":\"X\",\"name\":\"" + std::string(name) +
                   "\",\"pid\":1,\"tid\":" + std::to_string(tid) + ",\"ts\":" + std::to_string(ts) +
                   ",\"dur\":10},";
        };
        auto flow = [](const char* ph, int id, int tid, int ts, bool bpE) {
            return "{\"ph\":\"" + std::string(ph) + "\",\"id\":" + std::to_string(id) +
                   ",\"cat\":\"ac2g\",\"name\":\"ac2g\",\"pid\":1,\"tid\":" + std::to_string(tid) +
                   ",\"ts\":" + std::to_string(ts) + (bpE ? ",\"bp\":\"e\"" : "") + "},";
        };
        std::string t = "{\"traceEvents\":[";
        t += x("late", 1, 300) + x("early", 1, 100) + x("mid", 1, 200);
        t += x("k1", 2, 105) + x("k2", 2, 305) + x("k3", 2, 205);
        t += flow("s", 1, 1, 301, false) + flow("f", 1, 2, 305, true);
        t += flow("s", 2, 1, 101, false) + flow("f", 2, 2, 105, true);
        t += flow("s", 3, 1, 201, false) + flow("f", 3, 2, 200, false); // next slice after 200: k3 (205)
        t += "{\"ph\":\"i\",\"name\":\"end\",\"pid\":1,\"tid\":1,\"ts\":1000,\"s\":\"t\"}]}";
        test::writeFile(dir + "/rank-0.pt.trace.json", t);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM spans WHERE name = 'late' AND span_id < (SELECT span_id FROM "
                      "spans WHERE name = 'early')"),
            int64_t(1)); // written out of order indeed
        COMPARE_ROWS(ix.rows(kLinks),
                     (std::vector<std::string>{"ac2g|1|late|k2", "ac2g|2|early|k1", "ac2g|3|mid|k3"}));
    }

    void spanFlowsBothWays() {
        const auto launch = query::loadSpanFlows(*m_ix.db, spanNamed(m_ix, "cudaLaunchKernel"));
        QCOMPARE(launch.arrows.size(), size_t(3));
        for (const auto& a : launch.arrows) {
            QCOMPARE(a.src.name, std::string("cudaLaunchKernel"));
            QCOMPARE(a.src.rank, 0);
        }
        QCOMPARE(launch.arrows[0].dst.name, std::string("kernA")); // by the other end's start
        QCOMPARE(launch.arrows[0].category, std::string("ac2g"));
        QCOMPARE(launch.arrows[0].dst.startNs, int64_t(200000));
        QCOMPARE(launch.arrows[0].dst.endNs, int64_t(210000));
        QCOMPARE(launch.arrows[2].dst.name, std::string("kernC"));
        const auto kernA = query::loadSpanFlows(*m_ix.db, spanNamed(m_ix, "kernA"));
        QCOMPARE(kernA.arrows.size(), size_t(3)); // out to kernC (chain) first, then in from outer and launch
        QCOMPARE(kernA.arrows[0].dst.name, std::string("kernC"));
        QCOMPARE(kernA.arrows[1].src.name, std::string("outer"));
        QCOMPARE(kernA.arrows[2].src.name, std::string("cudaLaunchKernel"));
        QVERIFY(kernA.arrows[1].src.trackId != kernA.arrows[1].dst.trackId);
    }

    void windowFlowsByTrackAndCategory() {
        const int64_t stream = m_ix.scalar("SELECT track_id FROM spans WHERE name = 'kernB'");
        query::FlowWindow w;
        w.t0 = 250000;
        w.t1 = 450000;
        w.trackIds = {stream};
        w.categories = {"HostToDevice"};
        auto got = query::loadWindowFlows(*m_ix.db, w);
        QCOMPARE(got.arrows.size(), size_t(2));
        w.categories = {"HostToDevice", "ac2g", "chain"};
        got = query::loadWindowFlows(*m_ix.db, w);
        QCOMPARE(got.arrows.size(), size_t(6)); // the look-back of one window reaches kernA (200 µs)
        w.limit = 4;
        got = query::loadWindowFlows(*m_ix.db, w);
        QCOMPARE(got.arrows.size(), size_t(4));
        QVERIFY(got.truncated);
        // walk 51b: the first track took the whole limit and the others drew none; each track its share.
        // The host's arrows (chain outer → kernA, then a HostToDevice) filled a limit of 2 before the
        // stream's own chain kernA → kernC
        const int64_t host = m_ix.scalar("SELECT track_id FROM spans WHERE name = 'cudaLaunchKernel'");
        QVERIFY(host != stream);
        w.trackIds = {host, stream};
        w.categories = {"HostToDevice", "chain"};
        w.limit = 2;
        got = query::loadWindowFlows(*m_ix.db, w);
        QVERIFY(got.truncated);
        QCOMPARE(int(got.arrows.size()), 2);
        QCOMPARE(std::count_if(got.arrows.begin(), got.arrows.end(),
                               [](const query::FlowArrow& a) { return a.category == "chain"; }),
                 2);
        w.categories = {};
        QVERIFY(query::loadWindowFlows(*m_ix.db, w).arrows.empty());
        QCOMPARE(query::loadFlowCategories(*m_ix.db),
                 (std::vector<std::string>{"HostToDevice", "ac2g", "chain", "next"}));
    }

    void windowFlowsSpreadOverTheWindowAndTheTracks() {
        // issue 19: each track's share of the limit was its earliest arrows (the picture held the window's
        // first milliseconds only), and a track without arrows kept its share (the healthy demo's ranks 0-2
        // drew 285 of 2000). 100 launches, one a ms, each with one arrow to its kernel (by construction).
        const std::string dir = test::tempDir("flowlinks-spread");
        test::writeFile(dir + "/rank-0.pt.trace.json", manyLaunches(100));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM flow_link"), int64_t(100));
        query::FlowWindow w;
        w.t0 = 0;
        w.t1 = 100 * 1000000 - 1;
        w.trackIds = {ix.scalar("SELECT track_id FROM spans WHERE name = 'quiet'"),
                      ix.scalar("SELECT track_id FROM spans WHERE name = 'launch' LIMIT 1"),
                      ix.scalar("SELECT track_id FROM spans WHERE name = 'kernel' LIMIT 1")};
        w.categories = {"ac2g"};
        w.limit = 10;
        const auto got = query::loadWindowFlows(*ix.db, w);
        // the quiet thread's share is given back: the whole limit drawn, each arrow once
        QCOMPARE(int(got.arrows.size()), 10);
        std::set<std::string> ids;
        for (const auto& a : got.arrows)
            ids.insert(a.flowId);
        QCOMPARE(int(ids.size()), 10);
        QVERIFY(got.truncated);
        QCOMPARE(got.matched, int64_t(100)); // "10 of 100"
        QVERIFY(!got.matchedAtLeast);
        // spread over the window: one launch from each tenth of it
        std::set<int64_t> tenths;
        for (const auto& a : got.arrows)
            tenths.insert(a.src.startNs / (10 * 1000000));
        QCOMPARE(int(tenths.size()), 10);
        // a limit above the window's arrows: every one, none said missing
        w.limit = 2000;
        const auto all = query::loadWindowFlows(*ix.db, w);
        QCOMPARE(int(all.arrows.size()), 100);
        QVERIFY(!all.truncated);
        QCOMPARE(all.matched, int64_t(100));
    }

    void realSamplesMatchIndependentCounts_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("expected"); // "cat=count" sorted by cat, joined by ';'
        // Counted independently of Rankscope with a few lines of Python over the files: parse every event
        // (ts as Decimal), collect the X slices per (pid, tid); group the s and f events by (id, cat, name);
        // per group, (s whose ts falls inside an X of its own pid/tid) × (f likewise), summed per cat. Both
        // [ts, ts+dur) and [ts, ts+dur] gave the same numbers; every f in these files has bp "e".
        QTest::newRow("hta nccl_parser_config")
            << "hta/tests/data/nccl_parser_config" << 0 << "ac2g=3774;fwdbwd=543";
        QTest::newRow("msinsight text level1 rank0")
            << "msinsight/test/data/pytorch/text/level1" << 0
            << "HostToDevice=215;async_npu=210;async_task_queue=159;fwdbwd=27";
    }
    void realSamplesMatchIndependentCounts() {
        QFETCH(QString, dir);
        QFETCH(int, rank);
        QFETCH(QString, expected);
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the real-sample flow counts are skipped");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("flow-samples-cache")));
        auto ix = test::indexDir(samples + "/" + dir.toStdString());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QStringList got;
        for (const auto& r :
             ix.rows("SELECT c.value || '=' || count(*) FROM flow_link l JOIN string c ON c.id = l.cat_id "
                     "JOIN span s ON s.span_id = l.src_span_id JOIN track t ON t.track_id = s.track_id "
                     "WHERE t.rank = " +
                     std::to_string(rank) + " GROUP BY c.value ORDER BY c.value"))
            got << QString::fromStdString(r);
        QCOMPARE(got.join(';'), expected);
    }
};

QTEST_MAIN(TstFlowLinks)
#include "tst_flowlinks.moc"
