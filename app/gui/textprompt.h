#pragma once
// A short text asked for in a dialog (an annotation's text): Enter confirms, Shift+Enter starts a new
// line, Esc cancels — QInputDialog's multi-line form took Enter as a new line, so it could not be
// confirmed from the keyboard. GUI thread only.
#include <QDialog>

class QPlainTextEdit;

namespace rs::gui {

class TextPrompt : public QDialog {
    Q_OBJECT
  public:
    TextPrompt(QWidget* parent, const QString& title, const QString& label, const QString& text);
    QString text() const;
    /// Asks and waits; `ok` says whether the user confirmed.
    static QString ask(QWidget* parent, const QString& title, const QString& label, const QString& text,
                       bool* ok);

  protected:
    bool eventFilter(QObject* o, QEvent* e) override;

  private:
    QPlainTextEdit* m_edit;
};

} // namespace rs::gui
