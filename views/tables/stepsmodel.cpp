#include "views/tables/stepsmodel.h"

#include "views/common/timemapping.h"

#include <QColor>

namespace rs::views {

void StepsModel::setRows(std::shared_ptr<const std::vector<query::StepRow>> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
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
    const bool unknown =
        (index.column() == Compute && !r->computeNs) || (index.column() == Idle && !r->idleNs);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() <= Step) return qint64(v[index.column()]);
        if (index.column() == Cause) return r->outlier ? QString::fromStdString(r->cause) : QString();
        if (unknown) return QStringLiteral("—");
        return formatDuration(v[index.column()]);
    case Qt::UserRole:
        if (index.column() == Cause) return r->outlier ? 1 : 0;
        return qint64(v[index.column()]);
    case Qt::ToolTipRole:
        return toolTip(*r, Column(index.column()));
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

QVariant StepsModel::toolTip(const query::StepRow& r, Column c) {
    if (c == Compute && !r.computeNs)
        return tr("Compute unknown: rank %1 recorded no device kernel (a host-only trace, or no device "
                  "data) and ships no step breakdown")
            .arg(r.rank);
    if (c == Idle && !r.idleNs)
        return tr("Idle unknown: idle is the step's time without device work, and rank %1 recorded no device "
                  "kernel (a host-only trace, or no device data) to subtract")
            .arg(r.rank);
    return r.outlier ? tr("Outlier step: %1").arg(QString::fromStdString(r.cause)) : QVariant();
}

QVariant StepsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"rank", "step", "wall",      "compute",      "comm",
                                  "wait", "idle", "preparing", "outlier cause"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace rs::views
