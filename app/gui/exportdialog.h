#pragma once
// File ▸ Export…: which view (whole window, timeline with every lane, heatmap, memory map), where (PNG
// or SVG by the file's suffix), PNG scale 1× or 2×, caption and annotations on or off. Remembers the last
// choices (Settings::exportDefaults). GUI thread only.
#include "app/gui/viewexporter.h"

#include <QDialog>

class QComboBox;
class QCheckBox;
class QLineEdit;

namespace rs::gui {

class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ExportDialog(QWidget* parent = nullptr);
    ExportChoice choice() const;
    void setView(const QString& view);
    /// The timeline entry's text: what its picture holds (timelinePictureLabel).
    void setTimelineLabel(const QString& text);

  private:
    void browse();
    void accept() override;
    QComboBox *m_view, *m_scale;
    QCheckBox *m_caption, *m_annotations;
    QLineEdit* m_path;
};

} // namespace rs::gui
