#include "core/index/indexer.h"

#include "core/analysis/analyzer.h"
#include "core/import/importcontext.h"
#include "core/import/rankjob.h"
#include "core/index/buildguard.h"
#include "core/index/indexwriter.h"
#include "core/index/schema.h"

#include <QCryptographicHash>
#include <QString>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace rs::index {

namespace {

// A directory whose mode grants no write bit to anyone is treated as read-only even for root (who
// could write anyway): sample trees and shared copies stay untouched, the index goes to the cache dir.
bool dirWritable(const fs::path& dir) {
    std::error_code ec;
    auto perms = fs::status(dir, ec).permissions();
    if (ec || (perms & (fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write)) ==
                  fs::perms::none)
        return false;
    if (::access(dir.c_str(), W_OK) != 0) return false;
    fs::create_directories(dir / ".rankscope", ec);
    if (ec) return false;
    return ::access((dir / ".rankscope").c_str(), W_OK) == 0;
}

std::string optionsKey(const analysis::AnalysisOptions& a) {
    return a.key();
}

void throwIfCancelled(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load()) throw std::runtime_error("cancelled");
}

} // namespace

/// Files rewritten while they were read: each is a diagnostic, and the index is stored under a
/// fingerprint no profile has, so the next open rebuilds it from what is there then.
static bool recordFilesChangedDuringImport(Db& db, const import::Discovery& d) {
    bool changed = false;
    auto ins = db.prepare(
        "INSERT INTO diagnostic(file, severity, what, count, first_offset, excerpt) VALUES(?, 'warning', "
        "'the file changed while it was being read: the index mixes two versions and is rebuilt when next "
        "opened', 1, -1, '')");
    for (const auto& g : d.groups)
        for (const auto& f : g.files)
            if (!import::unchangedSince(f)) {
                ins.bind(1, f.path).exec();
                changed = true;
            }
    return changed;
}

std::string Indexer::cacheDirectory() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    fs::path base =
        xdg && *xdg ? fs::path(xdg) : fs::path(std::getenv("HOME") ? std::getenv("HOME") : "/tmp") / ".cache";
    return (base / "rankscope").string();
}

std::string Indexer::defaultIndexPath(const std::string& profileDir) {
    fs::path abs = fs::absolute(profileDir).lexically_normal();
    fs::path dir = fs::is_directory(abs) ? abs : abs.parent_path();
    if (dirWritable(dir)) {
        if (fs::is_directory(abs)) return (dir / ".rankscope" / "index.sqlite").string();
        return (dir / ".rankscope" / (abs.filename().string() + ".index.sqlite")).string();
    }
    QByteArray h =
        QCryptographicHash::hash(QByteArray::fromStdString(abs.string()), QCryptographicHash::Sha1).toHex();
    fs::path c = cacheDirectory();
    std::error_code ec;
    fs::create_directories(c, ec);
    return (c / (h.toStdString() + ".sqlite")).string();
}

bool Indexer::isCurrent(const std::string& dbPath, const import::Discovery& d,
                        const analysis::AnalysisOptions& a) {
    std::error_code ec;
    if (!fs::exists(dbPath, ec)) return false;
    try {
        Db db(dbPath, true);
        auto q = db.prepare("SELECT key, value FROM meta WHERE key IN "
                            "('schema_version','fingerprint','complete','analysis')");
        std::string ver, fp, complete, an;
        while (q.step()) {
            std::string k = q.text(0);
            if (k == "schema_version")
                ver = q.text(1);
            else if (k == "fingerprint")
                fp = q.text(1);
            else if (k == "complete")
                complete = q.text(1);
            else if (k == "analysis")
                an = q.text(1);
        }
        return ver == std::to_string(kSchemaVersion) && complete == "1" && fp == d.fingerprint() &&
               an == optionsKey(a);
    } catch (const SqlError&) {
        return false;
    }
}

