#include "views/tables/stepsmodel.h"

#include "core/model/stepbounds.h"
#include "core/model/stepwall.h"
#include "core/model/waitalonetext.h"

#include "views/common/timemapping.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <algorithm>

namespace rs::views {

void StepsModel::setRun(std::set<int> rankKeys, std::map<int, int> dataRank) {
    beginResetModel();
    m_rankKeys = std::move(rankKeys);
    m_dataRank = std::move(dataRank);
    m_rows.reset();
    endResetModel();
}

void StepsModel::setRows(std::shared_ptr<const std::vector<query::StepRow>> rows) {
    beginResetModel();
    // another run's steps sit on its own clock: a row of it moved the timeline to a window of nothing
    if (rows && !m_rankKeys.empty()) {
        auto kept = std::make_shared<std::vector<query::StepRow>>();
        for (const auto& r : *rows)
            if (m_rankKeys.count(r.rank)) kept->push_back(r);
        // in the lanes' order: a colliding run's keys (number + 10000) can put its rank 1 before rank 0
        std::stable_sort(kept->begin(), kept->end(), [this](const auto& a, const auto& b) {
            return shownRank(a.rank) < shownRank(b.rank);
        });
        rows = std::move(kept);
    }
    m_rows = std::move(rows);
    endResetModel();
}

int StepsModel::shownRank(int key) const {
    auto it = m_dataRank.find(key);
    return it == m_dataRank.end() ? key : it->second;
}

const query::StepRow* StepsModel::row(int r) const {
    return m_rows && r >= 0 && r < int(m_rows->size()) ? &(*m_rows)[size_t(r)] : nullptr;
}

int StepsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_rows ? 0 : int(m_rows->size());
}
int StepsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StepsModel::data(const QModelIndex& index, int role) const {
    const auto* r = index.isValid() ? row(index.row()) : nullptr;
    if (!r) return {};
    // an unknown compute or idle is -1 for sorting (below every measured one) and "—" on screen, never "0 ns"
    // nor a figure that looks measured
    const bool waitUnknown = !r->waitUnknown.empty();
    const bool partial = r->wall.partial();
    int64_t v[] = {r->rank,
                   r->step,
                   r->wallNs,
                   int64_t(r->wall.source),
                   r->computeNs.value_or(-1),
                   r->commNs.value_or(-1),
                   r->commOverlappedNs.value_or(-1),
                   r->waitNs,
                   r->idleNs.value_or(-1),
                   r->preparingNs.value_or(-1)};
    if (waitUnknown || r->waitAlone) v[Wait] = -1;
    const bool stub = !r->stubReason.empty();
    const bool whole = r->wall.source == model::WallSource::WholeTrace;
    const QString stubTip = stub ? tr("Left out of medians and step statistics (as in the report): %1")
                                       .arg(QString::fromStdString(r->stubReason).toHtmlEscaped())
                                 : QString();
    const bool unknown = (index.column() == Compute && !r->computeNs) ||
                         (index.column() == Idle && !r->idleNs) || (index.column() == Comm && !r->commNs) ||
                         (index.column() == Overlapped && !r->commOverlappedNs) ||
                         (index.column() == Preparing && !r->preparingNs);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Rank) return shownRank(r->rank); // as the lanes name it
        // the index numbers a rank's whole trace step 0; it is no step (walk 30: the row read "0")
        if (index.column() == Step && whole) return tr("whole trace");
        if (index.column() == Step) return qint64(r->step);
        if (index.column() == Cause && stub) return tr("stub: left out of medians");
        if (index.column() == Cause) return r->outlier ? QString::fromStdString(r->cause) : QString();
        if (index.column() == WallFrom) return QString::fromStdString(model::wallSourceName(r->wall.source));
        if (unknown) return QStringLiteral("—");
        if (index.column() == Wait && waitUnknown) return tr("not known");
        if (index.column() == Wait && r->waitAlone) return tr("n/a (1 rank)");
        if (index.column() == Wall && partial) return formatDuration(r->wallNs) + QStringLiteral(" ⚠");
        return formatDuration(v[index.column()]);
    case Qt::UserRole:
        if (index.column() == Rank) return shownRank(r->rank);
        if (index.column() == Cause) return r->outlier ? 1 : 0;
        if (index.column() == WallFrom) return QString::fromStdString(model::wallSourceName(r->wall.source));
        return qint64(v[index.column()]);
    case Qt::DecorationRole:
        // the files hold part of the step: marked where the figure is, not only in a tooltip
        return index.column() == Wall && partial ? QVariant(QColor(230, 120, 0)) : QVariant();
    case Qt::ToolTipRole:
        if (stub) { // on every cell: the whole row is left out, not one figure
            const QVariant more = toolTipOf(*r, Column(index.column()));
            return stubTip + (more.isValid() ? "<br>" + more.toString() : QString());
        }
        return toolTipOf(*r, Column(index.column()));
    case Qt::BackgroundRole:
        return r->outlier ? QColor(250, 200, 200) : QVariant();
    case Qt::ForegroundRole:
        if (stub) return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text); // greyed
        return r->outlier ? QColor(20, 20, 20) : QVariant();
    case Qt::FontRole:
        if (!stub) return {};
        {
            QFont f;
            f.setItalic(true);
            return f;
        }
    case Qt::TextAlignmentRole:
        return index.column() == Cause || index.column() == WallFrom
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant StepsModel::toolTipOf(const query::StepRow& r, Column c) const {
    // a row, not a step: the report's and info's step counts leave it out (query::stepCounts)
    if ((c == Rank || c == Step) && r.wall.source == model::WallSource::WholeTrace)
        return tr("Not a step: rank %1 has no step marks it can use, so its whole trace is this one row "
                  "(the index numbers it 0); the report and rankscope info leave it out of their step count")
            .arg(shownRank(r.rank));
    if (c == Wait && r.waitAlone)
        return tr("Communication wait: %1: a job of one rank waits for nobody").arg(model::kWaitAloneText);
    if (c == Wait && !r.waitUnknown.empty())
        return tr("Communication wait not known: %1").arg(QString::fromStdString(r.waitUnknown));
    if (c == Wall || c == WallFrom) return wallToolTip(r);
    QVariant tip = toolTip(r, c, shownRank(r.rank));
    if ((c == Comm || c == Overlapped) && r.commNs && r.commOverlappedNs)
        tip = breakdownToolTip(r) + (tip.isValid() ? "<br>" + tip.toString() : QString());
    if ((c == Compute || c == Comm || c == Overlapped || c == Idle) && model::isShipped(r.wall.source) &&
        r.computeNs) {
        const QString from = tr("From %1, the same row as the wall")
                                 .arg(QString::fromStdString(model::wallSourceName(r.wall.source)));
        return tip.isValid() ? from + "<br>" + tip.toString() : from;
    }
    return tip;
}

