#pragma once
// msprof-analyze's own step figures (its cluster_step_trace_time.csv) under the Steps table: a caption that
// says whose figures they are, and a table of them as the report's section gives them (the producer's rows,
// Rankscope's own under the rank rows it matches, each row saying whose in its "by" column). Shown figures
// only: the app turns the summary's report into rows (core/query/producersummary.h); hidden when the folder
// has no such summary. A bold heading names them, and the table keeps a least height of a few rows: at the
// default dock size they were squeezed under the Steps table and easy to miss. Times are already formatted.
// GUI thread only.
#include <QStringList>
#include <QWidget>
#include <vector>

class QLabel;
class QStandardItemModel;
class QTableView;

namespace rs::views {

class ProducerFiguresView : public QWidget {
    Q_OBJECT
  public:
    explicit ProducerFiguresView(QWidget* parent = nullptr);
    /// The section's `lines` (said above the table), its `header` (with `headerTips`, what each column's
    /// figure is, as tooltips) and `rows`; no rows: nothing to show.
    void setFigures(const QStringList& lines, const QStringList& header, const std::vector<QStringList>& rows,
                    const QStringList& headerTips = {});
    bool hasFigures() const;
    QString caption() const;
    QString heading() const;
    /// The table's least height in pixels: its header and kLeastRows rows, so a small dock still shows them.
    int leastTableHeight() const;
    static constexpr int kLeastRows = 4;
    QTableView* table() const { return m_table; }

  private:
    QLabel* m_heading;
    QLabel* m_caption;
    QTableView* m_table;
    QStandardItemModel* m_model;
};

} // namespace rs::views
