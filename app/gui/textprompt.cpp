#include "app/gui/textprompt.h"

#include <QDialogButtonBox>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace rs::gui {

TextPrompt::TextPrompt(QWidget* parent, const QString& title, const QString& label, const QString& text)
    : QDialog(parent), m_edit(new QPlainTextEdit(text)) {
    setWindowTitle(title);
    auto* lay = new QVBoxLayout(this);
    auto* l = new QLabel(label);
    l->setWordWrap(true);
    lay->addWidget(l);
    m_edit->setTabChangesFocus(true);
    m_edit->setMinimumSize(360, 80);
    m_edit->installEventFilter(this);
    lay->addWidget(m_edit);
    auto* hint = new QLabel(tr("Enter: OK · Shift+Enter: new line · Esc: cancel"));
    hint->setEnabled(false);
    lay->addWidget(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    lay->addWidget(buttons);
    m_edit->setFocus();
    m_edit->moveCursor(QTextCursor::End);
}

QString TextPrompt::text() const {
    return m_edit->toPlainText();
}

bool TextPrompt::eventFilter(QObject* o, QEvent* e) {
    if (o == m_edit && e->type() == QEvent::KeyPress) {
        auto* k = static_cast<QKeyEvent*>(e);
        const bool enter = k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter;
        if (enter && !(k->modifiers() & Qt::ShiftModifier)) {
            accept();
            return true;
        }
    }
    return QDialog::eventFilter(o, e);
}

QString TextPrompt::ask(QWidget* parent, const QString& title, const QString& label, const QString& text,
                        bool* ok) {
    TextPrompt d(parent, title, label, text);
    const bool accepted = d.exec() == QDialog::Accepted;
    if (ok) *ok = accepted;
    return accepted ? d.text() : QString();
}

} // namespace rs::gui
