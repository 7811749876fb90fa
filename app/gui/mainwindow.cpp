#include "app/gui/mainwindow.h"

#include "app/gui/findingnavigator.h"
#include "app/gui/typeaheadguard.h"

#include "app/gui/annotationcontroller.h"
#include "app/gui/appicon.h"
#include "app/gui/recentprofiles.h"
#include "app/gui/viewexporter.h"
#include "views/compare/compareview.h"
#include "views/shapes/shapeheatmapview.h"

#include "views/common/theme.h"
#include "views/common/timemapping.h"
#include "views/details/histogramview.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapview.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsummaryview.h"
#include "views/timeline/minimapview.h"
#include "views/timeline/timelinekeys.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimeZone>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <tuple>
#include <zlib.h>
#include <zstd.h>

namespace rs::gui {

using views::Selection;

namespace {
/// The platform's primary binding for `standard` plus `extra`, each once: registering one key twice on an
/// action makes Qt refuse it as an "ambiguous shortcut overload" (Alt+Left is already QKeySequence::Back on
/// X11). Only the primary one: the secondary bindings of Back/Forward are Backspace / Shift+Backspace,
/// which belong to the drill-down tables and text fields.
QList<QKeySequence> withKey(QKeySequence::StandardKey standard, const QKeySequence& extra) {
    QList<QKeySequence> keys{QKeySequence(standard)};
    if (!keys.contains(extra)) keys.append(extra);
    return keys;
}
} // namespace

MainWindow::MainWindow()
    : m_service(new query::QueryService(this)), m_state(new views::InteractionState(this)),
      m_timeline(new views::TimelineView(m_state, m_service)), m_job(new IndexJob(this)) {
    setWindowTitle("Rankscope");
    setWindowIcon(appIcon());
    setAcceptDrops(true);
    resize(1500, 900);
    auto* central = new QWidget;
    auto* lay = new QVBoxLayout(central);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    // progress panel shown while indexing
    m_progressPanel = new QWidget;
    auto* pl = new QHBoxLayout(m_progressPanel);
    m_progressLabel = new QLabel;
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    auto* cancel = new QPushButton(tr("Cancel"));
    pl->addWidget(m_progressLabel, 1);
    pl->addWidget(m_progress, 2);
    pl->addWidget(cancel);
    m_progressPanel->hide();
    connect(cancel, &QPushButton::clicked, m_job, &IndexJob::cancel);
    lay->addWidget(m_progressPanel);
    m_notice = new QLabel;
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setContentsMargins(8, 4, 8, 4);
    // dark text on an opaque light orange in any theme (light text on it could not be read)
    m_notice->setStyleSheet(
        "QLabel { background: #fde3b8; color: #2a1e00; border-bottom: 1px solid #f5a524; padding: 2px; }");
    m_notice->hide();
    lay->addWidget(m_notice);
    m_minimap = new views::MinimapView(m_state, m_service);
    lay->addWidget(m_minimap);
    lay->addWidget(m_timeline, 1);
    setCentralWidget(central);

    buildDocks();
    buildMenus();
    m_statusProfile = new QLabel(tr("No profile"));
    m_statusWindow = new QLabel;
    m_statusSelection = new QLabel;
    statusBar()->addWidget(m_statusProfile, 1);
    statusBar()->addPermanentWidget(m_statusSelection);
    statusBar()->addPermanentWidget(m_statusWindow);

    connect(m_job, &IndexJob::progress, this,
            [this](qint64 done, qint64 total, qint64 events, double secs, QString phase) {
                double mbps = secs > 0 ? double(done) / 1e6 / secs : 0;
                double eta = mbps > 0 ? double(total - done) / 1e6 / mbps : 0;
                m_progress->setValue(total > 0 ? int(1000.0 * double(done) / double(total)) : 0);
                m_progressLabel->setText(tr("%1 %2: %3 / %4 MB, %5 MB/s, %6 M events, ETA %7 s")
                                             .arg(phase, QFileInfo(m_profile).fileName())
                                             .arg(double(done) / 1e6, 0, 'f', 1)
                                             .arg(double(total) / 1e6, 0, 'f', 1)
                                             .arg(mbps, 0, 'f', 0)
                                             .arg(double(events) / 1e6, 0, 'f', 2)
                                             .arg(eta, 0, 'f', 0));
            });
    connect(m_job, &IndexJob::finished, this, &MainWindow::onIndexFinished);
    connect(m_service, &query::QueryService::summaryReady, this, &MainWindow::onSummary);
    connect(m_service, &query::QueryService::failed, this,
            [this](const QString& msg) { statusBar()->showMessage(tr("Query failed: %1").arg(msg), 10000); });
    connect(m_state, &views::InteractionState::windowChanged, this, &MainWindow::updateStatus);
    connect(m_state, &views::InteractionState::selectionChanged, this, &MainWindow::onSelection);
    connect(m_state, &views::InteractionState::historyChanged, this, [this] {
        m_backAction->setEnabled(m_state->canGoBack());
        m_forwardAction->setEnabled(m_state->canGoForward());
    });
    connect(
        m_service, &query::QueryService::spanDetailReady, this,
        [this](quint64 id, std::optional<query::SpanDetail> d) {
            if (id != m_detailRequest || !d) return;
            QString html = QString("<h3>%1</h3><table>").arg(QString::fromStdString(d->name).toHtmlEscaped());
            auto row = [&](const QString& k, const QString& v) {
                html += "<tr><td><b>" + k + "</b></td><td>" + v.toHtmlEscaped() + "</td></tr>";
            };
            row(tr("op type"), QString::fromStdString(d->opType));
            row(tr("duration"), views::formatDuration(d->durNs) + QString(" (%1 ns)").arg(d->durNs));
            row(tr("start"), QString("%1 (%2 ns)")
                                 .arg(views::formatOffset(d->tsNs - m_state->boundsStart(), 1))
                                 .arg(d->tsNs));
            row(tr("rank / track"), QString("%1 / %2").arg(d->rank).arg(QString::fromStdString(d->track)));
            row(tr("step"), d->step ? QString::number(*d->step) : tr("-"));
            row(tr("depth"), QString::number(d->depth));
            row(tr("category"), QString::fromStdString(d->category));
            row(tr("file"), QString::fromStdString(d->file));
            html += "</table>";
            if (!d->argsJson.empty()) {
                auto j = nlohmann::json::parse(d->argsJson, nullptr, false);
                html += "<h4>" + tr("args") + "</h4><table>";
                if (j.is_object())
                    for (auto& [k, v] : j.items())
                        row(QString::fromStdString(k),
                            QString::fromStdString(
                                v.is_string()
                                    ? v.get<std::string>()
                                    : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
                html += "</table>";
            }
            m_details->setHtml(html);
        });
    connect(m_service, &query::QueryService::searchReady, this,
            [this](quint64 id, std::vector<query::DrawItem> hits, std::vector<qint64> tracks) {
                if (id != m_searchRequest) return;
                setHits(std::move(hits), std::move(tracks));
                m_searchIndex = -1;
                statusBar()->showMessage(tr("%1 match(es) for \"%2\" (Enter / F3: next, Shift+F3: previous)")
                                             .arg(m_searchHits.size())
                                             .arg(m_search->text()),
                                         8000);
                runSearch(+1);
            });
    QSettings st;
    restoreGeometry(st.value("window/geometry").toByteArray());
    restoreState(st.value("window/state").toByteArray());
    m_timeline->setShowWaits(st.value("view/showWaits", true).toBool());
    updateRecentMenu();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
    auto* fd = new QDockWidget(tr("Findings"), this);
    fd->setObjectName("findings");
    m_findings = new QListWidget;
    m_findings->setWordWrap(true);
    m_findings->setToolTip(tr("What is wrong, ordered by time lost. Click to zoom to it."));
    fd->setWidget(m_findings);
    addDockWidget(Qt::RightDockWidgetArea, fd);
    connect(m_findings, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) {
        auto f = nlohmann::json::parse(it->data(Qt::UserRole).toString().toStdString(), nullptr, false);
        if (f.is_object()) navigateToFinding(f);
    });
    connect(m_findings, &QListWidget::itemClicked, m_findings, &QListWidget::itemActivated);
    auto* dd = new QDockWidget(tr("Details"), this);
    dd->setObjectName("details");
    auto* details = new QWidget;
    auto* dl = new QVBoxLayout(details);
    dl->setContentsMargins(0, 0, 0, 0);
    m_details = new QTextBrowser;
    m_details->setPlaceholderText(tr("Click a span, a wait or a finding to see its details."));
    m_histogram = new views::HistogramView;
    m_histogram->hide();
    dl->addWidget(m_details, 2);
    dl->addWidget(m_histogram, 1);
    dd->setWidget(details);
    addDockWidget(Qt::RightDockWidgetArea, dd);
    // the linked views, tabbed below the timeline
    m_heatmap = new views::HeatmapView(m_state, m_service);
    m_memory = new views::MemoryMapView(m_state, m_service);
    m_drill = new views::DrillDownView(m_state, m_service);
    QDockWidget* previous = nullptr;
    for (auto [w, title, name] :
         {std::tuple<QWidget*, QString, const char*>{m_heatmap, tr("Op heatmap"), "heatmap"},
          {m_memory, tr("Memory"), "memory"},
          {m_drill, tr("Steps ▸ ops ▸ tensors"), "drilldown"},
          {m_opSummary = new views::OpSummaryView(m_state, m_service), tr("Op summary"), "opsummary"},
          {m_shapes = new views::ShapeHeatmapView(m_state, m_service), tr("Input shapes"), "shapes"},
          {m_compare = new views::CompareView, tr("Comparison"), "comparison"}}) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(Qt::BottomDockWidgetArea, d);
        if (previous) tabifyDockWidget(previous, d);
        previous = d;
    }
    if (auto* first = findChild<QDockWidget*>("heatmap")) first->raise();
    m_annotate = new AnnotationController(this, m_service, m_state, m_timeline, m_heatmap, m_memory);
    m_navigator = std::make_unique<FindingNavigator>(this, m_state, m_heatmap);
    // lists and tables keep their type-ahead letters; the tools' N/R/T/B work everywhere else
    qApp->installEventFilter(new TypeAheadGuard(this));
    addDockWidget(Qt::RightDockWidgetArea, m_annotate->dock());
    tabifyDockWidget(dd, m_annotate->dock());
    dd->raise();
    // The timeline keeps most of the height by default; docks can only be sized once the window is laid
    // out, and a saved layout (restoreState) wins.
    QTimer::singleShot(0, this, [this, fd, dd] {
        if (!QSettings().contains("window/state")) {
            resizeDocks({findChild<QDockWidget*>("heatmap")}, {height() * 3 / 10}, Qt::Vertical);
            resizeDocks({fd, dd}, {width() / 4, width() / 4}, Qt::Horizontal);
        }
    });
    // a shape heatmap cell: every kernel of that shape highlighted, F3 / Shift+F3 step through them
    connect(m_shapes, &views::ShapeHeatmapView::shapeChosen, this,
            [this](const QString& op, const QString& shapes, const QString& dtypes) {
                if (!m_summary) return;
                m_shapeKernelsRequest = m_service->requestShapeKernels(m_summary->run, op, shapes, dtypes);
                m_shapeLabel = op + " " + shapes;
            });
    connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
        if (id != m_shapeKernelsRequest) return;
        auto k = v.value<std::shared_ptr<const query::ShapeKernels>>();
        if (!k) return;
        setHits(k->spans, {k->trackIds.begin(), k->trackIds.end()});
        m_searchIndex = 0; // the view already shows the first one
        statusBar()->showMessage(tr("%1 kernel(s) of %2 highlighted (F3 / Shift+F3: next, previous)")
                                     .arg(m_searchHits.size())
                                     .arg(m_shapeLabel),
                                 10000);
    });
    // a heatmap cell (op type, rank): its kernels highlighted, the timeline at the longest, F3 steps on
    connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
        if (id != m_opKernelsRequest) return;
        auto k = v.value<std::shared_ptr<const query::ShapeKernels>>();
        if (!k || k->spans.empty()) return;
        setHits(k->spans, {k->trackIds.begin(), k->trackIds.end()});
        size_t longest = 0;
        for (size_t i = 0; i < m_searchHits.size(); ++i)
            if (m_searchHits[i].endNs - m_searchHits[i].startNs >
                m_searchHits[longest].endNs - m_searchHits[longest].startNs)
                longest = i;
        m_searchIndex = int(longest);
        if (id !=
            m_opKernelsKeepWindow) { // a saved view's window stays (it moved away when the answer came late)
            const auto& h = m_searchHits[longest];
            const int64_t pad = std::max<int64_t>((h.endNs - h.startNs) * 4, 20000);
            m_state->setWindow(h.startNs - pad, h.endNs + pad);
            if (longest < m_searchTracks.size()) m_timeline->scrollToTrack(m_searchTracks[longest]);
        }
        statusBar()->showMessage(
            tr("%1 kernel(s) of %2 on rank %3 highlighted; showing the longest (F3 / Shift+F3: "
               "next, previous)")
                .arg(m_searchHits.size())
                .arg(m_state->selection().opType)
                .arg(m_state->selection().rank),
            10000);
    });
    connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
        if (id != m_histRequest) return;
        m_histogram->setHistogram(v.value<std::shared_ptr<const query::Histogram>>());
        m_histogram->show();
    });
}

