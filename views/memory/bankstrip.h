#pragma once
// Per-HBM-bank occupancy over time, one thin row per bank (bytes alive ÷ bank size, as colour), aligned on
// the memory map's time axis. Computed from the tensors already loaded (difference arrays: linear time).
// GUI thread only.
#include "core/query/analysisqueries.h"

#include <QWidget>
#include <memory>

namespace rs::views {

class BankStrip : public QWidget {
    Q_OBJECT
  public:
    explicit BankStrip(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const query::MemoryMapData> d);
    void setTimeWindow(qint64 t0, qint64 t1);
    /// Occupancy (0…1+) of `bank` in each of `buckets` equal slices of [t0, t1) — for tests.
    std::vector<double> occupancy(int bank, int buckets) const;
    QSize sizeHint() const override;

  protected:
    void paintEvent(QPaintEvent*) override;

  private:
    int bankRows() const;
    QFont labelFont() const;    ///< the banks' labels'
    int labelledHeight() const; ///< px: a label on every bank's row (up to 16 banks)
    std::shared_ptr<const query::MemoryMapData> m_data;
    qint64 m_t0 = 0, m_t1 = 1;
};

} // namespace rs::views
