#pragma once
// Table model of the whole run's device kernels by (op type, rank): count, total, mean, median, p95 and max
// duration, the heatmap's ratio ("× same kernels": the rank's kernels against the same kernels on the run's
// ranks, kernel name by kernel name, the figure the straggler test judges), and whether a finding tells that
// cell (straggler). The cell's tooltip gives the op type's plain median over ranks beside it, named as such:
// the two differ where the ranks ran different mixes of the op type's kernels. Built from the op × rank
// heatmap data (op_stat). Qt::UserRole holds raw numbers for sorting. GUI thread.
#include "core/query/analysisqueries.h"

#include <QAbstractTableModel>
#include <memory>

namespace rs::views {

class OpSummaryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { OpType, Rank, Count, Total, Mean, Median, P95, Max, Ratio, ColumnCount };
    struct Row {
        QString opType, rankLabel;
        int rankKey;
        query::HeatCell cell;
        int64_t opTypeMedianNs = 0; ///< the op type's median over the shown ranks (HeatmapData::rowMedianNs)
        /// The rank's files that were cut or not read (HeatmapData::cutRanks), empty when whole: the row
        /// holds part of its kernels and its ratio compares a partial rank.
        QString cutFiles;
        /// The kernel names the op type merges on this rank with their counts (kernelNamesTip), "" for one
        QString kernelNames = {};
    };
    using QAbstractTableModel::QAbstractTableModel;
    /// Rows of an op × rank heatmap (other modes, or null, empty the table).
    void setData(std::shared_ptr<const query::HeatmapData> d);
    const Row* row(int r) const;
    /// query::cutRanksNote of the data: which ranks' rows are partial, empty when none is.
    const QString& cutNote() const { return m_cutNote; }
    /// Why an op × rank heatmap gave no row, in the heatmap's words ("No device kernels: the profile has no
    /// device (compute) lanes"); empty while it has rows, or before any data.
    const QString& emptyReason() const { return m_emptyReason; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    static QString toolTip(const Row& r);
    std::vector<Row> m_rows;
    QString m_cutNote;
    QString m_emptyReason;
};

} // namespace rs::views
