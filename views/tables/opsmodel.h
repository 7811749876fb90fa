#pragma once
// Table model of the device kernels and collectives of one rank in one step: start (relative to the
// step's start as its Steps row gives it: core/model/stepbounds.h; "before step" / "after step" for the
// band's ops outside those bounds), name, op type, duration, collective
// wait, track. Qt::UserRole holds raw numbers for sorting. GUI thread only.
#include "core/query/analysisqueries.h"

#include <QAbstractTableModel>
#include <memory>

namespace rs::views {

class OpsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Start, Name, OpType, Duration, Wait, Track, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    /// `originNs` … `endNs`: the step's bounds (ns), "start in step" counts from the start; `originText`
    /// says what they are (model::stepBoundsText), in the column's tooltip. A row of the step's band that
    /// starts outside them reads "before step −4.58 ms" / "after step +1.2 ms" (walk17b #13: MEMCPY_ASYNC
    /// tasks ran before the first task step_trace_time.csv counts, at a bare "−4.583 ms").
    void setRows(std::shared_ptr<const std::vector<query::OpRow>> rows, qint64 originNs, qint64 endNs,
                 const QString& originText);
    /// Rows that start before the step's start or at / after its end (by more than a µs: the shipped
    /// figures' rounding).
    int outsideCount() const;
    const query::OpRow* row(int r) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    QString startText(const query::OpRow& r) const; ///< the Start column's text
    bool outside(const query::OpRow& r) const;      ///< starts outside the step's bounds (beyond a µs)
    std::shared_ptr<const std::vector<query::OpRow>> m_rows;
    qint64 m_origin = 0, m_end = 0;
    QString m_originText;
};

} // namespace rs::views
