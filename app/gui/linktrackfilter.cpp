#include "app/gui/linktrackfilter.h"

#include <QLineEdit>
#include <QStringList>

namespace rs::gui {

LinkTrackFilter::LinkTrackFilter(QLineEdit* filter, views::InteractionState* state, QObject* parent)
    : QObject(parent), m_filter(filter), m_state(state) {
    connect(state, &views::InteractionState::selectionChanged, this, &LinkTrackFilter::onSelection);
    connect(filter, &QLineEdit::textChanged, this, &LinkTrackFilter::onTextChanged);
}

QString LinkTrackFilter::filterText(const QList<qint64>& ranks) {
    QStringList terms;
    for (qint64 r : ranks)
        terms << QString("rank %1").arg(r);
    return terms.join(", ");
}

void LinkTrackFilter::showRanks(const QList<qint64>& ranks) {
    QStringList numbers;
    for (qint64 r : ranks)
        numbers << QString::number(r);
    if (!m_active) m_user = m_filter->text(); // a link after a link: the user's filter is the first one's
    m_linkText = filterText(ranks);
    m_active = true;
    m_filter->setText(m_linkText);
    const QString which =
        numbers.size() == 1 ? tr("rank %1").arg(numbers[0]) : tr("ranks %1").arg(numbers.join(tr(" and ")));
    Q_EMIT message(
        m_user.isEmpty()
            ? tr("Track filter: %1 of the link; cleared again when the link is deselected (Esc)").arg(which)
            : tr("Track filter: %1 of the link; your filter \"%2\" comes back when the link is "
                 "deselected (Esc)")
                  .arg(which, m_user),
        10000);
}

bool LinkTrackFilter::escape() {
    if (m_state->selection().kind != views::Selection::Kind::CommLink) return false;
    m_state->clearSelection(); // onSelection gives the user's filter back
    return true;
}

void LinkTrackFilter::onSelection(const views::Selection& s) {
    if (!m_active || s.kind == views::Selection::Kind::CommLink) return;
    m_active = false;
    m_filter->setText(m_user);
    Q_EMIT message(m_user.isEmpty() ? tr("Track filter cleared: the link is deselected")
                                    : tr("Track filter back to \"%1\": the link is deselected").arg(m_user),
                   6000);
}

void LinkTrackFilter::onTextChanged(const QString& text) {
    // edited or cleared by the user (or a new profile): theirs now, nothing to restore over it
    if (m_active && text != m_linkText) m_active = false;
}

} // namespace rs::gui
