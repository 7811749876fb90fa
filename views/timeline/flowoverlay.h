#pragma once
// The flow arrows a timeline frame draws: the selected span's (both directions, always) followed by the
// window's of the categories turned on (View ▸ Show flows in the window), each once. Built by the view
// from the query service's answers (core/query/flowquery.h); shared immutable by the frames that draw it.
// Pure value; any thread.
#include "core/query/flowquery.h"

#include <cstdint>
#include <vector>

namespace rs::views {

struct FlowOverlay {
    std::vector<query::FlowArrow> arrows;
    int64_t spanId = 0;    ///< the selected span whose arrows lead (0: none)
    size_t spanArrows = 0; ///< arrows [0, spanArrows) are that span's
    /// The window's arrows are some of more (query::FlowArrows::truncated): the frame says so.
    bool windowTruncated = false;
    /// The arrows the window has (the note's "N of M"); a lower bound when windowMatchedAtLeast.
    int64_t windowMatched = 0;
    bool windowMatchedAtLeast = false;
    /// Sets the window's part of the note from its query's answer.
    void setWindowCounts(const query::FlowArrows& window) {
        windowTruncated = window.truncated && !window.arrows.empty();
        windowMatched = window.matched;
        windowMatchedAtLeast = window.matchedAtLeast;
    }

    /// The selected span's arrows, then those of `window` not among them.
    static FlowOverlay merge(int64_t spanId, const std::vector<query::FlowArrow>& span,
                             const std::vector<query::FlowArrow>& window);
    /// The span at the other end of the selected span's arrows: `back` when one of them leads there (J went
    /// host op → kernel, it comes back), else the first that leaves it (host op → kernel), else the first
    /// that reaches it (kernel → host op); null when it has none.
    const query::FlowEnd* next(int64_t back = 0) const;
};

} // namespace rs::views
