// A per-run report's ranks renamed from keys to the numbers the files write (core/query/reportranks.h):
// every rank-valued member, rank list and last-arrival key is renamed, nothing else.
#include "core/query/reportranks.h"

#include <QtTest>

using namespace rs;
using nlohmann::json;

class TstReportRanks : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void everyRankPlaceIsRenamed() {
        json r = {{"ranks", {10001, 10002}},
                  {"steps", {{"per_rank", {{{"rank", 10001}, {"median_ns", 10001}}}}}},
                  {"outlier_steps", {{{"rank", 10002}, {"step", 10001}, {"late_rank", 10001}}}},
                  {"comm_wait",
                   {{"by_rank", {{{"rank", 10002}, {"blamed_on", {{"10001", 5}, {"unknown", 7}}}}}},
                    {"last_arrival_counts", {{"10001", 3}, {"10002", 1}}}}},
                  {"findings", {{{"affected", {{"waiting_ranks", {10002}}}}}}}};
        query::renameRanks(r, {{10001, 1}, {10002, 2}});
        QCOMPARE(r["ranks"], json({1, 2}));
        QCOMPARE(r["steps"]["per_rank"][0]["rank"], json(1));
        QCOMPARE(r["steps"]["per_rank"][0]["median_ns"], json(10001)); // a duration stays
        QCOMPARE(r["outlier_steps"][0]["step"], json(10001));          // a step stays
        QCOMPARE(r["outlier_steps"][0]["late_rank"], json(1));
        QCOMPARE(r["comm_wait"]["by_rank"][0]["blamed_on"], json({{"1", 5}, {"unknown", 7}}));
        QCOMPARE(r["comm_wait"]["last_arrival_counts"], json({{"1", 3}, {"2", 1}}));
        QCOMPARE(r["findings"][0]["affected"]["waiting_ranks"], json({2}));
    }
    // a whole-folder report's ranks: the files' number and, where runs collide, the run
    void rankNamedByItsRunWhereRunsCollide() {
        const json two = {{"runs",
                           {{{"run", 0}, {"ranks", {0, 1}}, {"data_ranks", {0, 1}}},
                            {{"run", 1}, {"ranks", {10000, 10001}}, {"data_ranks", {0, 1}}}}}};
        QCOMPARE(query::rankName(two, 1), std::string("rank 1 (run 0)"));
        QCOMPARE(query::rankName(two, 10001), std::string("rank 1 (run 1)"));
        const json one = {{"runs", {{{"run", 0}, {"ranks", {3}}, {"data_ranks", {3}}}}}};
        QCOMPARE(query::rankName(one, 3), std::string("rank 3"));
    }
    // r51a #4: a run's report renamed (hta run 1: rank 1 is key 10001, rank 0 key 20000) put its ranks,
    // steps, memory and waits by number but left the bank anomalies and the stragglers in key order
    void bankAnomaliesAndStragglersGoByNumber() {
        json r = {
            {"ranks", {10001, 20000}},
            {"stragglers", {{{"rank", 10001}, {"op_type", "MatMul"}}, {{"rank", 20000}, {"op_type", "Add"}}}},
            {"memory",
             {{"per_rank", {{{"rank", 10001}}, {{"rank", 20000}}}},
              {"bank_anomalies",
               {{{"rank", 10001}, {"op_name", "Add"}},
                {{"rank", 10001}, {"op_name", "Mul"}},
                {{"rank", 20000}, {"op_name", "Add"}}}}}}};
        query::renameRanks(r, {{10001, 1}, {20000, 0}});
        query::orderByRank(r);
        QCOMPARE(r["ranks"], json({0, 1}));
        QCOMPARE(r["stragglers"][0]["rank"], json(0));
        QCOMPARE(r["stragglers"][1]["rank"], json(1));
        std::vector<std::pair<int, std::string>> banks;
        for (const auto& b : r["memory"]["bank_anomalies"])
            banks.push_back({b["rank"].get<int>(), b["op_name"].get<std::string>()});
        // by number, each rank's ops in the order given (by name)
        QCOMPARE(banks, (std::vector<std::pair<int, std::string>>{{0, "Add"}, {1, "Add"}, {1, "Mul"}}));
    }
    void noMapNoChange() {
        const json before = {{"ranks", {10001}}, {"rank", 10001}};
        json r = before;
        query::renameRanks(r, {});
        QCOMPARE(r, before);
    }
};

QTEST_GUILESS_MAIN(TstReportRanks)
#include "tst_reportranks.moc"