QString StepsModel::breakdownToolTip(const query::StepRow& r) {
    QString tip = tr("Communication %1 in all: %2 not overlapped with compute (comm), %3 overlapped")
                      .arg(formatDuration(*r.commNs + *r.commOverlappedNs), formatDuration(*r.commNs),
                           formatDuration(*r.commOverlappedNs));
    if (r.computeNs && r.idleNs)
        tip += "<br>" +
               tr("compute %1 + comm %2 + idle %3 = %4 (wall %5)")
                   .arg(formatDuration(*r.computeNs), formatDuration(*r.commNs), formatDuration(*r.idleNs),
                        formatDuration(*r.computeNs + *r.commNs + *r.idleNs), formatDuration(r.wallNs));
    return tip;
}

QString StepsModel::wallToolTip(const query::StepRow& r) const {
    QString tip =
        formatDuration(r.wallNs) + ", " + QString::fromStdString(model::wallSourceText(r.wall.source));
    if (r.wall.partial())
        tip += "<br><b>⚠ " +
               tr("%1 rank %2 %3: %4")
                   .arg(QString::fromStdString(model::wallSourceName(r.wall.source)))
                   .arg(shownRank(r.rank))
                   .arg(r.wall.source == model::WallSource::WholeTrace ? tr("whole trace")
                                                                       : tr("step %1").arg(r.step))
                   .arg(QString::fromStdString(r.wall.partialText()).toHtmlEscaped()) +
               "</b><br>" +
               tr("The timeline's step band is the %1 the events cover; the compute, comm and idle columns "
                  "come from the same shipped row as this wall.")
                   .arg(formatDuration(r.wall.eventsNs));
    else if (model::isShipped(r.wall.source) && r.wall.eventsNs > r.wallNs)
        // level1: Stage + Bubble 136.6 ms in a 156 ms ProfilerStep, the difference mostly its Preparing
        tip += "<br>" + tr("The timeline's step band lasts %1: a shipped wall leaves out the Preparing "
                           "before the step's first device task (%2) and the host's tail")
                            .arg(formatDuration(r.wall.eventsNs),
                                 r.preparingNs ? formatDuration(*r.preparingNs) : tr("not known"));
    tip += "<br>" + boundsToolTip(r);
    if (r.outlier) tip += "<br>" + tr("Outlier step: %1").arg(QString::fromStdString(r.cause));
    return tip;
}

