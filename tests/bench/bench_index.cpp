// bench_index: prints the figures of the import path on one demo profile, all measured in this run:
//   the page-cached read speed of the same bytes (the ceiling), `rankscope index` throughput (MB/s,
//   events/s) with all cores and with one parser thread, its peak RSS (child process, wait4), index size
//   ÷ input size, the time to reopen the cached index, and the whole process of `rankscope info --json` and
//   of a first `rankscope query` on it (median of 5 each).
// With --curve, instead: the scale curve — MB/s and peak RSS of `rankscope index` (all cores) on demos of
//   0.1, 1 and 3.5 GB at 8 ranks and of 1 GB at 64 and 512 ranks, each beside the same run's page-cached read
//   of its bytes, so the cost can be seen to grow linearly, and the reopen figures of each point's index. The
//   demos are generated in the temp dir (rankscope-curve-*) and removed after their point unless --keep;
//   --curve-scale F multiplies every size (0.05 for a quick look).
// Usage: bench_index [--size-mb N] [--format ascend|kineto] [--dir DIR] [--keep] [--curve [--curve-scale F]]
#include "core/demo/demogenerator.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {
double secondsSince(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

int64_t inputBytes(const std::string& dir) {
    int64_t n = 0;
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().string().find("/.rankscope") == std::string::npos)
            n += int64_t(e.file_size());
    return n;
}

double readAllSeconds(const std::string& dir) {
    std::vector<char> buf(128 * 1024);
    auto t = Clock::now();
    for (auto& e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file() || e.path().string().find("/.rankscope") != std::string::npos) continue;
        int fd = ::open(e.path().c_str(), O_RDONLY);
        while (::read(fd, buf.data(), buf.size()) > 0) {
        }
        ::close(fd);
    }
    return secondsSince(t);
}

