#include "views/common/wholelines.h"

#include <QAbstractTextDocumentLayout>
#include <QLabel>
#include <QPainter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <memory>

namespace rs::views {

QList<QRect> labelLineRects(const QLabel* label, int width) {
    QList<QRect> out;
    if (label->text().isEmpty()) return out;
    const QMargins m = label->contentsMargins();
    const int inner = std::max(1, width - m.left() - m.right() - 2 * label->margin());
    // the label's own document when it has one (rich text or selectable: its control's), else a copy laid
    // out as QLabel lays plain text; either at the width the label will draw it at
    auto* own = label->findChild<QTextDocument*>();
    std::unique_ptr<QTextDocument> copy;
    QTextDocument* doc = own;
    if (!doc) {
        copy = std::make_unique<QTextDocument>();
        copy->setDefaultFont(label->font());
        copy->setDocumentMargin(0);
        if (label->textFormat() == Qt::PlainText)
            copy->setPlainText(label->text());
        else
            copy->setHtml(label->text());
        doc = copy.get();
    }
    const qreal before = doc->textWidth();
    doc->setTextWidth(inner);
    const QPoint origin(m.left() + label->margin(), m.top() + label->margin());
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        const QPointF at = doc->documentLayout()->blockBoundingRect(b).topLeft();
        const QTextLayout* l = b.layout();
        for (int i = 0; l && i < l->lineCount(); ++i)
            out << l->lineAt(i).rect().translated(at).toAlignedRect().translated(origin);
    }
    if (own) own->setTextWidth(before); // the label lays it out again when it paints
    return out;
}

int wholeLinesHeight(const QLabel* label, int width, int maxHeight) {
    const QList<QRect> lines = labelLineRects(label, width);
    if (lines.isEmpty()) return 0;
    int h = lines.front().bottom() + 1;
    for (const QRect& r : lines)
        if (r.bottom() + 1 <= maxHeight) h = std::max(h, r.bottom() + 1);
    return h;
}

bool wholeInView(const QWidget* w, const QRect& r) {
    // of its height only: a line whose ends run past a side edge is not cut in half (its text elides or
    // scrolls sideways), and a title as wide as the widget was left out of a grid scrolled sideways
    const QRect seen = w->visibleRegion().boundingRect();
    return seen.isEmpty() || (r.top() >= seen.top() && r.bottom() <= seen.bottom());
}

void drawWholeText(QPainter& p, const QWidget* w, const QRect& r, int flags, const QString& text) {
    if (wholeInView(w, r)) p.drawText(r, flags, text);
}

} // namespace rs::views
