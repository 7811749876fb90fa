#pragma once
// Compare with…: runs a CompareJob (off the GUI thread) with the run shown as the baseline, hands the
// result to the Comparison panel and its verdict to the status bar, reads the spans behind a chosen
// delta, and turns a chosen op type into a selection on the shown run (the comparison names ranks by the
// producer's number; the shown run may key them apart). A comparison belongs to the run it was made on:
// clear() empties the panel and drops an answer still on its way. GUI thread only.
#include "core/query/timelinequery.h"
#include "views/common/interactionstate.h"

#include <QObject>
#include <memory>
#include <optional>

namespace rs::views {
class CompareView;
}

namespace rs::gui {

class CompareJob;

class CompareController : public QObject {
    Q_OBJECT
  public:
    CompareController(views::CompareView* view, views::InteractionState* state, QObject* parent = nullptr);
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// Compares `baselineRun` of `baselineDir` (the run shown) with `run` of `dir` (default: its default
    /// run).
    void compare(const QString& baselineDir, std::optional<int> baselineRun, const QString& dir,
                 std::optional<int> run);
    void clear();
    /// The selection for an op type chosen in the comparison (`dataRank`: the producer's rank number, -1:
    /// every rank), on the run shown.
    views::Selection selectionFor(const QString& opType, int dataRank) const;

  Q_SIGNALS:
    void compared(); ///< the panel shows a new comparison
    void message(const QString& text, int ms);

  private:
    void ensureJob();
    views::CompareView* m_view;
    views::InteractionState* m_state;
    CompareJob* m_job = nullptr;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    bool m_waiting = false; ///< a comparison was asked for and not cleared since
};

} // namespace rs::gui
