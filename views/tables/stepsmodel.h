#pragma once
// Table model of every rank × step with its breakdown (wall, compute, communication, wait, idle,
// preparing). "comm" is the communication not overlapped with compute on every producer, so compute + comm +
// idle make the wall; the communication hidden behind compute is its own column ("overlapped"). Outlier
// steps marked (background, cause in the tooltip); a compute, communication, idle or
// preparing time nothing measured (or the producer left unrecorded) shows "—" with the reason in its tooltip.
// Only the shown run's ranks are listed, named as the lanes name them (the producer's number, not the rank
// key that tells colliding runs apart). The "wall from" column says where each wall comes from
// (core/model/stepwall.h); a shipped wall the rank's events cover clearly less of is flagged (⚠, an orange
// mark, the numbers in the tooltip). A wait nothing could measure reads "not known" with core's reason
// (core/query/waitknowledge.h), as the report says. A stub last step (core/query/stubsteps.h, the report's
// rule) is greyed and italic, its cause column says "stub: left out of medians" and every cell's tooltip
// gives the reason, so it does not read as an ordinary step. The wall's tooltip names the step's bounds
// every view uses (core/model/stepbounds.h) where the step marker's band differs from them. Qt::UserRole
// holds raw numbers for sorting
// (-1: unknown). GUI thread only.
#include "core/query/analysisqueries.h"

#include <QAbstractTableModel>
#include <map>
#include <memory>
#include <set>

namespace rs::views {

class StepsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        Rank,
        Step,
        Wall,
        WallFrom,
        Compute,
        Comm,
        Overlapped,
        Wait,
        Idle,
        Preparing,
        Cause,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;
    /// The shown run: its rank keys (empty: every rank), the producer's number per key
    /// (ProfileSummary::dataRank). Clears the rows.
    void setRun(std::set<int> rankKeys, std::map<int, int> dataRank);
    /// Every rank's steps; rows of ranks outside the shown run are dropped (another run's clock).
    void setRows(std::shared_ptr<const std::vector<query::StepRow>> rows);
    int shownRank(int key) const; ///< the number the lanes show for rank key `key`
    const query::StepRow* row(int r) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    static QVariant toolTip(const query::StepRow& r, Column c, int rank);
    QVariant toolTipOf(const query::StepRow& r, Column c) const;
    QString wallToolTip(const query::StepRow& r) const;
    static QString breakdownToolTip(const query::StepRow& r); ///< all, not overlapped, overlapped; the sum
    static QString boundsToolTip(const query::StepRow& r);    ///< the step's bounds every view uses
    std::shared_ptr<const std::vector<query::StepRow>> m_rows;
    std::set<int> m_rankKeys;
    std::map<int, int> m_dataRank;
};

} // namespace rs::views
