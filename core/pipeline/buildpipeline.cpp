#include "core/pipeline/buildpipeline.h"

#include "core/analysis/analysisplan.h"
#include "core/import/collectivenames.h"
#include "core/import/importcontext.h"
#include "core/import/rankjob.h"
#include "core/index/buildguard.h"
#include "core/index/diagnosticsink.h"
#include "core/index/indexstore.h"
#include "core/index/indexwriter.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace rs::pipeline {

namespace {

/// Files rewritten while they were read: each is a diagnostic, and the index is stored under a
/// fingerprint no profile has, so the next open rebuilds it from what is there then.
bool recordFilesChangedDuringImport(index::Db& db, const import::Discovery& d) {
    bool changed = false;
    index::DiagnosticSink sink(db);
    for (const auto& g : d.groups)
        for (const auto& f : g.files)
            if (!import::unchangedSince(f)) {
                sink.add(
                    f.path, "warning",
                    "the file changed while it was being read: the index mixes two versions and is rebuilt "
                    "when next opened");
                changed = true;
            }
    return changed;
}

/// Group indexes, largest groups first so the slowest file starts early.
std::vector<size_t> largestFirst(const import::Discovery& d) {
    std::vector<size_t> order(d.groups.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    auto groupBytes = [&](size_t i) {
        int64_t s = 0;
        for (auto& f : d.groups[i].files)
            s += f.sizeBytes;
        return s;
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return groupBytes(a) > groupBytes(b); });
    return order;
}

} // namespace

const char* phaseName(Phase p) {
    switch (p) {
    case Phase::Discover:
        return "discovering";
    case Phase::Parse:
        return "parsing";
    case Phase::Finish:
        return "indexing";
    case Phase::Analyse:
        return "analysing";
    case Phase::Commit:
        return "committing";
    }
    return "";
}

BuildPipeline::BuildPipeline(std::string profileDir, BuildOptions opts)
    : m_profileDir(std::move(profileDir)), m_opts(std::move(opts)) {}

double BuildPipeline::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_t0).count();
}

void BuildPipeline::throwIfCancelled() const {
    if (cancelled()) throw std::runtime_error("cancelled");
}

void BuildPipeline::report(Phase phase) {
    m_progress.phase = phase;
    m_progress.elapsedSec = elapsed();
    if (m_progressFn) m_progressFn(m_progress);
}

bool BuildPipeline::discover(BuildResult& res) {
    std::error_code ec;
    if (!fs::exists(m_profileDir, ec)) {
        res.error = m_profileDir + ": no such file or directory";
        return false;
    }
    m_discovery = import::discover(m_profileDir);
    if (m_discovery.groups.empty()) {
        res.error = m_profileDir + ": no profiler files found (expected *_ascend_ms/*_ascend_pt directories, "
                                   "Kineto *.pt.trace.json[.gz] or Chrome trace JSON files)";
        for (const auto& ig : m_discovery.ignored)
            res.error += "; found but not read: " + ig;
        return false;
    }
    res.inputBytes = m_discovery.totalBytes;
    res.dbPath = m_opts.dbPath.empty() ? index::IndexStore::defaultIndexPath(m_profileDir)
                                       : fs::absolute(m_opts.dbPath).string();
    m_progress.bytesTotal = m_discovery.totalBytes;
    for (auto& g : m_discovery.groups)
        m_progress.filesTotal += int(g.files.size());
    return true;
}

std::string BuildPipeline::optionsKey() const {
    return m_opts.analysis.key() + (m_opts.stopAfter == StopAfter::Index ? ";stop=index" : "");
}

bool BuildPipeline::reuseIfCurrent(BuildResult& res, bool lockHeld) {
    index::IndexStore store(res.dbPath);
    if (m_opts.force || !store.isCurrent(m_discovery.fingerprint(), optionsKey())) return false;
    if (lockHeld)
        index::removeLeftoverTemps(res.dbPath); // another process finished the same build while we waited
    else
        store.markReused();
    res.ok = res.reused = true;
    res.seconds = elapsed();
    return true;
}

