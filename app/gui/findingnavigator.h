#pragma once
// Where each finding kind points, in one place: the window (the finding's time, else its step), the
// selection (a stall's or late rank's culprit collective; a slow card's collective with its slowest op type,
// so the heatmap outlines that cell; a straggler's or bank anomaly's op type; an outlier step) and the panel
// raised (heatmap, memory). Findings are the report's JSON objects. GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QString>
#include <memory>
#include <nlohmann/json_fwd.hpp>

class QMainWindow;

namespace rs::views {
class HeatmapView;
}

namespace rs::gui {

class FindingNavigator {
  public:
    FindingNavigator(QMainWindow* window, views::InteractionState* state, views::HeatmapView* heatmap);
    /// The profile (run) on screen: its steps locate a finding that names only a step.
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// Goes to `f` in every view; returns the Details panel's text for it.
    QString go(const nlohmann::json& f);
    /// The op type a slow_rank / straggler finding names first (its affected.op_types), or empty.
    static QString slowestOpOf(const nlohmann::json& f);

  private:
    QMainWindow* m_window;
    views::InteractionState* m_state;
    views::HeatmapView* m_heatmap;
    std::shared_ptr<const query::ProfileSummary> m_summary;
};

} // namespace rs::gui
