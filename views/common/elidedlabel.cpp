#include "views/common/elidedlabel.h"

#include "views/common/wordelide.h"

#include <QTextDocument>

namespace rs::views {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(false);
    // the layout's width, whatever the text's: a label as wide as its text widened the dock past a small
    // window (walk 27)
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
}

void ElidedLabel::setFullText(const QString& text) {
    m_full = text;
    m_tailSize = 0;
    fit();
}

void ElidedLabel::setFullText(const QString& head, const QString& tail) {
    m_full = head + tail;
    m_tailSize = tail.size();
    fit();
}

void ElidedLabel::setShownWhole(bool whole) {
    m_whole = whole;
    setWordWrap(whole);
    // as tall as its text wrapped at the width it gets: without heightForWidth the layout took the wrapped
    // label's sizeHint, laid out at QLabel's guess of a width, and a two-line colour key got ~4 lines'
    // height with its text centred in them (r49b #2: the picture's key sat 30 px below the screen's)
    QSizePolicy p(QSizePolicy::Ignored, whole ? QSizePolicy::Preferred : QSizePolicy::Fixed);
    p.setHeightForWidth(whole);
    setSizePolicy(p);
    fit();
    updateGeometry();
}

QSize ElidedLabel::minimumSizeHint() const {
    if (m_whole) return {1, QLabel::minimumSizeHint().height()};
    return {1, fontMetrics().height() + 2 * margin()};
}

QSize ElidedLabel::sizeHint() const {
    if (m_whole) return QLabel::sizeHint();
    return {fontMetrics().averageCharWidth() * 20, fontMetrics().height() + 2 * margin()};
}

void ElidedLabel::resizeEvent(QResizeEvent* e) {
    QLabel::resizeEvent(e);
    fit();
}

QString ElidedLabel::elidedPlain(int w) const {
    const QFontMetrics fm = fontMetrics();
    if (m_tailSize > 0 && fm.horizontalAdvance(m_full) > w) {
        // the head's middle goes first: a path's start and its last folder say which profile it is, the
        // tail's counts were cut off before the path lost a letter at 640 px (r49b #2)
        const QString tail = m_full.right(m_tailSize), head = m_full.chopped(m_tailSize);
        const int room = w - fm.horizontalAdvance(tail);
        if (room >= 6 * fm.averageCharWidth()) return fm.elidedText(head, Qt::ElideMiddle, room) + tail;
    }
    return elideAtWord(m_full, fm, w);
}

void ElidedLabel::fit() {
    if (m_whole) {
        setText(m_full);
        setToolTip({});
        return;
    }
    const int w = std::max(1, contentsRect().width() - 2 * margin());
    const bool rich =
        textFormat() == Qt::RichText || (textFormat() == Qt::AutoText && Qt::mightBeRichText(m_full));
    const QString shown = rich ? elideRichAtWord(m_full, font(), w) : elidedPlain(w);
    if (shown != text()) setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

} // namespace rs::views
