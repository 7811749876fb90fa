#include "app/gui/exportdialog.h"

#include "app/gui/savepaths.h"
#include "app/gui/settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

namespace rs::gui {

ExportDialog::ExportDialog(const QString& folder, const QString& stem, QWidget* parent)
    : QDialog(parent), m_view(new QComboBox), m_scale(new QComboBox),
      m_caption(new QCheckBox(tr("Caption block (profile, run, ranks, window, selection, version)"))),
      m_annotations(new QCheckBox(tr("Draw the annotations"))), m_path(new QLineEdit),
      m_stem(stem.isEmpty() ? QStringLiteral("rankscope") : stem) {
    setWindowTitle(tr("Export image"));
    m_view->addItem(tr("Timeline — every lane of the shown ranks"), "timeline");
    m_view->addItem(tr("Op heatmap — the whole grid"), "heatmap");
    m_view->addItem(tr("Memory map — as shown"), "memory");
    m_view->addItem(tr("Communication matrix — the whole grid"), "comm");
    m_view->addItem(tr("Whole window"), "window");
    m_scale->addItem(tr("1× (screen pixels)"), 1.0);
    m_scale->addItem(tr("2× (for slides and HiDPI)"), 2.0);
    const ExportDefaults last = Settings().exportDefaults();
    setView(last.view);
    m_scale->setCurrentIndex(last.scale > 1.5 ? 1 : 0);
    m_caption->setChecked(last.caption);
    m_annotations->setChecked(last.annotations);
    // the remembered format and `folder` (SavePaths: the last export's); the name is this profile's and
    // run's, never the last export's
    const QString suffix =
        QFileInfo(last.name).suffix().compare("svg", Qt::CaseInsensitive) == 0 ? "svg" : "png";
    m_suggested = SavePaths::freePath(folder.isEmpty() ? QDir::homePath() : folder,
                                      m_stem + "-" + m_view->currentData().toString(), suffix);
    m_path->setText(m_suggested);
    m_path->setToolTip(tr("The suffix chooses the format: .png (pixels) or .svg (vector text and shapes)"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("View"), m_view);
    form->addRow(tr("File"), pathRow);
    form->addRow(tr("PNG scale"), m_scale);
    form->addRow(QString(), m_caption);
    form->addRow(QString(), m_annotations);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // the scale applies to PNG pictures only: an SVG is vector (the chooser says so rather than lying)
    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& p) {
        m_scale->setEnabled(!p.endsWith(".svg", Qt::CaseInsensitive));
        m_scale->setToolTip(m_scale->isEnabled() ? QString() : tr("An SVG is vector: it has no pixel scale"));
    });
    m_scale->setEnabled(!m_path->text().endsWith(".svg", Qt::CaseInsensitive));
    connect(m_view, &QComboBox::currentIndexChanged, this, [this] {
        // follow the view in the suggested name while the user has not typed their own
        if (m_path->text() != m_suggested) return;
        const QFileInfo fi(m_suggested);
        m_suggested = SavePaths::freePath(fi.absolutePath(), m_stem + "-" + m_view->currentData().toString(),
                                          fi.suffix());
        m_path->setText(m_suggested);
    });
    auto* lay = new QVBoxLayout(this);
    lay->addLayout(form);
    lay->addWidget(buttons);
    resize(560, sizeHint().height());
}

void ExportDialog::setView(const QString& view) {
    int i = m_view->findData(view);
    if (i >= 0) m_view->setCurrentIndex(i);
}

void ExportDialog::setTimelineLabel(const QString& text) {
    m_view->setItemText(m_view->findData("timeline"), text);
}

ExportChoice ExportDialog::choice() const {
    ExportChoice c;
    c.view = m_view->currentData().toString();
    c.path = m_path->text();
    c.scale = m_scale->currentData().toDouble();
    c.caption = m_caption->isChecked();
    c.annotations = m_annotations->isChecked();
    return c;
}

void ExportDialog::browse() {
    QString f = QFileDialog::getSaveFileName(this, tr("Export image"), m_path->text(),
                                             tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (!f.isEmpty()) m_path->setText(f);
}

void ExportDialog::accept() {
    QString suffix = QFileInfo(m_path->text()).suffix().toLower();
    if (suffix != "png" && suffix != "svg") {
        QMessageBox::warning(this, tr("Export image"), tr("The file name must end in .png or .svg."));
        return;
    }
    const ExportChoice c = choice();
    Settings().setExportDefaults({c.view, c.scale, c.caption, c.annotations, QFileInfo(c.path).absolutePath(),
                                  QFileInfo(c.path).fileName()});
    QDialog::accept();
}

} // namespace rs::gui
