// MainWindow's menus and toolbar: File, Annotate, Navigate, View, Help. Every action with keys is listed
// by Help ▸ Keyboard shortcuts and the README (shortcutsdialog.h). Kept apart from mainwindow.cpp, which
// creates and wires the window.
#include "app/gui/annotationcontroller.h"
#include "app/gui/appicon.h"
#include "app/gui/comparecontroller.h"
#include "app/gui/mainwindow.h"
#include "app/gui/menukeysoverfields.h"
#include "app/gui/profilesession.h"
#include "app/gui/runchooser.h"
#include "app/gui/searchcontroller.h"
#include "app/gui/settings.h"
#include "app/gui/shortcutsdialog.h"
#include "app/gui/sqlconsolepanel.h"
#include "views/compare/compareview.h"
#include "views/tables/areastatsview.h"
#include "views/timeline/minimapview.h"
#include "views/timeline/timelineview.h"

#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QToolBar>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <zlib.h>
#include <zstd.h>

namespace rs::gui {

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

void MainWindow::buildMenus() {
    QAction* open = buildFileMenu();
    m_annotate->buildMenu(menuBar()->addMenu(tr("&Annotate")));
    buildNavigateMenu();
    buildViewMenu();
    buildQueryMenu();
    buildHelpMenu();
    buildToolbar(open);
}

QAction* MainWindow::buildFileMenu() {
    auto* file = menuBar()->addMenu(tr("&File"));
    addOpenActions(file);
    addCompareActions(file);
    file->addAction(tr("&Diagnostics…"), this, &MainWindow::showDiagnostics);
    file->addSeparator();
    addPictureActions(file);
    file->addSeparator();
    auto* reopen = file->addAction(tr("Reopen the last profile on start"));
    reopen->setCheckable(true);
    reopen->setChecked(Settings().reopenLast());
    connect(reopen, &QAction::toggled, this, [](bool on) { Settings().setReopenLast(on); });
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);
    return file->actions().first();
}

void MainWindow::addOpenActions(QMenu* file) {
    auto* open = file->addAction(tr("&Open profile…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open profile directory"),
                                                              Settings().openProfileStart());
        if (!dir.isEmpty()) openProfile(dir);
    });
    open->setShortcut(QKeySequence::Open);
    auto* openFile = file->addAction(tr("Open trace &file…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open one trace file"), Settings().lastProfileDir(),
            tr("Traces (*.json *.json.gz *.json.zst *.gz *.zst *.db *.csv);;All files (*)"));
        if (!path.isEmpty()) openProfile(path);
    });
    openFile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openFile->setToolTip(tr("One Chrome-trace / Kineto JSON (.gz, .zst), Ascend trace_view.json, .db or CSV, "
                            "indexed on its own"));
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addAction(tr("&Reindex"), this, &MainWindow::reindex);
}

