// The main window offscreen: opening a profile indexes it in the background (progress, then the summary),
// the findings dock lists the problems, clicking a finding zooms the timeline to its step and selects it,
// searching selects a span, and the window state survives in QSettings.
#include "app/gui/annotationcontroller.h"
#include "app/gui/comparecontroller.h"
#include "app/gui/detailspanel.h"
#include "app/gui/docktabs.h"
#include "app/gui/exportdialog.h"
#include "app/gui/findingsmodel.h"
#include "app/gui/findingspanel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/progresspanel.h"
#include "app/gui/recentprofiles.h"
#include "app/gui/searchcontroller.h"
#include "app/gui/settings.h"
#include "core/demo/demogenerator.h"
#include "tests/support/pictureink.h"
#include "tests/support/testsupport.h"
#include "views/annotate/annotationmodel.h"
#include "views/comm/commmatrixview.h"
#include "views/compare/compareview.h"
#include "views/compare/spanpairview.h"
#include "views/details/histogramview.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/shapes/shapeheatmapview.h"
#include "views/tables/areastatsview.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsummaryview.h"
#include "views/tables/stepsmodel.h"
#include "views/timeline/timelinekeys.h"
#include "views/timeline/timelineview.h"
#include <QUndoStack>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSvgRenderer>
#include <QTabBar>
#include <QTableView>
#include <QTimer>
#include <QtTest>
#include <filesystem>
#include <nlohmann/json.hpp>

using namespace rs;

class TstMainWindow : public QObject {
    Q_OBJECT
    QString m_profile;