void MainWindow::buildMenus() {
    QAction* open = buildFileMenu();
    m_annotate->buildMenu(menuBar()->addMenu(tr("&Annotate")));
    buildNavigateMenu();
    QAction* waits = buildViewMenu();
    buildHelpMenu();
    buildToolbar(open, waits);
}

QAction* MainWindow::buildFileMenu() {
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* open = file->addAction(tr("&Open profile…"), this, [this] {
        QString dir = QFileDialog::getExistingDirectory(this, tr("Open profile directory"),
                                                        QSettings().value("profiles/lastDir").toString());
        if (!dir.isEmpty()) openProfile(dir);
    });
    open->setShortcut(QKeySequence::Open);
    auto* openFile = file->addAction(tr("Open trace &file…"), this, [this] {
        QString path = QFileDialog::getOpenFileName(
            this, tr("Open one trace file"), QSettings().value("profiles/lastDir").toString(),
            tr("Traces (*.json *.json.gz *.json.zst *.gz *.zst *.db *.csv);;All files (*)"));
        if (!path.isEmpty()) openProfile(path);
    });
    openFile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openFile->setToolTip(tr("One Chrome-trace / Kineto JSON (.gz, .zst), Ascend trace_view.json, .db or CSV, "
                            "indexed on its own"));
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addAction(tr("&Reindex"), this, [this] {
        if (m_profile.isEmpty()) return;
        pipeline::BuildOptions o;
        o.force = true;
        std::string err;
        o.analysis.loadDeviceFile(m_profile.toStdString(), err);
        m_progressPanel->show();
        m_job->start(m_profile, o);
    });
    file->addAction(tr("&Compare with…"), this,
                    [this] {
                        if (m_profile.isEmpty()) {
                            statusBar()->showMessage(
                                tr("Open a profile first: it is the baseline of the comparison"), 8000);
                            return;
                        }
                        QString dir = QFileDialog::getExistingDirectory(
                            this, tr("Compare with (the candidate run)"),
                            QSettings().value("compare/lastDir", m_profile).toString());
                        if (!dir.isEmpty()) compareWith(dir);
                    })
        ->setToolTip(
            tr("Compare the open run (baseline) with another profile (candidate): regressions, a delta "
               "heatmap and both runs' step times"));
    m_compareRunMenu = file->addMenu(tr("Compare with r&un"));
    m_compareRunMenu->setToolTip(
        tr("Compare the run shown (baseline) with another run of this folder: their statistics, "
           "nothing aligned across them"));
    m_compareRunMenu->setEnabled(false);
    file->addAction(tr("&Diagnostics…"), this, &MainWindow::showDiagnostics);
    file->addSeparator();
    file->addAction(tr("&Export image…"), this, [this] { exportImage(); })
        ->setShortcut(QKeySequence("Ctrl+E"));
    file->addAction(tr("Copy &image"), this,
                    [this] {
                        ExportChoice c;
                        c.view = QSettings().value("export/view", "timeline").toString();
                        c.path.clear(); // the clipboard
                        exportImage(c);
                    })
        ->setShortcut(QKeySequence("Ctrl+Shift+C"));
    file->addAction(tr("&Save view…"), this, &MainWindow::saveViewAs)->setShortcut(QKeySequence::Save);
    file->addAction(tr("Open &view…"), this, &MainWindow::openViewFile);
    file->addAction(tr("Export &report…"), this, &MainWindow::exportReport)
        ->setToolTip(
            tr("The findings with their pictures, the step table, memory peaks, annotations and diagnostics, "
               "as one HTML file (or Markdown)"));
    file->addSeparator();
    auto* reopen = file->addAction(tr("Reopen the last profile on start"));
    reopen->setCheckable(true);
    reopen->setChecked(QSettings().value("profiles/reopenLast", true).toBool());
    connect(reopen, &QAction::toggled, this,
            [](bool on) { QSettings().setValue("profiles/reopenLast", on); });
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    return open;
}

