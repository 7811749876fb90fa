#pragma once
// File ▸ Export…: which view (whole window, timeline with every lane, heatmap, memory map), where (PNG
// or SVG by the file's suffix), PNG scale 1× or 2×, caption and annotations on or off. Remembers the last
// choices (Settings::exportDefaults) except the file name, which is this profile's: the last export may
// be another profile's picture, and Enter then overwrote it; the main window sets the view to the one on
// screen (setView). GUI thread only.
#include "app/gui/viewexporter.h"

#include <QDialog>

class QComboBox;
class QCheckBox;
class QLineEdit;

namespace rs::gui {

class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    /// `profileName`: the profile's folder (or file) name, the start of the suggested file name.
    explicit ExportDialog(const QString& profileName, QWidget* parent = nullptr);
    /// "<profile>-<view>.<suffix>" in `dir`, or "<profile>-<view>-2.<suffix>", "-3" … when a file has
    /// that name: a suggestion never names a picture that exists.
    static QString suggestedPath(const QString& dir, const QString& profileName, const QString& view,
                                 const QString& suffix);
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
    QString m_profileName;
    QString m_suggested; ///< the path last suggested: the user's own text is left alone
};

} // namespace rs::gui
