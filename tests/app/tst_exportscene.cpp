// The export scene's op heatmap shows the selection it is given and only that: its canvas lives as long as
// the scene (a report pictures every finding and annotation with one), and a selection naming no op type on
// a rank left the last one's cells highlighted (an annotation's heatmap picture showed the slow card's
// cells). The highlight is counted in the palette's Highlight colour, the pen the canvas outlines cells with.
#include "app/gui/exportscene.h"
#include "app/gui/viewstate.h"
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"

#include <QApplication>
#include <QImage>
#include <QPalette>
#include <QtTest>

using namespace rs;

namespace {
int highlightPixels(const QImage& img) {
    const QRgb ink = QApplication::palette().color(QPalette::Highlight).rgb();
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixel(x, y) == ink;
    return n;
}
} // namespace

class TstExportScene : public QObject {
    Q_OBJECT
    std::string m_profile, m_db;

  private Q_SLOTS:
    void initTestCase() {
        m_profile = test::tempDir("exportscene") + "/demo";
        auto ix = test::indexedDemo(m_profile, test::demoOptions(2, 3, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
    }
    void aSpanSelectedByItsIdIsNamedOnItsRank() {
        // walk 53a: `export --select span:ID` captioned "span 29795" where the app's export of the same
        // selection read "span 29795 on rank 6": the id names no rank, the scene looks it up
        index::Db db(m_db, true);
        auto q = db.prepare("SELECT s.span_id, t.rank, s.ts_ns, s.ts_ns + s.dur_ns FROM span s JOIN track t "
                            "ON t.track_id = s.track_id WHERE t.rank = 1 ORDER BY s.span_id LIMIT 1");
        QVERIFY(q.step());
        const qint64 id = q.i64(0), start = q.i64(2), end = q.i64(3);
        const int rank = int(q.i64(1));
        QString err;
        const auto sel = gui::parseSelection(QString("span:%1").arg(id), err);
        QVERIFY2(sel, qPrintable(err));
        gui::ExportScene scene(QString::fromStdString(m_db), QString::fromStdString(m_profile), std::nullopt);
        scene.setSelection(*sel);
        QCOMPARE(scene.state().selection().rank, rank);
        QCOMPARE(scene.state().selection().startNs, start);
        QCOMPARE(scene.state().selection().endNs, end);
        scene.image("timeline", 800, 0, 1);
        const QString caption = scene.caption("timeline").lines.join(" | ");
        QVERIFY2(caption.contains(QString("span %1 on rank %2").arg(id).arg(rank)), qPrintable(caption));
    }
    void theHeatmapShowsTheCurrentSelectionOnly() {
        gui::ExportScene scene(QString::fromStdString(m_db), QString::fromStdString(m_profile), std::nullopt);
        const int none = highlightPixels(scene.image("heatmap", 0, 0, 1));
        views::Selection cell;
        cell.kind = views::Selection::Kind::OpType;
        cell.opType = "MatMulV2";
        cell.rank = scene.summary().ranks.back();
        scene.setSelection(cell);
        const int outlined = highlightPixels(scene.image("heatmap", 0, 0, 1));
        QVERIFY2(outlined > none + 40,
                 qPrintable(QString("%1 highlight pixels, %2 without").arg(outlined).arg(none)));
        // a step (no op type): nothing outlined, as in the app's heatmap
        views::Selection step;
        step.kind = views::Selection::Kind::Step;
        step.rank = cell.rank;
        step.step = 1;
        scene.setSelection(step);
        QCOMPARE(highlightPixels(scene.image("heatmap", 0, 0, 1)), none);
        // and after a reset (the report's, before each picture)
        scene.setSelection(cell);
        QVERIFY(highlightPixels(scene.image("heatmap", 0, 0, 1)) > none + 40);
        scene.setSelection({});
        QCOMPARE(highlightPixels(scene.image("heatmap", 0, 0, 1)), none);
    }
    void anExplicitStepWinsOverASavedViewsCommStep() {
        // review of stop 50: a saved view records its Communication step ("all" unless one was chosen);
        // `export --state v.rsview --step 1` pictured the timeline at step 1 and the matrix for all steps
        gui::ExportScene scene(QString::fromStdString(m_db), QString::fromStdString(m_profile), std::nullopt);
        gui::ViewState saved;
        saved.commStep = -1; // "all"
        scene.apply(saved);
        scene.image("comm", 0, 0, 1);
        QVERIFY2(scene.caption("comm").lines.join(" | ").contains("all steps summed"),
                 qPrintable(scene.caption("comm").lines.join(" | ")));
        QVERIFY(scene.zoomToStep(1));
        scene.image("comm", 0, 0, 1);
        const QString caption = scene.caption("comm").lines.join(" | ");
        QVERIFY2(caption.contains("step 1") && !caption.contains("all steps summed"), qPrintable(caption));
    }
    void theCommPictureSaysAStepItDoesNotFollow() {
        // r51c: the view says "the selected step N is not followed here" (above its grid); the exported
        // matrix of the same saved view, all steps with step 1 selected, said nothing of it
        gui::ExportScene scene(QString::fromStdString(m_db), QString::fromStdString(m_profile), std::nullopt);
        gui::ViewState saved;
        saved.commStep = -1; // "all"
        saved.selection.kind = views::Selection::Kind::Step;
        saved.selection.rank = scene.summary().ranks.front();
        saved.selection.step = 1;
        scene.apply(saved);
        scene.image("comm", 0, 0, 1);
        const QString notes = scene.caption("comm").notes.join(" | ");
        QVERIFY2(notes.contains("selected step 1 is not followed here: the matrix shows all steps"),
                 qPrintable(notes));
        saved.commStep = 1; // the step shown: nothing to say
        scene.apply(saved);
        scene.image("comm", 0, 0, 1);
        QVERIFY2(!scene.caption("comm").notes.join(" | ").contains("not followed"),
                 qPrintable(scene.caption("comm").notes.join(" | ")));
    }
};

QTEST_MAIN(TstExportScene)
#include "tst_exportscene.moc"
