#include "views/common/interactionstate.h"

#include <QTimer>
#include <algorithm>
#include <limits>

namespace rs::views {

void InteractionState::setBounds(qint64 startNs, qint64 endNs) {
    m_lo = startNs;
    m_hi = std::max(endNs, startNs + 1);
    m_back.clear();
    m_forward.clear();
    m_beforeSelection.reset();
    m_t0 = m_lo;
    m_t1 = m_hi;
    Q_EMIT historyChanged();
    Q_EMIT windowChanged(m_t0, m_t1);
}

void InteractionState::recordWindow() {
    if (m_restoring) return;
    const HistoryEntry e = m_beforeSelection ? *m_beforeSelection : current();
    m_beforeSelection.reset();
    if (!m_back.empty() && m_back.back().t0 == e.t0 && m_back.back().t1 == e.t1 &&
        m_back.back().selection == e.selection)
        return;
    m_back.push_back(e);
    if (m_back.size() > 200) m_back.erase(m_back.begin());
    m_forward.clear();
    Q_EMIT historyChanged();
}

void InteractionState::setWindow(qint64 t0, qint64 t1, bool record) {
    // at most one profile length of margin on either side: a zoom to a span as long as the run (a search
    // hit padded by 4x its length) ran the end past boundsEnd by several run lengths, only the start was
    // held (saturating: bounds near the int64 limits must not overflow)
    const qint64 span = m_hi - m_lo;
    qint64 hiLimit;
    if (__builtin_add_overflow(m_hi, span, &hiLimit)) hiLimit = std::numeric_limits<qint64>::max();
    t0 = std::clamp(t0, m_lo - span, hiLimit - 1);
    t1 = std::clamp(t1, t0 + 1, hiLimit);
    if (t0 == m_t0 && t1 == m_t1) return;
    if (record) recordWindow();
    m_t0 = t0;
    m_t1 = t1;
    Q_EMIT windowChanged(m_t0, m_t1);
}

void InteractionState::restore(const HistoryEntry& e) {
    m_restoring = true;
    setSelection(e.selection); // the views follow it (the timeline may move the window: overruled below)
    m_restoring = false;
    m_t0 = e.t0;
    m_t1 = e.t1;
    Q_EMIT historyChanged();
    Q_EMIT windowChanged(m_t0, m_t1);
}

void InteractionState::back() {
    if (m_back.empty()) return;
    m_forward.push_back(current());
    const HistoryEntry e = m_back.back();
    m_back.pop_back();
    restore(e);
}

void InteractionState::forward() {
    if (m_forward.empty()) return;
    m_back.push_back(current());
    const HistoryEntry e = m_forward.back();
    m_forward.pop_back();
    restore(e);
}

void InteractionState::setSelection(const Selection& s) {
    if (s == m_selection) return;
    if (!m_restoring && !m_beforeSelection) {
        m_beforeSelection = current();
        QTimer::singleShot(0, this, [this] { m_beforeSelection.reset(); });
    }
    m_selection = s;
    Q_EMIT selectionChanged(m_selection);
}

void InteractionState::setHoverNs(qint64 ns) {
    if (ns == m_hoverNs) return;
    m_hoverNs = ns;
    Q_EMIT hoverChanged(ns);
}

void InteractionState::setArea(const MarkedArea& a) {
    if (a == m_area) return;
    m_area = a;
    Q_EMIT areaChanged(m_area);
}

} // namespace rs::views
