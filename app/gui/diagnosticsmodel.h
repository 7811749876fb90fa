#pragma once
// File ▸ Diagnostics' table: one row per kind of per-record problem the import counted (severity, file,
// problem, count, byte offset or line of the first, an excerpt). SortRole holds numbers for the count and
// the offset, so a proxy sorts them as numbers; the text columns sort case-insensitively. asText() gives
// rows as tab-separated text with a header line, for the clipboard. GUI thread only.
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

    /// `rows` of `model` (a proxy over this model, or this model) as tab-separated text with the header
    /// first; tabs and line breaks inside a cell become spaces.
    static QString asText(const QAbstractItemModel& model, const std::vector<int>& rows);

  private:
    std::vector<query::DiagnosticDesc> m_rows;
};

} // namespace rs::gui
