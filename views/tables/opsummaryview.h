#pragma once
// The whole run's kernels by op type and rank in one sortable table (count, total, mean, median, p95,
// max, ratio to the cross-rank median), with a filter; a row the user moves to selects (op type, rank) in
// every view and emits rowChosen (the app then takes the timeline to its longest kernel). Data from the query
// service (op_stat). GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QWidget>

class QLineEdit;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace rs::views {

class OpSummaryModel;
class OpSummaryNameDelegate;

class OpSummaryView : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kMaxNameWidth = 360; ///< px: longer op type names are elided (whole in the tooltip)
    OpSummaryView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// A profile (or run) opened: its ranks' rows are asked for.
    void setProfile(const std::vector<int>& ranks);
    /// Empties the filter field: another profile or run opened (walk15a #6: "Memcpy" typed on amd_trace
    /// left the next profile's table empty).
    void clearFilter();
    QString filterText() const;
    OpSummaryModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    /// The op type's name as the table draws it for the name column's width (whole in the tooltip).
    QString shownName(const QString& opType) const;
    /// The line under the table: "Loading …" while the rows are asked for, then how many there are.
    QString captionText() const;
    /// The text in the empty table's middle when the data has no row (the model's emptyReason), "" else.
    QString emptyText() const;

  Q_SIGNALS:
    void rowChosen(const QString& opType, int rank);

  protected:
    void resizeEvent(QResizeEvent* e) override;

  private:
    void onCurrent(const QModelIndex& cur);
    void updateCaption(); ///< rows shown of all, or that the filter matches none
    void relabel();       ///< the names' labels for the name column's width (distinct)
    InteractionState* m_state;
    query::QueryService* m_service;
    OpSummaryModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_filter;
    QLabel* m_caption;
    QLabel* m_empty; ///< over the table's viewport: why it has no row (the caption may be scrolled away)
    OpSummaryNameDelegate* m_names;
    quint64 m_pending = 0;
};

} // namespace rs::views
