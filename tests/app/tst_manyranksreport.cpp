// The text and HTML reports of a profile with many ranks (issue 22 part 3): a 256-rank demo's report prints
// each per-rank section as one distribution line and its outlying ranks — the demo's injected culprits,
// known from its options (demoTruth), not from the analysis — instead of 256 lines; the JSON keeps every
// rank; an 8-rank report keeps its line per rank; the HTML file stays small with small pictures; and the
// ranks of a missing shard are named as missing. The app's File ▸ Export of the 256-rank timeline, as it
// opened, pictures the same ranks as `rankscope export` with the same note; once the user expands a rank,
// it pictures what they see.
#include "app/gui/exportscene.h"
#include "app/gui/mainwindow.h"
#include "app/gui/manyrankspicture.h"
#include "core/demo/demooptions.h"
#include "core/index/sqlite.h"
#include "tests/support/testsupport.h"
#include "views/timeline/timelineview.h"

#include <QImage>
#include <QRegularExpression>
#include <QtTest>
#include <filesystem>
#include <nlohmann/json.hpp>

using namespace rs;

Q_DECLARE_METATYPE(std::set<int>)

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
QString readAll(const QString& path) {
    return QString::fromStdString(test::readDecompressed(path.toStdString()));
}
/// The lines of `text` that start with `prefix`.
QStringList linesStarting(const QString& text, const QString& prefix) {
    QStringList out;
    for (const QString& l : text.split('\n'))
        if (l.startsWith(prefix)) out << l;
    return out;
}
/// The line after the one that starts with `prefix` (a section's "outlying:" line).
QString lineAfter(const QString& text, const QString& prefix) {
    const QStringList lines = text.split('\n');
    for (int i = 0; i + 1 < lines.size(); ++i)
        if (lines[i].startsWith(prefix)) return lines[i + 1];
    return {};
}
/// Every "rank N" named in `line`.
std::set<int> ranksNamed(const QString& line) {
    std::set<int> out;
    QRegularExpression re("rank (\\d+)");
    for (auto it = re.globalMatch(line); it.hasNext();)
        out.insert(it.next().captured(1).toInt());
    return out;
}
/// The ranks whose header a timeline SVG draws ("▸ Rank 12" collapsed, "▾ Rank 12" with its lanes).
std::set<int> svgRanks(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QString text = QString::fromUtf8(f.readAll());
    QRegularExpression label("[▾▸] Rank (\\d+)<");
    std::set<int> shown;
    for (auto it = label.globalMatch(text); it.hasNext();)
        shown.insert(it.next().captured(1).toInt());
    return shown;
}
QString fileText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}
/// "3-5, 9" → {3, 4, 5, 9}.
std::set<int> expandRanges(const QString& list) {
    std::set<int> out;
    for (const QString& part : list.split(", ")) {
        const QStringList ab = part.split('-');
        for (int r = ab.front().toInt(); r <= ab.back().toInt(); ++r)
            out.insert(r);
    }
    return out;
}
constexpr int kRanks = 256, kSteps = 4;
} // namespace

class TstManyRanksReport : public QObject {
    Q_OBJECT
    std::string m_root;
    QString m_text, m_text8, m_html;
    nlohmann::json m_json;
    demo::DemoTruth m_truth{};

    QString demoReport(const QString& dir, int ranks, const QStringList& extra = {}) {
        QString out, err;
        if (test::runRankscope({"demo", dir, "--ranks", QString::number(ranks), "--steps",
                                QString::number(kSteps), "--layers", "1", "--quiet"},
                               nullptr, &err) != 0)
            return "demo failed: " + err;
        test::runRankscope(QStringList{"report", dir, "--quiet"} + extra, &out, &err);
        return out;
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // the app's settings go to a test location
        m_root = test::tempDir("manyranksreport");
        m_truth = demo::demoTruth(test::demoOptions(kRanks, kSteps, 1));
        QVERIFY(!m_truth.healthy);
        const QString d256 = q(m_root + "/d256");
        m_text = demoReport(d256, kRanks);
        QVERIFY2(m_text.startsWith("Rankscope report"), qPrintable(m_text));
        QString out, err;
        QCOMPARE(test::runRankscope({"report", d256, "--json", "--quiet"}, &out, &err), 0);
        m_json = nlohmann::json::parse(out.toStdString());
        m_html = q(m_root + "/d256.html");
        QCOMPARE(test::runRankscope({"report", d256, "--html", m_html, "--quiet"}, nullptr, &err), 0);
        m_text8 = demoReport(q(m_root + "/d8"), 8);
    }

