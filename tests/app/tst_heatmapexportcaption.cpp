// An exported op heatmap says what the view says above its grid, from the same caption builder
// (views/heatmap/heatmapcaption.h): `rankscope export --view heatmap`, File ▸ Export and the report's
// heatmap built their own and left out "Communication kernels are not in it" (issue 19, HTA's
// nccl_parser_config, whose 21 ncclKernel_AllReduce kernels take 46.9 of its 162.5 ms of kernel time by
// python over nccl_data.json.gz). And the Markdown report's one-rank heatmap, coloured by total time, was
// captioned with the ratio to the ranks' median.
#include "app/gui/exportscene.h"
#include "tests/support/testsupport.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace rs;

namespace {
const QString kNote = "Communication kernels are not in it: the Communication panel shows them.";

QString readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The caption the view shows over `scene`'s op × rank grid, as the app gives it its run.
QString viewCaption(gui::ExportScene& scene, index::Db& db) {
    auto summary = std::make_shared<const query::ProfileSummary>(scene.summary());
    views::InteractionState state;
    views::HeatmapView view(&state, nullptr);
    view.setSummary(summary);
    const query::RunDesc* run = nullptr;
    for (const auto& r : summary->runs)
        if (r.run == summary->run) run = &r;
    view.setProfile(summary->ranks, run ? run->worldSize : std::nullopt, run ? run->complete : true);
    view.setData(std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(db, summary->ranks)));
    return view.caption();
}
} // namespace

class TstHeatmapExportCaption : public QObject {
    Q_OBJECT
    std::string m_root;

  private Q_SLOTS:
    void initTestCase() { m_root = test::tempDir("heatmapexportcaption"); }
    void theExportSaysWhatTheViewSays_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<bool>("communication");
        QTest::newRow("hta nccl_parser_config") << "/hta/tests/data/nccl_parser_config" << true;
        // its COMMUNICATION_OP table holds 4 hcom collectives (python's sqlite3 over the .db)
        QTest::newRow("msinsight db/level1") << "/msinsight/test/data/pytorch/db/level1" << true;
        // 14 kernels, none nccl or rccl, and no collective at all (python over the .json.gz): nothing to say
        QTest::newRow("hta amd_trace") << "/hta/tests/data/amd_trace" << false;
    }
    void theExportSaysWhatTheViewSays() {
        QFETCH(QString, profile);
        QFETCH(bool, communication);
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + profile.toStdString(), false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the collectives the sample holds, by name (independent of the summary's communication flags)
        const int64_t nccl = ix.scalar("SELECT count(*) FROM span s JOIN string n ON n.id = s.name_id WHERE "
                                       "n.value LIKE 'ncclKernel%' OR n.value LIKE 'hcom%'");
        QCOMPARE(nccl > 0, communication);
        gui::ExportScene scene(QString::fromStdString(ix.result.dbPath), profile, std::nullopt);
        scene.image("heatmap", 0, 0, 1);
        const QString exported = scene.caption("heatmap").lines.join("\n");
        const QString shown = viewCaption(scene, *ix.db);
        QVERIFY(!shown.isEmpty());
        QVERIFY2(exported.contains(shown), qPrintable(exported + "\n--- the view: " + shown));
        QCOMPARE(exported.contains(kNote), communication);
        // the report's picture of it too
        QCOMPARE(scene.heatmapCaption(), shown);
    }
    void theOneRankReportSaysItsColour() {
        // MindStudio Insight's db/level1 is one rank (rank0_ascend_pt): its heatmap has no ratio and is
        // drawn in total time, which the report's caption must say, not the ratio's definition
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const QString out = QString::fromStdString(m_root) + "/level1.md";
        QString err;
        QVERIFY2(test::runRankscope(
                     {"report", QString::fromStdString(samples + "/msinsight/test/data/pytorch/db/level1"),
                      "--markdown", out, "--quiet"},
                     nullptr, &err) == 0,
                 qPrintable(err));
        const QString md = readAll(out);
        // the picture's caption: the paragraph around its image
        const qsizetype at = md.indexOf("overview-heatmap.png");
        QVERIFY2(at >= 0, qPrintable(md.left(3000)));
        const qsizetype from = md.lastIndexOf("\n\n", at), to = md.indexOf("\n\n", at);
        const QString caption = md.mid(from, to < 0 ? -1 : to - from);
        QVERIFY2(!caption.contains("against the same kernels' median") &&
                     !caption.contains("a ratio of times"),
                 qPrintable(caption));
        QVERIFY2(caption.contains("total time"), qPrintable(caption));
    }
};

QTEST_MAIN(TstHeatmapExportCaption)
#include "tst_heatmapexportcaption.moc"
