#include "app/gui/titlelines.h"

namespace rs::gui {

namespace {
const QString kDash = QStringLiteral(" — ");
const QString kEllipsis = QString(QChar(0x2026));

bool fits(const QFontMetrics& fm, const QString& s, int widthPx) {
    return fm.horizontalAdvance(s) <= widthPx;
}

/// `path` as "…/" and its longest run of last folders that fits `widthPx` after `head`; the last folder
/// alone elided in its middle only where nothing else fits.
QString shortenedPath(const QString& head, const QString& path, const QFontMetrics& fm, int widthPx) {
    if (fits(fm, head + path, widthPx)) return path;
    const QStringList parts = path.split('/');
    for (qsizetype from = 1; from < parts.size(); ++from) { // drop whole folders from the start
        const QString tail = kEllipsis + "/" + parts.mid(from).join('/');
        if (fits(fm, head + tail, widthPx)) return tail;
    }
    return fm.elidedText(parts.last(), Qt::ElideMiddle, widthPx - fm.horizontalAdvance(head));
}
} // namespace

QStringList titleLines(const QString& title, const QFontMetrics& fm, int widthPx) {
    if (fits(fm, title, widthPx)) return {title};
    const qsizetype dash = title.indexOf(kDash);
    if (dash < 0) return {fm.elidedText(title, Qt::ElideMiddle, widthPx)};
    const QString head = title.left(dash + kDash.size()), path = title.mid(dash + kDash.size());
    const QString last = path.section('/', -1);
    // one line while the profile's folder stays whole beside the view's name
    if (fits(fm, head + kEllipsis + "/" + last, widthPx) || fits(fm, head + path, widthPx))
        return {head + shortenedPath(head, path, fm, widthPx)};
    return {fm.elidedText(head.trimmed(), Qt::ElideRight, widthPx), shortenedPath({}, path, fm, widthPx)};
}

} // namespace rs::gui