  private:
    /// Shows `w` at `size` and opens `profile` in it; false when its summary never arrived.
    static bool showAndOpen(gui::MainWindow& w, const QString& profile, QSize size = QSize(1500, 900)) {
        w.resize(size);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) return false;
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(profile);
        return ready.wait(60000);
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test");
        m_profile = QString::fromStdString(test::tempDir("mainwindow")) + "/demo";
        gui::Settings().setHeatmapLayout({}); // op × rank, whatever an earlier run left
        const std::string err = test::writeDemo(m_profile.toStdString(), test::demoOptions(4, 6, 1));
        QVERIFY2(err.empty(), err.c_str());
    }
    void opensProfileAndListsFindings() {
        gui::MainWindow w;
        w.resize(1500, 900);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        QVERIFY(w.profileLoaded());
        QCOMPARE(w.windowTitle(), QString("Rankscope — demo")); // one run: no run named
        auto* findings = w.findingsPanel();
        QVERIFY(findings);
        const auto& list = findings->model()->findings();
        QStringList kinds;
        for (const auto& f : list)
            kinds << f.kindName;
        QVERIFY2(kinds.contains("stall") && kinds.contains("slow_rank") && kinds.contains("bank_anomaly"),
                 qPrintable(kinds.join(", ")));
        // one per root cause, the same list as the report: the stall, the slow card, the slow HCCS link and
        // the misplaced bank
        QVERIFY2(kinds.contains("slow_link"), qPrintable(kinds.join(", ")));
        QCOMPARE(list.size(), size_t(4));
        QCOMPARE(findings->view()->model()->rowCount(), 4);
        // clicking the stall zooms to it (the culprit's gap and the collective) and selects the culprit's
        // collective, whose span every waiting rank's dashed link points to
        auto rowOf = [&](const QString& kind) {
            for (int i = 0; i < findings->view()->model()->rowCount(); ++i)
                if (findings->findingAt(i)->kindName == kind) return i;
            return -1;
        };
        {
            const gui::Finding f = *findings->findingAt(rowOf("stall"));
            QTest::mouseClick(
                findings->view()->viewport(), Qt::LeftButton, {},
                findings->view()->visualRect(findings->view()->model()->index(rowOf("stall"), 0)).center());
            QVERIFY(w.state()->windowStart() <= *f.startNs);
            QVERIFY(w.state()->windowEnd() >= *f.endNs);
            QCOMPARE(w.state()->selection().kind, views::Selection::Kind::Span);
            QCOMPARE(w.state()->selection().spanId, *f.spanId);
            QCOMPARE(w.state()->selection().rank, *f.rank);
            QVERIFY(w.detailsPanel()->plainText().contains(f.text.left(30)));
        }
        // clicking the slow card selects its collective on the timeline and its slowest (op type, rank)
        // cell on the heatmap
        {
            const gui::Finding f = *findings->findingAt(rowOf("slow_rank"));
            findings->activate(rowOf("slow_rank"));
            const QString op = f.opTypes.value(0);
            QVERIFY(!op.isEmpty());
            QCOMPARE(w.state()->selection().opType, op);
            QTRY_COMPARE(w.heatmap()->canvas()->highlightedRow(), op);
            QCOMPARE(w.heatmap()->canvas()->highlightedColumn(), qint64(*f.rank));
            // every op type it names has its cell outlined on its rank, not only the slowest (walk 6)
            QVERIFY(f.opTypes.size() >= 2);
            std::vector<views::HeatmapCanvas::Cell> cells;
            for (const QString& o : f.opTypes)
                cells.emplace_back(o, *f.rank);
            QCOMPARE(w.heatmap()->canvas()->highlights(), cells);
        }
        // clicking the bank anomaly shows the Memory view of that rank
        {
            const gui::Finding f = *findings->findingAt(rowOf("bank_anomaly"));
            findings->activate(rowOf("bank_anomaly"));
            QCOMPARE(w.state()->selection().kind, views::Selection::Kind::OpType);
            QTRY_COMPARE(w.memoryMap()->rank(), *f.rank);
            QVERIFY(findings->view()->selectionModel()->isRowSelected(rowOf("bank_anomaly")));
        }
        // another pick (here a step) leaves no finding highlighted as if it were what is shown
        {
            views::Selection step;
            step.kind = views::Selection::Kind::Step;
            step.rank = 0;
            step.step = 2;
            w.state()->setSelection(step);
            QVERIFY(!findings->view()->selectionModel()->hasSelection());
        }
        QTest::qWait(300);
        QImage shot = w.grab().toImage();
        QVERIFY(!shot.isNull());
        shot.save(QString::fromStdString(test::tempDir("shots")) + "/mainwindow.png");
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT")) shot.save(qEnvironmentVariable("RANKSCOPE_SHOT"));
    }
    void aFindingClickAfterASlowLinkShowsItsOwnRank() {
        // walk 13: the slow link's click filtered the timeline to its two ranks; the stall's click then
        // landed at the right time with the stall's rank off screen, and the Communication caption still
        // said the link was outlined. Each click shows what it names and nothing of the last one
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1500, 640)));
        auto* findings = w.findingsPanel();
        auto rowOf = [&](const QString& kind) {
            for (int i = 0; i < findings->view()->model()->rowCount(); ++i)
                if (findings->findingAt(i)->kindName == kind) return i;
            return -1;
        };
        QVERIFY(rowOf("slow_link") >= 0 && rowOf("stall") >= 0);
        auto* filter = w.findChild<QLineEdit*>("trackFilter");
        QVERIFY(filter && filter->text().isEmpty());
        const gui::Finding link = *findings->findingAt(rowOf("slow_link"));
        QVERIFY(link.link);
        const QString linkNote = QString("Link %1 → %2").arg(link.link->src).arg(link.link->dst);
        findings->activate(rowOf("slow_link"));
        QTRY_VERIFY_WITH_TIMEOUT(w.commView()->captionText().contains(linkNote), 10000);
        QCOMPARE(filter->text(), QString("rank %1, rank %2").arg(link.link->src).arg(link.link->dst));
        const gui::Finding stall = *findings->findingAt(rowOf("stall"));
        QVERIFY(stall.rank);
        findings->activate(rowOf("stall"));
        QCOMPARE(filter->text(), QString()); // the link's filter went with the link
        QVERIFY2(!w.commView()->captionText().contains(linkNote), qPrintable(w.commView()->captionText()));
        // the stall's rank: its header and first lane on screen, below the ruler and above the legend
        auto* tl = w.timeline();
        const QRect block = tl->rankBlock(*stall.rank);
        QVERIFY(block.isValid());
        QVERIFY2(block.top() >= views::TimelineView::kAxis && block.top() + 40 < tl->height() - 40,
                 qPrintable(QString("rank %1's block at y %2, the timeline %3 px high")
                                .arg(*stall.rank)
                                .arg(block.top())
                                .arg(tl->height())));
    }
    void shapesAndCompareOnARealSample() {
        // torch_npu's text export of a run and its .db export: the shapes panel fills from the open run,
        // and comparing the two exports names what differs (on the one rank both have)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        gui::MainWindow w;
        w.resize(1500, 950);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(samples + "/msinsight/test/data/pytorch/text/level1"));
        QVERIFY(ready.wait(60000));
        auto* shapes = w.findChild<views::ShapeHeatmapView*>();
        QVERIFY(shapes);
        QTRY_VERIFY_WITH_TIMEOUT(!shapes->canvas()->grid().cells.empty(), 20000);
        shapes->chooseOpType("TransData");
        QVERIFY(!shapes->canvas()->grid().colDim.empty()); // its dims vary
        QSignalSpy compared(&w, &gui::MainWindow::compareReady);
        // the open text export as the baseline and the .db as the candidate, as the figures below were read
        // (Swap: by default the open run is the candidate)
        auto* controller = w.findChild<gui::CompareController*>();
        QVERIFY(controller && !controller->openIsBaseline());
        controller->swap();
        w.compareWith(QString::fromStdString(samples + "/msinsight/test/data/pytorch/db/level1"));
        QAction* swapAction = nullptr;
        for (auto* a : w.findChildren<QAction*>())
            if (a->text().remove('&') == "Swap baseline and candidate") swapAction = a;
        QVERIFY(swapAction);
        QVERIFY(!swapAction->isEnabled()); // nothing on the panel to turn round yet (walk 10)
        QVERIFY(compared.wait(60000));
        QTRY_VERIFY(swapAction->isEnabled());
        auto* cmp = w.findChild<views::CompareView*>();
        QVERIFY(cmp && cmp->verdictText().contains("different ranks"));
        // two folders named alike: their parents tell them apart
        QVERIFY2(cmp->verdictText().startsWith("baseline text/level1 → candidate db/level1: "),
                 qPrintable(cmp->verdictText()));
        // the top regression's spans in both exports, read off the GUI thread: rank 0's step 50 in each,
        // its kernels of the op type as the producer lists them (Python over kernel_details.csv and over the
        // .db's TASK ⋈ COMPUTE_TASK_INFO in STEP_TIME 50: 8 MatMulV2 and 20 Mul in each). The regressions go
        // by the time they add to a step (walk 32): MatMulV2's time per step +36.5 µs (921 -> 958 µs) leads
        // Mul's +7.9 µs (261 -> 269 µs; its median +4.9 %, the larger percentage, led before)
        QTRY_VERIFY_WITH_TIMEOUT(cmp->spanPairView()->spans(), 20000);
        const auto* sp = cmp->spanPairView()->spans();
        QCOMPARE(sp->request.opType, std::string("MatMulV2"));
        QCOMPARE(sp->request.dataRank, 0);
        for (const auto& side : sp->side) {
            QVERIFY(side.found);
            QCOMPARE(side.step, int64_t(50));
            QCOMPARE(side.hits, int64_t(8));
        }
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR")) {
            w.findChild<QDockWidget*>("shapes")->raise();
            QTest::qWait(100);
            w.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/mainwindow-shapes-real.png");
            w.findChild<QDockWidget*>("comparison")->raise();
            QTest::qWait(100);
            w.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/mainwindow-compare-real.png");
        }
    }
    void toolLettersWorkAtStartAndInTables() {
        // N/R/T/B arm the annotation tools wherever the keyboard is, as the Shortcuts dialog documents them:
        // right after the window opens (no click: walk 6 pressed R and nothing happened) and with the focus
        // in a table (the drill-down's tensors table: N and T did nothing); a table keeps its other letters
        // (keyboard search), and a line edit types them all
        using Tool = views::AnnotationModel::Tool;
        gui::MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        // a key goes where the keyboard is: the focus widget, as X delivers it
        const auto press = [](Qt::Key k) {
            QWidget* to = QApplication::focusWidget();
            QVERIFY(to);
            QTest::keyClick(to, k);
        };
        press(Qt::Key_R);
        QCOMPARE(w.annotations()->model()->tool(), Tool::Range);
        w.annotations()->model()->setTool(Tool::None);
        w.findChild<QDockWidget*>("drilldown")->raise();
        auto* drill = w.findChild<views::DrillDownView*>();
        QVERIFY(drill);
        QTableView* steps = drill->table(0);
        QTRY_VERIFY_WITH_TIMEOUT(steps->model() && steps->model()->rowCount() > 1, 20000);
        steps->setFocus();
        QTRY_VERIFY(steps->hasFocus());
        const std::pair<Qt::Key, Tool> tools[] = {{Qt::Key_N, Tool::Note},
                                                  {Qt::Key_R, Tool::Range},
                                                  {Qt::Key_T, Tool::Arrow},
                                                  {Qt::Key_B, Tool::Box}};
        for (const auto& [key, tool] : tools) {
            press(key);
            QCOMPARE(w.annotations()->model()->tool(), tool);
            QVERIFY(steps->hasFocus()); // the table keeps the keyboard
            w.annotations()->model()->setTool(Tool::None);
        }
        // a letter that is no key of the window stays the table's: its keyboard search, no tool
        press(Qt::Key_Q);
        QCOMPARE(w.annotations()->model()->tool(), Tool::None);
        // a line edit types the tools' letters
        QLineEdit* search = nullptr;
        for (auto* e : w.findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith("Search")) search = e;
        QVERIFY(search);
        search->setFocus();
        QTRY_VERIFY(search->hasFocus());
        press(Qt::Key_R);
        press(Qt::Key_B);
        QCOMPARE(search->text(), QString("rb"));
        QCOMPARE(w.annotations()->model()->tool(), Tool::None);
        search->clear();
        // the same letter over the timeline arms its tool, Esc there stops it
        w.timeline()->setFocus();
        QTRY_VERIFY(w.timeline()->hasFocus());
        press(Qt::Key_R);
        QCOMPARE(w.annotations()->model()->tool(), Tool::Range);
        press(Qt::Key_Escape);
        QCOMPARE(w.annotations()->model()->tool(), Tool::None);
    }
    void annotationToolPlacesOneAndEscLeavesFromAnyView() {
        // walk 36: a tool stayed armed after placing its annotation, and Esc did nothing with the heatmap
        // focused. A tool places one annotation (Shift held as it is placed keeps it), Esc leaves it from any
        // view, and the status bar names the armed tool
        using Tool = views::AnnotationModel::Tool;
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* model = w.annotations()->model();
        annotate::Annotation a;
        a.kind = annotate::Kind::Note;
        a.text = "one-shot";
        a.anchor.ranks = {w.timeline()->lanes().back().rank};
        a.anchor.t0Ns = a.anchor.t1Ns = (w.state()->windowStart() + w.state()->windowEnd()) / 2;
        model->setTool(Tool::Note);
        QVERIFY(w.statusBar()->currentMessage().startsWith("Note tool"));
        Q_EMIT w.timeline()->annotationDrafted(a); // as the tool's click drafts it, its text given
        QCOMPARE(model->items().size(), size_t(1));
        QCOMPARE(model->tool(), Tool::None);
        // Shift held as it is placed: the tool stays for the next one
        model->setTool(Tool::Note);
        w.timeline()->setFocus();
        QTest::keyPress(w.timeline(), Qt::Key_Shift, Qt::ShiftModifier);
        Q_EMIT w.timeline()->annotationDrafted(a);
        QTest::keyRelease(w.timeline(), Qt::Key_Shift, Qt::NoModifier);
        QCOMPARE(model->items().size(), size_t(2));
        QCOMPARE(model->tool(), Tool::Note);
        // Esc from the heatmap (and from a table) leaves it
        w.findChild<QDockWidget*>("heatmap")->raise();
        QTest::keyClick(w.heatmap()->canvas(), Qt::Key_Escape);
        QCOMPARE(model->tool(), Tool::None);
        QVERIFY(w.statusBar()->currentMessage().isEmpty());
        model->setTool(Tool::Box);
        w.findChild<QDockWidget*>("drilldown")->raise();
        QTableView* steps = w.findChild<views::DrillDownView*>()->table(0);
        steps->setFocus();
        QTRY_VERIFY(steps->hasFocus());
        QTest::keyClick(steps, Qt::Key_Escape);
        QCOMPARE(model->tool(), Tool::None);
        model->undoStack()->undo();
        model->undoStack()->undo();
        QVERIFY(model->items().empty());
    }
    void searchSelectsASpan() {
        gui::MainWindow w;
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        QLineEdit* search = nullptr;
        for (auto* e : w.findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith("Search")) search = e;
        QVERIFY(search);
        search->setText("MatMulV2");
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(w.state()->selection().kind, views::Selection::Kind::Span, 10000);
        QVERIFY(w.state()->selection().spanId > 0);
        // the hit's rank is known and its lane is scrolled into view
        QVERIFY(w.state()->selection().rank >= 0);
        bool inView = false;
        for (const auto& l : w.timeline()->lanes())
            if (!l.header && l.rank == w.state()->selection().rank) {
                QRect r = w.timeline()->laneRect(l.trackId);
                inView |= r.isValid() && r.bottom() > 0 && r.top() < w.timeline()->height();
            }
        QVERIFY(inView);
    }
    void shortcutsAreUnambiguous() {
        // every key sequence is registered once in the whole window (Qt refuses a duplicate as an
        // "ambiguous shortcut overload"), and Back / Forward answer Alt+Left / Alt+Right. An action bound
        // to one widget only (Qt::WidgetShortcut: a table's Ctrl+C) is active only while that widget has the
        // focus, so it must be unique on its widget and must not take a key of the window's
        gui::MainWindow w;
        QHash<QString, QString> owner;
        QHash<QString, QString> widgetOwner; // "widget address|key"
        const auto actions = w.findChildren<QAction*>();
        for (QAction* a : actions) {
            if (a->shortcutContext() == Qt::WidgetShortcut) continue;
            QSet<QString> mine;
            for (const QKeySequence& k : a->shortcuts()) {
                if (k.isEmpty()) continue;
                const QString key = k.toString();
                QVERIFY2(!mine.contains(key), qPrintable(a->text() + " lists " + key + " twice"));
                mine.insert(key);
                QVERIFY2(!owner.contains(key),
                         qPrintable(key + " is on both " + owner.value(key) + " and " + a->text()));
                owner.insert(key, a->text());
            }
        }
        for (QAction* a : actions) {
            if (a->shortcutContext() != Qt::WidgetShortcut) continue;
            for (const QKeySequence& k : a->shortcuts()) {
                const QString key = k.toString();
                QVERIFY2(!owner.contains(key),
                         qPrintable(key + " is on both " + owner.value(key) + " and " + a->text()));
                for (QObject* wgt : a->associatedObjects()) {
                    const QString at = QString::number(quintptr(wgt)) + "|" + key;
                    QVERIFY2(!widgetOwner.contains(at),
                             qPrintable(key + " twice on one widget: " + a->text()));
                    widgetOwner.insert(at, a->text());
                }
            }
        }
        QVERIFY(owner.value(QKeySequence(Qt::ALT | Qt::Key_Left).toString()).contains("Back"));
        QVERIFY(owner.value(QKeySequence(Qt::ALT | Qt::Key_Right).toString()).contains("Forward"));
        // Backspace stays with the drill-down tables (it is a secondary binding of QKeySequence::Back)
        QVERIFY(!owner.contains(QKeySequence(Qt::Key_Backspace).toString()));
    }
    void shortcutsDialogAndReadmeListEveryBinding() {
        // one table feeds the dialog and the README: every action's keys are in it, and every row is in the
        // README's table (RANKSCOPE_PRINT_SHORTCUTS=1 prints it as Markdown, to paste there)
        gui::MainWindow w;
        const auto rows = w.shortcutRows();
        QSet<QString> listed;
        for (const auto& [keys, what] : rows)
            for (const QString& k : keys.split(", "))
                listed.insert(k);
        for (QMenu* menu : w.menuBar()->findChildren<QMenu*>())
            for (QAction* a : menu->actions())
                for (const QKeySequence& k : a->shortcuts())
                    if (!k.isEmpty())
                        QVERIFY2(listed.contains(k.toString(QKeySequence::NativeText)),
                                 qPrintable(a->text()));
        QVERIFY(rows.size() >= 25);
        QString md;
        for (const auto& [keys, what] : rows)
            md += "| " + keys + " | " + what + " |\n";
        if (qEnvironmentVariableIsSet("RANKSCOPE_PRINT_SHORTCUTS"))
            std::printf("%s", md.toUtf8().constData());
        QFile readme(rs::test::sourceDir() + "/README.md");
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        for (const auto& [keys, what] : rows)
            QVERIFY2(text.contains("| " + keys + " | " + what + " |"),
                     qPrintable("README lacks: " + keys + " | " + what));
    }
    void backAndForwardWithAltArrows() {
        gui::MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        w.activateWindow();
        const qint64 s0 = w.state()->windowStart(), e0 = w.state()->windowEnd();
        w.state()->setWindow(s0 + (e0 - s0) / 4, s0 + (e0 - s0) / 2);
        QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
        QTRY_COMPARE(w.state()->windowStart(), s0);
        QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
        QTRY_COMPARE(w.state()->windowStart(), s0 + (e0 - s0) / 4);
    }
    void exportsTheWholeTimelineAndAnAnnotation() {
        gui::MainWindow w;
        w.resize(1300, 800);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        // an annotation drafted on the timeline (as the Note tool does), its text given: added, undoable
        annotate::Annotation a;
        a.kind = annotate::Kind::Note;
        a.text = "from the app";
        a.color = "#00a03c";
        a.anchor.ranks = {w.timeline()->lanes().back().rank};
        a.anchor.t0Ns = a.anchor.t1Ns = (w.state()->windowStart() + w.state()->windowEnd()) / 2;
        Q_EMIT w.timeline()->annotationDrafted(a);
        QCOMPARE(w.annotationModel()->items().size(), size_t(1));
        QVERIFY(QFile::exists(w.annotationModel()->path()));
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR")) { // to look at the panel and the note in the app
            w.findChild<QDockWidget*>("annotations")->raise();
            QTest::qWait(200);
            w.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/mainwindow-annotations.png");
            gui::ExportDialog d(m_profile, "demo-run0", &w);
            d.show();
            QTest::qWait(100);
            d.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/export-dialog.png");
        }
        // File ▸ Export: the timeline with every lane, not the 800 px the window shows
        const QString path = QString::fromStdString(test::tempDir("appexport")) + "/timeline.png";
        QSignalSpy done(&w, &gui::MainWindow::exported);
        gui::ExportChoice c;
        c.view = "timeline";
        c.path = path;
        c.scale = 2;
        w.exportImage(c);
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(1).toString(), QString());
        QImage img(path);
        QCOMPARE(img.width(), 2 * w.timeline()->width());
        QVERIFY2(img.height() / 2 > w.timeline()->fullHeight(), "every lane, below the caption");
        QVERIFY(w.timeline()->fullHeight() > w.timeline()->height());
        int ink = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                ink += img.pixelColor(x, y) == QColor(0, 160, 60);
        QVERIFY2(ink > 20, "the annotation is drawn in the export");
        // SVG through the same path
        c.path = path.left(path.size() - 3) + "svg";
        done.clear();
        w.exportImage(c);
        QVERIFY(done.wait(30000));
        QFile svg(c.path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("from the app"));
        // the status bar says what Undo and Redo did, not the edit before them (walk 36: it still said
        // "Annotation A1 added" after the undo)
        w.annotationModel()->undoStack()->undo();
        QVERIFY(w.annotationModel()->items().empty());
        QCOMPARE(w.statusBar()->currentMessage(),
                 QString("Undone: Add note \"from the app\" (Ctrl+Y redoes it)"));
        w.annotationModel()->undoStack()->redo();
        QCOMPARE(w.annotationModel()->items().size(), size_t(1));
        QCOMPARE(w.statusBar()->currentMessage(),
                 QString("Redone: Add note \"from the app\" (Ctrl+Z undoes it)"));
        w.annotationModel()->undoStack()->undo();
    }
    void aBoxDrawnBeforeTheRunIsCutToItAndDrawn() {
        // walk 42: with the window starting before the run, a box dragged from left of the first span was
        // added and listed, detached (its time outside the run) and drawn nowhere, on screen or exported.
        // It is cut to the run's start now, drawn there, and the status bar says it was cut; a note outside
        // the run is not added, and the status bar says why
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1300, 800)));
        auto* model = w.annotationModel();
        QTRY_VERIFY_WITH_TIMEOUT(model->facts(), 10000);
        const int64_t start = w.state()->boundsStart(), end = w.state()->boundsEnd(), d = end - start;
        w.state()->setWindow(start - d / 5, end);
        QCoreApplication::processEvents();
        annotate::Annotation box;
        box.kind = annotate::Kind::Box;
        box.text = "before the start";
        box.color = "#00a03c";
        box.anchor.ranks = {w.timeline()->lanes().front().rank};
        box.anchor.t0Ns = start - d / 10;
        box.anchor.t1Ns = start + d / 10;
        Q_EMIT w.timeline()->annotationDrafted(box);
        QCOMPARE(model->items().size(), size_t(1));
        const annotate::Annotation added = model->items().front();
        QCOMPARE(added.anchor.t0Ns, start);
        QCOMPARE(added.anchor.t1Ns, box.anchor.t1Ns);
        QVERIFY2(w.statusBar()->currentMessage().contains("cut to the run"),
                 qPrintable(w.statusBar()->currentMessage()));
        QTRY_VERIFY(model->detachedReason(QString::fromStdString(added.id)).isEmpty());
        auto greenIn = [](const QImage& img) {
            int ink = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    ink += img.pixelColor(x, y) == QColor(0, 160, 60);
            return ink;
        };
        QTRY_VERIFY2(greenIn(w.timeline()->grab().toImage()) > 20, "the box on screen");
        const QString path = QString::fromStdString(test::tempDir("boxbefore")) + "/timeline.png";
        QSignalSpy done(&w, &gui::MainWindow::exported);
        gui::ExportChoice c;
        c.view = "timeline";
        c.path = path;
        w.exportImage(c);
        QVERIFY(done.wait(30000));
        QVERIFY2(greenIn(QImage(path)) > 20, "the box in the export");
        // a note left of the run: not added (moved to the run's start it would mark a time it was not put at)
        annotate::Annotation note = box;
        note.kind = annotate::Kind::Note;
        note.anchor.t1Ns = note.anchor.t0Ns;
        Q_EMIT w.timeline()->annotationDrafted(note);
        QCOMPARE(model->items().size(), size_t(1));
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Not added"),
                 qPrintable(w.statusBar()->currentMessage()));
        model->undoStack()->undo();
    }
    void heatmapExportShowsTheSelectionOnScreen() {
        // File ▸ Export of the heatmap pictures the grid as the widget shows it: the selected cell
        // highlighted while it is selected, and nothing once another selection replaced it
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1300, 800)));
        auto* live = w.heatmap()->canvas();
        QTRY_VERIFY_WITH_TIMEOUT(live->data(), 10000);
        const QRgb ink = live->palette().color(QPalette::Highlight).rgb();
        int shot = 0;
        const auto exported = [&] {
            const QString path =
                QString::fromStdString(test::tempDir("appheatmap")) + QString("/heatmap-%1.png").arg(++shot);
            QSignalSpy done(&w, &gui::MainWindow::exported);
            gui::ExportChoice c;
            c.view = "heatmap";
            c.path = path;
            c.caption = false;
            w.exportImage(c);
            [&] {
                QVERIFY(!done.isEmpty() || done.wait(30000));
            }(); // a widget's picture is delivered at once
            int n = 0;
            const QImage img(path);
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    n += img.pixel(x, y) == ink;
            return n;
        };
        const int none = exported();
        views::Selection op;
        op.kind = views::Selection::Kind::OpType;
        op.opType = "MatMulV2";
        op.rank = 1;
        w.state()->setSelection(op);
        QCOMPARE(live->highlights().size(), size_t(1));
        const int outlined = exported();
        QVERIFY2(outlined > none + 40,
                 qPrintable(QString("%1 highlight pixels, %2 without a selection").arg(outlined).arg(none)));
        views::Selection step;
        step.kind = views::Selection::Kind::Step;
        step.rank = 1;
        step.step = 2;
        w.state()->setSelection(step);
        QVERIFY(live->highlights().empty());
        QCOMPARE(exported(), none);
    }
    void theHeatmapLayoutOutlivesARestart() {
        // walk 38: "rank × step (one op)" chosen, the app restarted: back to op × rank (the comm metric and
        // the waits overlay were remembered, the heatmap's layout not)
        gui::Settings().setHeatmapLayout({2, "MatMulV2", -1}); // what the last session's choice stored
        {
            gui::MainWindow w;
            QVERIFY(showAndOpen(w, m_profile));
            const auto* canvas = w.heatmap()->canvas();
            QTRY_VERIFY_WITH_TIMEOUT(
                canvas->data() && canvas->data()->mode == query::HeatmapData::Mode::RankByStep, 20000);
            QCOMPARE(QString::fromStdString(canvas->data()->opType), QString("MatMulV2"));
            // the user's own choice is what the next session opens
            auto* mode = w.heatmap()->findChildren<QComboBox*>().at(0); // mode, subject, statistic, sort
            mode->setCurrentIndex(1);
            Q_EMIT mode->activated(1);
            QCOMPARE(gui::Settings().heatmapLayout().mode, 1);
            QVERIFY(gui::Settings().heatmapLayout().rankNumber >= 0);
        }
        gui::Settings().setHeatmapLayout({});
        QCOMPARE(gui::Settings().heatmapLayout(), gui::HeatmapLayoutSetting{});
    }
    void memoryExportBehindAnotherTabIsLaidOutAsShown() {
        // walk 38: File ▸ Export "Memory map — as shown" while the heatmap's tab was in front came out
        // 304×548, the bank strip over the legend and no usage chart; in front it was 1030×478
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1500, 900)));
        QTRY_VERIFY_WITH_TIMEOUT(w.memoryMap()->canvas()->data() != nullptr, 20000);
        auto* memory = w.findChild<QDockWidget*>("memory");
        QVERIFY(memory && !w.tabifiedDockWidgets(memory).isEmpty());
        int shot = 0;
        const auto exported = [&] {
            const QString path =
                QString::fromStdString(test::tempDir("appmemory")) + QString("/memory-%1.png").arg(++shot);
            QSignalSpy done(&w, &gui::MainWindow::exported);
            gui::ExportChoice c;
            c.view = "memory";
            c.path = path;
            c.caption = false;
            w.exportImage(c);
            [&] { QVERIFY(!done.isEmpty() || done.wait(30000)); }();
            return QImage(path).size();
        };
        // another tab in front since the profile opened: the memory map was never laid out on screen
        QDockWidget* front = gui::frontDockOf(w, memory);
        QVERIFY(front && front != memory);
        const QSize behind = exported();
        // the user's tab is in front again
        QCOMPARE(gui::frontDockOf(w, memory), front);
        memory->raise();
        for (int i = 0; i < 8; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(gui::frontDockOf(w, memory), memory);
        QCOMPARE(behind, exported());
    }
    void exportDrawsSpansOnEveryRank() {
        // 8 ranks: the lanes run far below the window; File ▸ Export of the timeline must draw the spans of
        // every rank's compute lanes (ranks 4-7 came out with the wait overlay and no spans)
        const std::string dir = test::tempDir("mainwindow-8ranks") + "/demo";
        const std::string err = test::writeDemo(dir, test::demoOptions(8, 3, 1));
        QVERIFY2(err.empty(), err.c_str());
        gui::MainWindow w;
        w.resize(1300, 700);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(dir));
        QVERIFY(ready.wait(60000));
        auto* tl = w.timeline();
        QVERIFY(tl->fullHeight() > 2 * tl->height());
        for (const QString format : {"svg", "png"}) {
            const QString path = QString::fromStdString(test::tempDir("appexport8")) + "/timeline." + format;
            QSignalSpy done(&w, &gui::MainWindow::exported);
            gui::ExportChoice c;
            c.view = "timeline";
            c.path = path;
            c.caption = false; // the picture's rows are the timeline's own
            w.exportImage(c);
            QVERIFY(done.wait(30000));
            QCOMPARE(done.first().at(1).toString(), QString());
            QImage img;
            if (format == "png") {
                img.load(path);
            } else {
                QSvgRenderer svg(path);
                QVERIFY(svg.isValid());
                img =
                    QImage(QSize(tl->width(), tl->fullHeight()), QImage::Format_ARGB32); // its view box, 1:1
                img.fill(Qt::white);
                QPainter p(&img);
                svg.render(&p);
            }
            if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR"))
                img.save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/export-8ranks-" + format + ".png");
            QCOMPARE(img.height(), tl->fullHeight());
            // span pixels in each rank's lanes: saturated greens, blues and purples (host, compute and
            // communication colours), not the wait overlay's red or the idle gaps' orange
            const auto inkByRank = test::spanInkByRank(img, tl->lanes(), 0);
            QCOMPARE(inkByRank.size(), size_t(8));
            for (auto [rank, ink] : inkByRank)
                QVERIFY2(
                    ink > 200,
                    qPrintable(QString("%1: rank %2 has %3 span pixels").arg(format).arg(rank).arg(ink)));
        }
    }
    void savedViewRoundTrip() {
        gui::MainWindow w;
        w.resize(1300, 800);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        const qint64 s0 = w.state()->windowStart(), e0 = w.state()->windowEnd();
        w.state()->setWindow(s0 + (e0 - s0) / 3, s0 + (e0 - s0) / 2);
        views::Selection sel;
        sel.kind = views::Selection::Kind::OpType;
        sel.opType = "MatMulV2";
        sel.rank = 2;
        w.state()->setSelection(sel);
        w.timeline()->setVisibleRanks({1, 2});
        w.timeline()->setCollapsed(1, true);
        w.findChild<QAction*>("windowFlows")->setChecked(true);
        QVERIFY(w.timeline()->windowFlows());
        const QString file = QString::fromStdString(test::tempDir("rsview")) + "/v.rsview";
        QString err;
        QVERIFY2(gui::writeViewState(w.captureViewState(), file, err), qPrintable(err));
        // a fresh window opened on the saved view shows the same picture
        gui::MainWindow w2;
        w2.resize(1300, 800);
        w2.show();
        QSignalSpy ready2(&w2, &gui::MainWindow::profileReady);
        auto state = gui::readViewState(file, err);
        QVERIFY2(state, qPrintable(err));
        w2.applyViewState(*state);
        QVERIFY(ready2.wait(60000));
        QCOMPARE(w2.state()->windowStart(), s0 + (e0 - s0) / 3);
        QCOMPARE(w2.state()->windowEnd(), s0 + (e0 - s0) / 2);
        QCOMPARE(w2.state()->selection().opType, QString("MatMulV2"));
        QCOMPARE(w2.state()->selection().rank, 2);
        QCOMPARE(w2.timeline()->visibleRanks(), (std::set<int>{1, 2}));
        QCOMPARE(w2.timeline()->collapsedRanks(), (std::set<int>{1}));
        QVERIFY(w2.timeline()->windowFlows()); // the saved view's arrows, its menu item checked
        QVERIFY(w2.findChild<QAction*>("windowFlows")->isChecked());
        // the window's flows are the profile's view state, not a setting: another profile opens without them
        const std::string other = test::tempDir("mainwindow-other") + "/demo";
        const std::string werr = test::writeDemo(other, test::demoOptions(2, 2, 1));
        QVERIFY2(werr.empty(), werr.c_str());
        auto* filter = w2.findChild<QLineEdit*>("trackFilter");
        QVERIFY(filter);
        filter->setText("rank 3");
        QSignalSpy again(&w2, &gui::MainWindow::profileReady);
        w2.openProfile(QString::fromStdString(other));
        QVERIFY(again.wait(60000));
        QVERIFY(!w2.timeline()->windowFlows());
        QVERIFY(!w2.findChild<QAction*>("windowFlows")->isChecked());
        // nor the last profile's track filter (it matched no lane of this one: a blank timeline)
        QVERIFY(filter->text().isEmpty());
        QVERIFY(w2.timeline()->layoutOptions().filter.isEmpty());
    }
    void aCancelledOpenDropsItsSavedView() {
        // r47c #1: a saved view whose profile's open was cancelled (the progress panel's Cancel) waited on,
        // and was applied when that profile opened later
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        const QString shown = w.profilePath();
        const std::string other = test::tempDir("mainwindow-cancel") + "/demo"; // not indexed yet
        const std::string err = test::writeDemo(other, test::demoOptions(4, 6, 1));
        QVERIFY2(err.empty(), err.c_str());
        const qint64 s0 = w.state()->windowStart(); // the demos start at the same time
        gui::ViewState v;
        v.profile = QString::fromStdString(other);
        v.window = std::make_pair(s0 + 1000000, s0 + 2000000);
        w.applyViewState(v);
        QPushButton* cancel = nullptr;
        for (auto* b : w.progressPanel()->findChildren<QPushButton*>())
            if (b->text() == "Cancel") cancel = b;
        QVERIFY(cancel && w.progressPanel()->isVisible());
        cancel->click();
        QTRY_VERIFY(!w.progressPanel()->isVisible());
        QCOMPARE(w.viewStateDropped(), QString("opening its profile %1 was cancelled").arg(v.profile));
        QCOMPARE(w.profilePath(), shown); // the profile still on screen
        // that profile opened later: its whole run, not the view the user gave up on
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(v.profile);
        QVERIFY(ready.wait(60000));
        QVERIFY(w.state()->windowStart() != v.window->first);
        QVERIFY(w.state()->windowEnd() != v.window->second);
    }
    void aFailedOpenKeepsTheProfileShown() {
        // r47f: an empty folder failed to open and left the session on it while the previous profile stayed
        // on screen: F5 re-indexed the empty folder, Save view named it (a cancelled open already went back)
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        const QString shown = w.profilePath();
        const QString empty = QString::fromStdString(test::tempDir("mainwindow-empty"));
        w.openProfile(empty);
        QTRY_VERIFY(w.findChild<QMessageBox*>()); // "Cannot open profile"
        QCOMPARE(w.profilePath(), shown);
        QCOMPARE(w.captureViewState().profile, shown);
        for (auto* box : w.findChildren<QMessageBox*>())
            box->close();
    }
    void openProfileStartsBesideTheLastProfile() {
        // r47c #3: File ▸ Open profile's dialog started inside the profile just opened; a sibling is what
        // the user opens next
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile));
        QAction* open = nullptr;
        for (auto* a : w.findChildren<QAction*>())
            if (a->text() == "&Open profile…") open = a;
        QVERIFY(open);
        QString started;
        auto* poll = new QTimer(&w);
        connect(poll, &QTimer::timeout, this, [&] {
            if (auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
                started = d->directory().absolutePath();
                d->reject();
            }
        });
        poll->start(20);
        open->trigger(); // returns once the dialog is rejected
        poll->stop();
        QCOMPARE(started, QFileInfo(m_profile).absolutePath());
    }
    void hasTheApplicationIcon() {
        gui::MainWindow w;
        QVERIFY(!w.windowIcon().isNull());
        QCOMPARE(w.windowIcon().pixmap(16, 16).size(), QSize(16, 16));
    }
    void chooseOneRunOfSeveral() {
        // an Ascend demo (4 ranks) and a Kineto demo (2 ranks) side by side: two runs, shown one at a time
        const std::string dir = test::tempDir("mainwindow-runs");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        gui::MainWindow w;
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(dir));
        QVERIFY(ready.wait(60000));
        QComboBox* runs = nullptr;
        for (auto* c : w.findChildren<QComboBox*>())
            if (c->toolTip().contains("several runs")) runs = c;
        QVERIFY(runs);
        QCOMPARE(runs->count(), 2);
        QTRY_VERIFY(runs->isVisibleTo(&w)); // the toolbar lays out its widgets on the next pass
        QLabel* notice = nullptr;
        for (auto* l : w.findChildren<QLabel*>())
            if (l->text().contains("holds 2 runs")) notice = l;
        QVERIFY(notice && notice->isVisible());
        // the title names the run shown, not only the folder of both (r47c #2)
        const QString folder = QFileInfo(QString::fromStdString(dir)).fileName();
        QCOMPARE(w.windowTitle(),
                 QString("Rankscope — %1 — run %2 in ascend").arg(folder, runs->currentData().toString()));
        QTest::qWait(200);
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR"))
            w.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/mainwindow-runs.png");
        // the run with the most ranks first: the four Ascend ranks, not the Kineto pair
        QCOMPARE(w.state()->selection().kind, views::Selection::Kind::None);
        QCOMPARE(int(w.timeline()->lanes().empty()), 0);
        std::set<int> shown;
        for (const auto& l : w.timeline()->lanes())
            shown.insert(l.rank);
        QCOMPARE(shown.size(), size_t(4));
        // a step selected in the first run (the drill-down's Steps table, as a user does)
        auto* drill = w.drillDown();
        QTRY_VERIFY(drill->stepsModel()->rowCount() > 0);
        drill->table(0)->setFocus();
        drill->table(0)->setCurrentIndex(drill->table(0)->model()->index(1, 0));
        QCOMPARE(w.state()->selection().kind, views::Selection::Kind::Step);
        // and what walk15b #5 and walk15a #6/#7 left behind: a search, a track filter, an Op summary filter
        // and an armed annotation tool made on the first run
        auto* trackFilter = w.findChild<QLineEdit*>("trackFilter");
        QVERIFY(trackFilter);
        trackFilter->setText("Stream");
        w.search()->field()->setText("MatMul");
        Q_EMIT w.search()->field()->returnPressed();
        QTRY_VERIFY2(w.statusBar()->currentMessage().contains("for \"MatMul\""),
                     qPrintable(w.statusBar()->currentMessage()));
        w.opSummary()->findChild<QLineEdit*>()->setText("Memcpy");
        w.annotationModel()->setTool(views::AnnotationModel::Tool::Box);
        w.areaStats()->rankField()->setText("5"); // walk 22a: it stayed for the next one-rank profile
        ready.clear();
        const int other = runs->currentIndex() == 0 ? 1 : 0;
        runs->setCurrentIndex(other);
        Q_EMIT runs->activated(other);
        QVERIFY(ready.wait(30000));
        // the new run opens whole, with nothing of the old one selected — also once the Steps table has the
        // focus again (it re-selected the old run's step and clamped the window to 1 ns before the run)
        QTest::qWait(300);
        QCOMPARE(w.state()->selection().kind, views::Selection::Kind::None);
        QCOMPARE(w.state()->windowStart(), w.timeline()->summary()->startNs);
        QCOMPARE(w.state()->windowEnd(), w.timeline()->summary()->endNs);
        QCOMPARE(trackFilter->text(), QString());
        QCOMPARE(w.timeline()->layoutOptions().filter, QString());
        QCOMPARE(w.search()->field()->text(), QString());
        QVERIFY2(!w.statusBar()->currentMessage().contains("match"),
                 qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.opSummary()->filterText(), QString());
        QCOMPARE(w.annotationModel()->tool(), views::AnnotationModel::Tool::None);
        QCOMPARE(w.areaStats()->rankField()->text(), QString());
        QCOMPARE(w.windowTitle(),
                 QString("Rankscope — %1 — run %2 in kineto").arg(folder, runs->itemData(other).toString()));
        w.setFocus();
        drill->table(0)->setFocus();
        QTest::qWait(200);
        QCOMPARE(w.state()->selection().kind, views::Selection::Kind::None);
        QCOMPARE(w.state()->windowEnd() - w.state()->windowStart(),
                 w.timeline()->summary()->endNs - w.timeline()->summary()->startNs);
        shown.clear();
        for (const auto& l : w.timeline()->lanes())
            shown.insert(l.rank);
        QCOMPARE(shown.size(), size_t(2));
        // the second run's ranks 0 and 1 collide with the first run's: keyed apart, labelled as the data says
        QStringList headers;
        for (const auto& l : w.timeline()->lanes())
            if (l.header) headers << l.label;
        QCOMPARE(headers, (QStringList{"Rank 0", "Rank 1"}));
        QComboBox* memRank = w.memoryMap()->findChild<QComboBox*>();
        QVERIFY(memRank);
        QTRY_COMPARE(memRank->itemText(0), QString("rank 0"));
        // and every other place names them so, never by their keys (10000, 10001): a picture's caption, the
        // memory panel's line, the notes (walk 5: "ranks 10001, 20000" over lanes named Rank 1 and Rank 0)
        QVERIFY(*std::min_element(w.timeline()->summary()->ranks.begin(),
                                  w.timeline()->summary()->ranks.end()) >= 10000);
        const QString caption = w.exportCaption("timeline").lines.join(" | ");
        QVERIFY2(caption.contains("ranks 0-1") && !caption.contains("1000"), qPrintable(caption));
        QVERIFY2(!w.exportCaption("memory").lines.join(" | ").contains("1000"),
                 qPrintable(w.exportCaption("memory").lines.join(" | ")));
        for (const auto* l : w.memoryMap()->findChildren<QLabel*>())
            QVERIFY2(!l->text().contains("rank 1000"), qPrintable(l->text()));
        for (const auto& n : w.timeline()->summary()->notes)
            QVERIFY2(n.find("1000") == std::string::npos, n.c_str());
        // File ▸ Compare with run: the run shown (the Kineto pair) is the baseline, the chosen run the
        // candidate, as `rankscope compare DIR DIR --baseline-run SHOWN --candidate-run N` reads "compare the
        // run shown with run N" — not the folder's default run twice; the entry says the direction
        const int shownRun = runs->itemData(other).toInt(),
                  otherRun = runs->itemData(other == 0 ? 1 : 0).toInt();
        QSignalSpy compared(&w, &gui::MainWindow::compareReady);
        QMenu* byRun = nullptr;
        for (auto* m : w.findChildren<QMenu*>())
            if (m->title().contains("Compare with r")) byRun = m;
        QVERIFY(byRun && byRun->isEnabled());
        QCOMPARE(byRun->actions().size(), 1);
        QVERIFY2(byRun->actions().first()->text().endsWith(" as the candidate (baseline: the run shown)"),
                 qPrintable(byRun->actions().first()->text()));
        byRun->actions().first()->trigger();
        QVERIFY(compared.wait(60000));
        auto* view = w.findChild<views::CompareView*>();
        QVERIFY(view && view->data());
        QCOMPARE(view->data()->baseline.run, shownRun);
        QCOMPARE(view->data()->candidate.run, otherRun);
        QVERIFY(view->data()->baseline.labels.at("source") !=
                view->data()->candidate.labels.at("source")); // kineto vs ascend
        // saved (Ctrl+S) and reopened, the view compares the same two runs again, each on its side (walk 26
        // #3: the reopened panel said "No comparison yet"); Swap's direction is kept too
        Q_EMIT view->swapRequested();
        QVERIFY(compared.wait(60000));
        QCOMPARE(view->data()->baseline.run, otherRun);
        QVERIFY2(byRun->actions().first()->text().endsWith(" as the baseline (candidate: the run shown)"),
                 qPrintable(byRun->actions().first()->text()));
        const QString file = QString::fromStdString(test::tempDir("mainwindow-rsview-compare")) + "/c.rsview";
        QString rsviewErr;
        QVERIFY2(gui::writeViewState(w.captureViewState(), file, rsviewErr), qPrintable(rsviewErr));
        auto saved = gui::readViewState(file, rsviewErr);
        QVERIFY2(saved && saved->comparison, qPrintable(rsviewErr));
        gui::MainWindow w2;
        w2.show();
        QSignalSpy compared2(&w2, &gui::MainWindow::compareReady);
        w2.applyViewState(*saved);
        QVERIFY(compared2.wait(60000));
        auto* view2 = w2.findChild<views::CompareView*>();
        QVERIFY(view2 && view2->data());
        QCOMPARE(view2->data()->baseline.run, otherRun);
        QCOMPARE(view2->data()->candidate.run, shownRun);
        QCOMPARE(w2.timeline()->summary()->run, shownRun);
    }
    void opensASingleTraceFile() {
        // one trace file, not a folder (File ▸ Open trace file…, a dropped file): its rank's lanes
        const std::string dir = test::tempDir("mainwindow-file");
        const std::string err = test::writeDemo(dir + "/k", test::demoOptions(1, 3, 1, "kineto"));
        QVERIFY2(err.empty(), err.c_str());
        QString file;
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir + "/k"))
            if (e.is_regular_file() && e.path().string().find(".json") != std::string::npos)
                file = QString::fromStdString(e.path().string());
        QVERIFY(!file.isEmpty());
        gui::MainWindow w;
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(file);
        QVERIFY(ready.wait(60000));
        QVERIFY(!w.timeline()->lanes().empty());
        QCOMPARE(int(w.timeline()->summary()->ranks.size()), 1);
    }
    void failedOpensAreNotRemembered() {
        // an empty folder and a junk one: not in Open Recent, not the profile reopened on start
        gui::RecentProfiles::clear();
        const std::string empty = test::tempDir("mainwindow-empty"), junk = test::tempDir("mainwindow-junk");
        test::writeFile(junk + "/notes.txt", "not a profile\n");
        for (const std::string& dir : {empty, junk}) {
            gui::MainWindow w;
            w.show();
            // the failure's message box is closed as a user would
            QTimer closer;
            QObject::connect(&closer, &QTimer::timeout, [] {
                for (QWidget* top : QApplication::topLevelWidgets())
                    if (auto* box = qobject_cast<QMessageBox*>(top); box && box->isVisible()) box->accept();
            });
            closer.start(50);
            QSignalSpy ready(&w, &gui::MainWindow::profileReady);
            w.openProfile(QString::fromStdString(dir));
            ready.wait(5000); // an empty index may still open; a failure never signals
            QTest::qWait(300);
            QVERIFY2(!gui::RecentProfiles::list().contains(
                         QFileInfo(QString::fromStdString(dir)).absoluteFilePath()),
                     dir.c_str());
            QVERIFY(gui::RecentProfiles::last() != QFileInfo(QString::fromStdString(dir)).absoluteFilePath());
        }
        // a profile that opens is remembered
        gui::MainWindow w;
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        QCOMPARE(gui::RecentProfiles::last(), QFileInfo(m_profile).absoluteFilePath());
    }
    void timelineKeysWorkAfterAHeatmapCellOrAnOpSummaryRow() {
        // a heatmap cell and an Op summary row move the timeline; its letter keys must then work without
        // a click on the timeline first (they did nothing: the timeline lacked the focus)
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1500, 900)));
        auto* state = w.state();
        const qint64 whole = state->boundsEnd() - state->boundsStart();
        auto width = [&] { return state->windowEnd() - state->windowStart(); };
        auto* canvas = w.heatmap()->canvas();
        QTRY_VERIFY_WITH_TIMEOUT(canvas->data() != nullptr, 10000);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellRect(0, 0).center());
        QTRY_VERIFY_WITH_TIMEOUT(width() < whole, 10000); // at the cell's longest kernel
        QTest::qWait(100);
        qint64 before = width();
        QTest::keyClick(canvas, Qt::Key_W);
        QVERIFY2(width() < before, "W after a heatmap click zooms the timeline");
        QTest::keyClick(canvas, Qt::Key_F);
        QCOMPARE(width(), whole);
        // an Op summary row, clicked as a user does: the table has the focus, W still zooms the timeline
        w.findChild<QDockWidget*>("opsummary")->raise();
        QTableView* table = w.opSummary()->table();
        QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() > 0, 10000);
        QTest::qWait(100);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(table->model()->index(0, 0)).center());
        QTRY_VERIFY_WITH_TIMEOUT(width() < whole, 10000);
        QTest::qWait(100);
        before = width();
        QTest::keyClick(table, Qt::Key_W);
        QVERIFY2(width() < before, "W after an Op summary row zooms the timeline");
        // where text is typed, the letter is text
        QLineEdit* search = nullptr;
        for (auto* e : w.findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith("Search")) search = e;
        QVERIFY(search);
        before = width();
        QTest::keyClick(search, Qt::Key_W);
        QCOMPARE(search->text(), QString("w"));
        QCOMPARE(width(), before);
    }
    void viewTogglesSitAwayFromTheTimelineKeys() {
        // a stray modifier on a timeline key must not switch what the timeline shows: Ctrl+W hid every
        // wait, next to W (zoom in)
        gui::MainWindow w;
        QMenu* view = nullptr;
        for (QMenu* m : w.menuBar()->findChildren<QMenu*>())
            if (m->title().remove('&') == "View") view = m;
        QVERIFY(view);
        int toggles = 0;
        for (QAction* a : view->actions()) {
            if (!a->isCheckable()) continue;
            for (const QKeySequence& k : a->shortcuts()) {
                ++toggles;
                const int key = k[0].key();
                QVERIFY2(!views::timelineKeyFor(key), qPrintable(a->text() + " is on " + k.toString() +
                                                                 ", a timeline key with a modifier"));
            }
        }
        QVERIFY(toggles >= 2); // the waits and the clock alignment keep a binding
        bool waitsListed = false;
        for (const auto& [keys, what] : w.shortcutRows())
            waitsListed |= what.contains("Show communication waits") && !keys.isEmpty();
        QVERIFY(waitsListed);
    }
    void statusBarCountsOneRankAsOne() {
        // a single trace file: one rank, and the status bar says so in the singular
        std::string err;
        const std::string dir = test::writeDemo("mainwindow-onerank", 1, 3, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, QString::fromStdString(dir)));
        QString line;
        for (auto* l : w.statusBar()->findChildren<QLabel*>())
            if (l->text().contains(QString::fromUtf8(" — "))) line = l->text();
        QVERIFY2(line.contains("1 rank,") && !line.contains("1 ranks"), qPrintable(line));
        // the report's summary in the Details panel too (core/analysis/report.cpp)
        const QString report = w.detailsPanel()->plainText();
        QVERIFY2(report.contains("\n1 rank, ") && !report.contains("1 ranks"), qPrintable(report.left(200)));
    }
    void heatmapSaysWhatIsKnownWhenRanksAreMissing() {
        // two ranks of a 128-rank job (HTA's trace_filter pair): "no straggler on all cards" would claim
        // what the data cannot tell
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, QString::fromStdString(samples + "/hta/tests/data/trace_filter"),
                            QSize(1400, 900)));
        QTRY_VERIFY_WITH_TIMEOUT(w.heatmap()->canvas()->data() != nullptr, 20000);
        QString caption;
        for (auto* l : w.heatmap()->findChildren<QLabel*>())
            if (l->text().contains("slow cell")) caption = l->text();
        QVERIFY2(!caption.isEmpty(), "the heatmap says something of slow cells");
        QVERIFY2(!caption.contains("all cards"), qPrintable(caption));
        QVERIFY2(caption.contains("2 ranks") && caption.contains("128"), qPrintable(caption));
    }
    void histogramLeavesWithItsSelection() {
        // a heatmap cell's histogram belongs to that cell: choosing something else empties the panel's chart
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1500, 900)));
        auto* canvas = w.heatmap()->canvas();
        QTRY_VERIFY_WITH_TIMEOUT(canvas->data() != nullptr, 10000);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellRect(0, 0).center());
        QTRY_VERIFY_WITH_TIMEOUT(w.histogram()->isVisible() && w.histogram()->histogram(), 10000);
        views::Selection step;
        step.kind = views::Selection::Kind::Step;
        step.rank = 0;
        step.step = 2;
        w.state()->setSelection(step);
        QVERIFY(!w.histogram()->isVisible());
        QTest::qWait(300); // an answer still on its way for the cell does not bring it back
        QVERIFY(!w.histogram()->isVisible());
    }
    void openingKeepsTheWindowsWidthAndNoDockOverlaps() {
        // walk 21 A: opening any profile widened a 700 px window to the docks' minimum, 1273 px (past a
        // 1600 px screen when it stood at x = 600); under it the docks overlapped (the heatmap's cells and
        // colour bar painted in the gap above Details at 1000 px, walk 20a narrow2c.png). Opening keeps the
        // width, and at 1000 px and 700 px every dock lies inside the window and beside the others
        for (int width : {1000, 700}) {
            // a profile never indexed: the progress line shows while it is (its text was one line, as wide
            // as it was long: the window grew to 797 px while indexing the demo)
            const std::string fresh = test::tempDir("narrow") + "/demo";
            const std::string err = test::writeDemo(fresh, test::demoOptions(4, 6, 1));
            QVERIFY2(err.empty(), err.c_str());
            gui::MainWindow w;
            QVERIFY(showAndOpen(w, QString::fromStdString(fresh), QSize(width, 800)));
            QTest::qWait(50);
            QCOMPARE(w.width(), width);
            QVERIFY2(w.minimumSizeHint().width() <= width,
                     qPrintable(QString("minimum %1 px").arg(w.minimumSizeHint().width())));
            const QRect inside = w.rect();
            std::vector<QDockWidget*> shown;
            for (auto* d : w.findChildren<QDockWidget*>())
                if (d->isVisible() && !d->visibleRegion().isEmpty()) shown.push_back(d);
            QVERIFY(shown.size() >= 3); // a bottom view, Findings, Details
            for (auto* d : shown) {
                QVERIFY2(inside.contains(d->geometry()), qPrintable(QString("%1 px: %2 at %3,%4 %5x%6")
                                                                        .arg(width)
                                                                        .arg(d->objectName())
                                                                        .arg(d->x())
                                                                        .arg(d->y())
                                                                        .arg(d->width())
                                                                        .arg(d->height())));
                // its view within the dock: a view wider than the dock painted over its neighbour
                const QRect content = QRect(d->widget()->mapTo(&w, QPoint(0, 0)), d->widget()->size());
                QVERIFY2(d->geometry().contains(content),
                         qPrintable(QString("%1 px: %2's view %3 px wide in a %4 px dock")
                                        .arg(width)
                                        .arg(d->objectName())
                                        .arg(content.width())
                                        .arg(d->width())));
                for (auto* o : shown)
                    QVERIFY2(o == d || !o->geometry().intersects(d->geometry()),
                             qPrintable(QString("%1 px: %2 overlaps %3")
                                            .arg(width)
                                            .arg(d->objectName(), o->objectName())));
            }
            for (auto* d : shown) // nor over the timeline
                QVERIFY2(!w.centralWidget()->geometry().intersects(d->geometry()),
                         qPrintable(d->objectName()));
        }
    }
    void narrowWindowsKeepTabsReadableAndDocksTheirShare() {
        // walk 23 #1: at 640 and 800 px the tabs under the timeline read "O… Me… S…", the op heatmap showed
        // one column beside its legend, and grown back to 1600 px the Findings column stayed narrow
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1600, 1000)));
        auto settle = [] {
            for (int i = 0; i < 5; ++i) // the window's layout, then the docks' shares (a queued call)
                QCoreApplication::processEvents();
        };
        settle();
        auto* findings = w.findChild<QDockWidget*>("findings");
        w.findChild<QDockWidget*>("heatmap")->raise();
        const int wide = findings->width();
        for (int width : {640, 800, 1200, 1600}) {
            w.resize(width, 800);
            settle();
            QCOMPARE(w.width(), width);
            for (auto* bar : w.findChildren<QTabBar*>())
                for (int i = 0; bar->isVisible() && i < bar->count(); ++i)
                    QVERIFY2(bar->tabRect(i).width() > bar->fontMetrics().horizontalAdvance(bar->tabText(i)),
                             qPrintable(QString("%1 px: tab '%2' %3 px wide")
                                            .arg(width)
                                            .arg(bar->tabText(i))
                                            .arg(bar->tabRect(i).width())));
            // at least 3 of the heatmap's 4 ranks in view right of its op labels (at 640 px its dock is ~430
            // px: 165 px of op names leave 3 columns of 64 px; beside the legend it was 1)
            const QWidget* grid = w.heatmap()->gridArea()->viewport();
            const int labels =
                w.heatmap()->canvas()->cellRect(w.heatmap()->canvas()->order().front(), 0).left();
            QVERIFY2(grid->width() - labels >= 3 * w.heatmap()->canvas()->cellWidth(),
                     qPrintable(QString("%1 px: the grid %2 px wide").arg(width).arg(grid->width())));
        }
        // back at 1600 px, the Findings column as wide as it was
        w.resize(1600, 1000);
        settle();
        QVERIFY2(std::abs(findings->width() - wide) <= 4,
                 qPrintable(QString("%1 px, was %2 px").arg(findings->width()).arg(wide)));
    }
    void shortWindowsShowHeatmapRowsAndReadableFindings_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("rows");         // op rows wholly in view, of the demo's 11 op types
        QTest::addColumn<bool>("raisedLater"); // the Memory tab shown while the window is resized
        // walk 45: the timeline kept 200 px, so the dock had 132 px of view, two rows under the tool row, the
        // column labels, the grid's bar and the legend's strip; with its least height 150 px (a one-line
        // footer when short) five rows fit, and the timeline still shows three lanes (below)
        QTest::newRow("640 × 480") << QSize(640, 480) << 5 << false;
        QTest::newRow("800 × 600") << QSize(800, 600) << 5 << false;
        QTest::newRow("1200 × 800") << QSize(1200, 800) << 6 << false;
        QTest::newRow("800 × 600, raised later") << QSize(800, 600) << 5 << true;
        QTest::newRow("1600 × 1000") << QSize(1600, 1000) << 6 << false;
    }
    void shortWindowsShowHeatmapRowsAndReadableFindings() {
        // walk 24 #1: at 640 × 480 and 800 × 600 the op heatmap showed two rows (its legend, under the grid
        // when narrow, took the dock's height) and the findings' sentences wrapped a word a line
        QFETCH(QSize, size);
        QFETCH(int, rows);
        QFETCH(bool, raisedLater);
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1500, 900)));
        auto* dock = w.findChild<QDockWidget*>("heatmap");
        (raisedLater ? w.findChild<QDockWidget*>("memory") : dock)->raise();
        w.resize(size);
        for (int i = 0; i < 8; ++i) // the window's layout, the heatmap's data, then the docks' sizes
            QCoreApplication::processEvents();
        dock->raise();
        for (int i = 0; i < 8; ++i)
            QCoreApplication::processEvents();
        QTRY_VERIFY(w.heatmap()->canvas()->data() != nullptr);
        for (int i = 0; i < 8; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(w.size(), size);
        // a row is in view when its first cell is inside both the grid's viewport and the dock's
        const views::HeatmapCanvas* canvas = w.heatmap()->canvas();
        const QWidget* grid = w.heatmap()->gridArea()->viewport();
        const QWidget* dockView = qobject_cast<QScrollArea*>(dock->widget())->viewport();
        const QRect gridAt(grid->mapTo(&w, QPoint()), grid->size()),
            dockAt(dockView->mapTo(&w, QPoint()), dockView->size());
        int inView = 0;
        for (int row : canvas->order()) {
            const QRect cell = canvas->cellRect(row, 0);
            const QRect at(canvas->mapTo(&w, cell.topLeft()), cell.size());
            inView += gridAt.contains(at) && dockAt.contains(at);
        }
        QVERIFY2(inView >= rows, qPrintable(QString("%1 rows in view: grid %2 px high, dock %3 px")
                                                .arg(inView)
                                                .arg(grid->height())
                                                .arg(dockView->height())));
        // the timeline is not hidden for it: three lanes of 16 px at least stay in view
        QVERIFY2(w.timeline()->lanesHeight() >= 3 * 16,
                 qPrintable(QString("%1 px of lanes").arg(w.timeline()->lanesHeight())));
        // the findings' sentences wrap at a readable width: 24 characters at least
        const QTableView* findings = w.findChild<gui::FindingsPanel*>()->view();
        const int chars =
            findings->columnWidth(gui::FindingsModel::Text) / findings->fontMetrics().averageCharWidth();
        QVERIFY2(chars >= 24, qPrintable(QString("%1 characters a line in %2 px")
                                             .arg(chars)
                                             .arg(findings->columnWidth(gui::FindingsModel::Text))));
    }
    void areaStatisticsShowsEightRowsAndItsCaption() {
        // walk 23 #2: raised at its default height the Area statistics panel was scrolled by its dock (the
        // counters and the caption below the dock's edge) and its text touched the dock's scroll bar
        gui::MainWindow w;
        QVERIFY(showAndOpen(w, m_profile, QSize(1500, 900)));
        auto* dock = w.findChild<QDockWidget*>("areastats");
        dock->raise();
        for (int i = 0; i < 5; ++i) // the raised tab laid out, then the dock's new height
            QCoreApplication::processEvents();
        QTableView* ops = w.areaStats()->table();
        auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
        const int rows = ops->viewport()->height() / ops->verticalHeader()->defaultSectionSize();
        QVERIFY2(rows >= 8, qPrintable(QString("%1 rows in %2 px").arg(rows).arg(ops->viewport()->height())));
        QVERIFY(scroll);
        QCOMPARE(scroll->verticalScrollBar()->maximum(), 0); // the whole panel in the dock
        const QRect caption(w.areaStats()->caption()->mapTo(scroll->viewport(), QPoint()),
                            w.areaStats()->caption()->size());
        QVERIFY2(scroll->viewport()->rect().contains(caption), "the caption out of the dock");
        // a few pixels between the tables and caption and the dock's edge
        QVERIFY(scroll->viewport()->width() - caption.right() >= 5);
        const QRect counters(w.areaStats()->counterTable()->mapTo(scroll->viewport(), QPoint()),
                             w.areaStats()->counterTable()->size());
        QVERIFY(scroll->viewport()->width() - counters.right() >= 5);
        // the window still gives the timeline most of its height
        QVERIFY(dock->height() <= w.height() / 2);
    }
    void reopensCachedIndex() {
        gui::MainWindow w;
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        // the second window reuses the index the first one built (no rebuild)
        QVERIFY2(w.statusBar()->currentMessage().contains("cached"),
                 qPrintable(w.statusBar()->currentMessage()));
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
