#include "app/gui/comparecontroller.h"

#include "app/gui/comparejob.h"
#include "views/common/plural.h"
#include "views/compare/compareview.h"

#include <QFileInfo>

namespace rs::gui {

CompareController::CompareController(views::CompareView* view, views::InteractionState* state,
                                     QObject* parent)
    : QObject(parent), m_view(view), m_state(state) {
    connect(m_view, &views::CompareView::opTypeChosen, this,
            [this](const QString& op, int dataRank) { m_state->setSelection(selectionFor(op, dataRank)); });
    connect(m_view, &views::CompareView::swapRequested, this, &CompareController::swap);
    connect(m_view, &views::CompareView::linkChosen, this,
            [this](qint64 src, qint64 dst, const QString& group) {
                Q_EMIT findingChosen(linkFinding(src, dst, group));
            });
    connect(m_view, &views::CompareView::bankChosen, this,
            [this](const QString& op, int dataRank) { Q_EMIT findingChosen(bankFinding(op, dataRank)); });
}

void CompareController::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
}

void CompareController::ensureJob() {
    if (m_job) return;
    m_job = new CompareJob(this);
    connect(m_job, &CompareJob::finished, this,
            [this](std::shared_ptr<const compare::ComparisonData> d, const QString& error) {
                if (!m_waiting) return; // cleared since: it compared another run
                m_waiting = false;
                if (!d) {
                    m_failure = error;
                    Q_EMIT message(tr("Comparison failed: %1").arg(error), 15000);
                    return;
                }
                m_view->setData(d);
                Q_EMIT compared();
                const auto& r = d->result;
                // one per root, as the panel and `rankscope compare` count them
                const qint64 roots = qint64(r.regressionCount());
                const QString sides = views::CompareView::sidesText(*d);
                // runs on different cards: said with the verdict, as the panel's headline says it
                const std::string caveat = compare::hardwareCaveat(r);
                const QString onHardware = caveat.empty() ? QString() : "; " + QString::fromStdString(caveat);
                Q_EMIT message(
                    (!r.sameData.empty()
                         ? tr("Comparison of %1: SAME DATA, no verdict: a run compared with itself proves "
                              "nothing about regressions")
                               .arg(sides)
                     : r.fail() ? tr("Comparison of %1: FAIL, %2")
                                      .arg(sides, views::counted(roots, tr("regression"), tr("regressions")))
                     : !r.unrelated.empty()
                         ? tr("Comparison of %1 inconclusive: %2: not one workload, no verdict")
                               .arg(sides, QString::fromStdString(r.unrelated))
                     : !r.damagedInput.empty()
                         ? tr("Comparison of %1: INCONCLUSIVE, no verdict %2")
                               .arg(sides, QString::fromStdString(compare::damageCaveat(r)))
                     : r.inconclusive()
                         ? tr("Comparison of %1 inconclusive: nothing compared").arg(sides)
                         : tr("Comparison of %1: PASS, no regression beyond the thresholds, %2")
                               .arg(sides, views::counted(qint64(r.improvementCount()), tr("improvement"),
                                                          tr("improvements")))) +
                        onHardware,
                    10000);
            });
    connect(m_view, &views::CompareView::spansWanted, this,
            [this](const compare::SpanRequest& r) { m_job->requestSpans(m_view->sharedData(), r); });
    connect(m_job, &CompareJob::spansReady, this,
            [this](std::shared_ptr<const compare::SpanPair> spans, const QString& error) {
                if (!error.isEmpty()) Q_EMIT message(tr("Spans of the delta: %1").arg(error), 10000);
                m_view->setSpans(spans);
            });
}

void CompareController::compare(const QString& baselineDir, std::optional<int> baselineRun,
                                const QString& candidateDir, std::optional<int> candidateRun) {
    ensureJob();
    m_waiting = true;
    m_failure.clear();
    const auto side = [](const QString& dir, std::optional<int> run) {
        return run ? tr("%1 run %2").arg(QFileInfo(dir).fileName()).arg(*run) : QFileInfo(dir).fileName();
    };
    Q_EMIT message(tr("Comparing baseline %1 → candidate %2…")
                       .arg(side(baselineDir, baselineRun), side(candidateDir, candidateRun)),
                   0);
    m_job->start(QFileInfo(baselineDir).absoluteFilePath(), baselineRun,
                 QFileInfo(candidateDir).absoluteFilePath(), candidateRun);
}

void CompareController::compareOpenWith(const QString& openDir, std::optional<int> openRun,
                                        const QString& otherDir, std::optional<int> otherRun) {
    m_open = {openDir, openRun};
    m_other = {otherDir, otherRun};
    m_otherIsRun =
        otherRun && QFileInfo(openDir).absoluteFilePath() == QFileInfo(otherDir).absoluteFilePath();
    m_havePair = true;
    run();
}

void CompareController::run() {
    const Side& baseline = openIsBaseline() ? m_open : m_other;
    const Side& candidate = openIsBaseline() ? m_other : m_open;
    compare(baseline.dir, baseline.run, candidate.dir, candidate.run);
}

void CompareController::swap() {
    m_swapped = !m_swapped;
    if (m_havePair) run();
}

void CompareController::clear() {
    m_swapped = false; // a Swap belongs to the comparison it turned round
    m_otherIsRun = false;
    m_waiting = false;
    m_failure.clear();
    m_havePair = false;
    m_view->setData(nullptr);
    Q_EMIT cleared();
}

std::optional<SavedComparison> CompareController::saved() const {
    if (!m_havePair) return std::nullopt;
    return SavedComparison{QFileInfo(m_other.dir).absoluteFilePath(), m_other.run, openIsBaseline()};
}

void CompareController::restore(const QString& openDir, std::optional<int> openRun,
                                const SavedComparison& c) {
    // the saved direction as it was, whatever this kind of comparison's default
    const bool otherRun =
        c.run && QFileInfo(openDir).absoluteFilePath() == QFileInfo(c.with).absoluteFilePath();
    m_swapped = otherRun != c.openIsBaseline;
    compareOpenWith(openDir, openRun, c.with, c.run);
}

views::Selection CompareController::selectionFor(const QString& opType, int dataRank) const {
    // the shown run's key for the producer's rank number (two runs in a folder key the second's ranks
    // apart), or every rank when the shown run has no such rank
    views::Selection s;
    s.kind = views::Selection::Kind::OpType;
    s.opType = opType;
    s.rank = -1;
    if (m_summary && dataRank >= 0)
        for (int key : m_summary->ranks)
            if (auto it = m_summary->dataRank.find(key);
                it != m_summary->dataRank.end() && it->second == dataRank)
                s.rank = key;
    return s;
}

Finding CompareController::linkFinding(qint64 src, qint64 dst, const QString& group) {
    Finding f;
    f.kind = model::FindingKind::SlowLink;
    f.kindName = "slow_link";
    f.link = Finding::Link{src, dst, group};
    return f;
}

Finding CompareController::bankFinding(const QString& opType, int dataRank) const {
    Finding f;
    f.kind = model::FindingKind::BankAnomaly;
    f.kindName = "bank_anomaly";
    f.subject = opType;
    if (const int key = selectionFor(opType, dataRank).rank; key >= 0) f.rank = key;
    return f;
}

} // namespace rs::gui