    void oneDistributionLinePerSection_data() {
        QTest::addColumn<QString>("prefix");
        QTest::newRow("steps") << "Steps over 256 ranks";
        QTest::newRow("wait") << "Collective wait over 256 ranks";
        QTest::newRow("memory") << "Memory peaks over 256 ranks";
    }
    void oneDistributionLinePerSection() {
        QFETCH(QString, prefix);
        QCOMPARE(linesStarting(m_text, prefix).size(), 1);
        QVERIFY2(lineAfter(m_text, prefix).startsWith("  outlying: "), qPrintable(m_text));
    }

    void noLinePerRank() {
        // the small report's grid ("   rank 12: 5.06 ms / 204 ms  rank 13: …") is gone, and the whole text
        // is a screenful: the header, the run, 3 findings, 3 sections of 2 lines, the diagnostics
        QRegularExpression grid("^\\s+rank \\d+: ", QRegularExpression::MultilineOption);
        QVERIFY2(!grid.match(m_text).hasMatch(), qPrintable(m_text));
        QVERIFY2(m_text.count('\n') <= 25, qPrintable(m_text));
    }

    void outlyingRanksAreTheInjectedCulprits_data() {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<std::set<int>>("expected");
        QTest::addColumn<QString>("tagged");
        // step times: every rank's are the same (they all wait for the culprits), so only the culprits the
        // findings name are listed; waits: the 254 other ranks waited for them (victims, never outlying)
        QTest::newRow("steps") << "Steps over" << std::set<int>{m_truth.stallRank, m_truth.slowRank}
                               << QString("rank %1 (stall)").arg(m_truth.stallRank);
        QTest::newRow("wait") << "Collective wait over" << std::set<int>{m_truth.stallRank, m_truth.slowRank}
                              << QString("rank %1 (slow_rank)").arg(m_truth.slowRank);
        QTest::newRow("memory") << "Memory peaks over" << std::set<int>{m_truth.bankRank}
                                << QString("rank %1 (bank_anomaly)").arg(m_truth.bankRank);
    }
    void outlyingRanksAreTheInjectedCulprits() {
        QFETCH(QString, prefix);
        QFETCH(std::set<int>, expected);
        QFETCH(QString, tagged);
        const QString line = lineAfter(m_text, prefix);
        QCOMPARE(ranksNamed(line), expected);
        QVERIFY2(line.contains(tagged), qPrintable(line));
    }

    void identicalRanksCollapse() {
        // the demo's steps are the same length on every rank: "X each", not a min..max of one value
        const QString steps = linesStarting(m_text, "Steps over").value(0);
        QVERIFY2(steps.contains(" each / ") && !steps.contains("p50"), qPrintable(steps));
    }

    void jsonKeepsEveryRank() {
        QCOMPARE(int(m_json["ranks"].size()), kRanks);
        QCOMPARE(int(m_json["steps"]["per_rank"].size()), kRanks);
        QCOMPARE(int(m_json["comm_wait"]["by_rank"].size()), kRanks);
        QCOMPARE(int(m_json["memory"]["per_rank"].size()), kRanks);
    }

    void eightRanksKeepALinePerRank() {
        QVERIFY2(m_text8.contains("Steps (median (lower middle) / p95 wall time of each rank's 3 steady "
                                  "steps (the warm-up left out), from "
                                  "step_trace_time.csv):") &&
                     m_text8.contains("Memory peaks (allocated / reserved):") &&
                     !m_text8.contains("Steps over"),
                 qPrintable(m_text8));
        for (int r = 0; r < 8; ++r) // one entry in the step grid, one in the memory grid
            QCOMPARE(int(m_text8.count(QString("  rank %1: ").arg(r))), 2);
    }