void MainWindow::buildNavigateMenu() {
    auto* nav = menuBar()->addMenu(tr("&Navigate"));
    m_backAction = nav->addAction(tr("&Back"), m_state, &views::InteractionState::back);
    m_backAction->setShortcuts(withKey(QKeySequence::Back, QKeySequence(Qt::ALT | Qt::Key_Left)));
    m_forwardAction = nav->addAction(tr("&Forward"), m_state, &views::InteractionState::forward);
    m_forwardAction->setShortcuts(withKey(QKeySequence::Forward, QKeySequence(Qt::ALT | Qt::Key_Right)));
    m_backAction->setEnabled(false);
    m_forwardAction->setEnabled(false);
    nav->addAction(tr("&Fit all"), m_state, &views::InteractionState::fit);
    auto* find = nav->addAction(tr("&Find…"), this, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    find->setShortcut(QKeySequence::Find);
    nav->addAction(tr("Find &next"), this, [this] { runSearch(+1); })->setShortcut(QKeySequence::FindNext);
    nav->addAction(tr("Find &previous"), this, [this] { runSearch(-1); })
        ->setShortcut(QKeySequence::FindPrevious);
    nav->addAction(tr("Select all &matches"), this, [this] {
        if (m_searchHits.empty() || !m_summary) return;
        Selection s;
        s.kind = Selection::Kind::OpType;
        s.opType = QString::fromStdString(m_summary->strings[size_t(m_searchHits.front().opTypeId)]);
        m_state->setSelection(s);
    });
}

QAction* MainWindow::buildViewMenu() {
    auto* view = menuBar()->addMenu(tr("&View"));
    auto* waits = view->addAction(tr("Show communication &waits"));
    waits->setCheckable(true);
    waits->setChecked(QSettings().value("view/showWaits", true).toBool());
    waits->setShortcut(QKeySequence("Ctrl+W"));
    connect(waits, &QAction::toggled, this, [this](bool on) {
        m_timeline->setShowWaits(on);
        QSettings().setValue("view/showWaits", on);
    });
    for (auto [kind, label] :
         {std::pair{"overlap", "Show &overlap analysis lanes"}, std::pair{"host", "Show &host lanes"},
          std::pair{"memory", "Show &memory lanes"}, std::pair{"counter", "Show &counter lanes"}}) {
        auto* a = view->addAction(tr(label));
        a->setCheckable(true);
        bool def = QString(kind) == "host" || QString(kind) == "memory";
        bool on = QSettings().value(QString("view/show_") + kind, def).toBool();
        a->setChecked(on);
        m_timeline->setKindVisible(kind, on);
        connect(a, &QAction::toggled, this, [this, kind = QString(kind)](bool v) {
            m_timeline->setKindVisible(kind, v);
            QSettings().setValue("view/show_" + kind, v);
        });
    }
    auto* align = view->addAction(tr("&Align rank clocks"));
    align->setCheckable(true);
    align->setShortcut(QKeySequence("Ctrl+L"));
    align->setToolTip(tr("Shift each rank by the clock offset estimated from collective end times"));
    align->setChecked(QSettings().value("view/aligned", false).toBool());
    m_timeline->setAligned(align->isChecked());
    connect(align, &QAction::toggled, this, [this](bool on) {
        m_timeline->setAligned(on);
        QSettings().setValue("view/aligned", on);
    });
    auto* theme = view->addMenu(tr("&Theme"));
    for (const char* t : {"system", "light", "dark"}) {
        theme->addAction(QString(t), this, [this, t] {
            applyTheme(t);
            QSettings().setValue("view/theme", QString(t));
        });
    }
    view->addSeparator();
    for (auto* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());

    return waits;
}

void MainWindow::buildHelpMenu() {
    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts)
        ->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About Rankscope"), this, [this] {
        QMessageBox box(this);
        box.setWindowTitle(tr("About Rankscope"));
        box.setIconPixmap(appIcon().pixmap(64, 64));
        box.setTextFormat(Qt::RichText);
        box.setText(
            tr("<h3>Rankscope %1</h3><p>A trace explorer for distributed deep-learning training: "
               "MindSpore/Ascend, PyTorch Kineto and Chrome-trace profiles, indexed into SQLite, with "
               "communication waits, stragglers and memory findings.</p>"
               "<p>Licence: GNU General Public License, version 3 or later (it links QCustomPlot, which is "
               "GPL-3.0). This program comes with ABSOLUTELY NO WARRANTY.</p>"
               "<p>Built with: Qt %2 (LGPL-3.0; running on %3), QCustomPlot (GPL-3.0), SQLite %4 "
               "(public domain), zstd %5 (BSD-3-Clause), zlib %6 (Zlib), nlohmann-json %7.%8.%9 (MIT).</p>")
                .arg(QStringLiteral(RANKSCOPE_VERSION), QStringLiteral(QT_VERSION_STR),
                     QString::fromLatin1(qVersion()), QString::fromLatin1(sqlite3_libversion()),
                     QString::fromLatin1(ZSTD_versionString()), QString::fromLatin1(zlibVersion()))
                .arg(NLOHMANN_JSON_VERSION_MAJOR)
                .arg(NLOHMANN_JSON_VERSION_MINOR)
                .arg(NLOHMANN_JSON_VERSION_PATCH));
        box.exec();
    });
}