void MainWindow::addCompareActions(QMenu* file) {
    // which side the open run is, said wherever a comparison is asked for: the dialog's title and the
    // tooltips follow the Swap choice
    const auto otherSide = [this] {
        return m_compare->openIsBaselineFor(false) ? tr("candidate") : tr("baseline");
    };
    auto* with = file->addAction(tr("&Compare with…"), this, [this, otherSide] {
        if (profilePath().isEmpty()) {
            statusBar()->showMessage(tr("Open a profile first: it is one side of the comparison"), 8000);
            return;
        }
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("Compare with (the %1 run)").arg(otherSide()), Settings().lastCompareDir(profilePath()));
        if (!dir.isEmpty()) compareWith(dir);
    });
    // a stored record (`rankscope baseline DIR --out FILE.json`) is a side the CLI compares with; the
    // directory chooser above could not pick it (walk 54)
    auto* withRecord = file->addAction(tr("Compare with baseline &record…"), this, [this, otherSide] {
        if (profilePath().isEmpty()) {
            statusBar()->showMessage(tr("Open a profile first: it is one side of the comparison"), 8000);
            return;
        }
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Compare with a baseline record (the %1 run)").arg(otherSide()),
            Settings().lastCompareDir(profilePath()), tr("Baseline records (*.json *.jsonl);;All files (*)"));
        if (!path.isEmpty()) compareWith(path);
    });
    m_compareRunMenu = file->addMenu(tr("Compare with r&un"));
    m_compareRunMenu->setEnabled(false);
    auto* swap = file->addAction(tr("S&wap baseline and candidate"), m_compare, &CompareController::swap);
    const auto describe = [this, with, withRecord, swap] {
        // each kind its own default (comparecontroller.h): another profile is the baseline, another run of
        // this folder the candidate, as `rankscope compare DIR DIR --baseline-run SHOWN --candidate-run N`
        const auto sides = [this](bool otherRun) {
            const bool openBase = m_compare->openIsBaselineFor(otherRun);
            return std::pair{openBase ? tr("baseline") : tr("candidate"),
                             openBase ? tr("candidate") : tr("baseline")};
        };
        const auto [open, other] = sides(false);
        const auto [shownRun, otherRun] = sides(true);
        with->setToolTip(tr("Compare the open run (%1) with another profile (%2): regressions, a delta "
                            "heatmap and both runs' step times")
                             .arg(open, other));
        withRecord->setToolTip(tr("Compare the open run (%1) with a record written by `rankscope baseline "
                                  "DIR --out FILE.json` (%2), as `rankscope compare` does")
                                   .arg(open, other));
        m_compareRunMenu->setToolTip(tr("Compare the run shown (%1) with another run of this folder (%2): "
                                        "their statistics, nothing aligned across them")
                                         .arg(shownRun, otherRun));
        // of the comparison on the panel (or, with none, of one with another profile)
        const bool openBase = m_compare->openIsBaseline();
        const QString now = openBase ? tr("baseline") : tr("candidate"),
                      then = openBase ? tr("candidate") : tr("baseline");
        swap->setToolTip(
            tr("Now the open run is the %1; swap makes it the %2 (and compares again)").arg(now, then));
        updateCompareRunMenu(); // its entries say the direction
    };
    describe();
    // only with a comparison to turn round (walk 10: enabled with none open, where it only flipped a setting)
    swap->setEnabled(false);
    connect(m_compare, &CompareController::compared, swap, [swap] { swap->setEnabled(true); });
    connect(m_compare, &CompareController::cleared, swap, [swap] { swap->setEnabled(false); });
    connect(swap, &QAction::triggered, this, describe);
    connect(m_compare, &CompareController::compared, this, describe); // of that comparison's kind
    connect(m_compare, &CompareController::cleared, this, describe);
    connect(m_compareView, &views::CompareView::swapRequested, this, describe);
}

void MainWindow::addPictureActions(QMenu* file) {
    file->addAction(tr("&Export image…"), this, [this] { exportImage(); })
        ->setShortcut(QKeySequence("Ctrl+E"));
    qApp->installEventFilter(new MenuKeysOverFields({QKeySequence("Ctrl+E")}, this));
    file->addAction(tr("Copy &image"), this,
                    [this] {
                        ExportChoice c;
                        c.view = Settings().exportDefaults().view;
                        c.path.clear(); // the clipboard
                        exportImage(c);
                    })
        ->setShortcut(QKeySequence("Ctrl+Shift+C"));
    file->addAction(tr("&Save view…"), this, &MainWindow::saveViewAs)->setShortcut(QKeySequence::Save);
    file->addAction(tr("Open &view…"), this, &MainWindow::openViewFile);
    file->addAction(tr("Export &report…"), this, &MainWindow::exportReport)
        ->setToolTip(tr("The findings with their pictures, the step table, memory peaks, annotations and "
                        "diagnostics, as one HTML file (or Markdown)"));
}

