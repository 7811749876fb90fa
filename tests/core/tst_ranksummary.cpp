// The rule that summarises a per-rank section of a many-rank report (core/query/ranksummary.h and
// reportoutliers.h): the distribution, the outlying ranks (flagged first, then above median + 3·1.4826·MAD
// and 5 % above the median, never a cleared rank), at most 10 listed, and the rank ranges and missing ranks
// the sections print. Expected values are worked out by hand in each row's comment.
#include "core/query/ranksummary.h"
#include "core/query/reportoutliers.h"

#include <QtTest>

using namespace rs;
using query::RankValues;

Q_DECLARE_METATYPE(RankValues)
Q_DECLARE_METATYPE(std::vector<int64_t>)

namespace {
/// `n` ranks 0..n-1 with `value`, then `overrides` (rank → value).
RankValues ranks(int n, double value, const std::map<int64_t, double>& overrides = {}) {
    RankValues v;
    for (int r = 0; r < n; ++r)
        v.push_back({r, overrides.count(r) ? overrides.at(r) : value});
    return v;
}
} // namespace

class TstRankSummary : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void summarise_data() {
        QTest::addColumn<RankValues>("values");
        QTest::addColumn<std::vector<int64_t>>("flagged");
        QTest::addColumn<std::vector<int64_t>>("cleared");
        QTest::addColumn<std::vector<int64_t>>("outliers");
        QTest::addColumn<int>("more");
        QTest::addColumn<double>("p50");
        QTest::addColumn<double>("p95");
        // 256 identical ranks: MAD 0, nobody above the median
        QTest::newRow("identical") << ranks(256, 100) << std::vector<int64_t>{} << std::vector<int64_t>{}
                                   << std::vector<int64_t>{} << 0 << 100.0 << 100.0;
        // one rank 2× slower: median 100, MAD 0 → 200 > 100 and > 105
        QTest::newRow("one slow") << ranks(64, 100, {{17, 200}}) << std::vector<int64_t>{}
                                  << std::vector<int64_t>{} << std::vector<int64_t>{17} << 0 << 100.0
                                  << 100.0;
        // noise: 100 and 101 alternate; the fence's centre 100.5, MAD 0.5, fence 102.7 → nobody (and 101 <
        // 105.5); p50 the lower median, the 20th of 40 values: 100
        RankValues noise;
        for (int r = 0; r < 40; ++r)
            noise.push_back({r, r % 2 ? 101.0 : 100.0});
        QTest::newRow("noise") << noise << std::vector<int64_t>{} << std::vector<int64_t>{}
                               << std::vector<int64_t>{} << 0 << 100.0 << 101.0;
        // 4 % above a zero-MAD median: beyond 3 MAD but under the 5 % floor → not outlying
        QTest::newRow("under the floor")
            << ranks(32, 100, {{3, 104}}) << std::vector<int64_t>{} << std::vector<int64_t>{}
            << std::vector<int64_t>{} << 0 << 100.0 << 100.0;
        // flagged first even when typical (a culprit whose step time is everyone's), then the rule's,
        // farthest first: rank 9 (300) before rank 2 (200)
        QTest::newRow("flagged first")
            << ranks(32, 100, {{2, 200}, {9, 300}}) << std::vector<int64_t>{5} << std::vector<int64_t>{}
            << std::vector<int64_t>{5, 9, 2} << 0 << 100.0 << 200.0;
        // a cleared rank (a victim of a culprit) is never called outlying by the rule
        QTest::newRow("cleared") << ranks(32, 100, {{2, 200}, {9, 300}}) << std::vector<int64_t>{}
                                 << std::vector<int64_t>{9} << std::vector<int64_t>{2} << 0 << 100.0 << 200.0;
        // a flagged rank without a figure in the section is not listed
        QTest::newRow("flagged absent")
            << ranks(20, 100) << std::vector<int64_t>{99} << std::vector<int64_t>{} << std::vector<int64_t>{}
            << 0 << 100.0 << 100.0;
        // 14 slow ranks of 64 (the last ones, 150 each): 10 listed in rank order (equal distance), 4 more;
        // nearest-rank p95 of 64 values is the 61st → 150
        std::map<int64_t, double> slow;
        for (int r = 50; r < 64; ++r)
            slow[r] = 150;
        // two ranks, 1 and 3: p50 is rank 0's 1 (a rank's figure), not 2; p95 the 2nd of 2
        QTest::newRow("two ranks {1, 3}")
            << RankValues{{0, 1}, {1, 3}} << std::vector<int64_t>{} << std::vector<int64_t>{}
            << std::vector<int64_t>{} << 0 << 1.0 << 3.0;
        // four ranks 40, 10, 30, 20: the 2nd smallest, 20 (not 25); nobody above 25 + 3·1.4826·10
        QTest::newRow("four ranks {40, 10, 30, 20}")
            << RankValues{{0, 40}, {1, 10}, {2, 30}, {3, 20}} << std::vector<int64_t>{}
            << std::vector<int64_t>{} << std::vector<int64_t>{} << 0 << 20.0 << 40.0;
        QTest::newRow("capped") << ranks(64, 100, slow) << std::vector<int64_t>{} << std::vector<int64_t>{}
                                << std::vector<int64_t>{50, 51, 52, 53, 54, 55, 56, 57, 58, 59} << 4 << 100.0
                                << 150.0;
    }
    void summarise() {
        QFETCH(RankValues, values);
        QFETCH(std::vector<int64_t>, flagged);
        QFETCH(std::vector<int64_t>, cleared);
        QFETCH(std::vector<int64_t>, outliers);
        QFETCH(int, more);
        QFETCH(double, p50);
        QFETCH(double, p95);
        const auto s =
            query::summariseRanks(values, flagged, std::set<int64_t>(cleared.begin(), cleared.end()));
        QCOMPARE(s.ranks, values.size());
        QCOMPARE(s.outliers, outliers);
        QCOMPARE(int(s.moreOutliers), more);
        QCOMPARE(s.p50, p50);
        QCOMPARE(s.p95, p95);
    }

    void distributionCollapsesIdenticalRanks() {
        const auto fmt = [](double v) { return QString::number(v, 'f', 1).toStdString() + " ms"; };
        QCOMPARE(query::distributionText(query::summariseRanks(ranks(256, 12.1), {}), fmt),
                 std::string("12.1 ms each"));
        // 12.14 and 12.06 print as 12.1: the same as shown, so one figure
        QCOMPARE(query::distributionText(query::summariseRanks(ranks(4, 12.14, {{0, 12.06}}), {}), fmt),
                 std::string("12.1 ms each"));
        QCOMPARE(query::distributionText(query::summariseRanks(ranks(21, 10, {{0, 9}, {1, 30}}), {}), fmt),
                 std::string("min 9.0 ms · p50 10.0 ms · p95 10.0 ms · max 30.0 ms"));
    }

    void rankRanges() {
        QCOMPARE(query::rankRanges({}), std::string());
        QCOMPARE(query::rankRanges({7, 3, 5, 4, 12, 8}), std::string("3-5, 7-8, 12"));
        QCOMPARE(query::rankRanges({0, 0, 1}), std::string("0-1"));
    }

    void missingRanksOfEveryRun() {
        // the runs' missing ranks together, counted and named; a run without any adds none
        const auto r = nlohmann::json::parse(R"({"runs": [
            {"run": 0, "data_ranks": [0, 1, 2, 3, 6], "missing_ranks": [4, 5, 7]},
            {"run": 1, "data_ranks": [20, 22], "missing_ranks": []}]})");
        QCOMPARE(query::missingRanks(r), (std::vector<int64_t>{4, 5, 7}));
        QCOMPARE(query::rankCountText(7, query::missingRanks(r)), std::string("7 ranks, 3 missing (4-5, 7)"));
        QCOMPARE(query::rankCountText(1, {}), std::string("1 rank"));
    }

    void victimsAreRanksThatWaitedMostlyForACulprit() {
        // rank 0 waited 90 of 100 for rank 5 (a victim), rank 1 30 of 100 (not), rank 5 for rank 3 (not a
        // culprit here)
        const auto r = nlohmann::json::parse(R"({"comm_wait": {"by_rank": [
            {"rank": 0, "wait_ns": 100, "blamed_on": {"5": 90, "unknown": 10}},
            {"rank": 1, "wait_ns": 100, "blamed_on": {"5": 30, "2": 70}},
            {"rank": 5, "wait_ns": 40, "blamed_on": {"3": 40}}]}})");
        QCOMPARE(query::waitVictims(r, {5}), (std::set<int64_t>{0}));
    }
};

QTEST_GUILESS_MAIN(TstRankSummary)
#include "tst_ranksummary.moc"
