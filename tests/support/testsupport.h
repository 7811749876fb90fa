#pragma once
// Helpers shared by the tests: temporary directories, writing small fixture files (plain, gzip, zstd),
// locating the shared samples (tests skip with a message when they are absent) and the built binary.
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace rs::test {

/// A fresh empty directory under the system temp dir, removed when the process exits normally.
std::string tempDir(const std::string& tag);
/// Writes `content` to `path` (creating parent directories); compression by suffix .gz / .zst.
void writeFile(const std::string& path, const std::string& content);
/// The whole (decompressed) content of a plain, .gz or .zst file; empty when unreadable.
std::string readDecompressed(const std::string& path);
/// Root of ../shared/samples, or empty when not present.
std::string samplesDir();
/// A copy of the sample folder `rel` (under samplesDir()) in a fresh temp dir, without its file named
/// `leaveOut`: the same data lacking one record (run_2 without aicpu_intermediate_1.csv, its step trace's
/// clock sync). Empty when the samples are absent.
std::string sampleWithout(const std::string& rel, const std::string& leaveOut, const std::string& tag);
/// run_2/normal_run/profiler without its step trace's sync record: its step stays on another clock.
std::string run2WithoutSync(const std::string& tag);
/// Root of the source tree (for tests that read the README, SCHEMA.md or packaging scripts): CTest's
/// RANKSCOPE_SOURCE_DIR, else the tree two levels above the test binary (build*/bin). It is found at run
/// time, not compiled in, so the compile commands do not depend on the checkout's path and ccache hits across
/// checkouts.
QString sourceDir();
/// `lines` sorted, for order-free comparisons whose failure QCOMPARE shows line by line.
QStringList sortedLines(const std::vector<std::string>& lines);
/// Path of the built rankscope binary.
std::string rankscopeBin();
/// Runs the binary with `args`; returns the exit code and fills stdout/stderr.
int runRankscope(const QStringList& args, QString* out = nullptr, QString* err = nullptr,
                 int timeoutMs = 300000);

} // namespace rs::test

#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"

#include <memory>
#include <vector>

namespace rs::test {
/// All rows of `sql` over `db` as text (NULL → "NULL"), columns joined with '|'.
std::vector<std::string> rowsOf(index::Db& db, const std::string& sql);
/// Indexes `dir` (QFAIL-friendly: returns the result; the db is opened read-only when ok).
struct Indexed {
    pipeline::BuildResult result;
    std::unique_ptr<index::Db> db;
    /// All rows of `sql` as text (NULL → "NULL"), columns joined with '|'.
    std::vector<std::string> rows(const std::string& sql) const;
    int64_t scalar(const std::string& sql) const { return db->scalar(sql); }
};
Indexed indexDir(const std::string& dir, bool force = true);
/// Indexes `dir` into `dbPath` without the analysis (StopAfter::Index): the importers' raw tables, such as
/// the flow events that an analysed index no longer holds.
Indexed indexOnly(const std::string& dir, const std::string& dbPath);
/// Indexes `profile` as the `n` shards shard-K-of-N.sqlite in `shardDir`, in this process (what `rankscope
/// index --shard K/N --out shardDir` does for each K). Empty on success, else which shard failed and why.
std::string indexShards(const std::string& profile, int n, const std::string& shardDir);
/// indexShards, then `rankscope merge` of them: the cluster index's path, or empty with `err` on failure.
std::string mergedCluster(const std::string& profile, int n, const std::string& shardDir, std::string& err);
} // namespace rs::test

#include "core/demo/demooptions.h"

namespace rs::test {
/// The demo of `ranks` × `steps` × `layers` in `format` ("ascend" or "kineto"), its other options default.
demo::DemoOptions demoOptions(int ranks, int steps, int layers, const std::string& format = "ascend");
/// Writes the demo `o` into `dir`: empty on success, else the generator's message (for QVERIFY2).
std::string writeDemo(const std::string& dir, const demo::DemoOptions& o);
/// Writes the demo `o` into `dir` and indexes it; on failure result.ok is false and result.error says why.
Indexed indexedDemo(const std::string& dir, const demo::DemoOptions& o);
/// For the benchmarks: generates the demo profile `o` into `dir` unless a complete one is there (marked by
/// a `.complete` file). Prints what it generated and how long it took; false (with a message) on failure.
bool ensureDemo(const std::string& dir, const demo::DemoOptions& o);
/// A demo profile of `ranks` × `steps` × `layers` (Ascend layout unless `format` says "kineto") in
/// `dir`/demo under a fresh temp dir named after `tag`; its path, or empty with `err` on failure.
std::string writeDemo(const std::string& tag, int ranks, int steps, int layers, std::string& err,
                      const std::string& format = "ascend");
/// A folder of two runs side by side: an Ascend demo of 4 ranks (`dir`/ascend) and a Kineto demo of 2
/// (`dir`/kineto), 4 steps of 1 layer each. False with `err` on failure.
bool writeTwoRunDemo(const std::string& dir, std::string& err);
/// writeTwoRunDemo's folder under a fresh temp dir named after `tag`, indexed; its runs' ids by their sizes.
struct TwoRunDemo {
    Indexed ix;
    std::string err; ///< the demo could not be written
    int ascendRun = -1, kinetoRun = -1;
};
TwoRunDemo indexedTwoRunDemo(const std::string& tag);
/// Two ranks of four 10 ms Kineto steps (8 ms of compute, then an AllReduce); rank 1's host stalls 50 ms
/// before step 2, so its device idles from its step-1 AllReduce end (t0 + 19 ms) to its step-2 kernel (t0 +
/// 70 ms). Returns t0 (µs), the first step's start.
int64_t writeStallProfile(const std::string& dir);
} // namespace rs::test