void BuildPipeline::parseAndWrite(index::Db& db, BuildResult& res) {
    std::atomic<bool> stop{false};
    import::ImportContext ctx;
    ctx.cancel = &stop;
    std::string writerError, fatal;
    index::IndexWriter writer(db);
    std::thread writerThread([&] {
        try {
            while (auto b = ctx.queue.pop())
                writer.write(*b);
        } catch (const std::exception& e) {
            writerError = e.what();
            stop = true;
            while (ctx.queue.pop()) {
            }
        }
    });
    const std::vector<size_t> order = largestFirst(m_discovery);
    int jobs = m_opts.jobs > 0 ? m_opts.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
    jobs = std::min<int>(jobs, int(order.size()));
    std::atomic<size_t> nextGroup{0};
    std::atomic<int> running{jobs};
    std::vector<std::thread> parsers;
    for (int j = 0; j < jobs; ++j)
        parsers.emplace_back([&] {
            for (size_t k; (k = nextGroup.fetch_add(1)) < order.size() && !stop.load();) {
                size_t gi = order[k];
                import::runRankJob(ctx, m_discovery.groups[gi], int(gi));
            }
            --running;
        });
    while (running.load() > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (cancelled()) stop = true;
        m_progress.bytesDone = std::min(ctx.bytesDone.load(), m_progress.bytesTotal);
        m_progress.events = ctx.eventsDone.load();
        report(Phase::Parse);
    }
    for (auto& t : parsers)
        t.join();
    ctx.queue.close();
    writerThread.join();
    res.events = ctx.eventsDone.load();
    // every file unreadable: nothing to show, so the build fails with the first file's message
    if (!stop.load() && ctx.filesRead.load() == 0 && ctx.filesUnreadable.load() > 0) {
        std::lock_guard<std::mutex> l(ctx.firstUnreadableMutex);
        fatal = ctx.firstUnreadable;
        stop = true;
    }
    if (stop.load())
        throw std::runtime_error(!writerError.empty() ? "index write failed: " + writerError
                                 : !fatal.empty()     ? fatal
                                                      : std::string("cancelled"));
    res.parseSec = elapsed();
    m_progress.bytesDone = m_progress.bytesTotal;
    report(Phase::Finish);
    throwIfCancelled(); // cancelling is honoured between every stage, not only while parsing
    writer.finish(ctx.strings.strings(), import::describeNames(ctx.strings.strings()));
    res.spans = writer.spansWritten();
}

void BuildPipeline::analyse(index::Db& db, BuildResult& res) {
    report(Phase::Analyse);
    throwIfCancelled();
    analysis::AnalysisPlan::standard().run(db, m_opts.analysis, [this] { throwIfCancelled(); });
    res.analysisSec = elapsed() - res.parseSec - res.finishSec;
}

BuildResult BuildPipeline::run(const ProgressFn& progress, std::atomic<bool>* cancel) {
    m_progressFn = progress;
    m_cancel = cancel;
    m_t0 = std::chrono::steady_clock::now();
    BuildResult res;
    if (!discover(res)) return res;
    index::IndexStore store(res.dbPath);
    if (!store.mayReplace(res.error)) return res;
    std::error_code ec;
    fs::create_directories(fs::path(res.dbPath).parent_path(), ec);
    if (reuseIfCurrent(res, false)) return res;
    index::BuildLock lock(res.dbPath, m_opts.breakLock, m_opts.notice);
    if (!lock.acquire(cancel, res.error)) {
        res.cancelled = cancelled();
        return res;
    }
    if (reuseIfCurrent(res, true)) return res;
    try {
        index::IndexBuildFile file(res.dbPath);
        parseAndWrite(file.db(), res);
        res.finishSec = elapsed() - res.parseSec;
        if (m_opts.stopAfter == StopAfter::Analysis) analyse(file.db(), res);
        const bool changed = recordFilesChangedDuringImport(file.db(), m_discovery);
        file.writeMeta({changed ? "changed-during-import" : m_discovery.fingerprint(), optionsKey(),
                        fs::absolute(m_profileDir).string(), m_discovery.totalBytes, m_discovery.ignored});
        if (!file.commit(res.error)) return res;
    } catch (const std::exception& e) {
        res.cancelled = cancelled();
        res.error = res.cancelled ? "cancelled; the previous index (if any) was kept" : e.what();
        res.seconds = elapsed();
        return res;
    }
    res.ok = true;
    res.seconds = elapsed();
    return res;
}

} // namespace rs::pipeline
