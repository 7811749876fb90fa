// GUI soak: a seeded random walk of a few thousand user interactions over the main window — wheel zoom,
// W/S/A/D/F, drag-pan and Shift-drag, clicks in the timeline, heatmap and memory map, Back/Forward, docks
// raised, drill-down Enter/Backspace, run switches, annotations of every kind with undo/redo, and an export
// (PNG and SVG) every 200 steps — on a two-run demo (Ascend + Kineto side by side) and on a real sample.
// After every step the shared time window must be sane; at the end the resident set may not have grown by
// more than kMaxRssGrowthMb since the warm-up. The seed is printed (and RANKSCOPE_SOAK_SEED replays one);
// RANKSCOPE_SOAK_STEPS overrides the step count (the sanitizer stage runs fewer).
#include "app/gui/findingspanel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/viewexporter.h"
#include "core/demo/demogenerator.h"
#include "tests/support/testsupport.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/tables/drilldownview.h"
#include "views/timeline/timelineview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QMessageBox>
#include <QMutex>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include <fstream>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <map>
#include <random>
#include <string>

using namespace rs;

namespace {

constexpr int kDefaultSteps = 2000;
constexpr uint32_t kDefaultSeed = 20240611;
constexpr int kExportEvery = 200;
constexpr int kWarmUpStep = 200;
constexpr double kMaxRssGrowthMb = 150;

/// VmRSS of this process in MiB (0 when /proc is not readable).
double rssMb() {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    return 0;
}
/// VmRSS once the allocator gave back what is free (printed beside rssMb: growth that malloc_trim takes
/// back is the allocator's caching, growth that stays is live memory).
double trimmedRssMb() {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
    return rssMb();
}
int stepsWanted() {
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("RANKSCOPE_SOAK_STEPS", &ok);
    return ok && n > 0 ? n : kDefaultSteps;
}

uint32_t seedWanted() {
    bool ok = false;
    const uint32_t s = qEnvironmentVariable("RANKSCOPE_SOAK_SEED").toUInt(&ok);
    return ok ? s : kDefaultSeed;
}

// Warnings are counted (and the first few of each text printed once), never silenced: a flood says
// something is wrong even when the walk survives it.
QtMessageHandler g_previous = nullptr;
std::map<QString, int>* g_warnings = nullptr;
QMutex g_warningsLock; // the query service's thread may warn too
void countingHandler(QtMsgType type, const QMessageLogContext& ctx, const QString& msg) {
    if (type == QtWarningMsg || type == QtCriticalMsg) {
        QMutexLocker lock(&g_warningsLock);
        if (g_warnings && ++(*g_warnings)[msg.left(160)] > 1)
            return; // the first of each text goes to the log
    }
    if (g_previous) g_previous(type, ctx, msg);
}

} // namespace

class TstSoak : public QObject {
    Q_OBJECT
    QString m_demo;

    // the walk's state, per test function
    gui::MainWindow* m_w = nullptr;
    std::mt19937 m_rng;
    uint32_t m_seed = 0;
    int m_step = 0;
    QString m_tag;
    QString m_act; ///< the step's interaction, for the messages
    QString m_exportDir;
    std::map<QString, int> m_done; ///< interactions performed, by kind (printed: the walk's coverage)
    int m_maxDrillLevel = 0;
    int m_runSwitches = 0;
    QStringList m_dialogs; ///< modal dialogs or popups that appeared (closed by the watchdog)
    QString m_badWindow;   ///< the first insane window set during the walk, with the step that set it
    int m_answers = 0;     ///< timeline draw data that arrived during the walk (the service kept answering)

    QString where() const {
        return QString("%1: step %2 (%4) of the walk with seed %3 (replay: RANKSCOPE_SOAK_SEED=%3)")
            .arg(m_tag)
            .arg(m_step)
            .arg(m_seed)
            .arg(m_act);
    }
    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    QPoint randomPoint(const QWidget* w, int minX = 0) {
        return QPoint(uniform(std::min(minX, w->width() - 1), std::max(0, w->width() - 1)),
                      uniform(0, std::max(0, w->height() - 1)));
    }

