#include "core/analysis/endbinder.h"

#include <algorithm>

namespace rs::analysis {

namespace {

bool encloses(const BindSlice& s, int64_t ts) {
    return s.tsNs <= ts && (ts < s.tsNs + s.durNs || (s.durNs == 0 && ts == s.tsNs));
}

bool bindsToNextSlice(const FlowEnd& e) {
    return e.phase == 'f' && !e.bindEnclosing;
}

} // namespace

void EndBinder::bindEnclosing(FlowEnd& e) const {
    e.spanId = -1;
    for (size_t i = m_open.size(); i-- > 0;)
        if (encloses(m_open[i], e.tsNs)) {
            e.spanId = m_open[i].spanId;
            return;
        }
}

void EndBinder::feed(const BindSlice& s) {
    // an end is decided by the first slice past what it may bind to: a next-slice end takes the first
    // slice at or after its ts; an enclosing end waits until every slice starting at its ts is open
    for (; m_next < m_ends.size(); ++m_next) {
        FlowEnd& e = *m_ends[m_next];
        if (bindsToNextSlice(e)) {
            if (s.tsNs < e.tsNs) break;
            e.spanId = s.spanId;
        } else {
            if (s.tsNs <= e.tsNs) break;
            bindEnclosing(e);
        }
    }
    const size_t d = size_t(std::max(0, s.depth));
    if (m_open.size() > d) m_open.resize(d);
    m_open.push_back(s);
}

void EndBinder::finish() {
    for (; m_next < m_ends.size(); ++m_next) {
        FlowEnd& e = *m_ends[m_next];
        if (bindsToNextSlice(e))
            e.spanId = -1;
        else
            bindEnclosing(e);
    }
}

} // namespace rs::analysis
