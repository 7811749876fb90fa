#include "views/common/wordelide.h"

namespace rs::views {

namespace {
const QChar kEllipsis(0x2026);

/// Whether `text` may be cut before position `i`: a word ends there (a space follows, or a dash or a
/// slash is the last of the word).
bool wordEndsBefore(const QString& text, qsizetype i) {
    if (i <= 0 || i >= text.size()) return false;
    if (text[i].isSpace()) return !text[i - 1].isSpace();
    return text[i - 1] == '-' || text[i - 1] == '/';
}
} // namespace

QString elideAtWord(const QString& text, const QFontMetrics& fm, int widthPx) {
    if (fm.horizontalAdvance(text) <= widthPx) return text;
    // the heads only grow, so the last that fits is the longest; trailing punctuation is kept off the
    // ellipsis ("rank 1,…" read as a list going on)
    QString best;
    for (qsizetype i = 1; i < text.size(); ++i) {
        if (!wordEndsBefore(text, i)) continue;
        QString head = text.left(i);
        while (!head.isEmpty() && QStringLiteral(",;:·(").contains(head.back()))
            head.chop(1);
        head = head.trimmed();
        if (head.isEmpty()) continue;
        if (fm.horizontalAdvance(head + kEllipsis) > widthPx) break;
        best = head + kEllipsis;
    }
    return best.isEmpty() ? fm.elidedText(text, Qt::ElideRight, widthPx) : best;
}

} // namespace rs::views
