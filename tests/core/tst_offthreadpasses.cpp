// The second thread of the analysis (core/analysis/offthreadpasses.h): results handed over per rank and
// pass in the plan's order whatever the thread's pace, its errors rethrown where the result is taken, and
// a cancel or an early end that stops a long statement it is running instead of waiting for it.
#include "core/analysis/offthreadpasses.h"

#include "core/analysis/rankreadcontext.h"
#include "core/index/cancelguard.h"

#include <QtTest>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using namespace rs;

namespace {

struct Value : analysis::RankResult {
    int64_t v = 0;
};

/// An SQL statement of about `n` VM loops: seconds to minutes unless interrupted.
int64_t countTo(index::Db& db, int64_t n) {
    return db.scalar("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < " +
                     std::to_string(n) + ") SELECT count(*) FROM c");
}

/// Computes rank × `scale` through SQL on the reader; on `slowRank` it first runs a statement too long
/// to finish (noting that it started and whether it was interrupted), on `badRank` it throws.
class FakePass : public analysis::RankPass {
  public:
    explicit FakePass(int64_t scale) : scale(scale) {}
    analysis::PassInfo info() const override { return {"fake", analysis::PassScope::RankLocal, {}, {}}; }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }
    std::unique_ptr<analysis::RankResult> compute(analysis::RankReadContext& ctx) const override {
        if (ctx.rank == badRank) throw std::runtime_error("rank " + std::to_string(ctx.rank) + " is broken");
        if (ctx.rank == holdRank && std::this_thread::get_id() != mainThread) { // until the slow rank starts
            holding = true;
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (!started.load() && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        if (ctx.rank == slowRank) {
            if (cancelOnSlow) *cancelOnSlow = true;
            started = true;
            try {
                countTo(ctx.db, 4'000'000'000LL);
            } catch (const index::SqlError& e) {
                interrupted = std::string(e.what()).find("interrupt") != std::string::npos;
                throw;
            }
        }
        auto out = std::make_unique<Value>();
        auto q = ctx.db.prepare("SELECT ? * ?");
        q.bind(1, int64_t(ctx.rank)).bind(2, scale);
        out->v = q.step() ? q.i64(0) : -1;
        return out;
    }

    int64_t scale;
    int badRank = -1, slowRank = -1;
    int holdRank = -1; ///< the worker holds here until slowRank has started (on the other thread)
    std::thread::id mainThread = std::this_thread::get_id();
    std::atomic<bool>* cancelOnSlow = nullptr;
    mutable std::atomic<bool> started{false}, interrupted{false}, holding{false};
};

/// Notes which thread computed each rank; on `holdRank` the worker holds on until the index-building
/// thread has computed `holdUntil` tasks (at most 20 s), so that thread has to take over.
class WhoPass : public analysis::RankPass {
  public:
    analysis::PassInfo info() const override { return {"who", analysis::PassScope::RankLocal, {}, {}}; }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }
    std::unique_ptr<analysis::RankResult> compute(analysis::RankReadContext& ctx) const override {
        if (std::this_thread::get_id() == mainThread) {
            ++onMain;
        } else if (ctx.rank == holdRank) {
            holding = true;
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (onMain.load() < holdUntil && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        auto out = std::make_unique<Value>();
        out->v = ctx.rank * 10 + (std::this_thread::get_id() == mainThread ? 1 : 2);
        return out;
    }
    std::thread::id mainThread = std::this_thread::get_id();
    int holdRank = -1, holdUntil = 0;
    mutable std::atomic<int> onMain{0};
    mutable std::atomic<bool> holding{false};
};

/// Two passes of one compute group: the second reads what the first left in the group's context.
class LeavesPass : public analysis::RankPass {
  public:
    analysis::PassInfo info() const override { return {"leaves", analysis::PassScope::RankLocal, {}, {}}; }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "pair"; }
    std::unique_ptr<analysis::RankResult> compute(analysis::RankReadContext& ctx) const override {
        ctx.derivedMemory = std::vector<std::pair<int64_t, int64_t>>{{ctx.rank, 7}};
        return std::make_unique<Value>();
    }
};
class FindsPass : public analysis::RankPass {
  public:
    analysis::PassInfo info() const override { return {"finds", analysis::PassScope::RankLocal, {}, {}}; }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "pair"; }
    std::unique_ptr<analysis::RankResult> compute(analysis::RankReadContext& ctx) const override {
        auto out = std::make_unique<Value>();
        out->v = ctx.derivedMemory && ctx.derivedMemory->size() == 1 &&
                         ctx.derivedMemory->front().first == ctx.rank
                     ? ctx.derivedMemory->front().second
                     : -1;
        return out;
    }
};

/// A result that says it holds 100 bytes (what a gated worker's budget counts).
struct Sized : Value {
    size_t bytes() const override { return 100; }
};

/// Reads the load only (may compute before release()): counts its computes and the ranks, in order.
class EarlyPass : public analysis::RankPass {
  public:
    analysis::PassInfo info() const override { return {"early", analysis::PassScope::RankLocal, {}, {}}; }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }
    bool readsLoadOnly() const override { return true; }
    std::unique_ptr<analysis::RankResult> compute(analysis::RankReadContext& ctx) const override {
        auto out = std::make_unique<Sized>();
        out->v = ctx.rank * 3;
        ++computed;
        return out;
    }
    mutable std::atomic<int> computed{0};
};

/// Must not compute before `released` is set.
class LatePass : public analysis::RankPass {
  public:
    analysis::PassInfo info() const override { return {"late", analysis::PassScope::RankLocal, {}, {}}; }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }
    std::unique_ptr<analysis::RankResult> compute(analysis::RankReadContext& ctx) const override {
        if (!released.load()) ++tooEarly;
        auto out = std::make_unique<Value>();
        out->v = ctx.rank * 2;
        return out;
    }
    std::atomic<bool> released{false};
    mutable std::atomic<int> tooEarly{0};
};

