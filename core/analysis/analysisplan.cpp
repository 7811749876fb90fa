#include "core/analysis/analysisplan.h"

#include "core/analysis/bankanomaly.h"
#include "core/analysis/clockcheck.h"
#include "core/analysis/collectivearrivals.h"
#include "core/analysis/collectives.h"
#include "core/analysis/commlinks.h"
#include "core/analysis/flowlinks.h"
#include "core/analysis/memorybanks.h"
#include "core/analysis/memorycurve.h"
#include "core/analysis/memorypeaks.h"
#include "core/analysis/opcells.h"
#include "core/analysis/opstats.h"
#include "core/analysis/rankcontext.h"
#include "core/analysis/rankdiagnostics.h"
#include "core/analysis/rankwindow.h"
#include "core/analysis/rootcause.h"
#include "core/analysis/runs.h"
#include "core/analysis/stepbreakdown.h"
#include "core/analysis/stepphases.h"
#include "core/analysis/summarytables.h"
#include "core/analysis/tensortimeline.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>

namespace rs::analysis {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

/// "track.aligned" → "track"
std::string_view tableOf(std::string_view column) {
    return column.substr(0, column.find('.'));
}

bool contains(const std::vector<std::string_view>& v, std::string_view s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

AnalysisPlan::AnalysisPlan(std::vector<std::unique_ptr<RankPass>> rankPasses,
                           std::vector<std::unique_ptr<CrossRankPass>> crossRankPasses)
    : m_rank(std::move(rankPasses)), m_cross(std::move(crossRankPasses)), m_rankSec(m_rank.size()),
      m_crossSec(m_cross.size()) {
    validate();
}

AnalysisPlan AnalysisPlan::standard() {
    std::vector<std::unique_ptr<RankPass>> rank;
    rank.push_back(std::make_unique<ClockCheckPass>());
    rank.push_back(std::make_unique<RankWindowPass>());
    rank.push_back(std::make_unique<CollectiveArrivalsPass>());
    rank.push_back(std::make_unique<StepPhasesPass>());
    rank.push_back(std::make_unique<OpCellsPass>());
    rank.push_back(std::make_unique<TensorTimelinePass>());
    rank.push_back(std::make_unique<MemoryPeaksPass>());
    rank.push_back(std::make_unique<MemoryBanksPass>());
    rank.push_back(std::make_unique<MemoryCurvePass>());
    rank.push_back(std::make_unique<FlowLinksPass>());
    std::vector<std::unique_ptr<CrossRankPass>> cross;
    cross.push_back(std::make_unique<RunsPass>());
    cross.push_back(std::make_unique<CommLinksPass>());
    cross.push_back(std::make_unique<CollectivesPass>());
    cross.push_back(std::make_unique<StepBreakdownPass>());
    cross.push_back(std::make_unique<OpStatsPass>());
    cross.push_back(std::make_unique<BankAnomalyPass>());
    cross.push_back(std::make_unique<RootCausePass>());
    cross.push_back(std::make_unique<DiagnosticFoldPass>());
    return AnalysisPlan(std::move(rank), std::move(cross));
}

void AnalysisPlan::validate() const {
    for (const auto& p : m_rank)
        if (p->info().scope != PassScope::RankLocal)
            throw std::logic_error(std::string(p->info().name) + ": not a rank-local pass");
    std::set<std::string_view> available(summaryTables().begin(), summaryTables().end());
    for (const auto& p : m_cross) {
        const PassInfo info = p->info();
        if (info.scope != PassScope::CrossRank)
            throw std::logic_error(std::string(info.name) + ": not a cross-rank pass");
        for (std::string_view r : info.reads) {
            if (contains(perEventTables(), tableOf(r)))
                throw std::logic_error(std::string(info.name) +
                                       " is cross-rank but reads the per-event table " + std::string(r));
            if (!available.count(tableOf(r)))
                throw std::logic_error(std::string(info.name) + " reads " + std::string(r) +
                                       ", which no summary table or earlier cross-rank pass provides");
        }
        for (std::string_view w : info.writes)
            available.insert(tableOf(w));
    }
}

void AnalysisPlan::runRank(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex& names) {
    RankContext ctx(db, opts, rank, names);
    for (size_t i = 0; i < m_rank.size(); ++i) {
        const auto t = Clock::now();
        m_rank[i]->run(ctx);
        m_rankSec[i] += since(t);
    }
}

void AnalysisPlan::runRankLocal(index::Db& db, const AnalysisOptions& opts,
                                const std::function<void()>& between) {
    const NameIndex names = NameIndex::load(db);
    std::vector<int> ranks;
    {
        auto q = db.prepare("SELECT rank FROM rank_info ORDER BY rank");
        while (q.step())
            ranks.push_back(int(q.i64(0)));
    }
    for (int rank : ranks) {
        if (between) between();
        runRank(db, opts, rank, names);
    }
    for (size_t i = 0; i < m_rank.size(); ++i) {
        const auto t = Clock::now();
        m_rank[i]->finish(db);
        m_rankSec[i] += since(t);
    }
}

void AnalysisPlan::runCrossRank(index::Db& db, const AnalysisOptions& opts,
                                const std::function<void()>& between) {
    CrossRankContext ctx{db, opts};
    for (size_t i = 0; i < m_cross.size(); ++i) {
        if (between) between();
        const auto t = Clock::now();
        m_cross[i]->run(ctx);
        m_crossSec[i] += since(t);
    }
}

void AnalysisPlan::run(index::Db& db, const AnalysisOptions& opts, const std::function<void()>& between) {
    db.exec("BEGIN");
    runRankLocal(db, opts, between);
    runCrossRank(db, opts, between);
    db.exec("COMMIT");
}

std::vector<AnalysisPlan::PassTime> AnalysisPlan::times() const {
    std::vector<PassTime> out;
    for (size_t i = 0; i < m_rank.size(); ++i)
        out.push_back({m_rank[i]->info().name, PassScope::RankLocal, m_rankSec[i]});
    for (size_t i = 0; i < m_cross.size(); ++i)
        out.push_back({m_cross[i]->info().name, PassScope::CrossRank, m_crossSec[i]});
    return out;
}

} // namespace rs::analysis
