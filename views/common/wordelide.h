#pragma once
// Elides a sentence to a pixel width at a word boundary: "… the colours show how they…" rather than
// "… the colours show how th…", which read as a label cut by the dock's edge (walk 47, 800 × 600). The
// whole text belongs in the tooltip. GUI thread (font metrics).
#include <QFont>
#include <QFontMetrics>
#include <QString>

namespace rs::views {

/// `text` when it fits `widthPx` in `fm`; else its longest head ending at a word's end, then "…", that
/// fits; else (its first word is wider than that) QFontMetrics' elision inside the word.
QString elideAtWord(const QString& text, const QFontMetrics& fm, int widthPx);
/// The same for rich text laid out in `font` (one line): `html` when it fits `widthPx`; else its longest
/// head ending at a word's end, its formatting kept, then "…" (as HTML); else the plain text elided.
QString elideRichAtWord(const QString& html, const QFont& font, int widthPx);

} // namespace rs::views
