#pragma once
// The Findings dock: the run's findings in a table (FindingsModel through a sorting proxy; the report's
// order until a header is clicked), the sentence column wrapped, or a line saying there is none (and
// where the notes are when the run has some). A click, Enter or a double click on a row asks to go to
// that finding (findingActivated); the window's FindingNavigator does the going. GUI thread only.
#include "app/gui/finding.h"
#include "core/query/nofindings.h"
#include "core/query/timelinequery.h"
#include "views/common/interactionstate.h"

#include <QWidget>
#include <array>
#include <map>
#include <optional>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace rs::gui {

class FindingsModel;

/// What the Findings panel's line shown instead of an empty table is made of.
struct NoFindingsContext {
    /// What decides its first words, as it decides the reports' (core/query/nofindings.h).
    query::NoFindingsFacts facts;
    bool hasNotes = false; ///< the run has notes below the timeline's lanes: the line points to them
    int longSteps = 0;     ///< steps marked as outliers that cost the job no time: the line says why
};

class FindingsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit FindingsPanel(QWidget* parent = nullptr);
    /// The run's findings; with none, the line `none` words.
    void setFindings(std::vector<Finding> findings, const std::map<int, int>& dataRank,
                     const NoFindingsContext& none = {});
    void clear();
    FindingsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    /// The finding shown in row `row` of the (sorted) table.
    const Finding* findingAt(int row) const;
    /// As a click on row `row` does.
    void activate(int row);
    /// The selection the activated finding left in the interaction state (after going to it).
    void setActivatedSelection(const views::Selection& s);
    /// The shared selection changed: the highlighted row stays only while it is still the finding's own
    /// (another pick — a span, a cell, a step — leaves no row claiming to be what is shown). A selection a
    /// finding of this run left (Navigate ▸ Back to it) highlights that finding's row again and emits
    /// findingRestored (walk 39: Back restored the window and the span, no row and no finding text).
    void followSelection(const views::Selection& s);
    /// The highlighted finding's place in the run's findings (the model's row: the report's order, not the
    /// sorted table's); -1 with no row highlighted. What a saved view keeps (ViewState::finding).
    int shownFinding() const;
    /// A saved view's finding (shownFinding) that went to `s`, the selection the view restores: its row
    /// highlighted and findingRestored emitted (Details shows its text), nothing moved. False (no row) when
    /// the run has no finding `row`.
    bool restoreFinding(int row, const views::Selection& s);
    /// The line shown instead of the table ("No problems found."), empty while the table shows.
    QString emptyText() const;

  Q_SIGNALS:
    void findingActivated(const rs::gui::Finding& f);
    /// The selection came back to `f`'s (Back/Forward): its row is highlighted again, nothing is moved.
    void findingRestored(const rs::gui::Finding& f);

  protected:
    void resizeEvent(QResizeEvent* e) override;

  private:
    void fitColumns();
    /// Hides the kind and step columns while the sentence would get under kSentenceMinChars beside them,
    /// the rank column too while it would beside the rank and cost, and the cost only while the sentence
    /// would get under kSentenceFloorChars beside it alone.
    void fitToWidth();
    static constexpr int kSentenceMinChars = 26;   ///< average characters a line
    static constexpr int kSentenceFloorChars = 20; ///< average characters a line, beside the cost
    std::array<int, 4> m_fitted{};                 ///< the short columns' widths fitColumns gave (px)
    void fitRows();
    FindingsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QLabel* m_empty;
    bool m_activating = false;
    std::optional<views::Selection> m_activated; ///< the selected row's selection; none: no row
    int m_activatedRow = -1;                     ///< the model row of the finding activated last
    std::map<int, views::Selection> m_left;      ///< by model row: the selection each finding went to
};

/// The line's context for the run `s` shows: its damaged files, whether it lacks ranks, its notes and its
/// long steps (what MainWindow passes with its findings).
NoFindingsContext noneContextOf(const query::ProfileSummary& s);

} // namespace rs::gui