void MainWindow::buildToolbar(QAction* open, QAction* waits) {
    auto* tb = addToolBar(tr("Main"));
    tb->setObjectName("maintoolbar");
    tb->addAction(open);
    m_runBox = new QComboBox;
    m_runBox->setToolTip(tr("This folder holds several runs (different jobs or sessions); the views show one "
                            "at a time and never compare across them"));
    connect(m_runBox, &QComboBox::activated, this, [this](int i) {
        if (i >= 0 && m_summary && m_runBox->itemData(i).toInt() != m_summary->run)
            m_service->selectRun(m_runBox->itemData(i).toInt());
    });
    m_runAction = tb->addWidget(m_runBox);
    m_runAction->setVisible(false);
    tb->addAction(m_backAction);
    tb->addAction(m_forwardAction);
    tb->addAction(tr("Fit"), m_state, &views::InteractionState::fit);
    tb->addAction(waits);
    tb->addSeparator();
    m_filter = new QLineEdit;
    m_filter->setPlaceholderText(tr("Filter tracks (rank 3, HCCL, Stream…)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(240);
    connect(m_filter, &QLineEdit::textChanged, m_timeline, &views::TimelineView::setTrackFilter);
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::updateStatus);
    tb->addWidget(m_filter);
    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search spans by name or op type (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMaximumWidth(280);
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_search->text().isEmpty()) {
            m_timeline->setSearchHits({}, {});
            return;
        }
        m_searchRequest = m_service->requestSearch(m_search->text(), 5000);
    });
    tb->addWidget(m_search);
}

