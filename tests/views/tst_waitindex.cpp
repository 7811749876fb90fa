// The waits index of the timeline: for a rank and a window it yields exactly the waits that overlap it
// (checked against a linear scan over a seeded random set, long waits that start far before the window
// included), in start order, and nothing of other ranks; and one long stall does not make every query
// read the waits that started within its length (what a query reads stays near what it finds).
#include "views/timeline/waitindex.h"

#include <QtTest>
#include <random>

using namespace rs;

class TstWaitIndex : public QObject {
    Q_OBJECT
    /// A wait of collective "c" with no blame, by its rank, step, start and length (ns) and kind.
    static query::WaitDesc wait(int rank, int64_t step, int64_t startNs, int64_t durNs, const char* kind) {
        query::WaitDesc w;
        w.rank = rank;
        w.step = step;
        w.collective = "c";
        w.startNs = startNs;
        w.durNs = durNs;
        w.kind = kind;
        return w;
    }
  private Q_SLOTS:
    void matchesALinearScan() {
        std::mt19937_64 rng(7);
        std::vector<query::WaitDesc> waits;
        for (int i = 0; i < 5000; ++i) {
            query::WaitDesc w = wait(int(rng() % 4), 0, int64_t(rng() % 1000000000), int64_t(rng() % 100000),
                                     i % 3 ? "collective_wait" : "idle_gap");
            if (i % 500 == 0) w.durNs = 300000000; // a few long stalls covering many windows
            waits.push_back(w);
        }
        views::WaitIndex ix;
        ix.build(waits);
        QCOMPARE(ix.size(), waits.size());
        for (int q = 0; q < 300; ++q) {
            const int rank = int(rng() % 5); // rank 4 has none
            const int64_t t0 = int64_t(rng() % 1000000000), t1 = t0 + int64_t(rng() % 5000000);
            std::vector<const query::WaitDesc*> want, got;
            for (const auto& w : waits)
                if (w.rank == rank && w.startNs <= t1 && w.startNs + w.durNs >= t0) want.push_back(&w);
            int64_t last = INT64_MIN;
            ix.forEach(rank, t0, t1, [&](const views::WaitIndex::Entry& e) {
                QVERIFY(e.wait->startNs >= last);
                last = e.wait->startNs;
                QCOMPARE(e.collective, e.wait->kind == "collective_wait");
                got.push_back(e.wait);
            });
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            QCOMPARE(got, want);
        }
    }
    void longStallDoesNotWidenEveryQuery() {
        // rank 0: one 10 s hang at the start, then a 1 ms wait every 10 ms for 10 s (1000 waits)
        std::vector<query::WaitDesc> waits;
        const int64_t ms = 1000000;
        waits.push_back(wait(0, 0, 0, 10000 * ms, "collective_wait"));
        for (int i = 0; i < 1000; ++i)
            waits.push_back(wait(0, i, int64_t(i) * 10 * ms, ms, "collective_wait"));
        views::WaitIndex ix;
        ix.build(waits);
        // a 25 ms window at 9 s: the hang and the short waits starting in [9000, 9025] ms (3 of them)
        const int64_t t0 = 9000 * ms, t1 = t0 + 25 * ms;
        int found = 0;
        ix.forEach(0, t0, t1, [&](const views::WaitIndex::Entry&) { ++found; });
        QCOMPARE(found, 1 + 3);
        // a single list by start looked back 10 s from t0 and read 904 waits; by class it reads the 4 found,
        // plus at most one before the window for the short waits' class
        QVERIFY2(ix.scanned(0, t0, t1) <= 5, qPrintable(QString::number(ix.scanned(0, t0, t1))));
    }
};

QTEST_APPLESS_MAIN(TstWaitIndex)
#include "tst_waitindex.moc"
