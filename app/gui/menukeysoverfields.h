#pragma once
// Keeps the window's menu keys working while a one-line text field has the keyboard. On X11 a QLineEdit
// answers Emacs keys (Ctrl+E = end of line) and so took File ▸ Export image's Ctrl+E from the track filter
// and the search field (walk17b #15: nothing was exported and the keys typed next went to the timeline).
// Installed on the application; GUI thread.
#include <QKeySequence>
#include <QObject>
#include <vector>

namespace rs::gui {

class MenuKeysOverFields : public QObject {
  public:
    /// `keys`: the menu shortcuts a field must not take.
    MenuKeysOverFields(std::vector<QKeySequence> keys, QObject* parent);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    std::vector<QKeySequence> m_keys;
};

} // namespace rs::gui
