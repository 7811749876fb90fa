#pragma once
// The comparison of the open run (baseline) with another run (candidate): the verdict, the regression
// list (worst first; one row per delta), the delta heatmap and the overlaid step-time distributions.
// Activating a regression or a heatmap cell emits opTypeChosen so the app can select that op type in the
// baseline's views. Data comes ready-made (core/compare, built off the GUI thread). GUI thread only.
#include "core/compare/comparisondata.h"

#include <QWidget>
#include <memory>

class QLabel;
class QTreeWidget;

namespace rs::views {

class DeltaGrid;
class StepOverlay;

class CompareView : public QWidget {
    Q_OBJECT
  public:
    explicit CompareView(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const compare::ComparisonData> d);
    const compare::ComparisonData* data() const { return m_data.get(); }
    QTreeWidget* regressionList() const { return m_list; }
    DeltaGrid* deltaGrid() const { return m_grid; }
    StepOverlay* stepOverlay() const { return m_steps; }
    QString verdictText() const;

  Q_SIGNALS:
    void opTypeChosen(QString opType, int rank);

  private:
    std::shared_ptr<const compare::ComparisonData> m_data;
    QLabel* m_verdict;
    QTreeWidget* m_list;
    DeltaGrid* m_grid;
    StepOverlay* m_steps;
};

} // namespace rs::views
