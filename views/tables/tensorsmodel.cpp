#include "views/tables/tensorsmodel.h"

#include <cmath>

#include "core/query/tensortext.h"
#include "views/common/timemapping.h"

namespace rs::views {

void TensorsModel::setRows(std::shared_ptr<const std::vector<query::TensorItem>> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

const query::TensorItem* TensorsModel::row(int r) const {
    return m_rows && r >= 0 && r < int(m_rows->size()) ? &(*m_rows)[size_t(r)] : nullptr;
}

int TensorsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_rows ? 0 : int(m_rows->size());
}
int TensorsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TensorsModel::data(const QModelIndex& index, int role) const {
    const auto* t = index.isValid() ? row(index.row()) : nullptr;
    if (!t) return {};
    std::optional<int64_t> life;
    if (t->allocNs && t->freeNs) life = *t->freeNs - *t->allocNs;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Id: // where the row is when the source names no tensor ("om34" read as a tensor's name)
            return t->twinOf.empty() ? QString::fromStdString(query::tensorName(*t))
                                     : tr("%1 (also %2)")
                                           .arg(QString::fromStdString(query::tensorName(*t)),
                                                QString::fromStdString(t->twinOf));
        case Op:
            return QString::fromStdString(t->opName);
        case Size:
            return formatBytes(t->sizeBytes);
        case Address: // a blank cell said nothing of why: the source has no address column
            return t->addr ? QString("0x%1").arg(*t->addr, 0, 16)
                           : QString::fromStdString(query::noAddressText(*t));
        case Bank:
            return t->bank ? QVariant(qint64(*t->bank))
                           : QVariant(QString::fromStdString(query::noBankText(*t)));
        case Alloc:
            return t->allocStep ? QString::number(int64_t(std::floor(*t->allocStep)))
                                : QString(); // the step it falls in
        case Free:
            return t->freeStep ? QString::number(int64_t(std::floor(*t->freeStep))) : tr("alive");
        case Lifetime:
            return life ? formatDuration(*life) : QString();
        }
    }
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Id:
            return QString::fromStdString(t->tensorId);
        case Op:
            return QString::fromStdString(t->opName);
        case Size:
            return qint64(t->sizeBytes);
        case Address:
            return t->addr ? qulonglong(*t->addr) : qulonglong(0);
        case Bank:
            return t->bank ? qint64(*t->bank) : qint64(-1);
        case Alloc:
            return t->allocStep.value_or(-1);
        case Free:
            return t->freeStep.value_or(1e18);
        case Lifetime:
            return life ? qint64(*life) : qint64(-1);
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Size)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant TensorsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"tensor", "op",         "size",      "address",
                                  "bank",   "alloc step", "free step", "lifetime"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace rs::views
