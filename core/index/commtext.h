#pragma once
// The communication matrix's repeated strings (group hashes, op and algorithm names, transports, entry
// kinds, sources …) stored once each in `comm_text` and named by id in comm_link_src and comm_link: a
// 512-rank matrix repeats the same handful of strings on 2.1 M rows, and those TEXT columns were most of
// the index (schema 45). Ids are the index's own: a merge of shards maps each shard's ids onto the cluster
// index's (mergeCommText). Used on the thread that owns the connection.
#include "core/index/sqlite.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rs::index {

/// The comm_link_src columns that hold a comm_text id, in table order.
const std::vector<std::string>& commTextColumns();

/// Hands out the id of a string in comm_text, adding the string on first sight (the index writer's).
class CommTextInterner {
  public:
    explicit CommTextInterner(Db& db);
    int64_t id(std::string_view value);

  private:
    Stmt m_insert;
    std::unordered_map<std::string, int64_t> m_ids;
};

/// Adds the strings of `schema`.comm_text (an attached shard) that main.comm_text lacks, and fills
/// temp.comm_text_map(old, new): the shard's id → main's. Replaces the map of a previous call.
void mergeCommText(Db& db, const std::string& schema);

/// The select list of `schema`.comm_link_src with its id columns mapped through temp.comm_text_map (as
/// mergeCommText left it), in table order: what copies a shard's link rows into another index.
std::string remappedCommLinkSrcColumns(Db& db, const std::string& schema);

} // namespace rs::index
