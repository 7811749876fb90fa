#pragma once
// Compare with…: runs a CompareJob (off the GUI thread) between the run shown and another one, hands the
// result to the Comparison panel and its verdict to the status bar, reads the spans behind a chosen
// delta, and turns a chosen op type into a selection on the shown run (the comparison names ranks by the
// producer's number; the shown run may key them apart). Which side the run shown is, is explicit: against
// another profile (Compare with…) it is the candidate and the chosen one the baseline, as `rankscope compare
// BASELINE CANDIDATE` reads for an engineer who opened the new run and picks a known-good one (walk 6: the
// app made the open run the baseline and said PASS where the CLI said FAIL); against another run of the
// folder shown (Compare with run ▸ Run 1, run 0 shown) it is the baseline and the chosen run the candidate,
// as `rankscope compare DIR DIR --baseline-run 0 --candidate-run 1` reads "compare run 0 with run 1" (the app
// made run 1 the baseline). swap() flips it for the run shown, until another profile or run is shown (walk
// 18b: a remembered Swap turned every later comparison round, in later sessions too, with nothing saying
// so). A comparison belongs to the run it was made on: clear() empties the panel, drops an answer still on
// its way and puts the sides back. GUI thread only.
#include "app/gui/finding.h"
#include "app/gui/viewstate.h"
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
    /// Compares `baselineRun` of `baselineDir` with `candidateRun` of `candidateDir` (nullopt: the
    /// profile's default run), as given.
    void compare(const QString& baselineDir, std::optional<int> baselineRun, const QString& candidateDir,
                 std::optional<int> candidateRun);
    /// Compares the run shown (`openRun` of `openDir`) with `otherRun` of `otherDir`, the run shown the
    /// baseline when openIsBaselineFor(the other is a run of `openDir`).
    void compareOpenWith(const QString& openDir, std::optional<int> openRun, const QString& otherDir,
                         std::optional<int> otherRun);
    /// Whether the run shown is the baseline against another run of its folder (`otherRun`: by default it
    /// is, the chosen run the candidate) or against another profile (by default it is the candidate).
    bool openIsBaselineFor(bool otherRun) const { return otherRun != m_swapped; }
    /// Whether the run shown is the baseline of the last compareOpenWith (else of one with another profile).
    bool openIsBaseline() const { return openIsBaselineFor(m_otherIsRun); }
    /// Flips which side the run shown is, until clear(), and compares the last pair again the other way
    /// round (when a comparison is on the panel or on its way).
    void swap();
    /// Empties the panel and puts the sides back to the default (a new profile or run is shown).
    void clear();
    /// The comparison of the run shown, for a saved view: its other side and direction; nullopt when none
    /// was asked for since clear().
    std::optional<SavedComparison> saved() const;
    /// Compares the run shown (`openRun` of `openDir`) with a saved view's other side, in its direction.
    void restore(const QString& openDir, std::optional<int> openRun, const SavedComparison& c);
    /// A comparison was asked for and has not yet answered (nor been cleared).
    bool waiting() const { return m_waiting; }
    /// Why the last comparison asked for failed; empty when it did not (or is still on its way).
    const QString& failure() const { return m_failure; }
    /// The selection for an op type chosen in the comparison (`dataRank`: the producer's rank number, -1:
    /// every rank), on the run shown.
    views::Selection selectionFor(const QString& opType, int dataRank) const;
    /// A comparison's link row as the slow-link finding of that matrix cell (the same navigation: the cell
    /// outlined in the Communication tab, its two ranks filtered in).
    static Finding linkFinding(qint64 src, qint64 dst, const QString& group);
    /// A comparison's bank row as the bank_anomaly finding of `opType` on the run shown's rank for
    /// `dataRank` (the producer's number): its memory map, at the op's tensors. No rank when the run shown
    /// has none such.
    Finding bankFinding(const QString& opType, int dataRank) const;

  Q_SIGNALS:
    /// A link or bank row was activated: the finding to go to, as the Findings panel goes to one.
    void findingChosen(const rs::gui::Finding& f);
    void compared(); ///< the panel shows a new comparison
    void cleared();  ///< the panel shows none (a new profile or run)
    void message(const QString& text, int ms);

  private:
    void ensureJob();
    void run(); ///< compares m_open and m_other in the direction openIsBaseline() says
    struct Side {
        QString dir;
        std::optional<int> run;
    };
    views::CompareView* m_view;
    views::InteractionState* m_state;
    Side m_open, m_other;      ///< compareOpenWith's last pair
    bool m_swapped = false;    ///< Swap turned the default direction round (until clear())
    bool m_otherIsRun = false; ///< m_other is another run of m_open's folder
    bool m_havePair = false;   ///< m_open/m_other hold a pair not cleared since
    CompareJob* m_job = nullptr;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    bool m_waiting = false; ///< a comparison was asked for and not cleared since
    QString m_failure;
};

} // namespace rs::gui

Q_DECLARE_METATYPE(rs::gui::Finding)