void MainWindow::buildNavigateMenu() {
    auto* nav = menuBar()->addMenu(tr("&Navigate"));
    m_backAction = nav->addAction(tr("&Back"), m_state, &views::InteractionState::back);
    m_backAction->setShortcuts(withKey(QKeySequence::Back, QKeySequence(Qt::ALT | Qt::Key_Left)));
    m_forwardAction = nav->addAction(tr("&Forward"), m_state, &views::InteractionState::forward);
    m_forwardAction->setShortcuts(withKey(QKeySequence::Forward, QKeySequence(Qt::ALT | Qt::Key_Right)));
    m_backAction->setEnabled(false);
    m_forwardAction->setEnabled(false);
    // "\tF" shows the timeline's key beside the item without making F a window shortcut (it would be taken
    // from every text field)
    nav->addAction(tr("&Fit all\tF"), m_state, &views::InteractionState::fit);
    auto* find = nav->addAction(tr("&Find…"), this, [this] {
        m_search->field()->setFocus();
        m_search->field()->selectAll();
    });
    find->setShortcut(QKeySequence::Find);
    nav->addAction(tr("Find &next"), m_search, &SearchController::next)->setShortcut(QKeySequence::FindNext);
    nav->addAction(tr("Find &previous"), m_search, &SearchController::previous)
        ->setShortcut(QKeySequence::FindPrevious);
    nav->addAction(tr("Select all &matches"), m_search, &SearchController::selectAllMatches);
}

void MainWindow::buildViewMenu() {
    auto* view = menuBar()->addMenu(tr("&View"));
    m_showRunMenu = view->addMenu(tr("&Run"));
    m_showRunMenu->setEnabled(false);
    const Settings st;
    m_waitsAction = view->addAction(tr("Show communication &waits"));
    m_waitsAction->setCheckable(true);
    m_waitsAction->setChecked(st.showWaits());
    // away from the timeline's W/S/A/D: a stray Ctrl+W would hide every wait and make busy ranks look idle
    m_waitsAction->setShortcut(QKeySequence("Ctrl+Shift+H"));
    m_waitsAction->setToolTip(tr("The red hatched waits and the idle gaps before collectives"));
    m_timeline->setShowWaits(st.showWaits());
    m_minimap->setShowWaits(st.showWaits()); // the overview hides what the timeline hides
    connect(m_waitsAction, &QAction::toggled, this, [this](bool on) {
        m_timeline->setShowWaits(on);
        m_minimap->setShowWaits(on);
        Settings().setShowWaits(on);
    });
    addLaneActions(view);
    m_alignAction = view->addAction(tr("&Align rank clocks"));
    m_alignAction->setCheckable(true);
    m_alignAction->setShortcut(QKeySequence("Ctrl+L"));
    m_alignAction->setToolTip(tr("Shift each rank by the clock offset estimated from collective end times"));
    m_alignAction->setChecked(st.alignClocks());
    m_timeline->setAligned(st.alignClocks());
    m_areaStats->setAligned(st.alignClocks());
    connect(m_alignAction, &QAction::toggled, this, [this](bool on) {
        m_timeline->setAligned(on);
        m_areaStats->setAligned(on);
        Settings().setAlignClocks(on);
    });
    addFlowActions(view);
    auto* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(theme); // the theme in use is checked
    for (const QString& t : Settings::themes()) {
        QAction* a = theme->addAction(t, this, [this, t] {
            applyTheme(t);
            Settings().setTheme(t);
        });
        a->setCheckable(true);
        a->setChecked(t == st.theme());
        themes->addAction(a);
    }
    view->addSeparator();
    // the panels in the order they sit: the right-hand ones, then the linked views' tabs
    const QStringList order = {"findings",  "details", "annotations", "heatmap",   "memory",    "drilldown",
                               "opsummary", "shapes",  "comparison",  "areastats", "sqlconsole"};
    auto docks = findChildren<QDockWidget*>();
    std::stable_sort(docks.begin(), docks.end(), [&](QDockWidget* a, QDockWidget* b) {
        const auto rank = [&](QDockWidget* d) {
            const auto i = order.indexOf(d->objectName());
            return i < 0 ? order.size() : i; // one not listed comes last, still offered
        };
        return rank(a) < rank(b);
    });
    for (auto* dock : docks)
        view->addAction(dock->toggleViewAction());
}