void MainWindow::setHits(std::vector<query::DrawItem> spans, std::vector<qint64> tracks) {
    // search matches, a shape cell's or a heatmap cell's kernels: highlighted, F3 / Shift+F3 step through
    m_searchHits = std::move(spans);
    m_searchTracks = std::move(tracks);
    m_timeline->setSearchHits(m_searchHits, m_searchTracks);
}

void MainWindow::runSearch(int direction) {
    if (m_searchHits.empty()) return;
    m_searchIndex = (m_searchIndex + direction + int(m_searchHits.size())) % int(m_searchHits.size());
    const auto& h = m_searchHits[size_t(m_searchIndex)];
    int64_t pad = std::max<int64_t>((h.endNs - h.startNs) * 4, 20000);
    m_state->setWindow(h.startNs - pad, h.endNs + pad);
    Selection s;
    s.kind = Selection::Kind::Span;
    s.spanId = h.spanId;
    s.startNs = h.startNs;
    s.endNs = h.endNs;
    if (size_t(m_searchIndex) < m_searchTracks.size() && m_summary)
        for (const auto& t : m_summary->tracks)
            if (t.trackId == m_searchTracks[size_t(m_searchIndex)]) s.rank = t.rank;
    m_state->setSelection(s);
    if (size_t(m_searchIndex) < m_searchTracks.size())
        m_timeline->scrollToTrack(m_searchTracks[size_t(m_searchIndex)]);
    m_detailRequest = m_service->requestSpanDetail(h.spanId);
}

void MainWindow::openProfile(const QString& dir) {
    if (m_job->running()) m_job->cancel();
    m_profile = QFileInfo(dir).absoluteFilePath();
    m_profileShown.clear(); // the next summary is a new profile's: its state starts afresh
    m_statusProfile->setText(tr("Indexing %1…").arg(m_profile));
    m_progressPanel->show();
    m_progress->setValue(0);
    pipeline::BuildOptions o;
    std::string err;
    if (!o.analysis.loadDeviceFile(m_profile.toStdString(), err))
        statusBar()->showMessage(QString::fromStdString(err), 10000);
    m_job->start(m_profile, o);
}

void MainWindow::compareWith(const QString& dir, std::optional<int> run) {
    QSettings().setValue("compare/lastDir", dir);
    if (!m_compareJob) {
        m_compareJob = new CompareJob(this);
        connect(m_compareJob, &CompareJob::finished, this,
                [this](std::shared_ptr<const compare::ComparisonData> d, const QString& error) {
                    if (!d) {
                        statusBar()->showMessage(tr("Comparison failed: %1").arg(error), 15000);
                        return;
                    }
                    m_compare->setData(d);
                    Q_EMIT compareReady();
                    if (auto* dock = findChild<QDockWidget*>("comparison")) {
                        dock->show();
                        dock->raise();
                    }
                    statusBar()->showMessage(
                        d->result.fail()
                            ? tr("Comparison: %1 regression(s)").arg(d->result.regressions.size())
                        : d->result.inconclusive()
                            ? tr("Comparison inconclusive: nothing matched, nothing compared")
                            : tr("Comparison: no regression beyond the thresholds"),
                        10000);
                });
        connect(m_compare, &views::CompareView::spansWanted, this, [this](const compare::SpanRequest& r) {
            m_compareJob->requestSpans(m_compare->sharedData(), r);
        });
        connect(m_compareJob, &CompareJob::spansReady, this,
                [this](std::shared_ptr<const compare::SpanPair> spans, const QString& error) {
                    if (!error.isEmpty())
                        statusBar()->showMessage(tr("Spans of the delta: %1").arg(error), 10000);
                    m_compare->setSpans(spans);
                });
        connect(m_compare, &views::CompareView::opTypeChosen, this, [this](const QString& op, int dataRank) {
            // the comparison names ranks by the producer's number: the shown run's key for it (two runs in a
            // folder key the second's ranks apart), or every rank when the shown run has no such rank
            views::Selection s;
            s.kind = views::Selection::Kind::OpType;
            s.opType = op;
            s.rank = -1;
            if (m_summary && dataRank >= 0)
                for (int key : m_summary->ranks)
                    if (auto it = m_summary->dataRank.find(key);
                        it != m_summary->dataRank.end() && it->second == dataRank)
                        s.rank = key;
            m_state->setSelection(s);
        });
    }
    statusBar()->showMessage(tr("Comparing with %1…").arg(dir));
    // the baseline is the run on screen, not the folder's default one
    m_compareJob->start(m_profile, m_summary ? std::optional<int>(m_summary->run) : std::nullopt,
                        QFileInfo(dir).absoluteFilePath(), run);
}

