#include "views/common/distinctelide.h"

#include <algorithm>
#include <map>

namespace rs::views {

namespace {

int commonPrefix(const QString& a, const QString& b) {
    const int n = int(std::min(a.size(), b.size()));
    int i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

/// A short head, then the text from a few characters before `diff` (where it first differs from its
/// look-alikes) for the rest of the width: the part that tells it apart stays visible.
QString keepDifference(const QString& t, int diff, const QFontMetrics& fm, int widthPx) {
    constexpr int kContext = 4; // characters kept before the difference, so it reads as part of a word
    const int from = std::max(0, diff - kContext);
    // the difference lies within the head's third: elided at the right, the label still shows it
    if (fm.horizontalAdvance(t.left(from)) <= widthPx / 3) return fm.elidedText(t, Qt::ElideRight, widthPx);
    const QString head = fm.elidedText(t.left(from), Qt::ElideRight, widthPx / 3); // ends with "…"
    return head + fm.elidedText(t.mid(from), Qt::ElideRight, widthPx - fm.horizontalAdvance(head));
}

} // namespace

std::vector<QString> elideDistinct(const std::vector<QString>& texts, const QFontMetrics& fm, int widthPx) {
    std::vector<QString> out;
    out.reserve(texts.size());
    std::map<QString, std::vector<size_t>> byLabel;
    for (size_t i = 0; i < texts.size(); ++i) {
        out.push_back(fm.elidedText(texts[i], Qt::ElideMiddle, widthPx));
        byLabel[out.back()].push_back(i);
    }
    for (const auto& [label, same] : byLabel) {
        for (size_t i : same) {
            int diff = -1; // the longest prefix shared with another text of the same label
            for (size_t j : same)
                if (texts[j] != texts[i]) diff = std::max(diff, commonPrefix(texts[i], texts[j]));
            if (diff >= 0) out[i] = keepDifference(texts[i], diff, fm, widthPx);
        }
    }
    return out;
}

} // namespace rs::views
