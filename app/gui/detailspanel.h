#pragma once
// The Details dock: what the selection is, in words, with the duration histogram of a chosen (op type,
// rank). Follows the interaction state: a span's details are read from the query service (name, op type,
// duration, start from the run's start, rank and track, step, category, file, its args); a tensor's size,
// address and lifetime; a step's waits and outlier cause; an op type's histogram. Whatever the panel showed
// belongs to the previous selection and is cleared (stale answers dropped) when it changes. A finding's
// sentence stays above the details of the selection it made. With nothing selected it shows the run's
// report. GUI thread only.
#include "app/gui/finding.h"
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QWidget>
#include <memory>

class QTextBrowser;

namespace rs::views {
class HistogramView;
}

namespace rs::gui {

class DetailsPanel : public QWidget {
    Q_OBJECT
  public:
    DetailsPanel(views::InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// The run shown: its report text until something is selected.
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// A finding was gone to: its sentence above what its selection shows.
    void showFinding(const Finding& f);
    QTextBrowser* text() const { return m_text; }
    views::HistogramView* histogram() const { return m_histogram; }
    /// The panel's text as shown (plain).
    QString plainText() const;
    /// The memory map has highlighted op type `op` on rank key `rank`: `tensors` of its bars name it
    /// (views::MemoryMapView::opHighlightShown). Said under the selected op type's details when it is that
    /// one; else dropped.
    void memoryHighlightShown(const QString& op, int rank, int tensors);
    /// The timeline has the `kernels` of op type `op` on rank key `rank` (SearchController::opKernelsDrawn):
    /// `notDrawn` of them on lanes it does not draw, `why` and `how` to show them. Where some are not drawn,
    /// Details says so instead of "highlighted" (a highlight on a filtered-out lane is seen by nobody).
    void timelineHighlightShown(const QString& op, int rank, qint64 kernels, qint64 notDrawn,
                                const QString& why, const QString& how);

  private:
    void onSelection(const views::Selection& s);
    void onSpanDetail(quint64 id, const std::optional<query::SpanDetail>& d);
    void onResult(quint64 id, const QVariant& v);
    void render();
    /// Rank key `key` as the lanes name it, with the index key where it differs.
    QString rankText(int key) const;
    /// "step 3", or "whole trace (no step marks)" for a rank's pseudo step (query/wholetracestep.h).
    QString stepName(int rank, int64_t step) const;
    QString spanHtml(const query::SpanDetail& d) const;
    /// The step row of a span in no step: before the first or after the last (which one).
    QString noStepText(const query::SpanDetail& d) const;
    QString tensorHtml(const views::Selection& s) const;
    QString stepHtml(const views::Selection& s) const;
    /// An op type's heading.
    QString opTypeHtml(const views::Selection& s) const;
    /// What is highlighted for an op type (query::highlightedOpTypes): its spans, the collectives whose
    /// algorithm memory records name it by, or nothing — never a highlight not drawn.
    QString opHighlightHtml(const views::Selection& s) const;
    QString linkHtml(const views::Selection& s) const;
    views::InteractionState* m_state;
    query::QueryService* m_service;
    QTextBrowser* m_text;
    views::HistogramView* m_histogram;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    quint64 m_detailRequest = 0, m_histRequest = 0;
    QString m_findingHtml;   ///< the finding gone to, above its selection's details
    QString m_body;          ///< the selection's details (HTML)
    QString m_memoryHtml;    ///< what the memory map highlights for the selected op type (HTML)
    QString m_highlightHtml; ///< what the timeline highlights for the selected op type (HTML)
};

} // namespace rs::gui