void MainWindow::buildQueryMenu() {
    // the SQL console's actions: their keys work while the focus is in the console (listed here, so the
    // shortcuts table shows them); choosing one from the menu brings the console up first
    auto* menu = menuBar()->addMenu(tr("&Query"));
    auto* show = menu->addAction(tr("&SQL console"), this, [this] {
        auto* dock = findChild<QDockWidget*>("sqlconsole");
        dock->show();
        dock->raise();
        m_console->editor()->setFocus();
    });
    show->setToolTip(tr("Read-only SQL over the documented views of the open profile's index"));
    menu->addAction(tr("&Area statistics"), this, [this] {
        auto* dock = findChild<QDockWidget*>("areastats");
        dock->show();
        dock->raise();
    });
    menu->addSeparator();
    for (QAction* a : m_console->consoleActions()) {
        menu->addAction(a);
        connect(a, &QAction::triggered, this, [this] {
            if (auto* dock = findChild<QDockWidget*>("sqlconsole"); dock && !dock->isVisible()) {
                dock->show();
                dock->raise();
            }
        });
    }
}

void MainWindow::addFlowActions(QMenu* view) {
    m_flowsAction = view->addAction(tr("Show &flows in the window"));
    m_flowsAction->setCheckable(true);
    m_flowsAction->setObjectName("windowFlows");
    m_flowsAction->setShortcut(QKeySequence("Ctrl+Shift+G"));
    m_flowsAction->setToolTip(
        tr("The flow arrows of every span in the window (host launch → kernel, "
           "forward → backward, …) of the categories checked under Flow categories — thinned "
           "when too many to read, a note saying how many; the selected span's arrows are drawn "
           "always (J follows them)"));
    // a profile's view state, not a setting: each profile opens with the selected span's arrows only (the
    // window's of a dense profile bury its lanes), a saved view brings back its own
    connect(m_flowsAction, &QAction::toggled, m_timeline, &views::TimelineView::setWindowFlows);
    // a profile whose files link no spans (walk 54b: db/level1, its CONNECTION_IDS not read) drew nothing
    // and said nothing when the arrows were turned on
    connect(m_flowsAction, &QAction::toggled, this, [this](bool on) {
        if (on && m_noFlowLinks) statusBar()->showMessage(noFlowLinksText(), 10000);
    });
    m_flowCategoryMenu = view->addMenu(tr("Flow &categories"));
    m_flowCategoryMenu->setEnabled(false);
    connect(m_timeline, &views::TimelineView::flowCategoriesKnown, this, &MainWindow::fillFlowCategories);
    connect(m_timeline, &views::TimelineView::notice, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
}

QString MainWindow::noFlowLinksText() {
    return tr("No flow arrows to draw: no flow links were read from this profile's files (File ▸ Diagnostics "
              "lists what was not read)");
}

void MainWindow::fillFlowCategories(const QStringList& categories) {
    m_flowCategoryMenu->clear();
    m_noFlowLinks = categories.isEmpty();
    if (m_noFlowLinks) m_flowCategoryMenu->addAction(noFlowLinksText())->setEnabled(false); // says why
    m_flowCategoryMenu->setEnabled(true);
    std::set<QString> on;
    for (const QString& c : categories) {
        QAction* a = m_flowCategoryMenu->addAction(c.isEmpty() ? tr("(no category)") : c);
        a->setCheckable(true);
        a->setChecked(Settings().flowCategoryShown(c));
        if (a->isChecked()) on.insert(c);
        connect(a, &QAction::toggled, this, [this, c](bool shown) {
            Settings().setFlowCategoryShown(c, shown);
            std::set<QString> cats = m_timeline->flowCategories();
            if (shown)
                cats.insert(c);
            else
                cats.erase(c);
            m_timeline->setFlowCategories(cats);
        });
    }
    m_timeline->setFlowCategories(on);
    if (m_noFlowLinks && m_flowsAction->isChecked()) statusBar()->showMessage(noFlowLinksText(), 10000);
}

void MainWindow::addLaneActions(QMenu* view) {
    const std::pair<LaneKind, const char*> lanes[] = {{LaneKind::Overlap, "Show &overlap analysis lanes"},
                                                      {LaneKind::Host, "Show &host lanes"},
                                                      {LaneKind::Memory, "Show &memory lanes"},
                                                      {LaneKind::Counter, "Show &counter lanes"}};
    for (auto [kind, label] : lanes) {
        auto* a = view->addAction(tr(label));
        a->setCheckable(true);
        const bool on = Settings().laneKindShown(kind);
        a->setChecked(on);
        m_timeline->setKindVisible(Settings::laneKindName(kind), on);
        connect(a, &QAction::toggled, this, [this, kind](bool v) {
            m_timeline->setKindVisible(Settings::laneKindName(kind), v);
            Settings().setLaneKindShown(kind, v);
        });
    }
}

void MainWindow::buildHelpMenu() {
    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), this, [this] { showShortcuts(this, shortcutRows()); })
        ->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About Rankscope"), this, &MainWindow::showAbout);
}

