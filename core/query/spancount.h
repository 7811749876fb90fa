#pragma once
// How many spans an index holds: the count its build kept in the meta table (span_count), so `info` and a
// report need not walk the span table's smallest index (most of `info` on a large index); an index built
// before the count was kept, or a cluster index, is counted. Any thread, with its own connection.
#include "core/index/sqlite.h"

#include <cstdint>

namespace rs::query {

int64_t spanCount(index::Db& db);

} // namespace rs::query
