#pragma once
// A table's sort-and-filter proxy that reads its filter as the timeline's track filter does
// (views/common/filterterms.h): "rank 5" keeps the rows whose rank column is 5, "step 11" those of step 11,
// "rank 4, rank 5" either, and the words left over must appear in a cell of the row. Walk 23: a substring
// filter listed every rank's step 11 for "rank 5", their cause naming rank 5. The rank and step columns'
// Qt::UserRole hold the numbers (the rank as the lanes show it). Without terms (setTerms("")) the plain
// QSortFilterProxyModel filter applies. GUI thread only.
#include "views/common/filterterms.h"

#include <QSortFilterProxyModel>
#include <vector>

namespace rs::views {

class TermFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
  public:
    TermFilterProxy(int rankColumn, int stepColumn, QObject* parent = nullptr);
    /// The filter as typed; "" shows every row.
    void setTerms(const QString& text);

  protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    /// Whether a cell of the row shows `phrase` (case-insensitive).
    bool rowShows(int sourceRow, const QModelIndex& sourceParent, const QString& phrase) const;
    int m_rankColumn, m_stepColumn;
    std::vector<FilterClause> m_clauses;
};

} // namespace rs::views