void MainWindow::showAbout() {
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
}

void MainWindow::buildToolbar(QAction* open) {
    auto* tb = addToolBar(tr("Main"));
    tb->setObjectName("maintoolbar");
    tb->addAction(open);
    m_runAction = tb->addWidget(m_runs);
    m_runAction->setVisible(false);
    tb->addAction(m_backAction);
    tb->addAction(m_forwardAction);
    tb->addAction(tr("Fit"), m_state, &views::InteractionState::fit);
    tb->addAction(m_waitsAction);
    tb->addSeparator();
    m_filter = new QLineEdit;
    m_filter->setObjectName("trackFilter");
    m_filter->setPlaceholderText(tr("Filter tracks (rank 3, HCCL, Stream…)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(240);
    connect(m_filter, &QLineEdit::textChanged, m_timeline, &views::TimelineView::setTrackFilter);
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::updateTrackCount);
    tb->addWidget(m_filter);
    tb->addWidget(m_search->field());
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = Settings().recentProfiles();
    for (int i = 0; i < recent.size(); ++i) {
        const QString p = recent[i];
        // &1 … &9, &0: the first ten are one key away
        const QString label = QString("&%1  %2").arg((i + 1) % 10).arg(QString(p).replace('&', "&&"));
        auto* a = m_recentMenu->addAction(label, this, [this, p] {
            if (QFileInfo::exists(p)) {
                openProfile(p);
                return;
            }
            statusBar()->showMessage(tr("%1 no longer exists; removed from the recent profiles").arg(p),
                                     8000);
            Settings().removeRecentProfile(p);
            updateRecentMenu();
        });
        a->setToolTip(p);
    }
    if (!recent.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear the list"), this, [this] {
            Settings().clearRecentProfiles();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::updateShowRunMenu() {
    m_showRunMenu->clear();
    for (const auto& [run, label] : m_runs->otherRuns())
        m_showRunMenu->addAction(tr("Show %1").arg(label), this,
                                 [this, run = run] { m_service->selectRun(run); });
    m_showRunMenu->setEnabled(!m_showRunMenu->isEmpty());
}

void MainWindow::updateCompareRunMenu() {
    m_compareRunMenu->clear();
    // the direction in each entry's words: "Run 1 … as the candidate (baseline: the run shown)"
    const bool shownIsBaseline = m_compare->openIsBaselineFor(true);
    for (const auto& [run, label] : m_runs->otherRuns())
        m_compareRunMenu->addAction(shownIsBaseline
                                        ? tr("%1 as the candidate (baseline: the run shown)").arg(label)
                                        : tr("%1 as the baseline (candidate: the run shown)").arg(label),
                                    this, [this, run = run] { compareWith(profilePath(), run); });
    m_compareRunMenu->setEnabled(!m_compareRunMenu->isEmpty());
}

} // namespace rs::gui
