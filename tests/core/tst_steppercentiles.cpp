// One step p95 rule for the report and compare (walk 30: the report's "13.7 ms" and compare's "211 ms" were
// both a rank's step p95 on the 8-rank demo, whose step 11 stalls 200 ms on every rank). Both are over a
// rank's steady steps (step 1, the warm-up, left out), by nearest rank, and each names its pool. The
// expected figures are read off the demo's own step_trace_time.csv (Stage + Bubble, µs) with the
// nearest-rank rule (the ⌈0.95·n⌉-th smallest): over a rank's 19 steady steps the largest, the stall;
// pooled over the ranks' steady steps, the stall too.
#include "core/compare/baselinebuilder.h"
#include "core/query/report.h"

#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

using namespace rs;
namespace fs = std::filesystem;

namespace {
/// Nearest rank: the ⌈p/100·n⌉-th smallest.
int64_t nearestRank(std::vector<int64_t> v, double p) {
    std::sort(v.begin(), v.end());
    return v[size_t(std::ceil(p / 100.0 * double(v.size()))) - 1];
}
/// Each rank's (step, Stage + Bubble in ns) from its step_trace_time.csv, by the rank its
/// profiler_info_<rank>.json names.
std::map<int, std::map<int64_t, int64_t>> wallsFromFiles(const std::string& profile) {
    std::map<int, std::map<int64_t, int64_t>> out;
    for (const auto& e : fs::recursive_directory_iterator(profile)) {
        if (e.path().filename() != "step_trace_time.csv") continue;
        int rank = -1;
        for (const auto& f : fs::directory_iterator(e.path().parent_path().parent_path()))
            if (f.path().filename().string().rfind("profiler_info_", 0) == 0)
                rank = std::stoi(f.path().stem().string().substr(14));
        std::ifstream in(e.path());
        std::string line;
        std::getline(in, line); // Step,Computing,…,Stage(6),Bubble(7),…
        while (std::getline(in, line)) {
            const QStringList c = QString::fromStdString(line).split(',');
            out[rank][c[0].toLongLong()] = std::llround((c[6].toDouble() + c[7].toDouble()) * 1000.0);
        }
    }
    return out;
}
} // namespace

class TstStepPercentiles : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void reportAndCompareSayWhichSteps() {
        const std::string dir = test::tempDir("steppercentiles") + "/demo";
        auto ix = test::indexedDemo(dir, test::demoOptions(8, 20, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto walls = wallsFromFiles(dir);
        QCOMPARE(walls.size(), size_t(8));
        const nlohmann::json report = query::buildReport(*ix.db, 5);
        const auto record = compare::buildRecord(*ix.db).record;
        std::vector<int64_t> pooled;
        int64_t stall = 0;
        for (const auto& p : report["steps"]["per_rank"]) {
            const int rank = int(p["rank"].get<int64_t>());
            std::vector<int64_t> steady;
            for (const auto& [step, ns] : walls.at(rank))
                if (step != walls.at(rank).begin()->first) steady.push_back(ns);
            QCOMPARE(steady.size(), size_t(19));
            stall = *std::max_element(steady.begin(), steady.end());
            // the report and compare: the same steady steps, the same figure (µs rounding of the CSV)
            QVERIFY(std::llabs(p["p95_ns"].get<int64_t>() - nearestRank(steady, 95)) <= 1);
            QVERIFY(std::llabs(int64_t(record.ranks.at(rank).step.p95Ns) - nearestRank(steady, 95)) <= 1);
            QVERIFY(std::llabs(p["median_ns"].get<int64_t>() -
                               int64_t(record.ranks.at(rank).step.medianNs)) <= 1);
            QCOMPARE(nearestRank(steady, 95), stall); // 19 steps: the ⌈18.05⌉-th is the largest, the stall
            pooled.insert(pooled.end(), steady.begin(), steady.end());
        }
        QVERIFY(stall > 200'000'000);
        QVERIFY(std::llabs(int64_t(record.step.p95Ns) - nearestRank(pooled, 95)) <= 1);
        // each names its pool: the report's text, JSON and (reportdocument) HTML; compare in tst_compare
        const std::string text = query::formatReport(report, 5);
        QVERIFY2(text.find("Steps (median (lower middle) / p95 wall time of each rank's 19 steady steps (the "
                           "warm-up left "
                           "out), from step_trace_time.csv):") != std::string::npos,
                 text.c_str());
        QVERIFY(report["steps"]["statistics"].get<std::string>().find("steady steps") != std::string::npos);
    }
    void textListsTheOutlierSteps() {
        // the HTML report's "Outlier steps" table has a line per stalled rank-step; so has the text, under
        // the steps: every rank's step 11 (8 lines), each with its cause
        const std::string dir = test::tempDir("steppercentiles") + "/demo2";
        auto ix = test::indexedDemo(dir, test::demoOptions(8, 20, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto walls = wallsFromFiles(dir);
        int longSteps = 0; // steps over twice the rank's median step, read off the files
        for (const auto& [rank, w] : walls) {
            std::vector<int64_t> v;
            for (const auto& [step, ns] : w)
                v.push_back(ns);
            const int64_t median = nearestRank(v, 50);
            for (const auto& [step, ns] : w) {
                if (ns <= 2 * median) continue;
                ++longSteps;
                QCOMPARE(step, int64_t(11));
            }
        }
        QCOMPARE(longSteps, 8);
        const std::string text = query::formatReport(query::buildReport(*ix.db, 5), 5);
        const size_t at = text.find("\nOutlier steps:\n");
        QVERIFY2(at != std::string::npos, text.c_str());
        const std::string section = text.substr(at, text.find("\n\n", at + 1) - at);
        int lines = 0;
        for (size_t p = section.find(" step 11: "); p != std::string::npos;
             p = section.find(" step 11: ", p + 1))
            ++lines;
        QCOMPARE(lines, longSteps);
        QVERIFY2(section.find("rank 5 step 11: ") != std::string::npos &&
                     section.find("device idle") != std::string::npos,
                 section.c_str());
    }
};

QTEST_GUILESS_MAIN(TstStepPercentiles)
#include "tst_steppercentiles.moc"
