#pragma once
// The manifest check of `rankscope merge`: reads the meta of every shard-K-of-N.sqlite in a shard folder
// and refuses the set unless they are shards of one split of one profile, built by this schema version
// and with the same analysis options. Missing shards are not an error: they are listed, and the merge
// summarises the ranks that are there. Other files in the folder (the cluster index, locks, a running
// build's temporary file) are not shards and are left alone. Reads only; any thread.
#include "core/index/filestamp.h"
#include "core/pipeline/shardplan.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rs::pipeline {

struct ShardInfo {
    std::string path; ///< absolute
    ShardSpec spec;
    std::string fingerprint;           ///< of the WHOLE profile
    std::string analysisKey;           ///< the analysis options' key, without the "shard K/N;" prefix
    std::string ranks;                 ///< its rank keys, "0,3,5"
    std::map<int, int64_t> groupBytes; ///< discovery group index → input bytes
    int schemaVersion = 0;
    int64_t fileBytes = 0, inputBytes = 0;
    std::string profile;
    index::FileStamp stamp; ///< taken before its meta was read: the merge checks the file is still this one
};

class ShardManifest {
  public:
    /// False with `error` naming the file when a shard cannot be read, is incomplete, or disagrees with
    /// the lowest shard (another profile, another split, another schema version or analysis options);
    /// also when the folder holds no shard.
    bool read(const std::string& dir, std::string& error);
    const std::vector<ShardInfo>& shards() const { return m_shards; } ///< by K
    int shardCount() const { return m_n; }                            ///< N
    const std::vector<int>& missing() const { return m_missing; }     ///< K of the absent shards
    /// True when `path` is a cluster index (`merge`'s output): a profile build must not replace it.
    static bool isClusterIndex(const std::string& path);
    /// The cluster index that opening `path` means: `path` itself when it is one, or its folder's
    /// cluster.sqlite (a shard folder after `merge`); empty otherwise. Absolute.
    static std::string clusterIndexAt(const std::string& path);
    /// "shard-K-of-N.sqlite" of an absent shard.
    std::string missingName(int k) const { return ShardSpec{k, m_n}.fileName(); }

  private:
    bool readOne(const std::string& path, ShardInfo& out, std::string& error) const;
    bool agrees(const ShardInfo& s, const ShardInfo& first, std::string& error) const;

    std::vector<ShardInfo> m_shards;
    std::vector<int> m_missing;
    int m_n = 0;
};

} // namespace rs::pipeline
