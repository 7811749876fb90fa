// bench_jsonparse: prints the pace of the Chrome-trace parse path's two pure stages on one trace file held
// in memory (so neither the disk nor SQLite is in the figures): the event splitter alone, and the splitter
// plus readTraceEvent (every member of every event read, as the importer does), in MB/s and events/s,
// best of --runs. The handlers and the index writer are measured by `rankscope index` itself
// (RANKSCOPE_TIMING=1, perf stat).
// Usage: bench_jsonparse FILE.json [--runs N]
#include "core/formats/jsoneventsplitter.h"
#include "core/import/traceevent.h"
#include "core/io/bytesource.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace {
using Clock = std::chrono::steady_clock;

/// Seconds of the best of `runs` calls of `pass`, which returns the events it saw.
double bestOf(int runs, const std::function<int64_t()>& pass, int64_t& events) {
    double best = 1e30;
    for (int r = 0; r < runs; ++r) {
        const auto t = Clock::now();
        events = pass();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t).count());
    }
    return best;
}

/// Splits `text` into events, handing each to `fn`; returns how many there were.
int64_t eachEvent(const std::string& text, const std::function<void(rs::import::TraceEvent&)>& fn) {
    using rs::formats::JsonEventSplitter;
    auto src = rs::io::memorySource(text);
    JsonEventSplitter sp(*src);
    rs::import::TraceEvent e;
    int64_t n = 0;
    for (; sp.next(e.text, e.offset) == JsonEventSplitter::Status::Event; ++n)
        fn(e);
    return n;
}

void print(const char* what, double bytes, double seconds, int64_t events) {
    std::printf("%-34s %8.0f MB/s  %6.2f M events/s  (%lld events)\n", what, bytes / seconds / 1e6,
                double(events) / seconds / 1e6, static_cast<long long>(events));
}
} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_jsonparse FILE.json [--runs N]\n");
        return 2;
    }
    int runs = 5;
    for (int i = 2; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--runs") runs = std::atoi(argv[++i]);
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    int64_t events = 0, malformed = 0;
    const double split = bestOf(
        runs, [&] { return eachEvent(text, [](rs::import::TraceEvent&) {}); }, events);
    print("splitter", double(text.size()), split, events);
    const double read = bestOf(
        runs,
        [&] {
            malformed = 0;
            return eachEvent(text, [&](rs::import::TraceEvent& e) {
                if (!rs::import::readTraceEvent(e)) ++malformed;
                rs::import::readIds(e);
            });
        },
        events);
    print("splitter + readTraceEvent", double(text.size()), read, events);
    std::printf("readTraceEvent alone ≈ %.0f MB/s; %lld malformed\n",
                double(text.size()) / (read - split) / 1e6, static_cast<long long>(malformed));
    return 0;
}