QString StepsModel::boundsToolTip(const query::StepRow& r) {
    const auto b = query::boundsOf(r.wall, r.startNs, r.endNs);
    QString tip =
        tr("The step's bounds in the drill-down (its \"start in step\"), Details and the window a step "
           "selection sets: %1")
            .arg(QString::fromStdString(model::stepBoundsText(b)).toHtmlEscaped());
    if (b.from == model::StepBoundsFrom::ShippedTasks)
        tip += tr(", %1 long from %2 after the start of the step band the timeline draws (%3 long)")
                   .arg(formatDuration(b.endNs - b.startNs), formatDuration(b.startNs - r.startNs),
                        formatDuration(r.endNs - r.startNs));
    return tip;
}

QVariant StepsModel::toolTip(const query::StepRow& r, Column c, int rank) {
    if (c == Compute && !r.computeNs)
        return tr("Compute unknown: rank %1 recorded no device kernel (a host-only trace, or no device "
                  "data) and ships no step breakdown")
            .arg(rank);
    if ((c == Comm || c == Overlapped) && !r.commNs)
        return tr("Communication not known: rank %1's files leave this step's communication columns all zero "
                  "(not recorded), while other steps have values")
            .arg(rank);
    if (c == Overlapped && !r.commOverlappedNs && !r.computeNs)
        return tr("Overlap unknown: overlapped is the communication that ran while compute ran, and rank %1 "
                  "recorded no device kernel (a host-only trace, or no device data)")
            .arg(rank);
    if (c == Preparing && !r.preparingNs)
        return tr("Preparing not known: no device task started in this step, and the files give no step "
                  "interval");
    if (c == Idle && !r.idleNs && r.computeNs)
        return tr("Idle unknown: idle is the step's time without device work, and rank %1's communication "
                  "in this step was not recorded")
            .arg(rank);
    if (c == Idle && !r.idleNs)
        return tr("Idle unknown: idle is the step's time without device work, and rank %1 recorded no device "
                  "kernel (a host-only trace, or no device data) to subtract")
            .arg(rank);
    return r.outlier ? tr("Outlier step: %1").arg(QString::fromStdString(r.cause)) : QVariant();
}

QVariant StepsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::ToolTipRole && (section == Wall || section == WallFrom))
        return tr("The step's wall time. Where the producer ships a step breakdown (step_trace_time.csv, "
                  "analysis.db) it is that row's Stage + Bubble, the step's first to last device task, and "
                  "compute, comm and idle come from the same row; else it is the step band the timeline "
                  "draws (the trace's step markers, the kernels of the step, the step trace). \"wall from\" "
                  "says which. ⚠: the rank's events cover clearly less of a shipped wall (the files hold "
                  "part of the step). The drill-down's \"start in step\", Details and the window a step "
                  "selection sets use this wall's interval (a shipped wall: from the step's first device "
                  "task, Preparing after the step marker's start).");
    if (role == Qt::ToolTipRole && (section == Compute || section == Comm || section == Idle))
        return tr(
            "<p>compute + comm + idle = wall: compute is the device's kernel time, comm the communication "
            "not overlapped with compute (the time only communication ran), idle the time with "
            "neither.</p>");
    // walk 54b: the columns of a trace's step (df_index_resolver step 2) summed to 350 ms against a 346 ms
    // wall; its preparing is part of its idle, which nothing said
    if (role == Qt::ToolTipRole && section == Preparing)
        return tr("<p>The time from the step's start to its first device task. Where the wall is the step "
                  "band (a trace's step marker, the step trace) it is part of idle, not added to compute + "
                  "comm + idle = wall; where the producer ships the wall (Stage + Bubble, from the first "
                  "device task) it lies before the wall, in none of the columns.</p>");
    if (role == Qt::ToolTipRole && section == Overlapped)
        return tr("<p>Communication that ran while compute ran (hidden behind it): not part of compute + "
                  "comm + idle = wall. All the step's communication is comm + overlapped.</p>");
    if (role != Qt::DisplayRole) return {};
    // "comm" alone read as all the step's communication (walk17a L2: 134 ms of 168 ms on trace_filter)
    static const char* names[] = {
        "rank",       "step", "wall", "wall from", "compute",      "comm not overlapped",
        "overlapped", "wait", "idle", "preparing", "outlier cause"};
    return tr(names[section]);
}

} // namespace rs::views
