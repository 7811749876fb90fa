#include "views/tables/opsmodel.h"

#include "views/common/timemapping.h"

#include <algorithm>

namespace rs::views {

void OpsModel::setRows(std::shared_ptr<const std::vector<query::OpRow>> rows, qint64 originNs, qint64 endNs,
                       const QString& originText) {
    beginResetModel();
    m_rows = std::move(rows);
    m_origin = originNs;
    m_end = endNs;
    m_originText = originText;
    endResetModel();
}

namespace {
/// The shipped breakdown's µs figures place the bounds to a µs or so: level1's first counted task starts
/// 60 ns before band start + Preparing. Closer than this to the bounds is inside.
constexpr qint64 kBoundsSlackNs = 1000;
} // namespace

bool OpsModel::outside(const query::OpRow& r) const {
    return r.startNs < m_origin - kBoundsSlackNs || r.startNs >= m_end + kBoundsSlackNs;
}

int OpsModel::outsideCount() const {
    if (!m_rows) return 0;
    return int(
        std::count_if(m_rows->begin(), m_rows->end(), [&](const query::OpRow& r) { return outside(r); }));
}

QString OpsModel::startText(const query::OpRow& r) const {
    const QString offset = formatOffset(r.startNs - m_origin, 1000);
    if (!outside(r)) return offset;
    return (r.startNs < m_origin ? tr("before step %1") : tr("after step %1")).arg(offset);
}

const query::OpRow* OpsModel::row(int r) const {
    return m_rows && r >= 0 && r < int(m_rows->size()) ? &(*m_rows)[size_t(r)] : nullptr;
}

int OpsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_rows ? 0 : int(m_rows->size());
}
int OpsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpsModel::data(const QModelIndex& index, int role) const {
    const auto* r = index.isValid() ? row(index.row()) : nullptr;
    if (!r) return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Start:
            if (role == Qt::ToolTipRole && outside(*r))
                return tr("%1: it ran in the step's band (its marker) but outside the step's bounds, %2")
                    .arg(startText(*r), m_originText);
            return startText(*r);
        case Name:
            return QString::fromStdString(r->name);
        case OpType:
            return QString::fromStdString(r->opType);
        case Duration:
            return formatDuration(r->durNs);
        case Wait:
            return r->waitNs ? formatDuration(r->waitNs) : QString();
        case Track:
            return QString::fromStdString(r->track);
        }
    }
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Start:
            return qint64(r->startNs);
        case Name:
            return QString::fromStdString(r->name);
        case OpType:
            return QString::fromStdString(r->opType);
        case Duration:
            return qint64(r->durNs);
        case Wait:
            return qint64(r->waitNs);
        case Track:
            return QString::fromStdString(r->track);
        }
    }
    if (role == Qt::TextAlignmentRole &&
        (index.column() == Duration || index.column() == Wait || index.column() == Start))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant OpsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o == Qt::Horizontal && section == Start && role == Qt::ToolTipRole)
        return m_originText.isEmpty()
                   ? QVariant()
                   : tr("From the step's start as its Steps row gives it (the interval of its wall): %1. "
                        "An op of the step's band outside it says \"before step\" or \"after step\".")
                         .arg(m_originText);
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"start in step", "name", "op type", "duration", "wait", "track"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace rs::views
