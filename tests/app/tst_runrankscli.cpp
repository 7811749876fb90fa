// The command line's JSON of a folder of several runs names every rank as its files do, with its run
// (core/query/presentedranks.h): the index's rank keys (run 1's rank 3 is key 10003 where runs collide)
// stay apart as "rank_key". r53c #1/#3: a finding's affected.outlier_steps, an outlier step's late_rank,
// waiting_ranks and a slow link's rank printed keys, run 1's ranks read 10000-10003 beside run 0's 0-3.
// Expected ranks come from the files (profiler_info_*.json rank_id, communication.json's waits, the step
// trace files' names), counted here, not from the program.
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>

using namespace rs;
using nlohmann::json;

namespace {

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

/// Every rank a reader meets in `j`: integer "rank" / "…_rank" members and the members of integer (or
/// {run, rank}) arrays "ranks" / "…_ranks", as "path=value" (keys named rank_key(s), the data_rank
/// members and the producer's own summary are not ranks shown as the index's). Recursion: JSON depth.
void ranksShown(const json& j, const std::string& path, std::vector<std::pair<std::string, int64_t>>& out) {
    if (j.is_array()) {
        for (size_t i = 0; i < j.size(); ++i)
            ranksShown(j[i], path + "[" + std::to_string(i) + "]", out);
        return;
    }
    if (!j.is_object()) return;
    for (const auto& [k, v] : j.items()) {
        if (k == "rank_key" || k == "rank_keys" || k.find("data_rank") != std::string::npos ||
            k == "producer_cluster_summary")
            continue;
        const bool rankName = k == "rank" || endsWith(k, "_rank");
        if (rankName && v.is_number_integer()) out.emplace_back(path + "." + k, v.get<int64_t>());
        if ((k == "ranks" || endsWith(k, "_ranks")) && v.is_array())
            for (const auto& x : v)
                if (x.is_number_integer()) out.emplace_back(path + "." + k, x.get<int64_t>());
        ranksShown(v, path + "." + k, out);
    }
}

/// The ranks of a demo run's folder as its profiler_info files write them.
std::set<int64_t> ranksOfFiles(const std::string& dir) {
    std::set<int64_t> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.path().filename().string().rfind("profiler_info_", 0) == 0) {
            std::ifstream in(e.path());
            out.insert(json::parse(in)["rank_id"].get<int64_t>());
        }
    return out;
}

/// rank_id → whether it waited over 50 ms in any collective of communication.json (the others waited for
/// the late rank: the one that did not).
std::map<int64_t, bool> waitedLong(const std::string& dir) {
    std::map<int64_t, bool> out;
    for (const auto& run : std::filesystem::directory_iterator(dir)) {
        int64_t rank = -1;
        bool waited = false;
        for (const auto& e : std::filesystem::recursive_directory_iterator(run.path())) {
            const std::string name = e.path().filename().string();
            std::ifstream in(e.path());
            if (name.rfind("profiler_info_", 0) == 0) rank = json::parse(in)["rank_id"].get<int64_t>();
            if (name != "communication.json") continue;
            const json comm = json::parse(in); // items() of a temporary would outlive it
            for (const auto& [step, kinds] : comm.items())
                for (const auto& [op, c] : kinds["collective"].items())
                    waited |= c["Communication Time Info"]["Wait Time(ms)"].get<double>() > 50;
        }
        out[rank] = waited;
    }
    return out;
}

json runJson(const QStringList& args) {
    QString out, err;
    if (test::runRankscope(args, &out, &err) != 0) qWarning("%s", qPrintable(err));
    return json::parse(out.toStdString(), nullptr, false);
}

} // namespace

class TstRunRanksCli : public QObject {
    Q_OBJECT
    std::string m_two; // two demo runs, both with the demo's problems: their ranks 0-3 collide