    void htmlSummarisesAndStaysSmall() {
        const QString h = readAll(m_html);
        // before: 1 031 table rows (a row per rank in three tables, a row per outlier step), 100 KB of text
        // besides the pictures (1.0 MB with them); measured after: 13 rows, 5 KB
        QString text = h;
        text.replace(QRegularExpression("data:image/png;base64,[A-Za-z0-9+/=]+"), "IMG");
        QVERIFY2(text.size() < 20000, qPrintable(QString::number(text.size())));
        QVERIFY2(h.count("<tr>") < 40, qPrintable(QString::number(h.count("<tr>"))));
        QVERIFY2(h.size() < 1000 * 1000, qPrintable(QString::number(h.size())));
        QVERIFY(h.contains("Steps over 256 ranks") && h.contains("Collective wait over 256 ranks") &&
                h.contains("Memory peaks over 256 ranks"));
        QVERIFY(h.contains(QString("<tr><td>%1</td>").arg(m_truth.stallRank)));
        QVERIFY(h.contains("<td>stall</td>") && h.contains("<td>slow_rank</td>") &&
                h.contains("<td>bank_anomaly</td>"));
        // the outlier steps, one row per step: the stalled step on every rank
        QVERIFY2(h.contains(QString("<td>%1</td><td>256 ranks (0-255)</td>").arg(m_truth.stallStep)),
                 qPrintable(h.left(200)));
    }

    void htmlPicturesStayReadable() {
        const QString h = readAll(m_html);
        QRegularExpression img("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");
        int n = 0;
        for (auto it = img.globalMatch(h); it.hasNext();) {
            QImage pic;
            QVERIFY(pic.loadFromData(QByteArray::fromBase64(it.next().captured(1).toLatin1()), "PNG"));
            // before: the heatmap was 3 874 px wide (a column per rank)
            QVERIFY2(pic.width() <= 1600 && pic.height() <= 2000,
                     qPrintable(QString("%1×%2").arg(pic.width()).arg(pic.height())));
            ++n;
        }
        QVERIFY(n >= 4);
        // the overview names the ranks it shows: the culprits, and a typical one
        const int at = h.indexOf("The whole run on the outlying ranks");
        QVERIFY2(at > 0, qPrintable(h.left(3000)));
        const QString caption = h.mid(at, h.indexOf('<', at) - at);
        for (int r : {m_truth.stallRank, m_truth.slowRank, m_truth.bankRank})
            QVERIFY2(caption.contains(QString::number(r)), qPrintable(caption));
        QVERIFY(caption.contains("a typical one"));
    }

    void timelineExportShowsTheCulprits() {
        // `rankscope export` of more than gui::kOverviewPictureRanks ranks shows the culprits' lanes
        // and a typical rank's (the SVG's rank labels), not a picture cut after its first 1 800 rows
        const QString svg = q(m_root + "/d256-timeline.svg");
        QString err;
        QCOMPARE(
            test::runRankscope({"export", q(m_root + "/d256"), "--out", svg, "--view", "timeline", "--quiet"},
                               nullptr, &err),
            0);
        const QString text = fileText(svg);
        const std::set<int> shown = svgRanks(svg);
        QVERIFY(kRanks > gui::kOverviewPictureRanks);
        for (int culprit : {m_truth.stallRank, m_truth.slowRank, m_truth.bankRank})
            QVERIFY2(shown.count(culprit), qPrintable(QString("rank %1 not shown").arg(culprit)));
        QVERIFY2(shown.size() >= 3 && shown.size() <= 8, qPrintable(QString::number(shown.size())));
        QVERIFY(text.contains("256 ranks are more than one picture shows"));
    }

