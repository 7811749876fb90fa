// `rankscope baseline` and `rankscope compare` end to end on demo pairs whose truth is known by
// construction: every MatMulV2 kernel ×1.08 (`demo --scale-op`) must be named with +8 % on every rank and
// exit 3; two runs that differ only in their random seed must pass (exit 0); a baseline record gives the
// same verdict and deltas as its profile; JSON Lines histories keep one record per run; usage errors exit 2.
#include "core/index/defaultrun.h"
#include "tests/support/testsupport.h"

#include <QProcess>
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

using namespace rs;

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}

double medianOf(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The AllReduce transfer time as the producer wrote it, independent of the importer: per steady step
/// (the first of each rank's steps left out) the median over ranks of communication.json's
/// Elapse − Wait (ms), then the median over steps, in ns.
double allReduceTransferNs(const std::string& profile) {
    std::map<int, std::vector<double>> perStep;
    for (const auto& e : std::filesystem::recursive_directory_iterator(profile)) {
        if (e.path().filename() != "communication.json") continue;
        std::ifstream in(e.path());
        const auto j = nlohmann::json::parse(in);
        std::vector<int> steps;
        for (const auto& [k, v] : j.items())
            steps.push_back(std::stoi(k.substr(4))); // "step7"
        const int first = *std::min_element(steps.begin(), steps.end());
        for (const auto& [k, v] : j.items()) {
            const int s = std::stoi(k.substr(4));
            if (steps.size() >= 3 && s == first) continue;
            for (const auto& [name, c] : v["collective"].items()) {
                const auto& t = c["Communication Time Info"];
                perStep[s].push_back((t["Elapse Time(ms)"].get<double>() - t["Wait Time(ms)"].get<double>()) *
                                     1e6);
            }
        }
    }
    std::vector<double> medians;
    for (auto& [s, v] : perStep)
        medians.push_back(medianOf(v));
    return medianOf(medians);
}
} // namespace

class TstCompareCli : public QObject {
    Q_OBJECT
    std::string m_root, m_base, m_slower, m_reseeded, m_kinetoBase, m_kinetoSlower, m_slowComm,
        m_kinetoSlowComm;

    void demo(const std::string& dir, QStringList extra) {
        QString err;
        QStringList args{"demo", q(dir), "--ranks", "4", "--steps", "8", "--layers", "2", "--quiet"};
        args += extra;
        QVERIFY2(test::runRankscope(args, nullptr, &err) == 0, qPrintable(err));
    }
    nlohmann::json compareJson(const std::string& a, const std::string& b, int expectedExit,
                               QStringList extra = {}) {
        QString out, err;
        QStringList args{"compare", q(a), q(b), "--json"};
        args += extra;
        const int rc = test::runRankscope(args, &out, &err);
        if (rc != expectedExit) qWarning("compare exit %d: %s", rc, qPrintable(err));
        [&] { QCOMPARE(rc, expectedExit); }();
        return nlohmann::json::parse(out.toStdString(), nullptr, false);
    }

