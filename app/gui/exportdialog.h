#pragma once
// File ▸ Export…: which view (whole window, timeline with every lane, heatmap, memory map), where (PNG
// or SVG by the file's suffix), PNG scale 1× or 2×, caption and annotations on or off. Remembers the last
// choices (Settings::exportDefaults) except the file's folder and name, which the main window proposes for
// the profile and run shown (SavePaths): the last export may be another profile's picture, and Enter then
// overwrote it; the main window sets the view to the one on screen (setView). GUI thread only.
#include "app/gui/viewexporter.h"

#include <QDialog>

class QComboBox;
class QCheckBox;
class QLineEdit;

namespace rs::gui {

class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    /// Suggests "<stem>-<view>.<suffix>" in `folder` (SavePaths::freePath: never a picture that exists);
    /// `stem`: the profile's name and the run shown (SavePaths::stem), `folder`: SavePaths::folder's.
    ExportDialog(const QString& folder, const QString& stem, QWidget* parent = nullptr);
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
    QString m_stem;
    QString m_suggested; ///< the path last suggested: the user's own text is left alone
};

} // namespace rs::gui
