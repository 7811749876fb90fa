#pragma once
// For tests that build a ProfileSummary by hand: what an index would hold for its names — each string's
// communication flag as the importers say it (name_fact.communication) — then the query layer's op types.
#include "core/import/collectivenames.h"
#include "core/query/namekinds.h"

namespace rs::test {

inline void classifyAsIndexed(query::ProfileSummary& s) {
    s.communication.assign(s.strings.size(), 0);
    s.runtimeTask.assign(s.strings.size(), 0);
    for (size_t i = 0; i < s.strings.size(); ++i) {
        const auto f = import::describeName(s.strings[i]);
        s.communication[i] = f.communication ? 1 : 0;
        s.runtimeTask[i] = !f.compute && !f.communication && !s.strings[i].empty() ? 1 : 0;
    }
    query::classifyNames(s);
}

} // namespace rs::test
