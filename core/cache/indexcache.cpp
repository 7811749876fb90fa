#include "core/cache/indexcache.h"

#include "core/annotate/annotationset.h"
#include "core/index/buildguard.h"
#include "core/index/indexstore.h"
#include "core/index/schema.h"
#include "core/index/sqlite.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;

namespace rs::cache {

namespace {

int64_t mtimeNs(const fs::path& p) {
    std::error_code ec;
    const auto t = fs::last_write_time(p, ec);
    if (ec) return 0;
    // the file clock's epoch is the library's own (no clock_cast in GCC 12): offset from "now" on both clocks
    const auto sys =
        std::chrono::system_clock::now() +
        std::chrono::duration_cast<std::chrono::system_clock::duration>(t - fs::file_time_type::clock::now());
    return std::chrono::duration_cast<std::chrono::nanoseconds>(sys.time_since_epoch()).count();
}

int64_t sizeOf(const fs::path& p) {
    std::error_code ec;
    const auto n = fs::file_size(p, ec);
    return ec ? 0 : int64_t(n);
}

/// The index and what lives beside it under its name: -wal, -shm, -journal, .tmp-<pid> of dead builds.
std::vector<fs::path> filesOf(const fs::path& index) {
    std::vector<fs::path> out;
    const std::string name = index.filename().string();
    std::error_code ec;
    for (auto it = fs::directory_iterator(index.parent_path(), ec); !ec && it != fs::directory_iterator();
         it.increment(ec)) {
        const std::string n = it->path().filename().string();
        if (n == name || (n.rfind(name, 0) == 0 && (n[name.size()] == '-' || n[name.size()] == '.') &&
                          n.compare(name.size(), 5, ".lock") != 0))
            out.push_back(it->path());
    }
    return out;
}

CacheEntry describe(const fs::path& index) {
    CacheEntry e;
    e.indexPath = index.string();
    for (const auto& f : filesOf(index))
        e.bytes += sizeOf(f);
    e.lastUsedNs = mtimeNs(index);
    const std::string notes = annotate::annotationsPath(e.indexPath);
    std::error_code ec;
    e.hasAnnotations = fs::exists(notes, ec);
    if (e.hasAnnotations) e.bytes += sizeOf(notes);
    try {
        index::Db db(e.indexPath, true);
        e.profile = db.scalarText("SELECT value FROM meta WHERE key = 'profile'");
        e.currentSchema = db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'") ==
                          std::to_string(index::kSchemaVersion);
    } catch (const std::exception&) {
        // not readable as an index (damaged, or a half-written file of another tool): listed, never read
    }
    e.profileExists = !e.profile.empty() && fs::exists(e.profile, ec);
    return e;
}

bool removeEntry(const CacheEntry& e, bool withAnnotations, int64_t& freed) {
    index::BuildLock lock(e.indexPath, false, nullptr);
    if (!lock.tryAcquireNow()) return false; // a build is writing it
    for (const auto& f : filesOf(e.indexPath)) {
        const int64_t n = sizeOf(f);
        std::error_code ec;
        if (fs::remove(f, ec)) freed += n;
    }
    if (withAnnotations) {
        const std::string notes = annotate::annotationsPath(e.indexPath);
        const int64_t n = sizeOf(notes);
        std::error_code ec;
        if (fs::remove(notes, ec)) freed += n;
    }
    return true;
}

} // namespace

std::string cacheDirectory() {
    return index::IndexStore::cacheDirectory();
}

std::vector<CacheEntry> listCache(const std::string& dir) {
    std::vector<CacheEntry> out;
    std::error_code ec;
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() != ".sqlite" || !it->is_regular_file(ec)) continue;
        out.push_back(describe(p));
    }
    std::sort(out.begin(), out.end(),
              [](const CacheEntry& a, const CacheEntry& b) { return a.lastUsedNs > b.lastUsedNs; });
    return out;
}

CleanResult cleanCache(const CleanOptions& o, const std::string& dir, int64_t nowNs) {
    if (nowNs < 0)
        nowNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
    CleanResult r;
    for (const auto& e : listCache(dir)) {
        const bool gone = o.missingProfiles && !e.profileExists;
        const bool old = o.olderSchemas && !e.currentSchema;
        const bool unused = o.unusedForNs && nowNs - e.lastUsedNs > *o.unusedForNs;
        if (!gone && !old && !unused) continue;
        if (e.hasAnnotations && !o.withAnnotations) {
            r.keptForAnnotations.push_back(e);
            continue;
        }
        if (o.dryRun) {
            r.removed.push_back(e);
            r.bytesFreed += e.bytes;
            continue;
        }
        int64_t freed = 0;
        if (removeEntry(e, o.withAnnotations, freed)) {
            r.removed.push_back(e);
            r.bytesFreed += freed;
        } else {
            r.busy.push_back(e);
        }
    }
    return r;
}

} // namespace rs::cache