    void raiseDock(const char* name) {
        if (auto* d = m_w->findChild<QDockWidget*>(name)) {
            d->show();
            d->raise();
        }
    }

    // ── the interactions ─────────────────────────────────────────────────────────────────────────────
    void wheel(QWidget* target) {
        const bool timeline = target == m_w->timeline();
        QPoint pos = randomPoint(target, timeline && !chance(0.1) ? views::TimelineView::kGutter : 0);
        const int notches[] = {-240, -120, -120, -60, 60, 120, 120, 240};
        const int dy = notches[uniform(0, 7)];
        Qt::KeyboardModifiers mods = chance(0.1) ? Qt::ShiftModifier : Qt::NoModifier;
        if (!timeline && chance(0.15)) mods = Qt::ControlModifier; // the memory map's address zoom
        QWheelEvent e(QPointF(pos), QPointF(target->mapToGlobal(pos)), QPoint(), QPoint(0, dy), Qt::NoButton,
                      mods, Qt::NoScrollPhase, false);
        QApplication::sendEvent(target, &e);
    }
    void drag(QWidget* target, bool allowShift) {
        const bool timeline = target == m_w->timeline();
        const QPoint from = randomPoint(target, timeline ? views::TimelineView::kGutter : 0);
        const Qt::KeyboardModifiers mods = allowShift && chance(0.25) ? Qt::ShiftModifier : Qt::NoModifier;
        QTest::mousePress(target, Qt::LeftButton, mods, from);
        QPoint p = from;
        for (int i = 0, n = uniform(1, 5); i < n; ++i) {
            p += QPoint(uniform(-200, 200), uniform(-60, 60));
            QTest::mouseMove(target, p);
        }
        QTest::mouseRelease(target, Qt::LeftButton, mods, p);
    }
    void click(QWidget* target) { QTest::mouseClick(target, Qt::LeftButton, {}, randomPoint(target)); }

