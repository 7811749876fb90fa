// bench_ranks: index time against the number of rank files (tiny Kineto traces, one per rank), to show the
// build is linear in the rank count (per-rank lookups go through indexes, never scans). Prints, for 1 024
// to 8 192 ranks, the seconds and the seconds per 1 000 ranks, all measured in this run.
// Usage: bench_ranks [--max N]
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
    int maxRanks = 8192;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--max") == 0) maxRanks = std::atoi(argv[i + 1]);
    std::printf("ranks   index s   s per 1000 ranks\n");
    for (int n = 1024; n <= maxRanks; n *= 2) {
        const std::string dir = rs::test::tempDir("bench-ranks-" + std::to_string(n));
        for (int r = 0; r < n; ++r)
            rs::test::writeFile(
                dir + "/rank-" + std::to_string(r) + ".json",
                "{\"distributedInfo\":{\"rank\":" + std::to_string(r) +
                    ",\"world_size\":" + std::to_string(n) +
                    "},\"traceEvents\":[{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":"
                    "1700000000000000,"
                    "\"dur\":5},{\"ph\":\"X\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(x)\","
                    "\"pid\":0,\"tid\":8,\"ts\":" +
                    std::to_string(1700000000000010 + r % 7) + ",\"dur\":5}]}");
        auto t = std::chrono::steady_clock::now();
        auto res = rs::pipeline::BuildPipeline(dir, {}).run();
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        if (!res.ok) {
            std::fprintf(stderr, "bench_ranks: %s\n", res.error.c_str());
            return 1;
        }
        std::printf("%5d   %7.2f   %6.3f\n", n, s, s / n * 1000);
    }
    return 0;
}