int64_t valueOf(const std::unique_ptr<analysis::RankResult>& r) {
    return static_cast<const Value&>(*r).v;
}

std::string errorOfTake(analysis::OffThreadPasses& off, size_t rankIndex) {
    try {
        off.take(rankIndex, 0);
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TstOffThreadPasses : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void resultsComeInRankAndPassOrder_data() {
        QTest::addColumn<int>("ahead");
        QTest::newRow("one rank ahead") << 1;
        QTest::newRow("three ranks ahead") << 3;
    }
    void resultsComeInRankAndPassOrder() {
        QFETCH(int, ahead);
        FakePass tens(10), hundreds(100);
        const analysis::AnalysisOptions opts;
        const std::vector<int> ranks{3, 1, 7, 0, 12};
        analysis::OffThreadPasses off({&tens, &hundreds}, ranks, std::make_unique<index::Db>(":memory:"),
                                      opts, nullptr, size_t(ahead));
        for (size_t i = 0; i < ranks.size(); ++i) {
            QCOMPARE(valueOf(off.take(i, 0)), int64_t(ranks[i]) * 10);
            QCOMPARE(valueOf(off.take(i, 1)), int64_t(ranks[i]) * 100);
        }
        QCOMPARE(off.computeSeconds().size(), size_t(2));
    }

    void aFailureIsRethrownWhereItsResultIsTaken() {
        FakePass pass(10);
        pass.badRank = 7;
        const analysis::AnalysisOptions opts;
        analysis::OffThreadPasses off({&pass}, {3, 7, 9}, std::make_unique<index::Db>(":memory:"), opts,
                                      nullptr);
        QCOMPARE(valueOf(off.take(0, 0)), int64_t(30)); // the rank before it is whole
        QCOMPARE(QString::fromStdString(errorOfTake(off, 1)), QString("rank 7 is broken"));
    }

    void aCancelStopsTheRunningStatement() {
        // the pass sets the flag itself once its endless statement is about to start: the statement is
        // interrupted and the rank's take reports the cancel instead of waiting for it
        std::atomic<bool> cancel{false};
        FakePass pass(10);
        pass.slowRank = 5;
        pass.cancelOnSlow = &cancel;
        const analysis::AnalysisOptions opts;
        analysis::OffThreadPasses off({&pass}, {2, 5}, std::make_unique<index::Db>(":memory:"), opts,
                                      &cancel);
        QCOMPARE(valueOf(off.take(0, 0)), int64_t(20));
        const std::string error = errorOfTake(off, 1);
        QVERIFY2(error.find("cancelled") != std::string::npos || error.find("interrupt") != std::string::npos,
                 error.c_str());
        QTRY_VERIFY(pass.interrupted.load());
    }

    void theIndexBuildingThreadTakesOverWhatTheWorkerHasNotStarted() {
        // the worker holds on rank 2 (the first): waiting for it, the index-building thread computes the
        // last tasks the window allows (ranks 5 and 4, two ranks ahead) on its own connection, and every
        // result is still handed over in rank order
        WhoPass pass;
        pass.holdRank = 2;
        pass.holdUntil = 2;
        const analysis::AnalysisOptions opts;
        index::Db writer(":memory:");
        const std::vector<int> ranks{2, 4, 5, 6};
        analysis::OffThreadPasses off({&pass}, ranks, std::make_unique<index::Db>(":memory:"), opts, nullptr,
                                      2, nullptr, &writer);
        QTRY_VERIFY(pass.holding.load()); // the worker has the first rank
        std::vector<int64_t> got;
        for (size_t i = 0; i < ranks.size(); ++i)
            got.push_back(valueOf(off.take(i, 0)));
        QCOMPARE(got[0], int64_t(22));                   // the worker's
        QCOMPARE(got[1] % 10 + got[2] % 10, int64_t(2)); // 4 and 5 on the index-building thread
        QCOMPARE(got[1] / 10, int64_t(4));
        QCOMPARE(got[2] / 10, int64_t(5));
        QCOMPARE(got[3] / 10, int64_t(6));
        QVERIFY(off.takenOverSeconds()[0] >= 0);
    }

    void aComputeGroupSharesOneContext() {
        LeavesPass leaves;
        FindsPass finds;
        const analysis::AnalysisOptions opts;
        index::Db writer(":memory:");
        analysis::OffThreadPasses off({&leaves, &finds}, {1, 3, 8}, std::make_unique<index::Db>(":memory:"),
                                      opts, nullptr, 1, nullptr, &writer);
        for (size_t i = 0; i < 3; ++i) {
            off.take(i, 0);
            QCOMPARE(valueOf(off.take(i, 1)), int64_t(7));
        }
    }

    void aCancelStopsATaskTheIndexBuildingThreadTookOver() {
        // the worker holds on the first rank until the index-building thread has taken over the second,
        // whose statement would run for minutes: a cancel interrupts it through that connection's guard
        std::atomic<bool> cancel{false};
        FakePass pass(10);
        pass.slowRank = 5;
        pass.cancelOnSlow = &cancel;
        pass.holdRank = 2;
        index::Db writer(":memory:");
        index::CancelGuard guard(writer, &cancel);
        const analysis::AnalysisOptions opts;
        analysis::OffThreadPasses off({&pass}, {2, 5}, std::make_unique<index::Db>(":memory:"), opts, &cancel,
                                      2, nullptr, &writer);
        QTRY_VERIFY(pass.holding.load()); // the worker has the first rank
        std::string error;
        try {
            off.take(0, 0);
            off.take(1, 0);
        } catch (const std::exception& e) {
            error = e.what();
        }
        QVERIFY2(error.find("cancelled") != std::string::npos || error.find("interrupt") != std::string::npos,
                 error.c_str());
        QTRY_VERIFY(pass.interrupted.load());
    }

    void aGatedWorkerComputesOnlyLoadReadersWithinItsBudget() {
        // gated with room for 250 bytes of results (100 each): the worker computes the early pass for
        // ranks 0, 1 and 2 (the third takes it over the budget) and nothing of the late pass; released, it
        // computes the rest and every result comes in rank and pass order
        LatePass late;
        EarlyPass early;
        const analysis::AnalysisOptions opts;
        index::Db writer(":memory:");
        const std::vector<int> ranks{0, 1, 2, 3, 4};
        analysis::OffThreadPasses off({&late, &early}, ranks, std::make_unique<index::Db>(":memory:"), opts,
                                      nullptr, 2, nullptr, &writer, 250);
        QTRY_COMPARE(early.computed.load(), 3);
        std::this_thread::sleep_for(std::chrono::milliseconds(100)); // time to do more, were it allowed
        QCOMPARE(early.computed.load(), 3);
        late.released = true;
        off.release();
        for (size_t i = 0; i < ranks.size(); ++i) {
            QCOMPARE(valueOf(off.take(i, 0)), int64_t(ranks[i]) * 2);
            QCOMPARE(valueOf(off.take(i, 1)), int64_t(ranks[i]) * 3);
        }
        QCOMPARE(late.tooEarly.load(), 0);
        QCOMPARE(early.computed.load(), 5);
    }

    void endingEarlyInterruptsTheWorker() {
        // the index-building thread gives up (an error of its own) while the worker runs a statement that
        // would not end for minutes: the destructor interrupts it and returns
        FakePass pass(10);
        pass.slowRank = 1;
        const analysis::AnalysisOptions opts;
        {
            analysis::OffThreadPasses off({&pass}, {1, 2}, std::make_unique<index::Db>(":memory:"), opts,
                                          nullptr);
            QTRY_VERIFY(pass.started.load());
        }
        QVERIFY(pass.interrupted.load());
    }
};

QTEST_GUILESS_MAIN(TstOffThreadPasses)
#include "tst_offthreadpasses.moc"
