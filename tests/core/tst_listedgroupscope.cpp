// Whether a communication group's link ranks are global, judged against communication_group.json's groups
// (core/analysis/listedgroupscope.h).
#include "core/analysis/listedgroupscope.h"

#include <QtTest>

using namespace rs::analysis;

namespace {

/// msinsight server test_data's cluster_analysis_output/communication_group.json (collective, then p2p)
std::vector<std::vector<int64_t>> serverGroups() {
    std::vector<std::vector<int64_t>> g = {{0, 1, 2, 3, 4, 5, 6, 7},
                                           {0, 8},
                                           {0},
                                           {},
                                           {1, 9},
                                           {1},
                                           {2, 10},
                                           {2},
                                           {11, 3},
                                           {3},
                                           {4, 12},
                                           {4},
                                           {13, 5},
                                           {5},
                                           {6, 14},
                                           {6},
                                           {15, 7},
                                           {7},
                                           {8, 9, 10, 11, 12, 13, 14, 15},
                                           {8},
                                           {9},
                                           {10},
                                           {11},
                                           {12},
                                           {13},
                                           {14},
                                           {15},
                                           {0, 1, 2, 3, 4, 5, 6, 7},
                                           {8, 9, 10, 11, 12, 13, 14, 15}};
    for (int64_t r = 0; r < 16; ++r)
        g[3].push_back(r);
    return g;
}

} // namespace

class TstListedGroupScope : public QObject {
    Q_OBJECT
  private slots:
    void ranksNoListedGroupCouldNumberAreGlobal() {
        // group …822: rank 0's file names 0-0 … 0-8, rank 1's 1-0 … 1-7 and 1-9 (Python over both
        // communication_matrix.json). Group-local, it would be a listed group holding ranks 0 and 1 with
        // more than 9 members: only [0 … 15], which numbers every rank as the job does
        const auto s = listedGroupScope(serverGroups(), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {0, 1});
        QVERIFY(s.global);
        QVERIFY2(s.why.find("ranks 0, 1 name ranks [0, 1, 2, 3, 4, 5, 6, 7, … 9]") != std::string::npos,
                 s.why.c_str());
    }
    void ranksBeyondEveryCandidateAreGlobal() {
        // a job of two 2-rank groups [0, 8] and [1, 9]: a link naming 9 in rank 1's file cannot be a
        // group-local rank of any group holding rank 1
        const auto t = listedGroupScope({{0, 8}, {1, 9}}, {1, 9}, {1});
        QVERIFY(t.global);
        QVERIFY2(t.why.find("name rank 9, more than any group communication_group.json lists with it has "
                            "members") != std::string::npos,
                 t.why.c_str());
    }
    void aGroupThatWouldNumberThemOtherwiseKeepsThemLocal() {
        // group …459 in rank 0's file names 0-0 and 0-1: [0, 8] would make local rank 1 global 8
        const auto s = listedGroupScope(serverGroups(), {0, 1}, {0});
        QVERIFY(!s.global);
        QCOMPARE(s.why, std::string("communication_group.json's group [0, 8] would number rank 1 as 8"));
        // group …016 in rank 1's file names 0-0 only: [1, 9] would number rank 0 as 1
        const auto t = listedGroupScope(serverGroups(), {0}, {1});
        QVERIFY(!t.global);
        QCOMPARE(t.why, std::string("communication_group.json's group [1, 9] would number rank 0 as 1"));
    }
    void nothingListedConcludesNothing() {
        QVERIFY(!listedGroupScope({}, {0, 9}, {0}).global);
        QVERIFY(listedGroupScope({}, {0, 9}, {0}).why.empty());
        // names that as global ranks lie in no listed group either: the data contradicts itself
        QVERIFY(!listedGroupScope({{0, 1}}, {0, 5}, {0}).global);
    }
};

QTEST_MAIN(TstListedGroupScope)
#include "tst_listedgroupscope.moc"