IndexResult Indexer::open(const std::string& profileDir, const IndexOptions& opts, const ProgressFn& progress,
                          std::atomic<bool>* cancel) {
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    IndexResult res;
    std::error_code ec;
    if (!fs::exists(profileDir, ec)) {
        res.error = profileDir + ": no such file or directory";
        return res;
    }
    import::Discovery d = import::discover(profileDir);
    if (d.groups.empty()) {
        res.error = profileDir + ": no profiler files found (expected *_ascend_ms/*_ascend_pt directories, "
                                 "Kineto *.pt.trace.json[.gz] or Chrome trace JSON files)";
        for (const auto& ig : d.ignored)
            res.error += "; found but not read: " + ig;
        return res;
    }
    res.inputBytes = d.totalBytes;
    res.dbPath = opts.dbPath.empty() ? defaultIndexPath(profileDir) : fs::absolute(opts.dbPath).string();
    if (!mayReplace(res.dbPath, res.error)) return res;
    fs::create_directories(fs::path(res.dbPath).parent_path(), ec);
    if (!opts.force && isCurrent(res.dbPath, d, opts.analysis)) {
        removeLeftoverTempsIfIdle(res.dbPath);
        // its modification time says when it was last used: `rankscope cache clean --unused-for` spares it
        fs::last_write_time(res.dbPath, fs::file_time_type::clock::now(), ec);
        res.ok = res.reused = true;
        res.seconds = elapsed();
        return res;
    }
    BuildLock lock(res.dbPath, opts.breakLock, opts.notice);
    if (!lock.acquire(cancel, res.error)) {
        res.cancelled = cancel && cancel->load();
        return res;
    }
    // Another process may have finished the same build while we waited.
    if (!opts.force && isCurrent(res.dbPath, d, opts.analysis)) {
        removeLeftoverTemps(res.dbPath);
        res.ok = res.reused = true;
        res.seconds = elapsed();
        return res;
    }
    // with the lock held nobody else is building this index: any temporary file is a dead build's
    removeLeftoverTemps(res.dbPath);
    std::string tmp = res.dbPath + ".tmp-" + std::to_string(::getpid());

    std::atomic<bool> stop{false};
    import::ImportContext ctx;
    ctx.cancel = &stop;
    std::string writerError, fatal;
    IndexProgress prog;
    prog.bytesTotal = d.totalBytes;
    for (auto& g : d.groups)
        prog.filesTotal += int(g.files.size());
    try {
        Db db(tmp);
        applyBulkPragmas(db);
        createTables(db);
        {
            IndexWriter writer(db);
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
            // Largest groups first so the slowest file starts early.
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
            int jobs = opts.jobs > 0 ? opts.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
            jobs = std::min<int>(jobs, int(order.size()));
            std::atomic<size_t> nextGroup{0};
            std::atomic<int> running{jobs};
            std::vector<std::thread> parsers;
            for (int j = 0; j < jobs; ++j)
                parsers.emplace_back([&] {
                    for (size_t k; (k = nextGroup.fetch_add(1)) < order.size() && !stop.load();) {
                        size_t gi = order[k];
                        import::runRankJob(ctx, d.groups[gi], int(gi));
                    }
                    --running;
                });
            prog.phase = "parsing";
            while (running.load() > 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                if (cancel && cancel->load()) stop = true;
                prog.bytesDone = std::min(ctx.bytesDone.load(), prog.bytesTotal);
                prog.events = ctx.eventsDone.load();
                prog.elapsedSec = elapsed();
                if (progress) progress(prog);
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
            if (stop.load()) {
                throw std::runtime_error(!writerError.empty() ? "index write failed: " + writerError
                                         : !fatal.empty()     ? fatal
                                                              : std::string("cancelled"));
            }
            res.parseSec = elapsed();
            prog.phase = "indexing";
            prog.bytesDone = prog.bytesTotal;
            if (progress) progress(prog);
            throwIfCancelled(cancel); // cancelling is honoured between every phase, not only while parsing
            writer.finish(ctx.strings.strings());
            res.spans = writer.spansWritten();
        }
        res.finishSec = elapsed() - res.parseSec;
        prog.phase = "analysing";
        if (progress) progress(prog);
        throwIfCancelled(cancel);
        analysis::Analyzer(db, opts.analysis).run();
        throwIfCancelled(cancel);
        res.analysisSec = elapsed() - res.parseSec - res.finishSec;
        auto m = db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)");
        m.bind(1, "schema_version").bind(2, std::to_string(kSchemaVersion)).exec();
        const bool changed = recordFilesChangedDuringImport(db, d);
        m.bind(1, "fingerprint").bind(2, changed ? "changed-during-import" : d.fingerprint()).exec();
        m.bind(1, "analysis").bind(2, optionsKey(opts.analysis)).exec();
        m.bind(1, "profile").bind(2, fs::absolute(profileDir).string()).exec();
        m.bind(1, "input_bytes").bind(2, std::to_string(d.totalBytes)).exec();
        m.bind(1, "rankscope_version").bind(2, RANKSCOPE_VERSION).exec();
        for (auto& ig : d.ignored)
            m.bind(1, "ignored:" + ig).bind(2, "1").exec();
        m.bind(1, "complete").bind(2, "1").exec();
        db.exec("PRAGMA journal_mode=DELETE");
    } catch (const std::exception& e) {
        fs::remove(tmp, ec);
        res.cancelled = cancel && cancel->load();
        res.error = res.cancelled ? "cancelled; the previous index (if any) was kept" : e.what();
        res.seconds = elapsed();
        return res;
    }
    fs::rename(tmp, res.dbPath, ec);
    if (ec) {
        res.error = "cannot move the new index into place at " + res.dbPath + ": " + ec.message();
        fs::remove(tmp, ec);
        return res;
    }
    res.ok = true;
    res.seconds = elapsed();
    return res;
}

} // namespace rs::index
