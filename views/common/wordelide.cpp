#include "views/common/wordelide.h"

#include <QTextCursor>
#include <QTextDocument>
#include <algorithm>
#include <memory>
#include <vector>

namespace rs::views {

namespace {
const QChar kEllipsis(0x2026);

/// Whether `c` is a space a line may break at: a no-break space glues what it stands between (the memory
/// key's swatch and its op's name: cut there, the key ended "■ …", issue 19 #2).
bool breaksAt(QChar c) {
    return c.isSpace() && c != QChar::Nbsp && c != QChar(0x202F) && c != QChar(0x2007);
}

/// Whether `text` may be cut before position `i`: a word ends there (a space follows, or a dash or a
/// slash is the last of the word).
bool wordEndsBefore(const QString& text, qsizetype i) {
    if (i <= 0 || i >= text.size()) return false;
    if (breaksAt(text[i])) return !text[i - 1].isSpace();
    return text[i - 1] == '-' || text[i - 1] == '/';
}

/// Where a head cut before `i` ends once the punctuation and spaces before the cut are dropped.
qsizetype headEnd(const QString& text, qsizetype i) {
    while (i > 0 && (text[i - 1].isSpace() || QStringLiteral(",;:·(").contains(text[i - 1])))
        --i;
    return i;
}

/// `doc` cut at `end` (a position of its text) with "…" after it, in the formatting there.
std::unique_ptr<QTextDocument> cutAt(const QTextDocument& doc, qsizetype end) {
    std::unique_ptr<QTextDocument> cut(doc.clone());
    QTextCursor c(cut.get());
    c.setPosition(int(end));
    c.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    c.removeSelectedText();
    c.insertText(QString(kEllipsis));
    return cut;
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

QString elideRichAtWord(const QString& html, const QFont& font, int widthPx) {
    QTextDocument doc; // laid out as a QLabel lays out its rich text: no margin, no wrapping
    doc.setDocumentMargin(0);
    doc.setDefaultFont(font);
    doc.setHtml(html);
    if (doc.idealWidth() <= widthPx) return html;
    // the heads ending at a word grow with the cut, so the longest that fits is found by bisection (a
    // resize refits the label: a few layouts, not one per word)
    // raw: toPlainText() turns a no-break space into a plain one, a place to cut
    const QString plain = doc.toRawText();
    std::vector<qsizetype> ends;
    for (qsizetype i = 1; i < plain.size(); ++i)
        if (wordEndsBefore(plain, i) && headEnd(plain, i) > 0) ends.push_back(headEnd(plain, i));
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    size_t lo = 0, hi = ends.size(); // the fitting ones are ends[0, lo)
    while (lo < hi) {
        const size_t mid = (lo + hi) / 2;
        if (cutAt(doc, ends[mid])->idealWidth() <= widthPx)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0) return elideAtWord(plain, QFontMetrics(font), widthPx).toHtmlEscaped();
    return cutAt(doc, ends[lo - 1])->toHtml();
}

} // namespace rs::views
