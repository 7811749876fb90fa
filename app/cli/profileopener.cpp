#include "app/cli/profileopener.h"

#include "core/model/decimal.h"
#include "core/model/plural.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace rs::cli {

namespace {
std::atomic<bool> g_cancel{false};
extern "C" void onSigint(int) {
    g_cancel = true;
}

std::string human(double bytes) {
    char b[32];
    if (bytes >= 1e9)
        std::snprintf(b, sizeof b, "%.2f GB", bytes / 1e9);
    else
        std::snprintf(b, sizeof b, "%.1f MB", bytes / 1e6);
    return b;
}
/// " (1548 MB of JSON from 91.9 MB gz)" when trace JSON came compressed, else "": a .gz's own rate says
/// little next to a plain file's, so the summary also gives the rate of what was decompressed.
std::string compressedPart(const pipeline::BuildResult& res) {
    if (res.gzipBytes + res.zstdBytes <= 0) return {};
    std::string from;
    if (res.gzipBytes > 0) from = human(double(res.gzipBytes)) + " gz";
    if (res.zstdBytes > 0) from += (from.empty() ? "" : " and ") + human(double(res.zstdBytes)) + " zst";
    return " (" + human(double(res.jsonFromCompressedBytes)) + " of JSON from " + from + ")";
}

/// ", 129 MB/s decompressed" beside the on-disk rate: the whole input with compressed files counted by
/// what they held.
std::string decompressedRate(const pipeline::BuildResult& res) {
    if (res.gzipBytes + res.zstdBytes <= 0) return {};
    const double bytes = double(res.inputBytes - res.gzipBytes - res.zstdBytes + res.jsonFromCompressedBytes);
    char b[48];
    std::snprintf(b, sizeof b, ", %.0f MB/s decompressed", bytes / 1e6 / std::max(res.seconds, 1e-9));
    return b;
}
} // namespace

std::set<std::string> indexValueOptions() {
    return {"db", "jobs", "banks", "bank-size", "bank-base"};
}

std::set<std::string> indexFlags(std::set<std::string> extra) {
    extra.insert("break-lock");
    return extra;
}

bool indexOptionsFrom(Args& a, const std::string& profile, pipeline::BuildOptions& opts, std::string& error) {
    if (auto db = a.value("db")) opts.dbPath = *db;
    opts.breakLock = a.flag("break-lock");
    opts.notice = [](const std::string& msg) { std::fprintf(stderr, "rankscope: %s\n", msg.c_str()); };
    opts.jobs = int(a.intValue("jobs", 0, 0, 256));
    if (!opts.analysis.loadDeviceFile(profile, error)) return false;
    opts.analysis.banks.bankCount = int(a.intValue("banks", opts.analysis.banks.bankCount, 1, 1024));
    if (auto s = a.value("bank-size")) {
        auto b = parseBytes(*s);
        if (!b || *b <= 0) {
            error = "--bank-size must be a size such as 4GiB or 1073741824 (got '" + *s + "')";
            return false;
        }
        opts.analysis.banks.bankSizeBytes = *b;
    }
    if (auto s = a.value("bank-base")) {
        auto v = model::parseAddress(*s);
        if (!v) {
            error = "--bank-base must be an address such as 0x12c000000000 (got '" + *s + "')";
            return false;
        }
        opts.analysis.banks.baseAddr = *v;
    }
    if (!a.ok()) {
        error = a.error();
        return false;
    }
    return true;
}

pipeline::BuildResult openProfile(const std::string& profile, const pipeline::BuildOptions& opts,
                                  bool quiet) {
    g_cancel = false;
    // Ctrl-C and a job scheduler's SIGTERM both cancel: the temporary index is removed, nothing is replaced
    auto old = std::signal(SIGINT, onSigint);
    auto oldTerm = std::signal(SIGTERM, onSigint);
    bool tty = ::isatty(STDERR_FILENO);
    auto lastPlain = std::chrono::steady_clock::now() - std::chrono::seconds(10);
    bool printed = false;
    auto progress = [&](const pipeline::BuildProgress& p) {
        // discovery and the commit are short and have no byte counts to show
        if (quiet || p.phase == pipeline::Phase::Discover || p.phase == pipeline::Phase::Commit) return;
        double mbps = p.elapsedSec > 0 ? double(p.bytesDone) / 1e6 / p.elapsedSec : 0;
        double eta = mbps > 0 ? double(p.bytesTotal - p.bytesDone) / 1e6 / mbps : 0;
        int pct = p.bytesTotal > 0 ? int(100.0 * double(p.bytesDone) / double(p.bytesTotal)) : 0;
        char line[256];
        std::snprintf(line, sizeof line, "%-9s %3d%%  %d files  %s / %s  %.0f MB/s  %s events  ETA %.0fs",
                      pipeline::phaseName(p.phase), pct, p.filesTotal, human(double(p.bytesDone)).c_str(),
                      human(double(p.bytesTotal)).c_str(), mbps, model::millionsText(p.events).c_str(), eta);
        if (tty) {
            std::fprintf(stderr, "\r%s\033[K", line);
            printed = true;
        } else if (std::chrono::steady_clock::now() - lastPlain > std::chrono::seconds(2) ||
                   p.phase != pipeline::Phase::Parse) {
            std::fprintf(stderr, "%s\n", line);
            lastPlain = std::chrono::steady_clock::now();
        }
    };
    auto res = pipeline::BuildPipeline(profile, opts).run(progress, &g_cancel);
    std::signal(SIGINT, old);
    std::signal(SIGTERM, oldTerm);
    if (printed) std::fprintf(stderr, "\r\033[K");
    if (!res.ok) {
        std::fprintf(stderr, "rankscope: %s\n", res.error.c_str());
        if (res.cancelled) std::fprintf(stderr, "rankscope: indexing cancelled; nothing was written\n");
    } else if (!quiet) {
        if (res.reused)
            std::fprintf(stderr, "index: reused %s (%.2f s)\n", res.dbPath.c_str(), res.seconds);
        else
            std::fprintf(stderr,
                         "index: %s of input%s, %s records (trace events, table rows), %s spans in %.2f s "
                         "(%.0f MB/s%s; parse %.2f "
                         "s, indexes %.2f s, analysis %.2f s) -> %s\n",
                         human(double(res.inputBytes)).c_str(), compressedPart(res).c_str(),
                         model::millionsText(res.events).c_str(), model::millionsText(res.spans).c_str(),
                         res.seconds, double(res.inputBytes) / 1e6 / std::max(res.seconds, 1e-9),
                         decompressedRate(res).c_str(), res.parseSec, res.finishSec, res.analysisSec,
                         res.dbPath.c_str());
    }
    return res;
}

} // namespace rs::cli
