// Discovery (core/import/discovery) over trees built here: dumps gathered by directory links are followed,
// each directory is read once, a link loop is a diagnostic (never a hang), and a profile below the depth
// limit is named as skipped instead of vanishing into "no profiler files found".
#include "core/import/discovery.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;
using import::FileKind;

namespace {

const char* kKernelDetails = "Step Id,Name,Type,Start Time(us),Duration(us)\n"
                             "1,MatMulV2_1,MatMulV2,1736408883704643.212\t,10\n";

/// "<kind> <path relative to root>" of every discovered file, group by group.
QStringList files(const import::Discovery& d, const std::string& root) {
    QStringList out;
    for (const auto& g : d.groups)
        for (const auto& f : g.files)
            out << QString::fromLatin1(import::fileKindName(f.kind)) + " " +
                       QString::fromStdString(fs::path(f.path).lexically_relative(root).string());
    return out;
}

/// "<severity>|<what>|<count>" of every discovery diagnostic whose file is `file`.
QStringList diags(const import::Discovery& d, const std::string& file) {
    QStringList out;
    for (const auto& g : d.diagnostics)
        if (g.file == file)
            out << QString::fromStdString(g.severity + "|" + g.what + "|" + std::to_string(g.count));
    return out;
}

} // namespace

class TstDiscovery : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void followsALinkedProfilerOutput() {
        // the rank directory holds profiler_info and a link named ASCEND_PROFILER_OUTPUT to where the
        // files really are (outside the opened folder)
        const std::string base = test::tempDir("disc-link");
        const std::string root = base + "/gathered";
        test::writeFile(base + "/store/out0/kernel_details.csv", kKernelDetails);
        test::writeFile(root + "/rank0_ascend_pt/profiler_info_0.json", "{\"rank_id\": 0}");
        fs::create_directory_symlink(base + "/store/out0", root + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT");
        const auto d = import::discover(root);
        QCOMPARE(files(d, root), (QStringList{"ascend-profiler-info rank0_ascend_pt/profiler_info_0.json",
                                              "ascend-kernel-details "
                                              "rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"}));
        QCOMPARE(d.groups.at(0).rankHint, std::optional<int>(0));
        QVERIFY(d.diagnostics.empty());
        // and the whole build reads it
        auto ix = test::indexDir(root);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), int64_t(1));
    }
    void aLinkLoopIsSaidNotFollowed() {
        const std::string root = test::tempDir("disc-loop");
        test::writeFile(root + "/job/rank-0.pt.trace.json",
                        "[{\"ph\":\"X\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        fs::create_directories(root + "/job/deeper");
        fs::create_directory_symlink(root + "/job", root + "/job/deeper/back"); // back to its own ancestor
        const auto d = import::discover(root);
        QCOMPARE(files(d, root), QStringList{"chrome-json job/rank-0.pt.trace.json"});
        QCOMPARE(diags(d, root + "/job/deeper/back"),
                 QStringList{QString::fromStdString("warning|directory link loop: it leads to " +
                                                    fs::canonical(root + "/job").string() +
                                                    ", a directory it is inside; not followed|1")});
        // the index carries it, beside the trace that loaded
        auto ix = test::indexDir(root);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'directory link loop%' AND file "
                           "LIKE '%/job/deeper/back'"),
                 int64_t(1));
    }
    void aDirectoryReachedTwiceIsReadOnce() {
        // a "latest" link beside the run it points to: the rank is read once, under its own name
        const std::string root = test::tempDir("disc-twice");
        test::writeFile(root + "/run1_ascend_pt/profiler_info_0.json", "{\"rank_id\": 0}");
        test::writeFile(root + "/run1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", kKernelDetails);
        fs::create_directory_symlink(root + "/run1_ascend_pt", root + "/latest");
        const auto d = import::discover(root);
        QCOMPARE(
            files(d, root),
            (QStringList{"ascend-profiler-info run1_ascend_pt/profiler_info_0.json",
                         "ascend-kernel-details run1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"}));
        QCOMPARE(
            diags(d, root + "/latest"),
            QStringList{QString::fromStdString("info|directory reached again through a link (read once, as " +
                                               root + "/run1_ascend_pt)|1")});
    }
    void aProfileBelowTheDepthLimitIsNamed() {
        // 20 levels down: past the limit, so not read — and the error says which directory and why
        const std::string root = test::tempDir("disc-deep");
        std::string dir = root;
        for (int i = 1; i <= 20; ++i)
            dir += "/d" + std::to_string(i);
        test::writeFile(dir + "/rank-0.pt.trace.json",
                        "[{\"ph\":\"X\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        std::string skipped = root;
        for (int i = 1; i <= import::kMaxDiscoveryDepth + 1; ++i)
            skipped += "/d" + std::to_string(i);
        const auto d = import::discover(root);
        QVERIFY(d.groups.empty());
        const std::string what = "directories more than " + std::to_string(import::kMaxDiscoveryDepth) +
                                 " levels below the folder not searched";
        QCOMPARE(diags(d, root), QStringList{QString::fromStdString("warning|" + what + "|1")});
        QCOMPARE(QString::fromStdString(d.diagnostics.at(0).excerpt), QString::fromStdString(skipped));
        auto ix = test::indexDir(root);
        QVERIFY(!ix.result.ok);
        QVERIFY2(ix.result.error.find("no profiler files found") != std::string::npos,
                 ix.result.error.c_str());
        // the message names every layout the walk reads, the legacy MindSpore and msprof ones too
        for (const char* layout :
             {"_ascend_ms", ".db", "PROF_", "ascend_timeline_display_", ".pt.trace.json", "Chrome trace"})
            QVERIFY2(ix.result.error.find(layout) != std::string::npos, ix.result.error.c_str());
        QVERIFY2(ix.result.error.find(what + " (" + skipped + ")") != std::string::npos,
                 ix.result.error.c_str());
        // at the limit itself it is read
        const std::string near = test::tempDir("disc-near");
        std::string ok = near;
        for (int i = 1; i <= import::kMaxDiscoveryDepth; ++i)
            ok += "/d" + std::to_string(i);
        test::writeFile(ok + "/rank-0.pt.trace.json",
                        "[{\"ph\":\"X\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]");
        QCOMPARE(import::discover(near).groups.size(), size_t(1));
    }
    void hiddenDirectoriesStaySkipped() {
        const std::string root = test::tempDir("disc-hidden");
        const std::string trace = "[{\"ph\":\"X\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
        test::writeFile(root + "/.rankscope/x.pt.trace.json", trace);
        test::writeFile(root + "/keep/rank-1.pt.trace.json", trace);
        fs::create_directory_symlink(root + "/.rankscope", root + "/visible");
        const auto d = import::discover(root);
        // a link to a hidden directory is a directory of its own name: read (its files are not hidden)
        QCOMPARE(files(d, root), (QStringList{"chrome-json keep/rank-1.pt.trace.json",
                                              "chrome-json visible/x.pt.trace.json"}));
        QVERIFY(d.ignored.empty());
    }
    void rawProfDirectoryIsReadWhenItIsTheOnlyRecord() {
        // mindinsight profiler/: a PROF_ directory with no ASCEND_PROFILER_OUTPUT beside it is the device's
        // only record. It was "not read" (a warning that its data was lost); its merged timeline is read
        // now, with the device's info and clock anchor, and the component files it merges are listed
        const std::string trace = "[{\"ph\":\"X\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
        const std::string alone = test::tempDir("disc-prof-alone");
        const std::string prof = alone + "/PROF_000001_1_ABC";
        test::writeFile(prof + "/device_0/timeline/msprof_0_1_1.json", trace);
        test::writeFile(prof + "/device_0/timeline/hccl_0_1_1.json", trace);
        test::writeFile(prof + "/device_0/start_info.0", "{}");
        test::writeFile(prof + "/device_0/end_info.0", "{}");
        test::writeFile(prof + "/device_0/summary/op_summary_0_1_1.csv", "a,b\n");
        test::writeFile(prof + "/device_1/timeline/task_time_1_1_1.json", trace); // no msprof: read
        test::writeFile(alone + "/keep/rank-1.pt.trace.json", trace);
        const auto d = import::discover(alone);
        QCOMPARE(files(d, alone),
                 (QStringList{"cann-start-info PROF_000001_1_ABC/device_0/start_info.0",
                              "cann-timeline PROF_000001_1_ABC/device_0/timeline/msprof_0_1_1.json",
                              "cann-timeline PROF_000001_1_ABC/device_1/timeline/task_time_1_1_1.json",
                              "chrome-json keep/rank-1.pt.trace.json"}));
        QCOMPARE(d.ignored.size(), size_t(1));
        QVERIFY2(d.ignored[0].rfind(prof + "/device_0/timeline/hccl_0_1_1.json (CANN raw timeline: not read",
                                    0) == 0,
                 d.ignored[0].c_str());
        QVERIFY(diags(d, prof).isEmpty());
        // beside torch_npu's parsed output the raw directory is covered by it: said so, no warning
        const std::string beside = test::tempDir("disc-prof-beside") + "/x_ascend_pt";
        test::writeFile(beside + "/PROF_000001_1_ABC/device_0/timeline/msprof_0_1_1.json", trace);
        test::writeFile(beside + "/ASCEND_PROFILER_OUTPUT/trace_view.json", trace);
        const auto b = import::discover(beside);
        QCOMPARE(files(b, beside), QStringList{"ascend-trace-view ASCEND_PROFILER_OUTPUT/trace_view.json"});
        QCOMPARE(b.ignored.size(), size_t(1));
        QVERIFY2(b.ignored[0].find("ASCEND_PROFILER_OUTPUT files beside it are used") != std::string::npos,
                 b.ignored[0].c_str());
        QVERIFY(diags(b, beside + "/PROF_000001_1_ABC").isEmpty());
    }
    void staticOpMemoryIsListedAsNotRead() {
        // msinsight test_rank_1's ASCEND_PROFILER_OUTPUT/static_op_mem.csv (Device_id, Op Name, Model Name,
        // Graph ID, Node Index Start/End, Size(KB): no time) and a legacy folder's static_op_mem_0.csv: each
        // listed as not read with why, never passed over without a word
        const std::string root = test::tempDir("disc-static-mem");
        const std::string csv =
            "Device_id,Op Name,Model Name,Graph ID,Node Index Start,Node Index End,Size(KB)\n"
            "host,sqrt_01,0,0,31,32,2343.78125\n";
        test::writeFile(root + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/static_op_mem.csv", csv);
        test::writeFile(root + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", "Name,Type\n");
        test::writeFile(root + "/legacy/static_op_mem_0.csv", csv);
        test::writeFile(root + "/legacy/step_trace_raw_0_detail_time.csv",
                        "step_num,start_point,end_point\n");
        const auto d = import::discover(root);
        QStringList ignored;
        for (const auto& i : d.ignored)
            ignored << QString::fromStdString(i);
        ignored.sort();
        const QString why = " (static graph memory per op: node index ranges and sizes with no timestamps, "
                            "which the memory lanes and the memory map cannot place: not read)";
        QCOMPARE(ignored, (QStringList{QString::fromStdString(root) + "/legacy/static_op_mem_0.csv" + why,
                                       QString::fromStdString(root) +
                                           "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/static_op_mem.csv" + why}));
    }
    void staticOpMemoryOfTheSampleIsListed() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const std::string root = samples + "/msinsight/server/src/test/test_data";
        const auto d = import::discover(root);
        const std::string file =
            root + "/test_rank_1/ASCEND_PROFILER_OUTPUT/static_op_mem.csv (static graph memory";
        QVERIFY(std::any_of(d.ignored.begin(), d.ignored.end(),
                            [&](const std::string& i) { return i.rfind(file, 0) == 0; }));
    }
    void clusterSummaryIsListedWithItsRanks() {
        // msprof-analyze's cluster_analysis_output beside two rank folders of a 16-rank job (the msinsight
        // test_data layout): not read as traces, listed as ignored, and a note names the ranks it summarises;
        // r47d: its step breakdown is kept as the producer's figures (17 rows: 16 ranks and a stage)
        const std::string root = test::tempDir("disc-cluster");
        const std::string trace = "[{\"ph\":\"X\",\"name\":\"k\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
        std::string csv = "Step,Type,Index,Computing\n";
        for (int r = 0; r < 16; ++r)
            csv += "2,rank," + std::to_string(r) + ",1.5\n";
        csv += "2,stage,(0, 1),1.5\n";
        test::writeFile(root + "/cluster_analysis_output/cluster_step_trace_time.csv", csv);
        test::writeFile(root + "/cluster_analysis_output/cluster_communication.json", "{}");
        test::writeFile(root + "/rank-0.pt.trace.json", trace);
        const auto d = import::discover(root);
        QCOMPARE(files(d, root), QStringList{"chrome-json rank-0.pt.trace.json"});
        QCOMPARE(d.ignored.size(), size_t(1));
        QVERIFY2(d.ignored[0].rfind(
                     root + "/cluster_analysis_output (msprof-analyze cluster summary: not read as traces",
                     0) == 0,
                 d.ignored[0].c_str());
        QCOMPARE(diags(d, root + "/cluster_analysis_output"),
                 QStringList{
                     "info|msprof-analyze cluster summary of 16 ranks (0–15): its step figures are the "
                     "producer's own, shown beside Rankscope's in the report; only ranks whose own profiler "
                     "folders are found have Rankscope's figures|1"});
        QCOMPARE(d.producerSteps.size(), size_t(17));
    }
    void legacyMindSporeFilesKeepTheRanksTheirNamesGive() {
        // walk 23b (mindinsight's tests/utils/resource/profiler): framework_raw_1.csv alone, an op-type table
        // with no timed event, became "run 4: unknown, rank 1"; gpu_timeline_display_0.json was "assigned
        // rank 4" though its name says 0. The table is no rank (named as not read); the GPU timeline keeps
        // the rank its name gives; a rank's framework_raw beside its timeline is read as before
        const std::string root = test::tempDir("disc-legacy");
        const std::string table =
            "task_id,stream_id,block_dim,full_kernel_name,op_name,kernel_name,kernel_type,"
            "subgraph,op_info\n1,0,1,Default/Cast-op6,Default/Cast-op6,Cast-op6,Cast,"
            "Default,\"{}\"\n";
        test::writeFile(root + "/framework_raw_1.csv", table);
        test::writeFile(root + "/framework_raw_0.csv", table);
        test::writeFile(root + "/ascend_timeline_display_0.json",
                        "[{\"name\": \"Cast-op6\", \"ph\": \"X\", \"tid\": \"0\", \"ts\": 1.0, "
                        "\"dur\": 2.0, \"pid\": 1}]");
        test::writeFile(root + "/gpu_timeline_display_3.json",
                        "[{\"name\": \"Default/InitDataSetQueue-op0\", \"ph\": \"X\", \"tid\": \"Ops\", "
                        "\"ts\": 1600695893269618.2, \"dur\": 303.84, \"pid\": 0}]");
        const auto d = import::discover(root);
        QStringList got;
        for (const auto& g : d.groups)
            for (const auto& f : g.files)
                got << QString::fromStdString(fs::path(f.path).filename().string() + " rank " +
                                              (g.rankHint ? std::to_string(*g.rankHint) : "?"));
        got.sort();
        QCOMPARE(got, (QStringList{"ascend_timeline_display_0.json rank 0", "framework_raw_0.csv rank 0",
                                   "gpu_timeline_display_3.json rank 3"}));
        QCOMPARE(d.ignored.size(), size_t(1));
        QVERIFY2(d.ignored[0].rfind(root + "/framework_raw_1.csv (", 0) == 0, d.ignored[0].c_str());
    }
    void theLegacySampleFolderHoldsFourRanks() {
        // the real folder: its timed sources are the CANN PROF_ device 0 (rank 0), ascend_timeline_display_0
        // with step_trace_raw_0 (rank 0), step_trace_raw_10 (rank 10) and gpu_timeline_display_0 (rank 0):
        // four ranks, rank 0 claimed by three, which the diagnostics say; none is "assigned"
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("disc-legacy-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT data_rank FROM rank_info ORDER BY data_rank"),
                 (std::vector<std::string>{"0", "0", "0", "10"}));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM diagnostic WHERE what LIKE 'rank 0 is claimed by 3 sources%'"),
            int64_t(1));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostic WHERE what LIKE 'rank not found in the data%'"),
                 int64_t(0));
    }
    void aFileNamedLikeATraceThatIsNoneIsNamed() {
        // the walk's junk folder: trace.json of random bytes beginning "y:=" gave "no profiler files found";
        // the file is named, with why and the byte it fails at. A JSON file whose name does not say trace
        // (a producer's step_trace_point_info.json) is passed over quietly, as before
        const std::string root = test::tempDir("disc-junk");
        test::writeFile(root + "/trace.json", std::string("y:=\xef\x34\x97") + std::string(200, 'q'));
        test::writeFile(root + "/sub/rank0_trace.json", "  {\"model\": \"x\", \"layers\": 3}");
        test::writeFile(root + "/sub/step_trace_point_info.json", "{\"fp_start\": 1}");
        const auto d = import::discover(root);
        QVERIFY(d.groups.empty());
        QCOMPARE(
            diags(d, root + "/trace.json"),
            QStringList{"warning|named like a trace but not one: byte 0 is 'y', not the '[' or '{' a trace "
                        "begins with; not read|1"});
        QCOMPARE(diags(d, root + "/sub/rank0_trace.json"),
                 QStringList{"warning|named like a trace but not one: the JSON object at byte 2 has no "
                             "\"traceEvents\" or \"ph\"; not read|1"});
        QVERIFY(diags(d, root + "/sub/step_trace_point_info.json").isEmpty());
        QCOMPARE(d.diagnostics.size(), size_t(2));
        // offsets as the diagnostics table shows them
        for (const auto& g : d.diagnostics)
            QCOMPARE(g.firstOffset, int64_t(g.file == root + "/trace.json" ? 0 : 2));
        auto ix = test::indexDir(root);
        QVERIFY(!ix.result.ok);
        const std::string said = root + "/trace.json: named like a trace but not one: byte 0 is 'y'";
        const size_t at = ix.result.error.find(said);
        QVERIFY2(at != std::string::npos, ix.result.error.c_str());
        QVERIFY2(ix.result.error.find(said, at + 1) == std::string::npos, ix.result.error.c_str()); // once
    }
};

QTEST_GUILESS_MAIN(TstDiscovery)
#include "tst_discovery.moc"
