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
#include "core/analysis/memorysessions.h"
#include "core/analysis/offthreadpasses.h"
#include "core/analysis/opcells.h"
#include "core/analysis/opstats.h"
#include "core/analysis/pipelinewait.h"
#include "core/analysis/rankcontext.h"
#include "core/analysis/rankdiagnostics.h"
#include "core/analysis/rankwindow.h"
#include "core/analysis/rootcause.h"
#include "core/analysis/runs.h"
#include "core/analysis/stepbreakdown.h"
#include "core/analysis/stepphases.h"
#include "core/analysis/summarytables.h"
#include "core/analysis/tensoroporder.h"
#include "core/analysis/tensorops.h"
#include "core/analysis/tensortimeline.h"
#include "core/analysis/unknownwaits.h"

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

/// Whether a write of `w` changes what a read of `r` sees: the same table, unless both name different
/// columns of it ("rank_info.grp" is not changed by a write of "rank_info.clock_note").
bool overlaps(std::string_view w, std::string_view r) {
    if (tableOf(w) != tableOf(r)) return false;
    return w == tableOf(w) || r == tableOf(r) || w == r;
}

std::vector<int> ranksOf(index::Db& db) {
    std::vector<int> ranks;
    auto q = db.prepare("SELECT rank FROM rank_info ORDER BY rank");
    while (q.step())
        ranks.push_back(int(q.i64(0)));
    return ranks;
}

} // namespace

AnalysisPlan::AnalysisPlan(std::vector<std::unique_ptr<RankPass>> rankPasses,
                           std::vector<std::unique_ptr<CrossRankPass>> crossRankPasses)
    : m_rank(std::move(rankPasses)), m_cross(std::move(crossRankPasses)), m_rankSec(m_rank.size()),
      m_crossSec(m_cross.size()), m_besideSec(m_rank.size()), m_takenSec(m_rank.size()) {
    validate();
    validateOffThread();
}

AnalysisPlan::AnalysisPlan(AnalysisPlan&&) noexcept = default;

AnalysisPlan::~AnalysisPlan() {
    m_beside.reset(); // joins the worker before the names it reads go
}

