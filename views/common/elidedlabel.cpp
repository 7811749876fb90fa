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
    fit();
}

void ElidedLabel::setShownWhole(bool whole) {
    m_whole = whole;
    setWordWrap(whole);
    setSizePolicy(QSizePolicy::Ignored, whole ? QSizePolicy::Preferred : QSizePolicy::Fixed);
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

void ElidedLabel::fit() {
    if (m_whole) {
        setText(m_full);
        setToolTip({});
        return;
    }
    const int w = std::max(1, contentsRect().width() - 2 * margin());
    const bool rich =
        textFormat() == Qt::RichText || (textFormat() == Qt::AutoText && Qt::mightBeRichText(m_full));
    const QString shown = rich ? elideRichAtWord(m_full, font(), w) : elideAtWord(m_full, fontMetrics(), w);
    if (shown != text()) setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

} // namespace rs::views