  private Q_SLOTS:
    void initTestCase() {
        m_two = test::tempDir("runrankscli") + "/two";
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("runrankscli-cache")));
        for (const auto& [sub, seed] : {std::pair{"a", "1"}, std::pair{"b", "2"}}) {
            QString out, err;
            QCOMPARE(test::runRankscope({"demo", QString::fromStdString(m_two + "/" + sub), "--ranks", "4",
                                         "--steps", "8", "--seed", seed, "--quiet"},
                                        &out, &err),
                     0);
        }
    }

    void reportJsonNamesEveryRankByItsNumberAndRun() {
        const std::set<int64_t> inFiles = ranksOfFiles(m_two);
        QCOMPARE(inFiles, std::set<int64_t>({0, 1, 2, 3}));
        // per run, the ranks that waited long in a collective and the one they waited for
        std::set<int64_t> waiters, late;
        for (const char* sub : {"a", "b"})
            for (const auto& [rank, waited] : waitedLong(m_two + "/" + sub))
                (waited ? waiters : late).insert(rank);
        QCOMPARE(late, std::set<int64_t>({1}));
        QCOMPARE(waiters, std::set<int64_t>({0, 2, 3}));

        const json r = runJson({"report", QString::fromStdString(m_two), "--json", "--quiet"});
        QVERIFY(r.is_object());
        QCOMPARE(int(r["runs"].size()), 2);
        std::vector<std::pair<std::string, int64_t>> shown;
        ranksShown(r, "", shown);
        QVERIFY(shown.size() > 20);
        for (const auto& [path, rank] : shown)
            QVERIFY2(inFiles.count(rank),
                     qPrintable(QString::fromStdString(path) + " = " + QString::number(rank)));

        // each run's stall: rank 1, the others waiting, each named with the finding's run
        int stalls = 0;
        for (const auto& f : r["findings"]) {
            if (f["kind"] != "stall") continue;
            ++stalls;
            const int64_t run = f["run"].get<int64_t>();
            QCOMPARE(f["rank"].get<int64_t>(), int64_t(1));
            QVERIFY(f.contains("rank_key"));
            std::set<int64_t> waiting;
            for (const auto& w : f["affected"]["waiting_ranks"]) {
                QVERIFY2(w.is_object(), w.dump().c_str());
                QCOMPARE(w["run"].get<int64_t>(), run);
                waiting.insert(w["rank"].get<int64_t>());
            }
            QCOMPARE(waiting, waiters);
            std::set<int64_t> outliers;
            for (const auto& o : f["affected"]["outlier_steps"]) {
                QCOMPARE(o["run"].get<int64_t>(), run);
                outliers.insert(o["rank"].get<int64_t>());
            }
            QCOMPARE(outliers, inFiles); // step 5 was long on every rank of the run
        }
        QCOMPARE(stalls, 2);
        // the long steps' late rank: rank 1 of the step's own run
        int lateNamed = 0;
        for (const auto& o : r["outlier_steps"]) {
            if (o["late_rank"].is_null()) continue;
            ++lateNamed;
            QVERIFY2(o["late_rank"].is_object(), o.dump().c_str());
            QCOMPARE(o["late_rank"]["run"], o["run"]);
            QCOMPARE(o["late_rank"]["rank"].get<int64_t>(), int64_t(1));
        }
        QCOMPARE(lateNamed, 8); // step 5 of 4 ranks in each of the 2 runs
        // the runs list their ranks by number, the keys beside
        for (const auto& run : r["runs"]) {
            QCOMPARE(run["ranks"].get<std::set<int64_t>>(), inFiles);
            QCOMPARE(run["rank_keys"].size(), size_t(4));
        }
    }

    void infoJsonNamesEveryRankByItsNumberAndRun() {
        // the legacy MindSpore folder: step_trace_raw_<rank>_detail_time.csv name ranks 0 and 10, the CANN
        // device_0 and the Chrome file rank 0; colliding rank 0s are keyed 10000 and 20000 (a key is not a
        // rank any file names)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const std::string dir = samples + "/mindinsight/tests/utils/resource/profiler";
        if (!std::filesystem::is_directory(dir)) QSKIP("the mindinsight profiler sample is absent");
        std::set<int64_t> named = {0}; // device_0 (CANN), and the Chrome trace, which names none
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            const std::string n = e.path().filename().string();
            if (n.rfind("step_trace_raw_", 0) == 0)
                named.insert(std::stoll(n.substr(15, n.find('_', 15) - 15)));
        }
        QCOMPARE(named, std::set<int64_t>({0, 10}));
        for (const char* command : {"info", "report"}) {
            const json j = runJson({command, QString::fromStdString(dir), "--json", "--quiet"});
            QVERIFY(j.is_object());
            QVERIFY(j["runs"].size() > 1);
            std::vector<std::pair<std::string, int64_t>> shown;
            ranksShown(j, "", shown);
            QVERIFY(!shown.empty());
            for (const auto& [path, rank] : shown)
                QVERIFY2(named.count(rank), qPrintable(QString(command) + QString::fromStdString(path) +
                                                       " = " + QString::number(rank)));
            // each rank entry: its number, its run, its key apart
            for (const auto& x : j["ranks"]) {
                QVERIFY2(x.is_object() && x.contains("run") && x.contains("rank_key"), x.dump().c_str());
                QVERIFY(named.count(x["rank"].get<int64_t>()));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstRunRanksCli)
#include "tst_runrankscli.moc"
