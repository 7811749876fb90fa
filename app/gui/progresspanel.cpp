#include "app/gui/progresspanel.h"

#include "core/model/plural.h"
#include "views/common/plural.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <cmath>

namespace rs::gui {

ProgressPanel::ProgressPanel(QWidget* parent)
    : QWidget(parent), m_label(new QLabel), m_bar(new QProgressBar), m_cancel(new QPushButton(tr("Cancel"))) {
    auto* lay = new QHBoxLayout(this);
    m_bar->setRange(0, kSteps);
    m_cancel->setToolTip(tr("Stop indexing (nothing half-written is kept)"));
    // wrapped, not one line as wide as its text: a window narrower than the line grew to fit it while a
    // profile was indexed, and stayed that wide (walk 21 A)
    m_label->setWordWrap(true);
    m_label->setMinimumWidth(120);
    lay->addWidget(m_label, 1);
    lay->addWidget(m_bar, 2);
    lay->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, &ProgressPanel::cancelRequested);
    hide();
}

void ProgressPanel::start(const QString& name) {
    m_name = name;
    m_bar->setValue(0);
    m_label->setText(tr("Opening %1…").arg(name));
    show();
}

void ProgressPanel::setProgress(const IndexProgress& p) {
    m_bar->setValue(p.bytesTotal > 0
                        ? int(std::lround(double(kSteps) * double(std::min(p.bytesDone, p.bytesTotal)) /
                                          double(p.bytesTotal)))
                        : 0);
    m_label->setText(text(p, m_name));
}

void ProgressPanel::finish() {
    hide();
}

QString ProgressPanel::text(const IndexProgress& p, const QString& name) {
    QString t = tr("%1 %2: %3 / %4 MB")
                    .arg(p.phase, name)
                    .arg(double(p.bytesDone) / 1e6, 0, 'f', 1)
                    .arg(double(p.bytesTotal) / 1e6, 0, 'f', 1);
    const double mbps = p.elapsedSec >= 0.1 ? double(p.bytesDone) / 1e6 / p.elapsedSec : 0;
    if (mbps > 0) t += tr(", %1 MB/s").arg(mbps, 0, 'f', mbps < 10 ? 1 : 0);
    t += tr(", %1 events").arg(QString::fromStdString(model::millionsText(p.events)));
    if (mbps > 0 && p.bytesTotal >= p.bytesDone) {
        const qint64 eta = std::llround(double(p.bytesTotal - p.bytesDone) / 1e6 / mbps);
        t += tr(", %1 left")
                 .arg(eta >= 60 ? tr("%1 min %2 s").arg(eta / 60).arg(eta % 60)
                                : views::counted(eta, tr("second"), tr("seconds")));
    }
    return t;
}

QString ProgressPanel::label() const {
    return m_label->text();
}

int ProgressPanel::value() const {
    return m_bar->value();
}

} // namespace rs::gui