    void timelineKey() {
        const Qt::Key keys[] = {Qt::Key_W, Qt::Key_S, Qt::Key_A, Qt::Key_D, Qt::Key_F,
                                Qt::Key_W, Qt::Key_S, Qt::Key_A, Qt::Key_D, Qt::Key_BracketLeft};
        QTest::keyClick(m_w->timeline(), keys[uniform(0, 9)]);
    }
    void backOrForward() {
        const bool back = chance(0.55);
        switch (uniform(0, 2)) {
        case 0: // the Navigate menu's actions (disabled when there is no history, as in the menu)
            for (QAction* a : m_w->findChildren<QAction*>())
                if (a->text() == (back ? tr("&Back") : tr("&Forward"))) {
                    a->trigger();
                    break;
                }
            break;
        case 1:
            QTest::keyClick(m_w->timeline(), back ? Qt::Key_BracketLeft : Qt::Key_BracketRight);
            break;
        default:
            back ? m_w->state()->back() : m_w->state()->forward();
        }
    }
    void switchDock() {
        const auto docks = m_w->findChildren<QDockWidget*>();
        if (docks.isEmpty()) return;
        QDockWidget* d = docks[uniform(0, int(docks.size()) - 1)];
        d->show();
        d->raise();
    }
    void heatmapClick() {
        raiseDock("heatmap");
        auto* c = m_w->heatmap()->canvas();
        const auto* d = c->data();
        if (d && !d->rows.empty() && !d->columns.empty() && chance(0.7)) { // on a cell: selects and navigates
            const QRect r =
                c->cellRect(uniform(0, int(d->rows.size()) - 1), uniform(0, int(d->columns.size()) - 1));
            if (r.isValid()) {
                QTest::mouseClick(c, Qt::LeftButton, {}, r.center());
                return;
            }
        }
        click(c);
    }
    void heatmapMode() {
        raiseDock("heatmap");
        const auto boxes = m_w->heatmap()->findChildren<QComboBox*>();
        if (boxes.isEmpty()) return;
        QComboBox* b = boxes[uniform(0, int(boxes.size()) - 1)];
        if (b->count() == 0 || !b->isEnabled()) return;
        const int i = uniform(0, b->count() - 1);
        b->setCurrentIndex(i);
        Q_EMIT b->activated(i);
    }
    void memory() {
        raiseDock("memory");
        auto* c = m_w->memoryMap()->canvas();
        switch (uniform(0, 3)) {
        case 0:
            wheel(c);
            break;
        case 1:
            drag(c, false);
            break;
        case 2: { // another rank
            QComboBox* rank = m_w->memoryMap()->findChild<QComboBox*>();
            if (rank && rank->count() > 1) {
                const int i = uniform(0, rank->count() - 1);
                rank->setCurrentIndex(i);
                Q_EMIT rank->activated(i);
            }
            break;
        }
        default: {
            const auto* d = c->data();
            if (d && !d->tensors.empty() && chance(0.6)) {
                const QRectF r = c->barRect(size_t(uniform(0, int(d->tensors.size()) - 1)));
                if (r.isValid() && c->rect().contains(r.center().toPoint())) {
                    QTest::mouseClick(c, Qt::LeftButton, {}, r.center().toPoint());
                    break;
                }
            }
            click(c);
        }
        }
    }
    void drill() {
        raiseDock("drilldown");
        auto* dd = m_w->drillDown();
        QTableView* t = dd->table(dd->level());
        if (!t) return;
        t->setFocus();
        const Qt::Key keys[] = {Qt::Key_Down,   Qt::Key_Down,   Qt::Key_Up,        Qt::Key_PageDown,
                                Qt::Key_Return, Qt::Key_Return, Qt::Key_Backspace, Qt::Key_Home};
        QTest::keyClick(t, keys[uniform(0, 7)]);
        m_maxDrillLevel = std::max(m_maxDrillLevel, dd->level());
    }
    void finding() {
        auto* panel = m_w->findingsPanel();
        const int rows = panel->view()->model()->rowCount();
        if (rows == 0) return;
        panel->activate(uniform(0, rows - 1));
    }
    void switchRun() {
        QComboBox* runs = nullptr;
        for (auto* c : m_w->findChildren<QComboBox*>())
            if (c->toolTip().contains("several runs")) runs = c;
        if (!runs || runs->count() < 2) return;
        const int other = (runs->currentIndex() + uniform(1, runs->count() - 1)) % runs->count();
        QSignalSpy ready(m_w, &gui::MainWindow::profileReady);
        runs->setCurrentIndex(other);
        Q_EMIT runs->activated(other);
        QVERIFY2(ready.wait(60000), qPrintable(where() + ": the other run never opened"));
        QVERIFY2(m_w->profileLoaded(), qPrintable(where()));
        ++m_runSwitches;
    }
    /// One annotation of `kind` with its text (as the app adds it once the user typed one), on the
    /// timeline or, for a box half the time, on the heatmap's cells; then undo / redo it.
    void annotate(annotate::Kind kind) {
        auto* model = m_w->annotationModel();
        const auto& lanes = m_w->timeline()->lanes();
        if (lanes.empty() || model->readOnly()) return;
        auto rankOf = [&] { return lanes[size_t(uniform(0, int(lanes.size()) - 1))].rank; };
        const qint64 t0 = m_w->state()->windowStart(), t1 = m_w->state()->windowEnd();
        auto timeIn = [&]() -> int64_t {
            return t0 + int64_t(std::uniform_real_distribution<double>(0, 1)(m_rng) * double(t1 - t0));
        };
        annotate::Annotation a;
        a.kind = kind;
        a.text = QString("soak %1 at step %2")
                     .arg(QString::fromStdString(annotate::kindName(kind)))
                     .arg(m_step)
                     .toStdString();
        a.anchor.ranks = {rankOf()};
        a.anchor.t0Ns = a.anchor.t1Ns = timeIn();
        QObject* from = m_w->timeline();
        if (kind == annotate::Kind::Range || kind == annotate::Kind::Box) {
            const int64_t b = timeIn();
            a.anchor.t0Ns = std::min(a.anchor.t0Ns, b);
            a.anchor.t1Ns = std::max(a.anchor.t1Ns, b) + 1;
            if (chance(0.5)) a.anchor.ranks.push_back(rankOf());
        }
        if (kind == annotate::Kind::Arrow) {
            a.anchor.toRank = rankOf();
            a.anchor.toNs = timeIn();
        }
        const auto* heat = m_w->heatmap()->canvas()->data();
        if (kind == annotate::Kind::Box && heat && heat->mode == query::HeatmapData::Mode::OpByRank &&
            !heat->rows.empty() && !heat->columnKeys.empty() && chance(0.5)) {
            a.anchor.view = annotate::Surface::Heatmap;
            a.anchor.t0Ns = a.anchor.t1Ns = 0;
            a.anchor.opTypes = {heat->rows[size_t(uniform(0, int(heat->rows.size()) - 1))]};
            a.anchor.ranks = {int(heat->columnKeys[size_t(uniform(0, int(heat->columnKeys.size()) - 1))])};
            from = m_w->heatmap()->canvas();
        }
        const size_t before = model->items().size();
        if (from == m_w->timeline())
            Q_EMIT m_w->timeline()->annotationDrafted(a);
        else
            Q_EMIT m_w->heatmap()->canvas()->annotationDrafted(a);
        QVERIFY2(model->items().size() == before + 1, qPrintable(where() + ": the annotation was not added"));
        if (chance(0.5)) {
            model->undoStack()->undo();
            QVERIFY2(model->items().size() == before, qPrintable(where() + ": undo did not remove it"));
            if (chance(0.5)) {
                model->undoStack()->redo();
                QVERIFY2(model->items().size() == before + 1,
                         qPrintable(where() + ": redo did not bring it back"));
            }
        }
    }
    /// The toolbar's track filter or span search, with a phrase that matches, half-matches or matches
    /// nothing.
    void filterOrSearch() {
        const char* phrases[] = {"", "rank 1", "HCCL", "Stream", "plane 0", "MatMul", "zzz-nothing", "0"};
        const QString text = phrases[uniform(0, 7)];
        const bool search = chance(0.5);
        m_act = QString("%1 \"%2\"").arg(search ? "search" : "filter", text);
        for (auto* e : m_w->findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith(search ? "Search" : "Filter tracks")) {
                e->setText(text);
                if (search) QTest::keyClick(e, Qt::Key_Return);
                return;
            }
    }
    /// The window resized (a docked panel dragged bigger, a smaller screen): down to a narrow timeline.
    void resizeWindow() {
        m_w->resize(uniform(500, 1800), uniform(350, 1100));
        m_act = QString("resize to %1x%2").arg(m_w->width()).arg(m_w->height());
    }
    void undoRedo() {
        QUndoStack* u = m_w->annotationModel()->undoStack();
        chance(0.5) ? u->undo() : u->redo();
    }
    void exportViews() {
        const char* views[] = {"timeline", "heatmap", "memory", "window"};
        const QString view = views[(m_step / kExportEvery) % 4];
        for (const QString format : {"png", "svg"}) {
            gui::ExportChoice c;
            c.view = view;
            c.path = QString("%1/%2-%3-step%4.%5").arg(m_exportDir, m_tag, view).arg(m_step).arg(format);
            c.scale = format == "png" && chance(0.3) ? 2 : 1;
            c.caption = chance(0.8);
            c.annotations = chance(0.8);
            QSignalSpy done(m_w, &gui::MainWindow::exported);
            m_w->exportImage(c);
            QVERIFY2(!done.isEmpty() || done.wait(60000),
                     qPrintable(where() + ": export of " + c.path + " never finished"));
            QVERIFY2(done.first().at(1).toString().isEmpty(),
                     qPrintable(where() + ": export of " + c.path + ": " + done.first().at(1).toString()));
            QVERIFY2(QFileInfo(c.path).size() > 0, qPrintable(where() + ": " + c.path + " missing or empty"));
            if (format == "png")
                QVERIFY2(!QImage(c.path).isNull(), qPrintable(where() + ": " + c.path + " does not load"));
            else
                QVERIFY2(QSvgRenderer(c.path).isValid(),
                         qPrintable(where() + ": " + c.path + " is not valid SVG"));
            if (!qEnvironmentVariableIsSet("RANKSCOPE_SOAK_KEEP")) QFile::remove(c.path);
            ++m_done["export " + format];
        }
    }