  private Q_SLOTS:
    void initTestCase() {
        m_root = test::tempDir("comparecli");
        m_base = m_root + "/base";
        m_slower = m_root + "/slower";
        m_reseeded = m_root + "/reseeded";
        demo(m_base, {});
        demo(m_slower, {"--scale-op", "MatMulV2=1.08"});
        demo(m_reseeded, {"--seed", "2"});
        m_kinetoBase = m_root + "/kbase";
        m_kinetoSlower = m_root + "/kslower";
        demo(m_kinetoBase, {"--format", "kineto"});
        demo(m_kinetoSlower, {"--format", "kineto", "--scale-op", "MatMulV2=1.08"});
        m_slowComm = m_root + "/slowcomm";
        m_kinetoSlowComm = m_root + "/kslowcomm";
        demo(m_slowComm, {"--scale-op", "AllReduce=1.2"});
        demo(m_kinetoSlowComm, {"--format", "kineto", "--scale-op", "AllReduce=1.2"});
    }
    void slowerCollectiveIsNamed_data() {
        QTest::addColumn<bool>("kineto");
        QTest::newRow("ascend") << false;
        QTest::newRow("kineto") << true;
    }
    void slowerCollectiveIsNamed() {
        // every step's AllReduce moves its data 1.2× slower: compare matches it by (step, op type, seq)
        // across the two runs and names it, not an op type
        QFETCH(bool, kineto);
        auto j = compareJson(kineto ? m_kinetoBase : m_base, kineto ? m_kinetoSlowComm : m_slowComm, 3);
        const nlohmann::json* coll = nullptr;
        for (const auto& d : j["regressions"]) {
            QVERIFY2(d["kind"] != "op", d.dump().c_str()); // no kernel changed
            if (d["kind"] == "collective") coll = &d;
        }
        QVERIFY(coll);
        QCOMPARE((*coll)["op_type"].get<std::string>(),
                 std::string(kineto ? "nccl:AllReduce" : "hcom_allReduce_"));
        QCOMPARE((*coll)["seq"].get<int>(), 0);
        QCOMPARE((*coll)["statistic"].get<std::string>(), std::string("transfer_median"));
        if (!kineto) { // the producer's own numbers: communication.json Elapse − Wait
            const double b = allReduceTransferNs(m_base), c = allReduceTransferNs(m_slowComm);
            QVERIFY2(std::abs((*coll)["baseline"].get<double>() - b) < 1, qPrintable(QString::number(b)));
            QVERIFY2(std::abs((*coll)["candidate"].get<double>() - c) < 1, qPrintable(QString::number(c)));
        }
        QVERIFY2(std::abs((*coll)["delta"].get<double>() - 0.2) < 0.03, coll->dump().c_str());
        // 8 steps, the first a warm-up: 7 step numbers in both runs
        QCOMPARE(j["matched"]["collective_steps_by_index"].get<int>(), 7);
        QCOMPARE(j["matched"]["collectives"].size(), size_t(1));
        QCOMPARE(j["matched"]["steps"]["by_number"].get<int>(), 7);
        QCOMPARE(j["unmatched"]["steps_only_in_baseline"].size(), size_t(0));
        QCOMPARE(j["unmatched"]["collectives_only_in_candidate"].size(), size_t(0));
        QString out, err;
        test::runRankscope({"compare", q(m_base), q(m_slowComm), "--quiet"}, &out, &err);
        QVERIFY2(out.contains("hcom_allReduce_ #0 transfer time +"), qPrintable(out));
        // r50b #3: the count is of places in a step ("1 collectives" read as one collective in all 7 steps)
        QVERIFY2(
            out.contains("1 collective by type and place in the step (hcom_allReduce_ #0) (over 7 steps by "
                         "number)"),
            qPrintable(out));
    }
    void scaledOpIsNamed_data() {
        QTest::addColumn<bool>("kineto");
        QTest::newRow("ascend") << false;
        QTest::newRow("kineto") << true;
    }
    void scaledOpIsNamed() {
        QFETCH(bool, kineto);
        auto j = compareJson(kineto ? m_kinetoBase : m_base, kineto ? m_kinetoSlower : m_slower, 3);
        QCOMPARE(j["verdict"].get<std::string>(), std::string("fail"));
        // Kineto names a device op by its kernel: the demo runs MatMulV2 as this GEMM kernel (and
        // BatchMatMul as another, which must not move)
        const std::string scaled = kineto ? "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_tn" : "MatMulV2";
        int matmulRanks = 0;
        bool overall = false;
        for (auto& d : j["regressions"]) {
            if (d["kind"] != "op") continue;
            // only the scaled op type regresses
            QCOMPARE(d["op_type"].get<std::string>(), scaled);
            if (d["statistic"] != "median") continue;
            // its kernels are ×1.08 each: the median moves by 8 % within the demo's ±3 % jitter of medians
            QVERIFY2(std::abs(d["delta"].get<double>() - 0.08) < 0.01, d.dump().c_str());
            if (d["rank"].is_null())
                overall = true;
            else
                ++matmulRanks;
        }
        QVERIFY(overall);
        QCOMPARE(matmulRanks, 4);
        QCOMPARE(j["matched"]["ranks"].size(), size_t(4));
        // the text names it once, for every rank
        QString out, err;
        QCOMPARE(test::runRankscope({"compare", q(m_base), q(m_slower), "--quiet"}, &out, &err), 3);
        // its time per step and median on one row, one root (walk 32: two rows)
        QVERIFY2(out.contains("MatMulV2 time per step +8.") && out.contains("on every rank") &&
                     out.contains("; median +8."),
                 qPrintable(out));
        QVERIFY(out.startsWith("FAIL"));
    }
    void pathsAreShownNormal() {
        // walk 24 #4: "Baseline /tmp/x/./cand": a path given as "./cand" was shown after the working
        // directory as typed. The report, the comparison's records and a baseline file show it normal
        const std::string dotted = m_root + "/dotted";
        demo(dotted, {});
        QString out, err;
        QCOMPARE(test::runRankscope({"report", q(m_root + "/./dotted/"), "--quiet"}, &out, &err), 0);
        QVERIFY2(out.startsWith(q("Rankscope report: " + dotted + "\n")), qPrintable(out.left(200)));
        const auto j = compareJson(m_root + "/base/../base", m_root + "/./dotted", 5); // the same data
        QCOMPARE(j["baseline"]["profile"].get<std::string>(), m_base);
        QCOMPARE(j["candidate"]["profile"].get<std::string>(), dotted);
        const std::string record = m_root + "/dotted-baseline.json";
        QCOMPARE(test::runRankscope({"baseline", q(m_root + "/./dotted"), "--out", q(record), "--quiet"},
                                    &out, &err),
                 0);
        QCOMPARE(nlohmann::json::parse(test::readDecompressed(record))["profile"].get<std::string>(), dotted);
    }
    void swappedRunsCountAlike() {
        // walk 8: "5 regressions" one way, "28 improvements" (per rank, unlisted) the other. Swapped, each
        // regression line must come back as an improvement line, counted and listed the same way.
        QString fwd, back, err;
        QCOMPARE(test::runRankscope({"compare", q(m_base), q(m_slower), "--quiet"}, &fwd, &err), 3);
        QCOMPARE(test::runRankscope({"compare", q(m_slower), q(m_base), "--quiet"}, &back, &err), 0);
        QStringList subjects; // "MatMulV2 median" of "  MatMulV2 median +8.0 % on every rank (…)"
        for (const QString& l : fwd.split('\n'))
            if (l.startsWith("  ")) subjects << l.trimmed().section(" +", 0, 0);
        QVERIFY2(!subjects.isEmpty(), qPrintable(fwd));
        QVERIFY2(fwd.contains(QString("FAIL: %1 regressions").arg(subjects.size())), qPrintable(fwd));
        QVERIFY2(back.startsWith(QString("PASS: 0 regressions")), qPrintable(back));
        QVERIFY2(back.contains(QString(", %1 improvements; listed by the time").arg(subjects.size())) &&
                     back.contains("\nimprovements:\n"),
                 qPrintable(back));
        for (const QString& subject : subjects)
            QVERIFY2(back.contains("  " + subject + " -"), qPrintable(subject + "\n" + back));
    }
    void nothingMatchedSaysWhatWasNotCompared() {
        // two Kineto samples of different jobs: ns_resolution_trace is rank 0, df_index_resolver rank 1
        // (their distributedInfo): no rank in both, so nothing is compared and the op types both ran are no
        // match
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("comparecli-samples-cache")));
        QString out, err;
        QCOMPARE(test::runRankscope({"compare", q(samples + "/hta/tests/data/ns_resolution_trace"),
                                     q(samples + "/hta/tests/data/df_index_resolver"), "--quiet"},
                                    &out, &err),
                 4);
        // nor are they one workload (a minority of one side's device time is in op types both ran)
        QVERIFY2(out.startsWith("INCONCLUSIVE: the runs share "), qPrintable(out));
        QVERIFY2(out.contains("matched: no rank, so nothing was compared (") &&
                     !out.contains("matched: 0 ranks"),
                 qPrintable(out));
    }
    void unrelatedRunsGetNoVerdict() {
        // mindinsight cluster_propose (step traces, hccl_raw and FLOPs summaries: not one kernel file)
        // against HTA trace_filter (a Kineto trace with kernels) read FAIL with 2 regressions: nothing in the
        // data ties them together, so no verdict, in the text and the JSON alike
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("comparecli-samples-cache")));
        const QString a = q(samples + "/mindinsight/tests/utils/resource/cluster_propose"),
                      b = q(samples + "/hta/tests/data/trace_filter");
        QString out, err;
        QCOMPARE(test::runRankscope({"compare", a, b, "--quiet"}, &out, &err), 4);
        QVERIFY2(out.startsWith("INCONCLUSIVE: the runs share 0 of ") &&
                     out.contains("(0.0 % of the baseline's device time, 0.0 % of the candidate's): not one "
                                  "workload, so no verdict"),
                 qPrintable(out));
        QVERIFY2(!out.contains("FAIL") && !out.contains("PASS"), qPrintable(out));
        // walk 56c: nor a rank "matched" (the rank numbers both have are two jobs' ranks)
        QVERIFY2(out.contains("\nmatched: no rank (not one workload") && !out.contains("matched: 1 rank"),
                 qPrintable(out));
        QString json;
        QCOMPARE(test::runRankscope({"compare", a, b, "--quiet", "--json"}, &json, &err), 4);
        const auto j = nlohmann::json::parse(json.toStdString());
        QCOMPARE(j["verdict"].get<std::string>(), std::string("inconclusive"));
        QVERIFY(j["unrelated"].is_string());
        QCOMPARE(j["regressions"].size(), size_t(0));
        // one job exported twice (msinsight level1 as text and as .db) is one workload: judged
        QCOMPARE(
            test::runRankscope({"compare", q(samples + "/msinsight/test/data/pytorch/text/level1"),
                                q(samples + "/msinsight/test/data/pytorch/db/level1"), "--quiet", "--json"},
                               &json, &err) == 4,
            false);
        QVERIFY(nlohmann::json::parse(json.toStdString())["unrelated"].is_null());
    }
    void rankStepsAreCountedOverTheRanksCompared() {
        // r51b #1: msinsight level1 as .db (rank 0) against its text export (ranks 0 and 1) read "1 vs 2
        // steady rank-steps" while only rank 0 is compared. Python over the files: the .db's STEP_TIME holds
        // 1 row (step 50) for rank 0; each rank's step_trace_time.csv of the text export 1 row (step 50):
        // one step a rank, none left out as a warm-up (under 3 steps)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("comparecli-samples-cache")));
        const QString db = q(samples + "/msinsight/test/data/pytorch/db/level1"),
                      text = q(samples + "/msinsight/test/data/pytorch/text/level1");
        QString out, err;
        const int rc = test::runRankscope({"compare", db, text, "--quiet"}, &out, &err);
        QVERIFY2(rc == 0 || rc == 3, qPrintable(out + err)); // one workload: a verdict (the group ids differ
                                                             // by run, the collectives do not)
        QVERIFY2(out.contains("1 vs 1 steady rank-steps on the 1 rank both have (1 vs 2 over each run's own "
                              "ranks"),
                 qPrintable(out));
        QVERIFY2(!out.contains(", 1 vs 2 steady rank-steps") && out.contains("matched: 1 rank, "),
                 qPrintable(out));
        // the one group of each side has an id of its own (analysis.db's CommAnalyzerMatrix.group_name, the
        // text's communication_matrix.json op names after '@'): HCCL's hash of the group's name, whose
        // launch time differs. Same ranks and transports: rank 0's 8 links (0→0 LOCAL, 0→1-7 HCCS) are in
        // both; rank 1's 8 only in the candidate. They read as 8 links only in the baseline before
        QVERIFY2(out.contains("each run names its one communication group by an id of its own "
                              "(17148521525495523210 in the baseline, 17522688603477080586 in the candidate"),
                 qPrintable(out));
        QString json;
        QVERIFY(test::runRankscope({"compare", db, text, "--quiet", "--json"}, &json, &err) == rc);
        const auto j = nlohmann::json::parse(json.toStdString());
        const auto& steps = j["matched"]["steps"];
        QCOMPARE(steps["baseline"].get<int>(), 1);
        QCOMPARE(steps["candidate"].get<int>(), 1);
        QCOMPARE(steps["baseline_all_ranks"].get<int>(), 1);
        QCOMPARE(steps["candidate_all_ranks"].get<int>(), 2);
        QCOMPARE(j["matched"]["links"].size(), size_t(8));
        QCOMPARE(j["unmatched"]["links_only_in_baseline"].size(), size_t(0));
        QCOMPARE(j["unmatched"]["links_only_in_candidate"].size(), size_t(8));
    }
    void differentHardwareIsInTheHeadline() {
        // walk15a #12: A100 (nccl_parser_config) vs V100 (ns_resolution_trace), rank 0 in both: the
        // verdict line carries the difference of card, not only a note under the list; exit code unchanged.
        // The names are deviceProperties[].name of each file (Python over the .json.gz)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("comparecli-samples-cache")));
        QString out, err;
        const int rc = test::runRankscope({"compare", q(samples + "/hta/tests/data/nccl_parser_config"),
                                           q(samples + "/hta/tests/data/ns_resolution_trace"), "--quiet"},
                                          &out, &err);
        QVERIFY2(rc == 3 || rc == 0 || rc == 4, qPrintable(out + err));
        const QString head = out.section('\n', 0, 0);
        QVERIFY2(head.contains(" on different hardware (") && head.contains("NVIDIA A100-PG509-200") &&
                     head.contains("Tesla V100-SXM2-32GB") &&
                     head.contains("a delta may be the card, not the change"),
                 qPrintable(out));
        QString json;
        test::runRankscope({"compare", q(samples + "/hta/tests/data/nccl_parser_config"),
                            q(samples + "/hta/tests/data/ns_resolution_trace"), "--quiet", "--json"},
                           &json, &err);
        const auto j = nlohmann::json::parse(json.toStdString());
        QVERIFY2(j["hardware_differs"].is_string(), json.left(400).toUtf8().constData());
    }
    void aSingleTraceFileIsAProfile() {
        // walk17a L3: `compare DIR FILE.json.gz` read the trace as a baseline record ("not a JSON object")
        // while report, export and the app open a single trace file. trace_filter holds two traces (ls):
        // sampled_rank-0 and sampled_rank-1; the file alone is one
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("comparecli-samples-cache")));
        const std::string dir = samples + "/hta/tests/data/trace_filter";
        QString out, err;
        const int rc =
            test::runRankscope({"compare", q(dir), q(dir + "/sampled_rank-1.json.gz"), "--json"}, &out, &err);
        QVERIFY2(rc == 0 || rc == 3 || rc == 4, qPrintable(err));
        QVERIFY2(!err.contains("not a JSON object"), qPrintable(err));
        const auto j = nlohmann::json::parse(out.toStdString(), nullptr, false);
        QVERIFY2(j.is_object(), qPrintable(out.left(400)));
        QCOMPARE(j["baseline"]["sources"]["files"].get<int>(), 2);
        QCOMPARE(j["candidate"]["sources"]["files"].get<int>(), 1);
        // a baseline record is still read as one
        const std::string rec = m_root + "/single-file-record.json";
        QCOMPARE(
            test::runRankscope({"baseline", q(dir + "/sampled_rank-1.json.gz"), "--out", q(rec)}, &out, &err),
            0);
        QVERIFY2(test::runRankscope({"compare", q(rec), q(dir + "/sampled_rank-1.json.gz"), "--quiet"}, &out,
                                    &err) == 5,
                 qPrintable(out + err));
    }
    void aRunComparedWithItselfIsNoPass() {
        // walk 36: `compare D D` read PASS. Both sides the same data — the same folder, or a copy of it (its
        // files' paths within the folder, sizes and records read are the same, its path is not) — is said,
        // with no verdict and exit 5; two runs that differ only in their seed are not the same data
        const std::string copy = m_root + "/base-copy";
        std::filesystem::copy(m_base, copy, std::filesystem::copy_options::recursive);
        std::filesystem::remove_all(copy + "/.rankscope"); // its index, if any, is the original's
        for (const std::string& other : {m_base, copy}) {
            auto j = compareJson(m_base, other, 5);
            QCOMPARE(j["verdict"].get<std::string>(), std::string("same_data"));
            QVERIFY2(j["same_data"].get<std::string>().find("both sides are the same data: the same ") == 0,
                     j["same_data"].dump().c_str());
            QCOMPARE(j["baseline"]["sources"]["digest"], j["candidate"]["sources"]["digest"]);
        }
        // the source files of the demo's 4 ranks, counted on disk
        size_t files = 0;
        for (const auto& e : std::filesystem::recursive_directory_iterator(m_base))
            files += e.is_regular_file() && e.path().string().find("/.rankscope") == std::string::npos;
        auto j = compareJson(m_base, copy, 5);
        QVERIFY(j["baseline"]["sources"]["files"].get<size_t>() > 0);
        QVERIFY(j["baseline"]["sources"]["files"].get<size_t>() <= files);
        QString out, err;
        QCOMPARE(test::runRankscope({"compare", q(m_base), q(copy), "--quiet"}, &out, &err), 5);
        QVERIFY2(out.startsWith("SAME DATA (no verdict): both sides are the same data") &&
                     out.contains("a run compared with itself proves nothing about regressions") &&
                     !out.contains("PASS"),
                 qPrintable(out));
        // a Kineto run (the demo writes .json.gz) against its own copy with every trace gunzipped: the same
        // data (walk 20a: HTA's ns_resolution trace against its gunzipped copy read PASS, exit 0)
        const std::string plain = m_root + "/kbase-plain";
        std::filesystem::copy(m_kinetoBase, plain, std::filesystem::copy_options::recursive);
        std::filesystem::remove_all(plain + "/.rankscope");
        QStringList traces; // listed first: gzip replaces each file while the folder is walked
        for (const auto& e : std::filesystem::recursive_directory_iterator(plain))
            if (e.is_regular_file() && e.path().extension() == ".gz")
                traces << QString::fromStdString(e.path().string());
        QVERIFY(!traces.isEmpty());
        QCOMPARE(QProcess::execute("gzip", QStringList{"-d"} + traces), 0);
        QCOMPARE(compareJson(m_kinetoBase, plain, 5)["verdict"].get<std::string>(), std::string("same_data"));
        auto other = compareJson(m_base, m_reseeded, 0);
        QVERIFY(other["same_data"].is_null());
        QVERIFY(other["baseline"]["sources"]["digest"] != other["candidate"]["sources"]["digest"]);
    }
    void severalRunsSayHowOneWasChosen() {
        // walk18b #4: `compare profiler profiler` (5 runs of 1 rank each) said "measured run 0 (the one with
        // the most ranks)": a tie, not said; and compare had no --run, as baseline has
        QCOMPARE(
            index::defaultRunWhy({{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}}, 0),
            std::string("runs 0, 1, 2, 3 and 4 hold alike (1 rank, 0 rank-steps and 0 spans): the first"));
        QCOMPARE(index::defaultRunWhy({{0, 2}, {1, 1}, {3, 2}}, 0),
                 std::string("runs 0 and 3 hold alike (2 ranks, 0 rank-steps and 0 spans): the first"));
        QCOMPARE(index::defaultRunWhy({{0, 2}, {1, 4}}, 1), std::string("the one with the most ranks, 4"));
        // a folder of an Ascend demo of 4 ranks and a Kineto demo of 2
        const std::string dir = m_root + "/tworun";
        std::string e;
        QVERIFY2(test::writeTwoRunDemo(dir, e), e.c_str());
        QString out, err;
        QCOMPARE(test::runRankscope({"compare", q(dir), q(dir), "--quiet"}, &out, &err), 5);
        QVERIFY2(out.contains("runs; measured run ") &&
                     out.contains(" (the one with the most ranks, 4; --run N measures another)"),
                 qPrintable(out));
        // the Kineto run (2 ranks) against the Ascend run (4): measured as asked, no longer the same data
        index::Db db(dir + "/.rankscope/index.sqlite", true);
        const QString ascend = QString::number(
                          db.scalar("SELECT run_id FROM rank_info GROUP BY run_id HAVING count(*) = 4")),
                      kineto = QString::number(
                          db.scalar("SELECT run_id FROM rank_info GROUP BY run_id HAVING count(*) = 2"));
        QVERIFY(ascend != kineto);
        const int rc = test::runRankscope({"compare", q(dir), q(dir), "--baseline-run", ascend,
                                           "--candidate-run", kineto, "--json", "--quiet"},
                                          &out, &err);
        QVERIFY2(rc != 2 && rc != 5, qPrintable(err));
        const auto j = nlohmann::json::parse(out.toStdString());
        QCOMPARE(j["baseline"]["run"].get<int>(), ascend.toInt());
        QCOMPARE(j["candidate"]["run"].get<int>(), kineto.toInt());
        QCOMPARE(j["baseline"]["labels"]["ranks"].get<std::string>(), std::string("4"));
        QCOMPARE(j["candidate"]["labels"]["ranks"].get<std::string>(), std::string("2"));
        QCOMPARE(test::runRankscope({"compare", q(dir), q(dir), "--run", kineto, "--quiet"}, &out, &err), 5);
        QVERIFY2(!out.contains("measured run"), qPrintable(out));
        QCOMPARE(test::runRankscope({"compare", "--help"}, &out, &err), 0);
        QVERIFY(out.contains("[--run N]") && out.contains("--baseline-run"));
    }
    void seedOnlyDifferencePasses() {
        auto j = compareJson(m_base, m_reseeded, 0);
        QCOMPARE(j["verdict"].get<std::string>(), std::string("pass"));
        QCOMPARE(j["regressions"].size(), size_t(0));
    }
    void thresholdsMoveTheVerdict() {
        compareJson(m_base, m_slower, 0, {"--max-latency-delta", "0.2"}); // 8 % is within 20 %
        compareJson(m_base, m_slower, 0, {"--max-latency-delta", "20%"});
    }
    void baselineRecordGivesTheSameVerdict() {
        const std::string rec = m_root + "/base.json", hist = m_root + "/history.jsonl";
        QString out, err;
        QCOMPARE(test::runRankscope({"baseline", q(m_base), "--out", q(rec), "--label", "nightly", "--quiet"},
                                    &out, &err),
                 0);
        auto fromProfile = compareJson(m_base, m_slower, 3);
        auto fromRecord = compareJson(rec, m_slower, 3);
        QCOMPARE(fromRecord["regressions"].dump(), fromProfile["regressions"].dump());
        QCOMPARE(fromRecord["baseline"]["label"].get<std::string>(), std::string("nightly"));
        // what the demo's profiler_info says about it (MindSpore's profiler_parameters), kept in the record
        QCOMPARE(fromRecord["baseline"]["labels"]["framework"].get<std::string>(), std::string("mindspore"));
        // an Ascend run against a Kineto one: one demo plan in two formats, but not one op type in common
        // (Ascend op types against CUDA kernels): nothing in the data says they are one workload, so no
        // verdict (it read PASS), with the difference said
        auto mixed = compareJson(rec, m_kinetoBase, 4);
        QCOMPARE(mixed["verdict"].get<std::string>(), std::string("inconclusive"));
        QVERIFY2(mixed["unrelated"].get<std::string>().find("share 0 of ") != std::string::npos,
                 mixed["unrelated"].dump().c_str());
        QVERIFY2(mixed["notes"].dump().find(
                     "framework differs: mindspore (baseline) vs pytorch (candidate)") != std::string::npos,
                 mixed["notes"].dump().c_str());
        // a history: one line per run, compare reads the newest
        QCOMPARE(test::runRankscope({"baseline", q(m_slower), "--append", q(hist), "--quiet"}, &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"baseline", q(m_base), "--append", q(hist), "--quiet"}, &out, &err), 0);
        std::ifstream in(hist);
        int lines = 0;
        for (std::string l; std::getline(in, l);)
            lines += !l.empty();
        QCOMPARE(lines, 2);
        compareJson(hist, m_slower, 3); // newest = the base run
        // the newest record was measured from m_base itself: the same data, no pass
        QCOMPARE(compareJson(hist, m_base, 5)["verdict"].get<std::string>(), std::string("same_data"));
    }
    void usageAndErrors() {
        QString out, err;
        QCOMPARE(test::runRankscope({"compare", q(m_base)}, &out, &err), 2);
        QCOMPARE(test::runRankscope({"compare", q(m_base), q(m_slower), "--max-latency-delta", "fast"}, &out,
                                    &err),
                 2);
        QVERIFY(err.contains("--max-latency-delta"));
        QCOMPARE(test::runRankscope({"compare", q(m_base), q(m_root + "/missing")}, &out, &err), 1);
        QVERIFY(err.contains("missing"));
        QCOMPARE(test::runRankscope({"baseline", q(m_base)}, &out, &err), 2);
        QCOMPARE(test::runRankscope({"demo", q(m_root + "/x"), "--scale-op", "MatMulV2"}, &out, &err), 2);
        // the demo's op type is MatMulV2 (its kernel_details.csv "Type" column): MatMul would scale
        // nothing and a later compare would read PASS; refused, naming the ones it has, nothing written
        QCOMPARE(test::runRankscope({"demo", q(m_root + "/y"), "--scale-op", "MatMul=1.2"}, &out, &err), 2);
        QVERIFY2(err.contains("'MatMul'") && err.contains("MatMulV2") && err.contains("Cast"),
                 qPrintable(err));
        QVERIFY(!QFileInfo::exists(q(m_root + "/y")));
        QCOMPARE(test::runRankscope({"demo", q(m_root + "/y"), "--scale-op", "MatMulV2=1.2,NoSuchOp=1.5"},
                                    &out, &err),
                 2);
        QVERIFY2(err.contains("'NoSuchOp'") && !err.contains("'MatMulV2'"), qPrintable(err));
        test::writeFile(m_root + "/notrecord.json", "{\"hello\": 1}");
        QCOMPARE(test::runRankscope({"compare", q(m_root + "/notrecord.json"), q(m_base)}, &out, &err), 1);
        QVERIFY2(err.contains("notrecord.json") && err.contains("not a Rankscope baseline"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TstCompareCli)
#include "tst_comparecli.moc"
