#include "views/common/distinctelide.h"

#include "views/common/kernellabel.h"

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
    // the two parts measured apart may run a pixel or two wider joined (kerning, rounding): trimmed to fit
    QString label;
    for (int slack = 0; slack <= 8; slack += 2) {
        label =
            head + fm.elidedText(t.mid(from), Qt::ElideRight, widthPx - fm.horizontalAdvance(head) - slack);
        if (fm.horizontalAdvance(label) <= widthPx) break;
    }
    return label;
}

/// Where different texts still share a label (too narrow for their difference), each such text gets a
/// numbered marker at its end ("…kernel_cta#2"): the label may lose more of the text, but never reads as
/// another's. The numbers run over the whole list (`next`, across rounds), so no two texts get one marker
/// and a label's last '#' says which it is. Equal texts keep equal labels.
void markLookAlikes(const std::vector<QString>& texts, std::vector<QString>& out, const QFontMetrics& fm,
                    int widthPx, int& next) {
    std::map<QString, std::map<QString, std::vector<size_t>>> byLabel; // label → text → indexes
    for (size_t i = 0; i < texts.size(); ++i)
        byLabel[out[i]][texts[i]].push_back(i);
    for (const auto& [label, byText] : byLabel) {
        if (byText.size() < 2) continue;
        for (const auto& [text, at] : byText) {
            const QString marker = QString("#%1").arg(next++);
            QString head = fm.elidedText(label, Qt::ElideRight, widthPx - fm.horizontalAdvance(marker));
            while (!head.isEmpty() && fm.horizontalAdvance(head + marker) > widthPx) // joined may be wider
                head = fm.elidedText(head, Qt::ElideRight, fm.horizontalAdvance(head) - 2);
            for (size_t i : at)
                out[i] = head + marker;
        }
    }
}

bool allDistinct(const std::vector<QString>& texts, const std::vector<QString>& labels) {
    std::map<QString, QString> textOf;
    for (size_t i = 0; i < texts.size(); ++i)
        if (!textOf.emplace(labels[i], texts[i]).second && textOf[labels[i]] != texts[i]) return false;
    return true;
}

} // namespace

std::vector<QString> elideDistinct(const std::vector<QString>& texts, const QFontMetrics& fm, int widthPx) {
    std::vector<QString> out;
    out.reserve(texts.size());
    std::map<QString, std::vector<size_t>> byLabel;
    for (size_t i = 0; i < texts.size(); ++i) {
        // a kernel signature by its function's name (shortKernelLabel), any other text in the middle
        out.push_back(shortKernelLabel(texts[i], fm, widthPx));
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
    // too narrow for the difference to show: numbered, until no two texts share a label (a marked label
    // might be another text's own; markers of a second round then tell those apart too)
    int next = 1;
    for (int round = 0; round < 3 && !allDistinct(texts, out); ++round)
        markLookAlikes(texts, out, fm, widthPx, next);
    return out;
}

} // namespace rs::views
