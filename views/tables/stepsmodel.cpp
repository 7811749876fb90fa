#include "views/tables/stepsmodel.h"

#include "views/common/timemapping.h"

#include <QColor>
#include <algorithm>

namespace rs::views {

void StepsModel::setRun(std::set<int> rankKeys, std::map<int, int> dataRank, bool complete) {
    beginResetModel();
    m_rankKeys = std::move(rankKeys);
    m_dataRank = std::move(dataRank);
    m_complete = complete;
    m_rows.reset();
    m_waitUnknown = false;
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
    // core's commWaitText rule: an incomplete run without a single measured wait has its late ranks among
    // the missing ones, so its 0 is "not known"
    m_waitUnknown = !m_complete && m_rows &&
                    std::none_of(m_rows->begin(), m_rows->end(), [](const auto& r) { return r.waitNs > 0; });
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
    int64_t v[] = {r->rank,
                   r->step,
                   r->wallNs,
                   r->computeNs.value_or(-1),
                   r->commNs,
                   r->waitNs,
                   r->idleNs.value_or(-1),
                   r->preparingNs};
    if (index.column() == Wait && m_waitUnknown) v[Wait] = -1;
    const bool unknown =
        (index.column() == Compute && !r->computeNs) || (index.column() == Idle && !r->idleNs);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Rank) return shownRank(r->rank); // as the lanes name it
        if (index.column() == Step) return qint64(r->step);
        if (index.column() == Cause) return r->outlier ? QString::fromStdString(r->cause) : QString();
        if (unknown) return QStringLiteral("—");
        if (index.column() == Wait && m_waitUnknown) return tr("not known");
        return formatDuration(v[index.column()]);
    case Qt::UserRole:
        if (index.column() == Rank) return shownRank(r->rank);
        if (index.column() == Cause) return r->outlier ? 1 : 0;
        return qint64(v[index.column()]);
    case Qt::ToolTipRole:
        return toolTipOf(*r, Column(index.column()));
    case Qt::BackgroundRole:
        return r->outlier ? QColor(250, 200, 200) : QVariant();
    case Qt::ForegroundRole:
        return r->outlier ? QColor(20, 20, 20) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Cause ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                       : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant StepsModel::toolTipOf(const query::StepRow& r, Column c) const {
    if (c == Wait && m_waitUnknown)
        return tr("Communication wait not known: ranks of the job are missing, so the collectives' waits "
                  "(who arrived late) are not measured");
    return toolTip(r, c, shownRank(r.rank));
}

QVariant StepsModel::toolTip(const query::StepRow& r, Column c, int rank) {
    if (c == Compute && !r.computeNs)
        return tr("Compute unknown: rank %1 recorded no device kernel (a host-only trace, or no device "
                  "data) and ships no step breakdown")
            .arg(rank);
    if (c == Idle && !r.idleNs)
        return tr("Idle unknown: idle is the step's time without device work, and rank %1 recorded no device "
                  "kernel (a host-only trace, or no device data) to subtract")
            .arg(rank);
    return r.outlier ? tr("Outlier step: %1").arg(QString::fromStdString(r.cause)) : QVariant();
}

QVariant StepsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"rank", "step", "wall",      "compute",      "comm",
                                  "wait", "idle", "preparing", "outlier cause"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace rs::views