void MainWindow::reopenLast() {
    QString last = RecentProfiles::last();
    if (!last.isEmpty() && QFileInfo::exists(last)) openProfile(last);
}

void MainWindow::onIndexFinished(bool ok, bool cancelled, const QString& dbPath, const QString& error,
                                 double secs, bool reused) {
    m_progressPanel->hide();
    if (!ok) {
        m_statusProfile->setText(cancelled ? tr("Indexing cancelled")
                                           : tr("Could not open %1").arg(m_profile));
        if (!cancelled) QMessageBox::critical(this, tr("Cannot open profile"), error);
        return;
    }
    statusBar()->showMessage(reused ? tr("Opened cached index in %1 s").arg(secs, 0, 'f', 2)
                                    : tr("Indexed in %1 s").arg(secs, 0, 'f', 1),
                             8000);
    m_annotate->openIndex(dbPath);
    m_service->open(dbPath);
}

void MainWindow::resetProfileState(bool newProfile) {
    // a selection, search hits and a comparison belong to the profile (and run) they were made on: the
    // next one's ids, clocks and ranks are others
    m_state->clearSelection();
    m_searchHits.clear();
    m_searchTracks.clear();
    m_searchIndex = -1;
    m_timeline->setSearchHits({}, {});
    if (m_compare) m_compare->setData(nullptr); // its baseline was the run on screen
    if (!newProfile) return;
    m_search->clear();
}

void MainWindow::rememberOpened(const query::ProfileSummary& s) {
    // only a profile that opened with something in it is offered again (Open Recent, reopen on start)
    if (s.ranks.empty() && s.tracks.empty() && s.steps.empty()) return;
    QSettings().setValue("profiles/lastDir", m_profile);
    RecentProfiles::add(m_profile);
    updateRecentMenu();
}