    /// What is wrong with the shared time window, or empty when it is sane.
    QString windowProblem() const {
        const auto* s = m_w->state();
        const qint64 t0 = s->windowStart(), t1 = s->windowEnd(), lo = s->boundsStart(), hi = s->boundsEnd();
        const qint64 span = hi - lo;
        const QString win = QString(" (window [%1, %2], bounds [%3, %4])").arg(t0).arg(t1).arg(lo).arg(hi);
        if (t1 <= t0) return "the window is empty or reversed" + win;
        if (t1 - t0 < views::kMinWindowNs && span >= views::kMinWindowNs)
            return QString("the window is %1 ns wide").arg(t1 - t0) + win;
        if (t0 < lo - span || t1 > hi + span) return "the window left the profile" + win;
        return {};
    }
    /// After every step; the first bad window any interaction set (seen as it was set) is reported too.
    void checkWindow() {
        QVERIFY2(m_badWindow.isEmpty(), qPrintable(m_badWindow));
        const QString why = windowProblem();
        QVERIFY2(why.isEmpty(), qPrintable(where() + ": " + why));
    }

    /// Opens `dir`, then walks `steps` random interactions.
    void soak(const QString& dir, const QString& tag, int steps) {
        m_tag = tag;
        m_seed = seedWanted();
        m_rng.seed(m_seed);
        m_step = 0;
        m_done.clear();
        m_maxDrillLevel = m_runSwitches = 0;
        m_dialogs.clear();
        m_badWindow.clear();
        // RANKSCOPE_SOAK_KEEP=<dir>: the exports are kept there, to look at
        m_exportDir = qEnvironmentVariableIsSet("RANKSCOPE_SOAK_KEEP")
                          ? qEnvironmentVariable("RANKSCOPE_SOAK_KEEP")
                          : QString::fromStdString(test::tempDir("soak-exports"));
        qInfo().noquote() << QString("soak %1: %2 steps, seed %3").arg(tag).arg(steps).arg(m_seed);

        gui::MainWindow w;
        m_w = &w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(dir);
        QVERIFY2(ready.wait(180000), qPrintable(tag + ": the profile never opened"));
        QVERIFY(w.profileLoaded());
        QTRY_VERIFY_WITH_TIMEOUT(!w.timeline()->lanes().empty(), 20000);

        // a dialog or menu opened by a click would block the walk in its event loop: close it, remember it
        QTimer watchdog;
        connect(&watchdog, &QTimer::timeout, this, [this] {
            for (QWidget* m : {QApplication::activeModalWidget(), QApplication::activePopupWidget()}) {
                if (!m) continue;
                QString what = QString("%1 \"%2\"").arg(m->metaObject()->className(), m->windowTitle());
                if (auto* box = qobject_cast<QMessageBox*>(m)) what += ": " + box->text();
                m_dialogs << QString("step %1: %2").arg(m_step).arg(what);
                m->close();
            }
        });
        watchdog.start(250);

        std::map<QString, int> warnings;
        g_warnings = &warnings;
        g_previous = qInstallMessageHandler(countingHandler);
        auto restore = qScopeGuard([] {
            qInstallMessageHandler(g_previous);
            QMutexLocker lock(&g_warningsLock);
            g_warnings = nullptr;
        });

        // the window is checked as it is set, so the interaction that set it is the one named
        connect(w.state(), &views::InteractionState::windowChanged, this, [this] {
            if (!m_badWindow.isEmpty()) return;
            const QString why = windowProblem();
            if (why.isEmpty()) return;
            m_badWindow = where() + ": " + why;
            if (qEnvironmentVariableIsSet("RANKSCOPE_SOAK_ABORT"))
                abort(); // to look at the stack in a debugger
        });
        m_answers = 0;
        connect(w.timeline(), &views::TimelineView::timelineDataChanged, this, [this] { ++m_answers; });
        QElapsedTimer clock;
        clock.start();
        double rssWarm = -1, rssWarmTrimmed = -1;
        const int warmUp = std::min(kWarmUpStep, steps / 5);
        // weights of the interactions (out of their sum)
        struct Act {
            const char* name;
            int weight;
        };
        const Act acts[] = {{"wheel", 18},   {"key", 18},         {"drag", 9},          {"click timeline", 8},
                            {"heatmap", 7},  {"heatmap mode", 2}, {"memory", 7},        {"back/forward", 8},
                            {"dock", 5},     {"drill", 10},       {"finding", 2},       {"run", 1},
                            {"annotate", 3}, {"undo/redo", 2},    {"filter/search", 2}, {"resize", 1}};
        std::vector<int> weights;
        for (const auto& a : acts)
            weights.push_back(a.weight);
        std::discrete_distribution<int> pick(weights.begin(), weights.end());
        static const annotate::Kind kinds[] = {annotate::Kind::Note, annotate::Kind::Range,
                                               annotate::Kind::Arrow, annotate::Kind::Box};
        int annotations = 0;
        for (m_step = 0; m_step < steps; ++m_step) {
            if (m_step == warmUp) {
                rssWarm = rssMb();
                rssWarmTrimmed = trimmedRssMb();
            }
            const QString act = acts[pick(m_rng)].name;
            m_act = act;
            if (act == "wheel")
                wheel(w.timeline());
            else if (act == "key")
                timelineKey();
            else if (act == "drag")
                drag(w.timeline(), true);
            else if (act == "click timeline")
                click(w.timeline());
            else if (act == "heatmap")
                heatmapClick();
            else if (act == "heatmap mode")
                heatmapMode();
            else if (act == "memory")
                memory();
            else if (act == "back/forward")
                backOrForward();
            else if (act == "dock")
                switchDock();
            else if (act == "drill")
                drill();
            else if (act == "finding")
                finding();
            else if (act == "run")
                switchRun();
            else if (act == "annotate")
                annotate(kinds[annotations++ % 4]);
            else if (act == "undo/redo")
                undoRedo();
            else if (act == "filter/search")
                filterOrSearch();
            else if (act == "resize")
                resizeWindow();
            ++m_done[act];
            if (QTest::currentTestFailed()) return;
            if (m_step % kExportEvery == kExportEvery - 1) {
                exportViews();
                if (QTest::currentTestFailed()) return;
            }
            // the query service answers on its thread: let its answers in (and the views repaint)
            if (m_step % 10 == 0)
                QTest::qWait(1);
            else
                QCoreApplication::processEvents();
            checkWindow();
            if (QTest::currentTestFailed()) return;
        }
        // the service still answers after the walk: one last export of the whole timeline
        exportViews();
        if (QTest::currentTestFailed()) return;
        QTest::qWait(100);
        QVERIFY2(m_answers > 0, qPrintable(tag + ": no timeline data arrived during the walk"));
        checkWindow();
        const double rssEnd = rssMb(), rssEndTrimmed = trimmedRssMb();
        const qint64 ms = clock.elapsed();
        restore.dismiss();
        qInstallMessageHandler(g_previous);
        {
            QMutexLocker lock(&g_warningsLock);
            g_warnings = nullptr;
        }

        QStringList done;
        for (const auto& [k, n] : m_done)
            done << QString("%1 %2").arg(k).arg(n);
        qInfo().noquote() << QString("soak %1: %2 steps in %3 s; seed %4; %8 timeline answers, deepest "
                                     "drill-down level %5, %6 run switches, %7 annotations kept")
                                 .arg(tag)
                                 .arg(steps)
                                 .arg(double(ms) / 1000, 0, 'f', 1)
                                 .arg(m_seed)
                                 .arg(m_maxDrillLevel)
                                 .arg(m_runSwitches)
                                 .arg(w.annotationModel()->items().size())
                                 .arg(m_answers);
        qInfo().noquote() << "soak" << tag << "interactions:" << done.join(", ");
        int warned = 0;
        for (const auto& [msg, n] : warnings) {
            warned += n;
            qInfo().noquote() << QString("soak %1: warning x%2: %3").arg(tag).arg(n).arg(msg);
        }
        qInfo().noquote() << QString("soak %1: %2 warnings, %3 dialogs closed%4")
                                 .arg(tag)
                                 .arg(warned)
                                 .arg(m_dialogs.size())
                                 .arg(m_dialogs.isEmpty() ? QString() : ": " + m_dialogs.join("; "));
        qInfo().noquote()
            << QString(
                   "soak %1: VmRSS %2 MiB after the warm-up (step %3), %4 MiB at the end (growth %5 MiB); "
                   "after malloc_trim %6 and %7 MiB (growth %8 MiB)")
                   .arg(tag)
                   .arg(rssWarm, 0, 'f', 1)
                   .arg(warmUp)
                   .arg(rssEnd, 0, 'f', 1)
                   .arg(rssEnd - rssWarm, 0, 'f', 1)
                   .arg(rssWarmTrimmed, 0, 'f', 1)
                   .arg(rssEndTrimmed, 0, 'f', 1)
                   .arg(rssEndTrimmed - rssWarmTrimmed, 0, 'f', 1);
        for (const QString& d : std::as_const(m_dialogs))
            QVERIFY2(!d.contains("QMessageBox"),
                     qPrintable(tag + ": a message box appeared during the walk at " + d));
#ifdef RANKSCOPE_SANITIZED
        // ASan's quarantine keeps up to 256 MiB of freed blocks resident (malloc_trim cannot return them):
        // the figures are printed, LeakSanitizer (detect_leaks=1) answers for leaks at exit
        qInfo().noquote()
            << tag + ": VmRSS not bounded in the sanitizer build (ASan's quarantine holds freed memory)";
        if ((false))
#else
        if (rssWarm > 0 && rssEnd > 0)
#endif
            QVERIFY2(rssEnd - rssWarm <= kMaxRssGrowthMb,
                     qPrintable(
                         QString("%1: VmRSS grew from %2 MiB (step %3) to %4 MiB over the walk with seed %5")
                             .arg(tag)
                             .arg(rssWarm, 0, 'f', 1)
                             .arg(warmUp)
                             .arg(rssEnd, 0, 'f', 1)
                             .arg(m_seed)));
        m_w = nullptr;
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location
        // its own settings file: the walk's choices (the heatmap's layout is remembered) must not reach
        // tst_mainwindow running beside it, which reads the defaults (a full ctest -j2 saw its heatmap open
        // in a per-step layout)
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test-soak");
        // the samples are read-only: every index (and annotations file) goes to a private cache
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("soak-cache")));
        // two runs side by side: an Ascend demo and a Kineto demo (the run chooser is part of the walk)
        const std::string dir = test::tempDir("soak-demo");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        m_demo = QString::fromStdString(dir);
    }
    void soakTheDemo() {
        soak(m_demo, "demo", stepsWanted());
    }
    void soakARealSample() {
        const std::string samples = test::samplesDir();
        if (samples.empty())
            QSKIP("../shared/samples is absent (RANKSCOPE_SAMPLES): the soak on a real sample is skipped");
        const QString dir = QString::fromStdString(samples + "/msinsight/test/data/pytorch/text/level1");
        if (!QFileInfo(dir).isDir())
            QSKIP(qPrintable(dir + " is absent: the soak on a real sample is skipped"));
        soak(dir, "sample", stepsWanted());
    }
};

QTEST_MAIN(TstSoak)
#include "tst_soak.moc"
