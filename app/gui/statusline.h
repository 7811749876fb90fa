#pragma once
// The status bar's permanent fields: the profile (path, ranks, tracks — "N of M tracks (filtered)" while a
// track filter is set — and the run's length), the selection in words, and the time window as offsets
// from the run's start with its width; while the timeline draws an annotation without its label, that it
// does. Counts take their noun in the right number ("1 rank"). GUI thread
// only.
#include "core/query/timelinequery.h"
#include "views/common/interactionstate.h"

#include <QObject>
#include <memory>

class QLabel;
class QStatusBar;
namespace rs::views {
class ElidedLabel;
}

namespace rs::gui {

class StatusLine : public QObject {
    Q_OBJECT
  public:
    StatusLine(QStatusBar* bar, views::InteractionState* state);
    /// While a profile is indexed (or failed): the one line says so.
    void setMessage(const QString& text);
    void setSummary(const QString& profile, std::shared_ptr<const query::ProfileSummary> s);
    /// `shownTracks`: tracks the filter leaves; `filtered`: a filter is set.
    void setTracksShown(int shownTracks, bool filtered);
    /// The annotations the timeline draws without their label at this zoom, by text (empty: the field is
    /// hidden): "1 annotation label hidden (too narrow at this zoom; hover to read)", the texts in its
    /// tooltip.
    void setHiddenLabels(const QStringList& texts);
    QString hiddenLabelsText() const; ///< "" while none is hidden
    QString profileText() const;      ///< the profile's line whole (the bar may show it elided)
    QString profileShown() const;     ///< as the bar shows it
    QString windowText() const;
    QString selectionText() const;
    /// The words for a selection ("op MatMul on rank 3").
    /// The selection in words; ranks named as the lanes name them (the data rank, not the key).
    QString describe(const views::Selection& s) const;
    /// " · wall 295 ms (step_trace_time.csv) · wait not known" for a selected step ("" unknown step).
    QString stepFacts(const views::Selection& s) const;

  private:
    void updateProfile();
    /// "108 tracks + 2 memory lanes", "3 of 110 lanes (filtered; …)": the index's tracks as `rankscope
    /// info` counts them, the memory lanes the timeline adds apart.
    QString tracksText() const;
    void updateWindow();
    static constexpr int kSelectionWidth = 420; ///< px: the selection's text is elided past it
    views::InteractionState* m_state;
    views::ElidedLabel* m_profile; ///< elided at a word to the bar's room, whole in its tooltip
    QLabel *m_window, *m_selection;
    QLabel* m_hiddenLabels; ///< shown only while a label is hidden
    QString m_path;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    int m_shownTracks = -1;
    bool m_filtered = false;
};

} // namespace rs::gui
