#pragma once
// File ▸ Diagnostics' table: one row per kind of per-record problem the import counted (severity, file,
// problem, count, byte offset or line of the first, an excerpt). SortRole holds numbers for the count and
// the offset, so a proxy sorts them as numbers; the text columns sort case-insensitively. GUI thread only.
#include "core/query/timelinequery.h"

#include <QAbstractTableModel>
#include <vector>

namespace rs::gui {

class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Severity, File, Problem, Count, FirstAt, Excerpt, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit DiagnosticsModel(QObject* parent = nullptr);
    void setDiagnostics(std::vector<query::DiagnosticDesc> rows);
    const query::DiagnosticDesc& diagnostic(int row) const { return m_rows.at(size_t(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

  private:
    std::vector<query::DiagnosticDesc> m_rows;
};

} // namespace rs::gui
