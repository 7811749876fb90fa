#include "core/pipeline/buildpipeline.h"

#include "core/analysis/analysisplan.h"
#include "core/import/collectivenames.h"
#include "core/index/buildguard.h"
#include "core/index/cancelguard.h"
#include "core/index/diagnosticsink.h"
#include "core/index/indexstore.h"
#include "core/index/indexwriter.h"
#include "core/model/pathtext.h"
#include "core/pipeline/heaptrim.h"
#include "core/pipeline/notaprofile.h"
#include "core/pipeline/parsestage.h"
#include "core/pipeline/shardmanifest.h"

#include <filesystem>
#include <stdexcept>
#include <thread>

namespace fs = std::filesystem;

namespace rs::pipeline {

namespace {

constexpr const char* kCancelled = "cancelled; the previous index (if any) was kept";

/// What the passes computed beside the index stage may hold until the analysis applies them (flow_links:
/// 40 bytes a link, so about 1.6 M links): bounds the build's peak while the index sorts run.
constexpr size_t kEarlyResultBudgetBytes = size_t(64) << 20;

/// Files rewritten while they were read: each is a diagnostic, and the index is stored under a
/// fingerprint no profile has, so the next open rebuilds it from what is there then.
bool recordFilesChangedDuringImport(index::Db& db, const import::Discovery& d,
                                    const std::vector<size_t>& groups) {
    bool changed = false;
    index::DiagnosticSink sink(db);
    for (size_t gi : groups)
        for (const auto& f : d.groups[gi].files)
            if (!import::unchangedSince(f)) {
                sink.add(f.path, "warning",
                         "the file changed while it was being read: the index mixes two versions and is "
                         "rebuilt when next opened");
                changed = true;
            }
    return changed;
}

/// The walk's own diagnostics (links not followed, directories below the depth limit, unlistable
/// directories), for the error when it found nothing: "; <dir>: <what> (<which>)" each.
std::string whatWasNotSearched(const import::Discovery& d) {
    std::string out;
    for (const auto& g : d.diagnostics)
        if (g.severity != "info")
            out += "; " + g.file + ": " + g.what + (g.excerpt.empty() ? "" : " (" + g.excerpt + ")");
    return out;
}

/// A read-only connection for the analysis beside the writer, or null (every pass then runs on the
/// writer's thread) when the file cannot be opened a second time.
std::unique_ptr<index::Db> readerOrNull(index::IndexBuildFile& file) {
    try {
        return file.openReader();
    } catch (const index::SqlError&) {
        return nullptr;
    }
}

void noteCompressed(const ParseStage& stage, BuildResult& res) {
    res.gzipBytes = stage.context().gzipBytes.load();
    res.zstdBytes = stage.context().zstdBytes.load();
    res.jsonFromCompressedBytes = stage.context().jsonFromCompressedBytes.load();
}

} // namespace

BuildPipeline::BuildPipeline(std::string profileDir, BuildOptions opts)
    : m_profileDir(std::move(profileDir)), m_opts(std::move(opts)) {}

std::string BuildPipeline::optionsKey(const BuildOptions& opts) {
    // a shard is reused only as the same shard of the same split (a resubmitted task that had finished)
    if (opts.shard.sharded() && opts.stopAfter == StopAfter::Analysis)
        return "shard " + opts.shard.text() + ";" + opts.analysis.key();
    if (opts.stopAfter == StopAfter::Analysis) return opts.analysis.key();
    // never analysed: no analysed build reuses it, and an importer change (a new revision) still rebuilds it
    return "not analysed;rev=" + std::to_string(analysis::kAnalysisRevision);
}

void BuildPipeline::throwIfCancelled() const {
    if (cancelled()) throw std::runtime_error("cancelled");
}

void BuildPipeline::report() {
    m_progress.elapsedSec = m_clock.elapsed();
    if (m_progressFn) m_progressFn(m_progress);
}

void BuildPipeline::enter(Phase phase) {
    m_clock.start(phase);
    m_progress.phase = phase;
    report();
}

BuildResult& BuildPipeline::finished(BuildResult& res) {
    m_clock.stop();
    res.discoverSec = m_clock.seconds(Phase::Discover);
    res.parseSec = m_clock.seconds(Phase::Parse);
    res.writeSec = m_clock.seconds(Phase::Write);
    res.finishSec = m_clock.seconds(Phase::Finish);
    res.analysisSec = m_clock.seconds(Phase::Analyse);
    res.commitSec = m_clock.seconds(Phase::Commit);
    res.seconds = m_clock.elapsed();
    return res;
}

bool BuildPipeline::discover(BuildResult& res) {
    enter(Phase::Discover);
    std::error_code ec;
    if (!fs::exists(m_profileDir, ec)) {
        res.error = m_profileDir + ": no such file or directory";
        return false;
    }
    // the index records each input's stamp: a file whose size, mtime, ctime and inode still match is not
    // read again for its content sample (on 5 120 files most of a reopen's time was those reads)
    import::KnownStamps known;
    if (m_opts.stopAfter != StopAfter::Parse && !m_opts.force)
        known = import::parseKnownStamps(index::IndexStore(indexPath()).recordedFileStamps());
    m_discovery = import::discover(m_profileDir, known.empty() ? nullptr : &known);
    if (m_discovery.groups.empty()) {
        // every kind discovery reads (walk17b #14: the legacy MindSpore and msprof PROF_ layouts were left
        // out)
        res.error =
            m_profileDir +
            ": no profiler files found (expected *_ascend_ms/*_ascend_pt directories or their "
            "ASCEND_PROFILER_OUTPUT, ascend_*_profiler_*.db, msprof PROF_* directories, legacy MindSpore "
            "files (ascend_timeline_display_<rank>.json, step_trace_raw_<rank>_detail_time.csv), Kineto "
            "*.pt.trace.json[.gz] or Chrome trace JSON files; .gz and .zst read too)";
        // a known output that is not a profile says what it is and what to open (walk 25)
        if (const std::string what = notAProfileText(m_profileDir); !what.empty())
            res.error = m_profileDir + ": no profiler files found: " + what;
        for (const auto& ig : m_discovery.ignored)
            res.error += "; found but not read: " + ig;
        res.error += whatWasNotSearched(m_discovery);
        return false;
    }
    std::vector<int64_t> bytes;
    for (size_t i = 0; i < m_discovery.groups.size(); ++i)
        bytes.push_back(groupBytes(i));
    if (m_opts.shard.sharded()) m_groups = splitGroups(bytes, m_opts.shard.n)[size_t(m_opts.shard.k - 1)];
    for (size_t gi : groupsRead()) {
        res.inputBytes += bytes[gi];
        m_progress.filesTotal += int(m_discovery.groups[gi].files.size());
    }
    if (!m_groups) res.inputBytes = m_discovery.totalBytes;
    m_progress.bytesTotal = res.inputBytes;
    if (m_opts.stopAfter != StopAfter::Parse) res.dbPath = indexPath();
    return true;
}

std::string BuildPipeline::indexPath() const {
    if (!m_opts.dbPath.empty()) return fs::absolute(m_opts.dbPath).string();
    if (!m_opts.shard.sharded()) return index::IndexStore::defaultIndexPath(m_profileDir);
    return (fs::path(index::IndexStore::defaultShardDirectory(m_profileDir)) / m_opts.shard.fileName())
        .string();
}

std::vector<size_t> BuildPipeline::groupsRead() const {
    if (m_groups) return *m_groups;
    std::vector<size_t> all(m_discovery.groups.size());
    for (size_t i = 0; i < all.size(); ++i)
        all[i] = i;
    return all;
}

int64_t BuildPipeline::groupBytes(size_t group) const {
    int64_t s = 0;
    for (const auto& f : m_discovery.groups[group].files)
        s += f.sizeBytes;
    return s;
}

bool BuildPipeline::reuseIfCurrent(BuildResult& res, bool lockHeld) {
    index::IndexStore store(res.dbPath);
    if (m_opts.force || !store.isCurrent(m_discovery.fingerprint(), optionsKey(m_opts))) return false;
    if (lockHeld)
        index::removeLeftoverTemps(res.dbPath); // another process finished the same build while we waited
    else
        store.markReused();
    res.ok = res.reused = true;
    return true;
}

void BuildPipeline::writeIndex(index::IndexBuildFile& file, analysis::AnalysisPlan& plan, BuildResult& res) {
    index::Db& db = file.db();
    index::IndexWriter writer(db);
    ParseStage stage(m_discovery, m_opts.jobs, m_groups);
    enter(Phase::Parse);
    {
        const ParseHeapPad pad;
        stage.run([&](model::Batch& b) { writer.write(b); },
                  [&](int64_t bytes, int64_t events) { onParsed(bytes, events); }, m_cancel);
    }
    res.events = stage.events();
    noteCompressed(stage, res);
    m_progress.bytesDone = m_progress.bytesTotal;
    // the last tick may have come before the last file's events were counted: the stages after the
    // parse showed "100 % … 0 events" on a one-file profile
    m_progress.events = res.events;
    enter(Phase::Finish);
    m_clock.record(Phase::Write, stage.writeSec());
    for (const auto& lap : writer.writeTimes())
        m_clock.note("write " + lap.table + " (" + std::to_string(lap.rows) + " rows, cpu " +
                         std::to_string(int64_t(lap.cpuSeconds * 1000)) + " ms)",
                     lap.seconds);
    throwIfCancelled();
    index::CancelGuard guard(db, m_cancel);
    writer.finishLoad(stage.strings(), import::describeNames(stage.strings()));
    const bool early = m_opts.stopAfter == StopAfter::Analysis && startAnalysisEarly(file, plan, writer);
    writer.buildIndexes(early);
    for (const auto& [part, sec] : writer.finishTimes())
        m_clock.note(part, sec);
    res.spans = writer.spansWritten();
}

void BuildPipeline::onParsed(int64_t bytesDone, int64_t events) {
    m_progress.bytesDone = std::min(bytesDone, m_progress.bytesTotal);
    m_progress.events = events;
    report();
}

bool BuildPipeline::analysisBeside() const {
    const int jobs = m_opts.analysisJobs > 0 ? m_opts.analysisJobs : m_opts.jobs;
    return jobs > 1 || (jobs <= 0 && std::thread::hardware_concurrency() > 1);
}

bool BuildPipeline::startAnalysisEarly(index::IndexBuildFile& file, analysis::AnalysisPlan& plan,
                                       index::IndexWriter& writer) {
    // a re-nested track's spans change depth under the passes that would start (flow_links binds by it)
    if (!analysisBeside() || writer.hasUnsortedTracks() || !file.shareWithReaders()) return false;
    analysis::OffThread beside{[&file] { return readerOrNull(file); }, m_cancel};
    return plan.startEarly(file.db(), m_opts.analysis, beside, kEarlyResultBudgetBytes);
}

void BuildPipeline::analyse(index::IndexBuildFile& file, analysis::AnalysisPlan& plan) {
    enter(Phase::Analyse);
    throwIfCancelled();
    index::Db& db = file.db();
    index::CancelGuard guard(db, m_cancel);
    analysis::OffThread beside{[&file] { return readerOrNull(file); }, m_cancel};
    const analysis::OffThread* offThread = analysisBeside() && file.shareWithReaders() ? &beside : nullptr;
    if (m_opts.shard.sharded()) { // the cross-rank half is the merge's (shardmerge.h)
        db.exec("BEGIN");
        plan.runRankLocal(
            db, m_opts.analysis, [this] { throwIfCancelled(); }, offThread);
        db.exec("COMMIT");
    } else {
        plan.run(
            db, m_opts.analysis, [this] { throwIfCancelled(); }, offThread);
    }
    throwIfCancelled();
    // each pass under the analyse stage (a rank-local pass summed over the ranks; an off-thread pass's
    // compute on the second thread on a line of its own)
    for (const auto& t : plan.times()) {
        const std::string name =
            (t.scope == analysis::PassScope::RankLocal ? "rank  " : "cross ") + std::string(t.name);
        m_clock.note(name, t.seconds);
        if (t.besideSeconds > 0) m_clock.note(name + " (beside)", t.besideSeconds);
        if (t.takenOverSeconds > 0) m_clock.note(name + " (taken over)", t.takenOverSeconds);
    }
    if (plan.workerIdleSeconds() > 0 || plan.writerIdleSeconds() > 0) {
        m_clock.note("rank-local: writer waited", plan.writerIdleSeconds());
        m_clock.note("rank-local: worker idled", plan.workerIdleSeconds());
        m_clock.note("rank-local: worker cpu", plan.workerCpuSeconds());
        m_clock.note("rank-local: computed beside the indexes", plan.earlyComputeSeconds());
        m_clock.note("rank-local: writer alone at the end", plan.writerAloneSeconds());
    }
}

void BuildPipeline::commit(index::IndexBuildFile& file, int64_t spans) {
    enter(Phase::Commit);
    throwIfCancelled();
    const bool changed = recordFilesChangedDuringImport(file.db(), m_discovery, groupsRead());
    index::IndexMeta meta{changed ? "changed-during-import" : m_discovery.fingerprint(),
                          optionsKey(m_opts),
                          model::shownPath(m_profileDir),
                          m_progress.bytesTotal,
                          m_discovery.ignored,
                          {}};
    meta.fileStamps = m_discovery.stamps();
    if (m_opts.shard.sharded()) meta.extra = shardMeta(file.db());
    // whether the HBM banks the memory map draws and the bank finding judges are the card's, the user's
    // options or assumed
    const std::string layout = m_opts.analysis.bankLayoutSource();
    meta.extra.emplace_back(index::kBankLayoutKey,
                            layout == "device file" ? model::shownPath(m_opts.analysis.deviceFile) : layout);
    meta.spans = spans;                                   // nothing adds or removes spans after the load
    meta.counts = index::IndexCounts::recount(file.db()); // after the analysis, the last to write rows
    file.writeMeta(meta);
    std::string error;
    if (!file.commit(error)) throw std::runtime_error(error);
}

std::vector<std::pair<std::string, std::string>> BuildPipeline::shardMeta(index::Db& db) const {
    std::string ranks, groups;
    auto q = db.prepare("SELECT rank FROM rank_info ORDER BY rank");
    while (q.step())
        ranks += (ranks.empty() ? "" : ",") + std::to_string(q.i64(0));
    for (size_t gi : groupsRead())
        groups += (groups.empty() ? "" : ",") + std::to_string(gi) + ":" + std::to_string(groupBytes(gi));
    return {{"shard", m_opts.shard.text()},
            {"shard_ranks", ranks},
            {"shard_groups", groups},
            {"shard_group_count", std::to_string(m_discovery.groups.size())}};
}

void BuildPipeline::build(BuildResult& res) {
    // the flow events are scratch once the flow_links pass has read them
    index::IndexBuildFile file(res.dbPath, m_opts.stopAfter != StopAfter::Analysis);
    auto plan = analysis::AnalysisPlan::standard(); // after the file: a second thread ends before it closes
    writeIndex(file, plan, res);
    if (m_opts.stopAfter == StopAfter::Analysis) analyse(file, plan);
    commit(file, res.spans);
}

BuildResult BuildPipeline::parseOnly(BuildResult res) {
    try {
        ParseStage stage(m_discovery, m_opts.jobs);
        enter(Phase::Parse);
        stage.run(
            {}, [&](int64_t bytes, int64_t events) { onParsed(bytes, events); }, m_cancel);
        res.events = stage.events();
        noteCompressed(stage, res);
        res.ok = true;
    } catch (const std::exception& e) {
        res.cancelled = cancelled();
        res.error = res.cancelled ? "cancelled" : e.what();
    }
    return finished(res);
}

BuildResult BuildPipeline::run(const ProgressFn& progress, std::atomic<bool>* cancel) {
    m_progressFn = progress;
    m_cancel = cancel;
    m_clock = StageClock();
    BuildResult res;
    // a cluster index (merge's output) is opened as it is: there is no profile to discover or build
    if (std::string cluster = ShardManifest::clusterIndexAt(m_profileDir); !cluster.empty()) {
        res.ok = res.reused = true;
        res.dbPath = cluster;
        return finished(res);
    }
    if (!discover(res)) return finished(res);
    if (cancelled()) {
        res.cancelled = true;
        res.error = kCancelled;
        return finished(res);
    }
    if (m_opts.stopAfter == StopAfter::Parse) return parseOnly(res);
    index::IndexStore store(res.dbPath);
    if (!store.mayReplace(res.error)) return finished(res);
    if (ShardManifest::isClusterIndex(
            res.dbPath)) { // the merge's output: a build would replace it by a whole index
        res.error = res.dbPath +
                    ": a cluster index written by 'rankscope merge'; a profile build does not replace it "
                    "(read it with SQL, or give another --db)";
        return finished(res);
    }
    std::error_code ec;
    fs::create_directories(fs::path(res.dbPath).parent_path(), ec);
    m_clock.stop(); // waiting for another builder's lock is no stage's time
    if (reuseIfCurrent(res, false)) return finished(res);
    index::BuildLock lock(res.dbPath, m_opts.breakLock, m_opts.notice);
    if (!lock.acquire(cancel, res.error)) {
        res.cancelled = cancelled();
        return finished(res);
    }
    if (reuseIfCurrent(res, true)) return finished(res);
    try {
        build(res);
        res.ok = true;
    } catch (const std::exception& e) {
        res.cancelled = cancelled();
        res.error = res.cancelled ? kCancelled : e.what();
    }
    return finished(res);
}

} // namespace rs::pipeline
