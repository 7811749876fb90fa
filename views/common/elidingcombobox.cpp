#include "views/common/elidingcombobox.h"

#include "views/common/wordelide.h"

#include <QHelpEvent>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolTip>

namespace rs::views {

int ElidingComboBox::fieldWidth() const {
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    // the style draws the label a pixel in from each side of its edit field (QCommonStyle)
    return style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, this).width() - 2;
}

QString ElidingComboBox::shownText() const {
    return elideAtWord(currentText(), fontMetrics(), fieldWidth());
}

QString ElidingComboBox::hoverText() const {
    if (shownText() == currentText()) return toolTip();
    return toolTip().isEmpty() ? currentText() : currentText() + "\n" + toolTip();
}

void ElidingComboBox::paintEvent(QPaintEvent*) {
    // QComboBox::paintEvent, with the label's text elided (an editable box draws its line edit instead)
    QStylePainter p(this);
    p.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    p.drawComplexControl(QStyle::CC_ComboBox, opt);
    if (!isEditable()) opt.currentText = shownText();
    p.drawControl(QStyle::CE_ComboBoxLabel, opt);
}

bool ElidingComboBox::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QComboBox::event(e);
    const QString tip = hoverText();
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(static_cast<QHelpEvent*>(e)->globalPos(), tip, this);
    return true;
}

} // namespace rs::views