void MainWindow::onSummary(std::shared_ptr<const query::ProfileSummary> s) {
    const bool newProfile = m_profileShown != m_profile;
    const bool newRun = newProfile || !m_summary || m_summary->run != s->run;
    if (newRun) resetProfileState(newProfile);
    if (newProfile) rememberOpened(*s);
    m_profileShown = m_profile;
    m_summary = s;
    setWindowTitle(QString("Rankscope — %1").arg(QFileInfo(m_profile).fileName()));
    updateRunChooser();
    m_state->setBounds(s->startNs, s->endNs);
    m_timeline->setSummary(s);
    m_minimap->setSummary(s);
    m_navigator->setSummary(s);
    m_findings->clear();
    auto report = nlohmann::json::parse(s->reportJson, nullptr, false);
    if (report.is_object()) {
        // the findings of the shown run: the same list, in the same order, as `rankscope report`
        int shown = 0;
        for (auto& f : report["findings"]) {
            if (f.contains("run") && !f["run"].is_null() && int(f["run"].get<int64_t>()) != s->run) continue;
            QString kind = QString::fromStdString(f["kind"].get<std::string>());
            auto* it = new QListWidgetItem(
                QString("[%1] %2").arg(kind, QString::fromStdString(f["text"].get<std::string>())));
            it->setData(Qt::UserRole, QString::fromStdString(
                                          f.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
            it->setToolTip(tr("Click to select and zoom to it in every view"));
            m_findings->addItem(it);
            ++shown;
        }
        if (shown == 0)
            m_findings->addItem(s->notes.empty()
                                    ? tr("No problems found.")
                                    : tr("No findings (see the note below the timeline's lanes)."));
    }
    m_details->setPlainText(QString::fromStdString(s->reportText));
    m_heatmap->setProfile(s->ranks);
    m_memory->setProfile(s->ranks, s->dataRank);
    m_drill->setProfile();
    m_opSummary->setProfile(s->ranks);
    m_shapes->setProfile(s->run);
    m_histogram->hide();
    m_annotate->setSummary(s);
    updateStatus();
    if (m_pendingState && (!m_pendingState->run || *m_pendingState->run == s->run))
        applyViewStateNow(*m_pendingState);
    else if (m_pendingState)
        m_service->selectRun(*m_pendingState->run);
    Q_EMIT profileReady();
}

QString MainWindow::tensorDetails(const Selection& s) const {
    QString html = tr("<h3>tensor %1</h3><p>allocated by <b>%2</b> on rank %3%4</p>")
                       .arg(s.tensorId.toHtmlEscaped(), s.opType.toHtmlEscaped())
                       .arg(s.rank)
                       .arg(s.step >= 0 ? tr(" in step %1").arg(s.step) : QString());
    html += "<p>";
    if (s.bytes >= 0) html += tr("size %1 (%2 bytes)<br>").arg(views::formatBytes(s.bytes)).arg(s.bytes);
    if (s.addr) html += tr("address 0x%1<br>").arg(*s.addr, 0, 16);
    const int64_t origin = m_state->boundsStart();
    if (s.startNs > 0)
        html +=
            tr("allocated at %1 from the run's start<br>").arg(views::formatOffset(s.startNs - origin, 1000));
    if (s.startNs > 0 && s.endNs > s.startNs)
        html +=
            tr("freed at %1, lifetime %2")
                .arg(views::formatOffset(s.endNs - origin, 1000), views::formatDuration(s.endNs - s.startNs));
    else if (s.startNs > 0)
        html += tr("not freed in the profile (alive at its end)");
    return html + "</p>";
}

void MainWindow::onSelection(const Selection& s) {
    // what the panel showed belongs to the previous selection: clear it before the new answer arrives
    m_detailRequest = 0;
    m_details->clear();
    if (s.kind == Selection::Kind::Span && s.spanId) {
        m_details->setPlaceholderText(tr("Reading the span's details…"));
        m_detailRequest = m_service->requestSpanDetail(s.spanId);
    } else {
        m_details->setPlaceholderText(tr("Click a span, a wait or a finding to see its details."));
    }
    if (s.kind == Selection::Kind::OpType && s.rank >= 0 && !s.opType.isEmpty()) {
        m_histRequest = m_service->requestHistogram(s.opType, s.rank);
        m_opKernelsRequest = m_service->requestOpKernels(s.opType, s.rank); // the timeline goes to one
        m_details->setHtml(
            tr("<h3>%1 on rank %2</h3><p>Spans of this op type on this rank are highlighted on the "
               "timeline; tensors it allocated are highlighted in the memory map.</p>")
                .arg(s.opType.toHtmlEscaped())
                .arg(s.rank));
    }
    if (s.kind == Selection::Kind::Tensor) m_details->setHtml(tensorDetails(s));
    if (s.kind == Selection::Kind::Step && m_summary) {
        QString html = QString("<h3>Rank %1, step %2</h3>").arg(s.rank).arg(s.step);
        for (const auto& w : m_summary->waits)
            if (w.rank == s.rank && w.step == s.step)
                html +=
                    QString("<p>%1 <b>%2</b> in %3%4</p>")
                        .arg(w.kind == "collective_wait" ? tr("waited") : tr("idle"))
                        .arg(views::formatDuration(w.durNs))
                        .arg(QString::fromStdString(w.collective).toHtmlEscaped())
                        .arg(w.blamedRank ? tr(" for rank %1 (arrived last)").arg(*w.blamedRank) : QString());
        for (const auto& st : m_summary->steps)
            if (st.rank == s.rank && st.step == s.step && st.outlier)
                html += "<p><b>" + tr("Outlier step:") + "</b> " +
                        QString::fromStdString(st.cause).toHtmlEscaped() + "</p>";
        m_details->setHtml(html);
    }
    QString text;
    switch (s.kind) {
    case Selection::Kind::Span:
        text = tr("span %1").arg(s.spanId);
        break;
    case Selection::Kind::Step:
        text = tr("rank %1 step %2").arg(s.rank).arg(s.step);
        break;
    case Selection::Kind::OpType:
        text = tr("op %1%2").arg(s.opType, s.rank >= 0 ? tr(" on rank %1").arg(s.rank) : QString());
        break;
    case Selection::Kind::Tensor:
        text = tr("tensor %1").arg(s.tensorId);
        break;
    case Selection::Kind::None:
        break;
    }
    m_statusSelection->setText(text);
}

void MainWindow::updateStatus() {
    if (!m_summary) return;
    int shown = 0; // lanes the track filter leaves (all of them without one)
    for (const auto& l : m_timeline->lanes())
        shown += !l.header && !l.pinned;
    const QString tracks = m_filter && !m_filter->text().isEmpty()
                               ? tr("%1 of %2 tracks (filtered)").arg(shown).arg(m_summary->tracks.size())
                               : tr("%1 tracks").arg(m_summary->tracks.size());
    m_statusProfile->setText(tr("%1 — %2 ranks, %3, %4")
                                 .arg(m_profile)
                                 .arg(m_summary->ranks.size())
                                 .arg(tracks)
                                 .arg(views::formatDuration(m_summary->endNs - m_summary->startNs)));
    // offsets from the run's start, precise to a thousandth of the window
    const int64_t res = std::max<int64_t>(1, (m_state->windowEnd() - m_state->windowStart()) / 1000);
    m_statusWindow->setText(
        tr("window %1 … %2 (%3)")
            .arg(views::formatOffset(m_state->windowStart() - m_state->boundsStart(), res))
            .arg(views::formatOffset(m_state->windowEnd() - m_state->boundsStart(), res))
            .arg(views::formatDuration(m_state->windowEnd() - m_state->windowStart())));
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = RecentProfiles::list();
    for (int i = 0; i < recent.size(); ++i) {
        const QString p = recent[i];
        // &1 … &9, &0: the first ten are one key away
        QString label = QString("&%1  %2").arg((i + 1) % 10).arg(QString(p).replace('&', "&&"));
        auto* a = m_recentMenu->addAction(label, this, [this, p] {
            if (QFileInfo::exists(p)) {
                openProfile(p);
            } else {
                statusBar()->showMessage(tr("%1 no longer exists; removed from the recent profiles").arg(p),
                                         8000);
                RecentProfiles::remove(p);
                updateRecentMenu();
            }
        });
        a->setToolTip(p);
    }
    if (!recent.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear the list"), this, [this] {
            RecentProfiles::clear();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::showDiagnostics() {
    QDialog d(this);
    d.setWindowTitle(tr("Diagnostics"));
    d.resize(900, 400);
    auto* l = new QVBoxLayout(&d);
    auto* t = new QTableWidget(0, 6);
    t->setHorizontalHeaderLabels(
        {tr("severity"), tr("file"), tr("problem"), tr("count"), tr("first at"), tr("excerpt")});
    if (m_summary)
        for (const auto& x : m_summary->diagnostics) {
            int r = t->rowCount();
            t->insertRow(r);
            QStringList v = {QString::fromStdString(x.severity), QString::fromStdString(x.file),
                             QString::fromStdString(x.what),     QString::number(x.count),
                             QString::number(x.firstOffset),     QString::fromStdString(x.excerpt)};
            for (int c = 0; c < v.size(); ++c)
                t->setItem(r, c, new QTableWidgetItem(v[c]));
        }
    t->resizeColumnsToContents();
    l->addWidget(new QLabel(tr("Per-record problems found while indexing (the import went on):")));
    l->addWidget(t);
    d.exec();
}

std::vector<std::pair<QString, QString>> MainWindow::shortcutRows() const {
    // one table: every action of the menus that has keys (as registered), then the timeline's own keys and
    // gestures (views/timeline/timelinekeys) — the dialog and the README's table list exactly these
    std::vector<std::pair<QString, QString>> rows;
    QSet<QString> seen;
    for (QMenu* menu : menuBar()->findChildren<QMenu*>())
        for (QAction* a : menu->actions()) {
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                if (!k.isEmpty() &&
                    !keys.contains(k.toString(QKeySequence::NativeText))) // a platform may list one twice
                    keys << k.toString(QKeySequence::NativeText);
            if (keys.isEmpty() || seen.contains(a->text())) continue;
            seen.insert(a->text());
            QString what = a->text();
            what.remove('&');
            what.remove(QString::fromUtf8("…"));
            rows.push_back({keys.join(", "),
                            QString::fromUtf8("%1 ▸ %2").arg(menu->title().remove('&'), what.trimmed())});
        }
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    for (const auto& k : views::timelineKeys())
        rows.push_back({QString::fromUtf8(k.keysText), tr("Timeline: %1").arg(QString::fromUtf8(k.what))});
    for (const auto& g : views::timelineGestures())
        rows.push_back({QString::fromUtf8(g.how), tr("Timeline: %1").arg(QString::fromUtf8(g.what))});
    return rows;
}

void MainWindow::showShortcuts() {
    QString html = "<table>";
    for (const auto& [keys, what] : shortcutRows())
        html += "<tr><td><b>" + keys.toHtmlEscaped() + "</b></td><td>" + what.toHtmlEscaped() + "</td></tr>";
    html += "</table>";
    QMessageBox box(QMessageBox::Information, tr("Keyboard shortcuts"), html, QMessageBox::Ok, this);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

void MainWindow::applyTheme(const QString& theme) {
    if (theme == "dark" || theme == "light") qApp->setStyle(QStyleFactory::create("Fusion"));
    qApp->setPalette(views::themePalette(theme));
}

void MainWindow::updateRunChooser() {
    const auto& runs = m_summary->runs;
    m_runBox->blockSignals(true);
    m_runBox->clear();
    for (const auto& r : runs) {
        QString ranks;
        for (size_t i = 0; i < r.dataRanks.size() && i < 6; ++i)
            ranks += (i ? "," : "") + QString::number(r.dataRanks[i]);
        if (r.dataRanks.size() > 6) ranks += "…";
        QString label = tr("Run %1: %2, rank %3").arg(r.run).arg(QString::fromStdString(r.source), ranks);
        if (r.worldSize) label += tr(" of %1").arg(*r.worldSize);
        // a date only where the clock is a wall clock (after 2000): legacy MindSpore counts from its own
        // origin
        constexpr int64_t kYear2000Ns = 946684800LL * 1000000000LL;
        if (r.endNs > r.startNs && r.startNs >= kYear2000Ns)
            label +=
                "  " +
                QDateTime::fromMSecsSinceEpoch(r.startNs / 1000000, Qt::UTC).toString("yyyy-MM-dd hh:mm") +
                " UTC";
        else if (r.endNs > r.startNs)
            label += "  " + tr("(own clock, %1 long)").arg(views::formatDuration(r.endNs - r.startNs));
        m_runBox->addItem(label, r.run);
        if (r.run == m_summary->run) m_runBox->setCurrentIndex(m_runBox->count() - 1);
    }
    m_runBox->blockSignals(false);
    m_runAction->setVisible(runs.size() > 1);
    m_compareRunMenu->clear();
    for (int i = 0; i < m_runBox->count(); ++i) {
        const int run = m_runBox->itemData(i).toInt();
        if (run == m_summary->run) continue;
        m_compareRunMenu->addAction(m_runBox->itemText(i), this,
                                    [this, run] { compareWith(m_profile, run); });
    }
    m_compareRunMenu->setEnabled(!m_compareRunMenu->isEmpty());
    QStringList notes;
    if (runs.size() > 1)
        notes << tr("This folder holds %1 runs (different jobs or sessions); showing run %2. Choose another "
                    "in the "
                    "toolbar; nothing is matched or aligned across runs (File ▸ Compare with run compares "
                    "their "
                    "statistics).")
                     .arg(runs.size())
                     .arg(m_summary->run);
    // (the summary's own notes are drawn by the timeline, where the lanes are, and in its exports)
    m_notice->setText(notes.join("\n"));
    m_notice->setVisible(!notes.isEmpty());
}

void MainWindow::navigateToFinding(const nlohmann::json& f) {
    m_details->setHtml(m_navigator->go(f));
}

void MainWindow::closeEvent(QCloseEvent* e) {
    QSettings st;
    st.setValue("window/geometry", saveGeometry());
    st.setValue("window/state", saveState());
    m_job->cancel();
    e->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const auto urls = e->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openProfile(urls.first().toLocalFile());
}

} // namespace rs::gui