AnalysisPlan AnalysisPlan::standard() {
    std::vector<std::unique_ptr<RankPass>> rank;
    rank.push_back(std::make_unique<ClockCheckPass>());
    rank.push_back(std::make_unique<RankWindowPass>());
    rank.push_back(std::make_unique<MemorySessionsPass>());
    rank.push_back(std::make_unique<CollectiveArrivalsPass>());
    rank.push_back(std::make_unique<StepPhasesPass>());
    rank.push_back(std::make_unique<OpCellsPass>());
    rank.push_back(std::make_unique<TensorTimelinePass>());
    rank.push_back(std::make_unique<MemoryPeaksPass>());
    rank.push_back(std::make_unique<MemoryBanksPass>());
    rank.push_back(std::make_unique<TensorOpsPass>());
    rank.push_back(std::make_unique<MemoryCurvePass>());
    rank.push_back(std::make_unique<FlowLinksPass>());
    std::vector<std::unique_ptr<CrossRankPass>> cross;
    cross.push_back(std::make_unique<RunsPass>());
    cross.push_back(std::make_unique<CommLinksPass>());
    cross.push_back(std::make_unique<CollectivesPass>());
    cross.push_back(std::make_unique<StepBreakdownPass>());
    cross.push_back(std::make_unique<OpStatsPass>());
    cross.push_back(std::make_unique<BankAnomalyPass>());
    cross.push_back(std::make_unique<TensorOpOrderPass>());
    cross.push_back(std::make_unique<RootCausePass>());
    cross.push_back(std::make_unique<PipelineWaitPass>());
    cross.push_back(std::make_unique<DiagnosticFoldPass>());
    cross.push_back(std::make_unique<UnknownWaitsPass>()); // last: the passes before read a 0
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

size_t AnalysisPlan::leadingPasses() const {
    size_t n = 0;
    while (n < m_rank.size() && m_rank[n]->firstForEveryRank())
        ++n;
    return n;
}

// An off-thread pass's compute() sees the index as the leading passes left it (they run for every rank
// first and commit), plus what the earlier passes of its own compute group found: nothing another pass
// after them writes may be among its reads. A group's passes are consecutive (one context).
void AnalysisPlan::validateOffThread() const {
    const size_t first = leadingPasses();
    for (size_t i = first; i < m_rank.size(); ++i)
        if (m_rank[i]->firstForEveryRank())
            throw std::logic_error(std::string(m_rank[i]->info().name) +
                                   " runs first for every rank but does not lead the plan");
    auto inGroup = [&](size_t k, std::string_view group) {
        return m_rank[k]->offThread() && m_rank[k]->computeGroup() == group;
    };
    for (size_t i = first; i < m_rank.size(); ++i) {
        if (!m_rank[i]->offThread()) continue;
        const PassInfo info = m_rank[i]->info();
        const std::string_view group = m_rank[i]->computeGroup();
        size_t unitStart = i; // the first pass of i's run of group passes
        while (unitStart > first && inGroup(unitStart - 1, group))
            --unitStart;
        for (size_t j = first; j < unitStart; ++j) {
            if (inGroup(j, group))
                throw std::logic_error(std::string(info.name) + ": the passes of compute group " +
                                       std::string(group) + " are not consecutive");
            for (std::string_view w : m_rank[j]->info().writes)
                for (std::string_view r : info.reads)
                    if (overlaps(w, r))
                        throw std::logic_error(std::string(info.name) + " runs off-thread but reads " +
                                               std::string(r) + ", which " +
                                               std::string(m_rank[j]->info().name) + " writes before it");
        }
    }
}

void AnalysisPlan::runRank(index::Db& db, const AnalysisOptions& opts, int rank, const NameIndex& names) {
    runRank(db, opts, 0, rank, names, nullptr, 0, m_rank.size());
}

void AnalysisPlan::runRank(index::Db& db, const AnalysisOptions& opts, size_t rankIndex, int rank,
                           const NameIndex& names, OffThreadPasses* beside, size_t from, size_t to) {
    RankContext ctx(db, opts, rank, names);
    for (size_t i = from, off = 0; i < to; ++i) {
        if (beside && m_rank[i]->offThread()) {
            std::unique_ptr<RankResult> result = beside->take(rankIndex, off++); // timed by `beside`
            const auto t = Clock::now();
            m_rank[i]->apply(ctx, *result);
            m_rankSec[i] += since(t);
            continue;
        }
        const auto t = Clock::now();
        m_rank[i]->run(ctx);
        m_rankSec[i] += since(t);
    }
}

std::vector<const RankPass*> AnalysisPlan::splitPasses(std::vector<size_t>* positions) const {
    std::vector<const RankPass*> out;
    for (size_t i = leadingPasses(); i < m_rank.size(); ++i)
        if (m_rank[i]->offThread()) {
            out.push_back(m_rank[i].get());
            if (positions) positions->push_back(i);
        }
    return out;
}

bool AnalysisPlan::startEarly(index::Db& db, const AnalysisOptions& opts, const OffThread& offThread,
                              size_t budgetBytes) {
    const std::vector<const RankPass*> passes = splitPasses();
    const bool any =
        std::any_of(passes.begin(), passes.end(), [](const RankPass* p) { return p->readsLoadOnly(); });
    const std::vector<int> ranks = ranksOf(db);
    if (m_beside || !any || ranks.empty() || !offThread.open || budgetBytes == 0) return false;
    std::unique_ptr<index::Db> reader = offThread.open();
    if (!reader) return false;
    m_earlyNames = std::make_unique<NameIndex>(NameIndex::load(db));
    m_beside = std::make_unique<OffThreadPasses>(passes, ranks, std::move(reader), opts, offThread.cancel, 2,
                                                 m_earlyNames.get(), &db, budgetBytes);
    return true;
}

void AnalysisPlan::endBeside(const std::vector<size_t>& positions) {
    m_beside->stop(); // every result was taken: the worker has ended or is about to
    m_writerAloneSec += m_beside->secondsSinceWorkerEnded();
    for (size_t k = 0; k < positions.size(); ++k) {
        m_besideSec[positions[k]] += m_beside->computeSeconds()[k];
        m_takenSec[positions[k]] += m_beside->takenOverSeconds()[k];
    }
    m_writerIdleSec += m_beside->writerIdleSeconds();
    m_workerIdleSec += m_beside->workerIdleSeconds();
    m_workerCpuSec += m_beside->workerCpuSeconds();
    m_earlySec += m_beside->gatedComputeSeconds();
    m_beside.reset();
}

void AnalysisPlan::runRankLocal(index::Db& db, const AnalysisOptions& opts,
                                const std::function<void()>& between, const OffThread* offThread) {
    const NameIndex loaded = m_earlyNames ? NameIndex{} : NameIndex::load(db);
    const NameIndex& names = m_earlyNames ? *m_earlyNames : loaded;
    const std::vector<int> ranks = ranksOf(db);
    // the leading passes run for every rank first: what they write (steps replaced, rank windows) is
    // what the split passes' compute reads, on whichever connection
    const size_t first = leadingPasses();
    for (size_t r = 0; r < ranks.size() && first > 0; ++r) {
        if (between) between();
        runRank(db, opts, r, ranks[r], names, nullptr, 0, first);
    }
    std::vector<size_t> offIndex; // the split passes' positions in m_rank
    const std::vector<const RankPass*> offPasses = splitPasses(&offIndex);
    if (m_beside || (offThread && offThread->open && !offPasses.empty() && !ranks.empty())) {
        db.exec("COMMIT"); // a second connection sees only what is committed
        db.exec("BEGIN");
        if (m_beside)
            m_beside->release(); // started early: the leading passes' rows are committed now
        else if (std::unique_ptr<index::Db> reader = offThread->open())
            // two ranks ahead: the worker computes rank r + 1 while rank r is written, with a rank to spare
            m_beside = std::make_unique<OffThreadPasses>(offPasses, ranks, std::move(reader), opts,
                                                         offThread->cancel, 2, &names, &db);
    }
    for (size_t r = 0; r < ranks.size(); ++r) {
        if (between) between();
        runRank(db, opts, r, ranks[r], names, m_beside.get(), first, m_rank.size());
    }
    if (m_beside) endBeside(offIndex);
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

void AnalysisPlan::run(index::Db& db, const AnalysisOptions& opts, const std::function<void()>& between,
                       const OffThread* offThread) {
    db.exec("BEGIN");
    runRankLocal(db, opts, between, offThread);
    runCrossRank(db, opts, between);
    db.exec("COMMIT");
}

std::vector<AnalysisPlan::PassTime> AnalysisPlan::times() const {
    std::vector<PassTime> out;
    for (size_t i = 0; i < m_rank.size(); ++i)
        out.push_back(
            {m_rank[i]->info().name, PassScope::RankLocal, m_rankSec[i], m_besideSec[i], m_takenSec[i]});
    for (size_t i = 0; i < m_cross.size(); ++i)
        out.push_back({m_cross[i]->info().name, PassScope::CrossRank, m_crossSec[i]});
    return out;
}

} // namespace rs::analysis
