#include "core/pipeline/shardmanifest.h"

#include "core/index/schema.h"
#include "core/index/sqlite.h"

#include <algorithm>
#include <filesystem>
#include <regex>

namespace fs = std::filesystem;

namespace rs::pipeline {

namespace {

std::map<std::string, std::string> readMeta(const std::string& path) {
    index::Db db(path, true);
    std::map<std::string, std::string> meta;
    auto q = db.prepare("SELECT key, value FROM meta");
    while (q.step())
        meta[q.text(0)] = q.isNull(1) ? std::string() : q.text(1);
    return meta;
}

/// "3:1200,5:900" → {3: 1200, 5: 900}
std::map<int, int64_t> parseGroups(const std::string& text) {
    std::map<int, int64_t> out;
    size_t at = 0;
    while (at < text.size()) {
        size_t comma = text.find(',', at);
        if (comma == std::string::npos) comma = text.size();
        const std::string item = text.substr(at, comma - at);
        const size_t colon = item.find(':');
        if (colon != std::string::npos)
            out[std::stoi(item.substr(0, colon))] = std::stoll(item.substr(colon + 1));
        at = comma + 1;
    }
    return out;
}

std::string nameOf(const std::string& path) {
    return fs::path(path).filename().string();
}

} // namespace

bool ShardManifest::isClusterIndex(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    try {
        return readMeta(path).count("cluster_shards") > 0;
    } catch (const std::exception&) {
        return false;
    }
}

std::string ShardManifest::clusterIndexAt(const std::string& path) {
    std::error_code ec;
    const fs::path p = fs::absolute(path, ec);
    if (ec) return {};
    if (isClusterIndex(p.string())) return p.string();
    if (fs::is_directory(p, ec) && isClusterIndex((p / "cluster.sqlite").string()))
        return (p / "cluster.sqlite").string();
    return {};
}

bool ShardManifest::readOne(const std::string& path, ShardInfo& out, std::string& error) const {
    std::map<std::string, std::string> meta;
    out.stamp = index::FileStamp::of(path); // before the read: a rewrite after it shows as another stamp
    try {
        meta = readMeta(path);
    } catch (const std::exception& e) {
        error = path + ": not a Rankscope shard (" + e.what() + ")";
        return false;
    }
    if (meta["complete"] != "1" || !meta.count("shard")) {
        error =
            path + ": not a complete Rankscope shard (no 'complete' and 'shard' meta rows); re-run its task";
        return false;
    }
    std::string why;
    if (!parseShardSpec(meta["shard"], out.spec, why)) {
        error = path + ": its meta names no shard K/N (" + why + ")";
        return false;
    }
    out.path = path;
    out.fingerprint = meta["fingerprint"];
    const std::string prefix = "shard " + out.spec.text() + ";";
    const std::string& key = meta["analysis"];
    out.analysisKey = key.rfind(prefix, 0) == 0 ? key.substr(prefix.size()) : key;
    out.ranks = meta["shard_ranks"];
    out.groupBytes = parseGroups(meta["shard_groups"]);
    out.schemaVersion = std::atoi(meta["schema_version"].c_str());
    out.inputBytes = std::atoll(meta["input_bytes"].c_str());
    out.profile = meta["profile"];
    std::error_code ec;
    out.fileBytes = int64_t(fs::file_size(path, ec));
    return true;
}

bool ShardManifest::agrees(const ShardInfo& s, const ShardInfo& first, std::string& error) const {
    const std::string than = " than " + nameOf(first.path);
    if (s.schemaVersion != index::kSchemaVersion)
        error = s.path + ": built with index schema version " + std::to_string(s.schemaVersion) +
                ", this Rankscope reads version " + std::to_string(index::kSchemaVersion) +
                ": re-index every shard with this version";
    else if (s.fingerprint != first.fingerprint)
        error = s.path + ": a shard of another profile" + than + " (their fingerprints differ: " +
                (s.profile == first.profile ? "the profile changed between the two builds"
                                            : "built from " + s.profile + ", not " + first.profile) +
                "); remove it or re-index it";
    else if (s.spec.n != first.spec.n)
        error = s.path + ": a shard of a split into " + std::to_string(s.spec.n) + ", not " +
                std::to_string(first.spec.n) + " as " + nameOf(first.path) +
                "; remove the other split's shards";
    else if (s.analysisKey != first.analysisKey)
        error = s.path + ": built with other analysis options" + than + "; re-index it with the same options";
    else if (s.path.find(s.spec.fileName()) == std::string::npos)
        error = s.path + ": its meta says shard " + s.spec.text() + " but its name does not";
    return error.empty();
}

bool ShardManifest::read(const std::string& dir, std::string& error) {
    m_shards.clear();
    m_missing.clear();
    static const std::regex kName(R"(shard-([0-9]+)-of-([0-9]+)\.sqlite)");
    std::vector<std::string> paths;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (std::regex_match(e.path().filename().string(), kName))
            paths.push_back(fs::absolute(e.path()).string());
    if (ec) {
        error = dir + ": cannot list the shard folder (" + ec.message() + ")";
        return false;
    }
    if (paths.empty()) {
        error = dir +
                ": no shard-K-of-N.sqlite files (write them with 'rankscope index DIR --shard K/N --out " +
                dir + "')";
        return false;
    }
    for (const auto& p : paths) {
        ShardInfo s;
        if (!readOne(p, s, error)) return false;
        m_shards.push_back(std::move(s));
    }
    std::sort(m_shards.begin(), m_shards.end(), [](auto& a, auto& b) { return a.spec.k < b.spec.k; });
    // the reference is the lowest shard of the most common profile and split, so the message names the odd
    // one
    std::map<std::pair<std::string, int>, int> votes;
    for (const auto& s : m_shards)
        ++votes[{s.fingerprint, s.spec.n}];
    const ShardInfo* ref = &m_shards.front();
    for (const auto& s : m_shards)
        if (votes[{s.fingerprint, s.spec.n}] > votes[{ref->fingerprint, ref->spec.n}]) ref = &s;
    const ShardInfo& first = *ref;
    for (const auto& s : m_shards)
        if (!agrees(s, first, error)) return false;
    m_n = first.spec.n;
    size_t at = 0;
    for (int k = 1; k <= m_n; ++k)
        if (at < m_shards.size() && m_shards[at].spec.k == k)
            ++at;
        else
            m_missing.push_back(k);
    return true;
}

} // namespace rs::pipeline