    void appExportPicturesTheSameRanks() {
        // File ▸ Export image of the timeline as the 256 ranks opened (every rank an overview row) exported
        // all 256 rows while `rankscope export` pictured the culprits: one rule, the same ranks, the same
        // note
        const QString cli = q(m_root + "/d256-cli.svg"), app = q(m_root + "/d256-app.svg");
        QString err;
        QCOMPARE(
            test::runRankscope({"export", q(m_root + "/d256"), "--out", cli, "--view", "timeline", "--quiet"},
                               nullptr, &err),
            0);
        gui::MainWindow w;
        w.resize(1300, 800);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(q(m_root + "/d256"));
        QVERIFY(ready.wait(120000));
        auto exportTo = [&](const QString& path) {
            QSignalSpy done(&w, &gui::MainWindow::exported);
            gui::ExportChoice c;
            c.view = "timeline";
            c.path = path;
            w.exportImage(c);
            return done.wait(60000) && done.first().at(1).toString().isEmpty();
        };
        QVERIFY(exportTo(app));
        const std::set<int> cliRanks = svgRanks(cli), appRanks = svgRanks(app);
        for (int culprit : {m_truth.stallRank, m_truth.slowRank, m_truth.bankRank})
            QVERIFY2(appRanks.count(culprit), qPrintable(QString("rank %1 not shown").arg(culprit)));
        QVERIFY2(appRanks == cliRanks,
                 qPrintable(
                     QString("app %1 ranks, rankscope export %2").arg(appRanks.size()).arg(cliRanks.size())));
        const QString note = "256 ranks are more than one picture shows";
        QVERIFY(fileText(app).contains(note));
        // the live view is untouched: still every rank's overview row
        QVERIFY(w.timeline()->visibleRanks().empty());
        // the Export dialog says what its timeline picture holds (it said "every lane of the shown ranks")
        const QString label =
            gui::timelinePictureLabel(w.timeline()->layoutOptions(), *w.timeline()->summary());
        QVERIFY2(label.contains(QString("of the %1 ranks").arg(kRanks)) &&
                     label.contains(QString("lanes of %1 ").arg(appRanks.size())),
                 qPrintable(label));
        // a rank the user expanded is their choice: the picture shows what the window shows
        w.timeline()->setCollapsed(m_truth.slowRank, false);
        const QString chosen = q(m_root + "/d256-app-expanded.svg");
        QVERIFY(exportTo(chosen));
        QCOMPARE(svgRanks(chosen).size(), size_t(kRanks));
        QCOMPARE(gui::timelinePictureLabel(w.timeline()->layoutOptions(), *w.timeline()->summary()),
                 QString("Timeline — every lane of the shown ranks"));
        QVERIFY(!fileText(chosen).contains(note));
    }

    void missingShardRanksAreNamedMissing() {
        // a 32-rank cluster index without shard 3 of 4: its ranks, read from the shard before it is removed,
        // are counted and named as missing in the header and in each section
        const std::string dir = m_root + "/d32", shards = m_root + "/d32-shards";
        QString err;
        QCOMPARE(
            test::runRankscope({"demo", q(dir), "--ranks", "32", "--steps", "2", "--layers", "1", "--quiet"},
                               nullptr, &err),
            0);
        for (int k = 1; k <= 4; ++k)
            QVERIFY2(test::runRankscope(
                         {"index", q(dir), "--shard", QString("%1/4").arg(k), "--out", q(shards), "--quiet"},
                         nullptr, &err) == 0,
                     qPrintable(err));
        const std::string gone = shards + "/shard-3-of-4.sqlite";
        std::set<int> missing;
        {
            index::Db db(gone, true);
            for (const auto& r : test::rowsOf(db, "SELECT coalesce(data_rank, rank) FROM rank_info"))
                missing.insert(std::stoi(r));
        }
        QVERIFY(!missing.empty());
        std::filesystem::remove(gone);
        test::runRankscope({"merge", q(shards), "--quiet"}, nullptr, &err);
        QString text;
        QCOMPARE(test::runRankscope({"report", q(shards), "--quiet"}, &text, &err), 0);
        QRegularExpression re(QString("^%1 ranks, %2 missing \\(([-0-9, ]+)\\)")
                                  .arg(32 - int(missing.size()))
                                  .arg(missing.size()),
                              QRegularExpression::MultilineOption);
        const auto m = re.match(text);
        QVERIFY2(m.hasMatch(), qPrintable(text));
        QCOMPARE(expandRanges(m.captured(1)), missing);
        QVERIFY2(
            text.contains(
                QString("Steps over %1 ranks, %2 missing").arg(32 - int(missing.size())).arg(missing.size())),
            qPrintable(text));
        // no missing rank read as idle (the wait's "This is …" line names the producer's idle time: not a
        // rank)
        QString withoutProducerLine = text;
        withoutProducerLine.remove(QRegularExpression("\\n  This is [^\\n]*"));
        QVERIFY2(!withoutProducerLine.contains("idle"), qPrintable(withoutProducerLine));
        // the HTML report says the same above its tables
        const QString html = q(m_root + "/d32.html");
        QCOMPARE(test::runRankscope({"report", q(shards), "--html", html, "--quiet"}, nullptr, &err), 0);
        QRegularExpression note(
            QString("Missing: %1 ranks of the job \\(([-0-9, ]+)\\)").arg(missing.size()));
        const auto n = note.match(readAll(html));
        QVERIFY(n.hasMatch());
        QCOMPARE(expandRanges(n.captured(1)), missing);
    }
};

QTEST_MAIN(TstManyRanksReport) // the app's window for its export
#include "tst_manyranksreport.moc"
