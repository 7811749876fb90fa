// MainWindow's pictures: export (File ▸ Export…, Copy image), captions, and saved views (.rsview).
// Kept apart from mainwindow.cpp, which wires the window.
#include "app/gui/annotationcontroller.h"
#include "app/gui/captionbuilder.h"
#include "app/gui/exportdialog.h"
#include "app/gui/mainwindow.h"
#include "app/gui/viewexporter.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QStatusBar>

namespace rs::gui {

namespace {
const char* const kDocks[] = {"heatmap", "memory", "drilldown", "shapes", "comparison"};
}

views::AnnotationModel* MainWindow::annotationModel() const {
    return m_annotate ? m_annotate->model() : nullptr;
}

Caption MainWindow::exportCaption(const QString& view, bool lanesCut) const {
    CaptionInput in;
    in.view = view;
    in.profile = m_profile;
    in.summary = m_summary.get();
    in.state = m_state;
    in.annotations = annotationModel();
    in.annotationsDrawn = annotationModel() && annotationModel()->visible();
    in.shownRanks = m_timeline->visibleRanks();
    in.memoryRank = m_memory->rank();
    in.lanesCut = lanesCut;
    in.legend = true;
    return buildCaption(in);
}

void MainWindow::exportImage(const std::optional<ExportChoice>& given) {
    if (!m_summary) {
        statusBar()->showMessage(tr("Open a profile first"), 6000);
        return;
    }
    ExportChoice c;
    if (given) {
        c = *given;
    } else {
        ExportDialog d(this);
        if (d.exec() != QDialog::Accepted) return;
        c = d.choice();
    }
    if (!m_exporter) {
        m_exporter = new ViewExporter(this);
        connect(m_exporter, &ViewExporter::finished, this, [this](const QString& path, const QString& error) {
            if (!error.isEmpty())
                QMessageBox::warning(this, tr("Export failed"), error);
            else
                statusBar()->showMessage(
                    path.isEmpty() ? tr("Image copied to the clipboard") : tr("Exported %1").arg(path), 8000);
            Q_EMIT exported(path, error);
        });
    }
    m_exporter->start(c);
}

ViewState MainWindow::captureViewState() const {
    ViewState s;
    s.profile = m_profile;
    if (m_summary) s.run = m_summary->run;
    s.window = std::make_pair(m_state->windowStart(), m_state->windowEnd());
    s.selection = m_state->selection();
    const auto& o = m_timeline->layoutOptions();
    s.ranks = o.onlyRanks;
    s.collapsed = o.collapsedRanks;
    s.pinned = o.pinned;
    s.aligned = m_timeline->aligned();
    s.showWaits = m_timeline->showWaits();
    s.scroll = m_timeline->scrollOffset();
    if (m_memory->rank() >= 0) s.memoryRank = m_memory->rank();
    for (const char* name : kDocks) // the linked view on top of its tab group
        if (auto* d = findChild<QDockWidget*>(name); d && d->isVisible() && !d->visibleRegion().isEmpty()) {
            s.view = name;
            break;
        }
    return s;
}

void MainWindow::applyViewState(const ViewState& s) {
    const bool sameProfile =
        QFileInfo(s.profile).absoluteFilePath() == QFileInfo(m_profile).absoluteFilePath();
    if (!sameProfile || !m_summary) {
        m_pendingState = s;
        openProfile(s.profile);
        return;
    }
    if (s.run && *s.run != m_summary->run) {
        m_pendingState = s;
        m_service->selectRun(*s.run);
        return;
    }
    applyViewStateNow(s);
}

void MainWindow::applyViewStateNow(ViewState s) {
    m_pendingState.reset();
    auto o = m_timeline->layoutOptions();
    o.onlyRanks = s.ranks;
    o.collapsedRanks = s.collapsed;
    o.pinned = s.pinned;
    m_timeline->setLayoutOptions(o);
    m_timeline->setAligned(s.aligned);
    m_timeline->setShowWaits(s.showWaits);
    if (s.memoryRank) m_memory->showRank(*s.memoryRank);
    if (s.window) m_state->setWindow(s.window->first, s.window->second);
    m_state->setSelection(s.selection);
    m_opKernelsKeepWindow = m_opKernelsRequest; // an op type's kernels are highlighted, the saved window kept
    if (s.window) m_state->setWindow(s.window->first, s.window->second); // the selection may have moved it
    m_timeline->setScrollOffset(s.scroll);
    if (auto* d = findChild<QDockWidget*>(s.view)) {
        d->show();
        d->raise();
    }
}

void MainWindow::saveViewAs() {
    if (!m_summary) {
        statusBar()->showMessage(tr("Open a profile first"), 6000);
        return;
    }
    QString f = QFileDialog::getSaveFileName(
        this, tr("Save view"), QSettings().value("views/lastFile", m_profile + "/view.rsview").toString(),
        tr("Rankscope views (*.rsview)"));
    if (f.isEmpty()) return;
    if (!f.endsWith(".rsview")) f += ".rsview";
    QString error;
    if (!writeViewState(captureViewState(), f, error)) {
        QMessageBox::warning(this, tr("Save view"), error);
        return;
    }
    QSettings().setValue("views/lastFile", f);
    statusBar()->showMessage(
        tr("Saved %1 (open it with rankscope %1, or export it with rankscope export --state)").arg(f), 10000);
}

void MainWindow::openViewFile() {
    QString f =
        QFileDialog::getOpenFileName(this, tr("Open view"), QSettings().value("views/lastFile").toString(),
                                     tr("Rankscope views (*.rsview)"));
    if (f.isEmpty()) return;
    QString error;
    auto s = readViewState(f, error);
    if (!s) {
        QMessageBox::warning(this, tr("Open view"), error);
        return;
    }
    QSettings().setValue("views/lastFile", f);
    applyViewState(*s);
}

void MainWindow::exportReport() {
    if (m_profile.isEmpty()) {
        statusBar()->showMessage(tr("Open a profile first"), 6000);
        return;
    }
    QString f = QFileDialog::getSaveFileName(
        this, tr("Export report"),
        QSettings().value("report/lastFile", m_profile + "/rankscope-report.html").toString(),
        tr("HTML, one self-contained file (*.html);;Markdown with the pictures beside it (*.md)"));
    if (f.isEmpty()) return;
    QSettings().setValue("report/lastFile", f);
    // The report renders its pictures from the index: a separate process (this program's own `report`
    // command) does it, so the window stays responsive and no SQL runs on the GUI thread.
    auto* p = new QProcess(this);
    const bool md = f.endsWith(".md", Qt::CaseInsensitive);
    p->setProgram(QCoreApplication::applicationFilePath());
    p->setArguments({"report", m_profile, md ? "--markdown" : "--html", f, "--quiet"});
    statusBar()->showMessage(tr("Writing the report %1…").arg(f));
    connect(p, &QProcess::finished, this, [this, p, f](int code, QProcess::ExitStatus st) {
        const QString err = QString::fromLocal8Bit(p->readAllStandardError()).trimmed();
        p->deleteLater();
        if (st != QProcess::NormalExit || code != 0) {
            QMessageBox::warning(this, tr("Export report"),
                                 err.isEmpty() ? tr("The report could not be written.") : err);
            return;
        }
        statusBar()->showMessage(tr("Report written: %1").arg(f), 10000);
        Q_EMIT exported(f, {});
    });
    p->start();
}

} // namespace rs::gui
