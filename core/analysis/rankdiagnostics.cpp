#include "core/analysis/rankdiagnostics.h"

#include "core/index/diagnosticsink.h"

namespace rs::analysis {

RankDiagnostics::RankDiagnostics(index::Db& db, int rank)
    : m_insert(db.prepare("INSERT INTO sum_diagnostic(rank, file, severity, what, count, excerpt) "
                          "VALUES(?,?,?,?,?,?)")),
      m_rank(rank) {}

void RankDiagnostics::add(const std::string& file, const std::string& severity, const std::string& what,
                          int64_t count, const std::string& excerpt) {
    if (!m_insert) {
        m_collected.push_back({file, severity, what, count, excerpt});
        return;
    }
    m_insert->bind(1, m_rank).bind(2, file).bind(3, severity).bind(4, what).bind(5, count).bind(6, excerpt);
    m_insert->exec();
}

void RankDiagnostics::replay(RankDiagnostics& to) const {
    for (const Problem& p : m_collected)
        to.add(p.file, p.severity, p.what, p.count, p.excerpt);
}

PassInfo DiagnosticFoldPass::info() const {
    return {"diagnostics", PassScope::CrossRank, {"sum_diagnostic"}, {"diagnostic"}};
}

void DiagnosticFoldPass::run(CrossRankContext& ctx) {
    // the first problem of each kind in rank order gives the order and the example
    auto q = ctx.db.prepare(
        "SELECT file, severity, what, sum(count), (SELECT e.excerpt FROM sum_diagnostic e WHERE e.file = "
        "d.file AND e.severity = d.severity AND e.what = d.what AND e.excerpt != '' ORDER BY e.rank, "
        "e.rowid LIMIT 1) FROM sum_diagnostic d GROUP BY file, severity, what ORDER BY min(rank), "
        "min(rowid)");
    index::DiagnosticSink sink(ctx.db);
    while (q.step())
        sink.add(q.text(0), q.text(1), q.text(2), q.i64(3), q.isNull(4) ? std::string() : q.text(4));
}

} // namespace rs::analysis
