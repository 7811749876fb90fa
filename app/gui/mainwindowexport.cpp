// MainWindow's pictures and files: export (File ▸ Export…, Copy image), captions, saved views (.rsview)
// and the report. Kept apart from mainwindow.cpp, which creates and wires the window.
#include "app/gui/annotationcontroller.h"
#include "app/gui/captionbuilder.h"
#include "app/gui/comparecontroller.h"
#include "app/gui/exportdialog.h"
#include "app/gui/findingspanel.h"
#include "app/gui/linktrackfilter.h"
#include "app/gui/mainwindow.h"
#include "app/gui/profilesession.h"
#include "app/gui/savepaths.h"
#include "app/gui/settings.h"
#include "app/gui/sqlconsolepanel.h"
#include "app/gui/viewexporter.h"
#include "views/comm/commmatrixview.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapview.h"
#include "views/tables/drilldownview.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QScreen>
#include <QStatusBar>

namespace rs::gui {

views::AnnotationModel* MainWindow::annotationModel() const {
    return m_annotate ? m_annotate->model() : nullptr;
}

Caption MainWindow::exportCaption(const QString& view, bool lanesCut, const ManyRanksPicture* ranks,
                                  const views::TimelineLayout* layout,
                                  const PicturedAnnotations* pictured) const {
    CaptionInput in;
    in.view = view;
    in.profile = profilePath();
    in.summary = m_session->summary().get();
    in.state = m_state;
    in.annotations = annotationModel();
    in.annotationsDrawn = annotationModel() && annotationModel()->visible();
    if (view == "window") {
        const views::DrawList& painted = m_timeline->paintedFrame();
        in.unlabelled = painted.unlabelled;
        if (!painted.size.isEmpty()) // painted once at least: what it drew is known
            in.timelineDrawn = std::set<QString>(painted.drawn.begin(), painted.drawn.end());
    } else if (pictured) {
        in.unlabelled = pictured->unlabelled;
        in.timelineDrawn = std::set<QString>(pictured->drawn.begin(), pictured->drawn.end());
    }
    in.shownRanks = ranks ? ranks->ranks : m_timeline->visibleRanks();
    if (ranks) in.ranksNote = ranks->note;
    in.memoryRank = m_memory->rank();
    in.memoryData = m_memory->dataSpan();
    in.lanesCut = lanesCut;
    in.trackFilter = m_timeline->layoutOptions().filter;
    if (layout) {
        in.laidOutRanks = layout->ranks();
    } else if (view == "window") {
        // the window pictures the timeline's lanes as laid out: a selected link's filter shows its two
        // ranks, and the caption said "ranks 0-7" over them (issue 19)
        std::set<int> laidOut;
        for (const auto& l : m_timeline->lanes())
            laidOut.insert(l.rank);
        in.laidOutRanks = laidOut;
    }
    in.waitsShown = m_timeline->showWaits();
    in.flowsShown = m_timeline->scene().flows() != nullptr;
    in.legend = true;
    in.comm = m_comm->canvas();
    in.commStepNote = m_comm->stepNoteText();
    in.heatmap = m_heatmap->canvas()->data();
    in.heatmapStatistic = m_heatmap->canvas()->statistic();
    if (view == "window") {
        in.ranksOnScreen = ranksOnScreen();
        in.surfacesOnScreen = {"timeline"};
        if (!m_heatmap->visibleRegion().isEmpty()) in.surfacesOnScreen.insert("heatmap");
        if (!m_memory->visibleRegion().isEmpty()) in.surfacesOnScreen.insert("memory");
    }
    return buildCaption(in);
}

std::set<int> MainWindow::ranksOnScreen() const {
    // the ranks with a lane between the timeline's ruler and footer as it is scrolled
    const views::Viewport vp = m_timeline->frameInput().viewport;
    std::set<int> out;
    for (const auto& l : m_timeline->lanes())
        if (!l.header && vp.yOf(l.y + l.height) > vp.lanesTop() && vp.yOf(l.y) < vp.lanesBottom())
            out.insert(l.rank);
    return out;
}

void MainWindow::exportImage(const std::optional<ExportChoice>& given) {
    if (!profileLoaded()) {
        statusBar()->showMessage(tr("Open a profile first"), 6000);
        return;
    }
    ExportChoice c;
    if (given) {
        c = *given;
    } else {
        // the picture's suggested place is the user's last (SavePaths), its name the profile's and run's
        ExportDialog d(SavePaths::folderFor(SavePaths::Kind::Image),
                       SavePaths::stem(profilePath(), shownRun()), this);
        d.setTimelineLabel(timelinePictureLabel(m_timeline->layoutOptions(), *m_session->summary()));
        // the view on screen, not the last export's (walk 26: the heatmap again over the timeline looked at);
        // the dialog keeps the remembered format and scale
        d.setView(viewOnScreen());
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

QString MainWindow::viewOnScreen() const {
    const QWidget* focus = QApplication::focusWidget();
    if (focus && (focus == m_timeline || m_timeline->isAncestorOf(focus))) return "timeline";
    const QString tab = m_session->capture().view; // the raised tab under the timeline
    if (tab == "timeline" || tab == "heatmap" || tab == "memory" || tab == "comm") return tab;
    return "window";
}

ViewState MainWindow::captureViewState() const {
    ViewState s = m_session->capture();
    s.comparison = m_compare->saved();
    s.commStep = m_comm->step();
    s.commGroup = m_comm->group();
    s.heatmapMode = m_heatmap->layoutMode();
    s.heatmapOp = m_heatmap->layoutOp();
    s.heatmapRank = m_heatmap->layoutRank();
    s.heatmapStatistic = m_heatmap->chosenStatistic();
    if (const views::DrillPath drill = m_drill->path(); drill.level > 0) s.drill = drill;
    // the user's filter, not a selected link's "rank 1, rank 5": reopened, the link derives it again
    if (m_linkFilter->active()) s.trackFilter = m_linkFilter->userFilter();
    s.finding = m_findings->shownFinding();
    s.windowSize = size();
    s.dockLayout = saveState();
    return s;
}

bool MainWindow::comparing() const {
    return m_comparisonPending || m_compare->waiting();
}

QString MainWindow::comparisonFailure() const {
    if (!m_compare->failure().isEmpty()) return m_compare->failure();
    return m_droppedComparison ? tr("the saved view was not applied: %1").arg(m_viewDropped) : QString();
}

void MainWindow::applyViewState(const ViewState& s) {
    // its comparison starts once its profile and run are shown: comparing() until then (or until the
    // session drops the view: ProfileSession::dropped)
    m_comparisonPending = s.comparison.has_value();
    m_viewDropped.clear();
    m_droppedComparison = false;
    m_session->apply(s);
}

void MainWindow::openSavedView(const ViewState& s) {
    // the size saved was never applied in the app (only by `export --state`): the docks' saved layout
    // went onto a window of another size (r56c)
    if (s.windowSize.isValid() && !(windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))) {
        const QSize room = screen() ? screen()->availableGeometry().size() : s.windowSize;
        resize(s.windowSize.boundedTo(room));
    }
    applyViewState(s);
}

std::optional<int> MainWindow::shownRun() const {
    const auto& s = m_session->summary();
    return s ? std::optional<int>(s->run) : std::nullopt;
}

std::optional<int> MainWindow::reportRun() const {
    const auto& s = m_session->summary();
    return s && s->runs.size() > 1 ? std::optional<int>(s->run) : std::nullopt;
}

QString MainWindow::proposedSavePath(SavePaths::Kind kind) const {
    switch (kind) {
    case SavePaths::Kind::View:
        return SavePaths::propose(kind, profilePath(), shownRun(), "view", "rsview");
    case SavePaths::Kind::Image:
        return SavePaths::propose(kind, profilePath(), shownRun(), viewOnScreen(), "png");
    case SavePaths::Kind::Report: // of the whole folder, with the pictures of the run shown when it has
                                  // several
        return SavePaths::propose(kind, profilePath(), reportRun(), "report", "html");
    case SavePaths::Kind::Csv:
        return m_console->proposedCsvPath();
    }
    return {};
}

void MainWindow::saveViewAs() {
    if (!profileLoaded()) {
        statusBar()->showMessage(tr("Open a profile first"), 6000);
        return;
    }
    QString f = QFileDialog::getSaveFileName(this, tr("Save view"), proposedSavePath(SavePaths::Kind::View),
                                             tr("Rankscope views (*.rsview)"));
    if (f.isEmpty()) return;
    if (!f.endsWith(".rsview")) f += ".rsview";
    QString error;
    if (!writeViewState(captureViewState(), f, error)) {
        QMessageBox::warning(this, tr("Save view"), error);
        return;
    }
    Settings().setLastViewFile(f);
    statusBar()->showMessage(
        tr("Saved %1 (open it with rankscope %1, or export it with rankscope export --state)").arg(f), 10000);
}

void MainWindow::openViewFile() {
    // where Save view proposes to write views, or the last view file with none open
    const QString start =
        profilePath().isEmpty() ? Settings().lastViewFile({}) : SavePaths::folderFor(SavePaths::Kind::View);
    const QString f =
        QFileDialog::getOpenFileName(this, tr("Open view"), start, tr("Rankscope views (*.rsview)"));
    if (f.isEmpty()) return;
    QString error;
    auto s = readViewState(f, error);
    if (!s) {
        QMessageBox::warning(this, tr("Open view"), error);
        return;
    }
    Settings().setLastViewFile(f);
    openSavedView(*s);
}

void MainWindow::exportReport() {
    if (profilePath().isEmpty()) {
        statusBar()->showMessage(tr("Open a profile first"), 6000);
        return;
    }
    const QString f = QFileDialog::getSaveFileName(
        this, tr("Export report"), proposedSavePath(SavePaths::Kind::Report),
        tr("HTML, one self-contained file (*.html);;Markdown with the pictures beside it (*.md)"));
    if (f.isEmpty()) return;
    Settings().setLastReportFile(f);
    // The report renders its pictures from the index: a separate process (this program's own `report`
    // command) does it, so the window stays responsive and no SQL runs on the GUI thread.
    auto* p = new QProcess(this);
    const bool md = f.endsWith(".md", Qt::CaseInsensitive);
    p->setProgram(QCoreApplication::applicationFilePath());
    QStringList args{"report", profilePath(), md ? "--markdown" : "--html", f, "--quiet"};
    // the pictures of the run on screen, not the folder's default one (walk 27 house check: exported while
    // run 1 was shown, the report pictured run 0 and listed run 1's findings without pictures)
    if (const auto run = reportRun()) args << "--run" << QString::number(*run);
    p->setArguments(args);
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