// Runs the binary with `args` as a child (its output to /dev/null) and returns (seconds, peak RSS in MB).
std::pair<double, double> runChild(const std::string& bin, const std::vector<std::string>& args) {
    std::vector<char*> argv{const_cast<char*>(bin.c_str())};
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    auto t = Clock::now();
    pid_t pid = fork();
    if (pid == 0) {
        int devnull = ::open("/dev/null", O_WRONLY);
        dup2(devnull, 1);
        dup2(devnull, 2);
        execv(bin.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    struct rusage ru {};
    wait4(pid, &status, 0, &ru);
    double s = secondsSince(t);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        std::fprintf(stderr, "bench: rankscope %s failed (%d)\n", args.front().c_str(), status);
    return {s, double(ru.ru_maxrss) / 1024.0};
}

// Runs `rankscope index DIR --force` as a child and returns (seconds, peak RSS in MB).
std::pair<double, double> indexInChild(const std::string& bin, const std::string& dir,
                                       const std::string& jobs) {
    return runChild(bin, {"index", dir, "--force", "--quiet", "--jobs", jobs});
}

/// The reopen figures of a current index (issue 23 item 3: <= 0.15 s at any size): the whole process of
/// `rankscope info --json` and of a first `rankscope query`, each the median of 5 runs, in seconds.
struct Reopen {
    double info = 0, query = 0;
};
Reopen reopenInChild(const std::string& bin, const std::string& dir) {
    auto median = [&](const std::vector<std::string>& args) {
        std::vector<double> s;
        for (int i = 0; i < 5; ++i)
            s.push_back(runChild(bin, args).first);
        std::sort(s.begin(), s.end());
        return s[2];
    };
    return {median({"info", dir, "--json"}), median({"query", dir, "SELECT count(*) FROM ranks"})};
}

/// The demo options for about `sizeMb` MB of input over `ranks` ranks (≈ 37 kB per rank × step × layer in
/// the Ascend format, ≈ 6.5 kB gzip-compressed Kineto).
rs::demo::DemoOptions demoOf(double sizeMb, int ranks, const std::string& format) {
    rs::demo::DemoOptions o;
    o.ranks = ranks;
    o.format = format;
    const double perUnit = format == "kineto" ? 6500.0 : 37000.0;
    const double units = sizeMb * 1e6 / perUnit / ranks; // steps × layers per rank
    o.layers = std::clamp(int(units), 1, 24);            // fewer layers only where one step of 24 is too big
    o.steps = std::max(1, int(units / o.layers));
    return o;
}

/// The scale curve (see the top of the file): one line per point, then the MB/s spread.
int runCurve(const std::string& bin, const std::string& format, double scale, bool keep) {
    struct Point {
        double sizeMb;
        int ranks;
    };
    const Point points[] = {{100, 8}, {1024, 8}, {3584, 8}, {1024, 64}, {1024, 512}};
    std::printf("curve      %s demos, `rankscope index` with all cores (%u), page-cached\n", format.c_str(),
                std::thread::hardware_concurrency());
    for (const Point& p : points) {
        const double sizeMb = p.sizeMb * scale;
        const std::string dir =
            (fs::temp_directory_path() / ("rankscope-curve-" + format + "-" + std::to_string(long(sizeMb)) +
                                          "mb-" + std::to_string(p.ranks) + "r"))
                .string();
        if (!rs::test::ensureDemo(dir, demoOf(sizeMb, p.ranks, format))) return 1;
        const double mb = double(inputBytes(dir)) / 1e6;
        readAllSeconds(dir); // warm the page cache
        const double readS = readAllSeconds(dir);
        auto [s, rss] = indexInChild(bin, dir, "0");
        const Reopen re = reopenInChild(bin, dir);
        std::printf(
            "point      %8.1f MB %4d ranks: %6.0f MB/s (%5.1f s)  peak RSS %4.0f MB  read %6.0f MB/s  "
            "index/read %.3f  reopen: info %.3f s, first query %.3f s\n",
            mb, p.ranks, mb / s, s, rss, mb / readS, readS / s, re.info, re.query);
        std::fflush(stdout);
        if (!keep) fs::remove_all(dir);
    }
    return 0;
}
} // namespace

int main(int argc, char** argv) {
    long sizeMb = 1024;
    std::string format = "ascend", dir;
    bool keep = false, curve = false;
    double curveScale = 1;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--size-mb" && i + 1 < argc)
            sizeMb = std::atol(argv[++i]);
        else if (a == "--format" && i + 1 < argc)
            format = argv[++i];
        else if (a == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (a == "--keep")
            keep = true;
        else if (a == "--curve")
            curve = true;
        else if (a == "--curve-scale" && i + 1 < argc && std::atof(argv[i + 1]) > 0)
            curveScale = std::atof(argv[++i]);
        else {
            std::fprintf(stderr,
                         "usage: bench_index [--size-mb N] [--format ascend|kineto] [--dir DIR] [--keep] "
                         "[--curve [--curve-scale F]]\n");
            return 2;
        }
    }
    std::string bin = (fs::path(argv[0]).parent_path() / "rankscope").string();
    if (curve) return runCurve(bin, format, curveScale, keep);
    bool generated = false;
    std::error_code ec;
    if (!dir.empty() && !fs::is_directory(dir, ec)) {
        std::fprintf(stderr, "bench_index: %s is no directory (--dir names an existing profile)\n",
                     dir.c_str());
        return 2;
    }
    if (dir.empty()) {
        dir = (fs::temp_directory_path() / ("rankscope-bench-" + format + "-" + std::to_string(sizeMb)))
                  .string();
        if (!rs::test::ensureDemo(dir, demoOf(double(sizeMb), 8, format))) return 1;
        generated = true;
    }
    int64_t bytes = inputBytes(dir);
    double mb = double(bytes) / 1e6;
    readAllSeconds(dir); // warm the page cache
    double readS = readAllSeconds(dir);
    std::printf("input      %s: %.1f MB\n", dir.c_str(), mb);
    std::printf("ceiling    page-cached read:            %8.0f MB/s\n", mb / readS);
    auto [s1, rss1] = indexInChild(bin, dir, "1");
    auto [sN, rssN] = indexInChild(bin, dir, "0");
    rs::pipeline::BuildOptions opts;
    auto reopen = rs::pipeline::BuildPipeline(dir, opts).run();
    if (!reopen.ok) { // the children failed too (said above): no figure is worth printing
        std::fprintf(stderr, "bench_index: %s\n", reopen.error.c_str());
        return 1;
    }
    int64_t events = 0, spans = 0;
    {
        rs::index::Db db(reopen.dbPath, true);
        spans = db.scalar("SELECT count(*) FROM span");
        events = db.scalar("SELECT sum(records) FROM source_file");
    }
    double idxMb = double(fs::file_size(reopen.dbPath)) / 1e6;
    std::printf(
        "index      all cores (%u):              %8.0f MB/s  %6.2f M events/s  %5.1f s  peak RSS %4.0f MB\n",
        std::thread::hardware_concurrency(), mb / sN, double(events) / 1e6 / sN, sN, rssN);
    std::printf(
        "index      one parser thread:           %8.0f MB/s  %6.2f M events/s  %5.1f s  peak RSS %4.0f MB\n",
        mb / s1, double(events) / 1e6 / s1, s1, rss1);
    std::printf("ratios     index/ceiling %.3f; all cores / one thread %.2fx\n", (mb / sN) / (mb / readS),
                s1 / sN);
    std::printf("size       %.0f M events, %.1f M spans; index %.1f MB = %.2f x input\n",
                double(events) / 1e6, double(spans) / 1e6, idxMb, idxMb / mb);
    std::printf("reopen     cached index: %.3f s (reused: %s)\n", reopen.seconds,
                reopen.reused ? "yes" : "no");
    const Reopen re = reopenInChild(bin, dir);
    std::printf(
        "reopen     whole process, median of 5: rankscope info --json %.3f s, first rankscope query %.3f s\n",
        re.info, re.query);
    if (generated && !keep) fs::remove_all(dir + "/.rankscope");
    return 0;
}
