#pragma once
// The track filter while a communication link is chosen: a link click shows its two ranks on the timeline
// by putting "rank 1, rank 5" in the filter (visible, clearable) — for as long as the link stays selected.
// The user's own filter is kept aside and comes back when the link is deselected (another selection, Esc,
// a click on empty space), and the status bar says both (walk 10: a link click replaced the user's filter
// for good). A filter the user edits meanwhile is theirs: nothing is restored over it. GUI thread only.
#include "views/common/interactionstate.h"

#include <QList>
#include <QObject>
#include <QString>

class QLineEdit;

namespace rs::gui {

class LinkTrackFilter : public QObject {
    Q_OBJECT
  public:
    LinkTrackFilter(QLineEdit* filter, views::InteractionState* state, QObject* parent = nullptr);
    /// A link's ranks (data ranks, global) into the filter; the user's filter is kept aside.
    void showRanks(const QList<qint64>& ranks);
    /// The filter that shows `ranks` ("rank 1, rank 5"): the app's, and `export --state`'s of a saved
    /// view's link, so both picture the same lanes.
    static QString filterText(const QList<qint64>& ranks);
    /// True while the filter shows a link's ranks.
    bool active() const { return m_active; }
    /// The user's filter kept aside (meaningful while active()).
    const QString& userFilter() const { return m_user; }
    /// Esc that no widget took (the window's): deselects a selected link, so its filter goes as the status
    /// bar says (issue 19: Esc on the comm view left it). False (nothing done) when no link is selected.
    bool escape();

  Q_SIGNALS:
    /// What happened to the filter, for the status bar (shown for `ms`).
    void message(const QString& text, int ms);

  private:
    void onSelection(const views::Selection& s);
    void onTextChanged(const QString& text);
    QLineEdit* m_filter;
    views::InteractionState* m_state;
    bool m_active = false;
    QString m_user;     ///< the user's filter before the link
    QString m_linkText; ///< what the link put there
};

} // namespace rs::gui
