#include "app/gui/diagnosticsmodel.h"

namespace rs::gui {

DiagnosticsModel::DiagnosticsModel(QObject* parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setDiagnostics(std::vector<query::DiagnosticDesc> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const auto& d = m_rows[size_t(index.row())];
    const auto s = [](const std::string& v) { return QString::fromStdString(v); };
    if (role == SortRole) {
        if (index.column() == Count) return qlonglong(d.count);
        if (index.column() == FirstAt) return qlonglong(d.firstOffset);
        return data(index, Qt::DisplayRole).toString().toLower();
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Count || index.column() == FirstAt
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case Severity:
        return s(d.severity);
    case File:
        return s(d.file);
    case Problem:
        return s(d.what);
    case Count:
        return qlonglong(d.count);
    case FirstAt:
        return d.firstOffset >= 0 ? QVariant(qlonglong(d.firstOffset)) : QVariant(QString());
    case Excerpt:
        return s(d.excerpt);
    }
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == FirstAt)
        return tr("Where the first such problem is in its file: a byte offset (or a line, for text formats)");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Severity:
        return tr("Severity");
    case File:
        return tr("File");
    case Problem:
        return tr("Problem");
    case Count:
        return tr("Count");
    case FirstAt:
        return tr("First at");
    case Excerpt:
        return tr("Excerpt");
    }
    return {};
}

} // namespace rs::gui
