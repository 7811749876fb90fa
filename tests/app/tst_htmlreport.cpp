// `rankscope report --html/--markdown` on the demo profile, whose problems are known by construction
// (rank 5 stalls, rank 3 is a slow card, rank 6 keeps AllReduce buffers in the wrong HBM bank): one
// self-contained file (no network reference; every picture an embedded PNG that decodes), each finding with
// its picture, the step, per-rank and memory tables with the index's own figures, the annotations with their
// pictures, the diagnostics; the Markdown form with the same pictures beside it.
#include "core/query/lastarrivals.h"
#include "tests/support/testsupport.h"

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <utility>

using namespace rs;

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
QString readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}
} // namespace

class TstHtmlReport : public QObject {
    Q_OBJECT
    std::string m_root, m_demo;
    QString m_html, m_md;

  private Q_SLOTS:
    void initTestCase() {
        m_root = test::tempDir("htmlreport");
        m_demo = m_root + "/demo";
        QString err;
        QVERIFY2(test::runRankscope(
                     {"demo", q(m_demo), "--ranks", "8", "--steps", "12", "--layers", "1", "--quiet"},
                     nullptr, &err) == 0,
                 qPrintable(err));
        QVERIFY2(test::runRankscope({"annotate", q(m_demo), "add", "look: rank 5 idles", "--rank", "5",
                                     "--range", "1ms:5ms"},
                                    nullptr, &err) == 0,
                 qPrintable(err));
        m_html = q(m_root) + "/out/report.html";
        m_md = q(m_root) + "/out/report.md";
        QVERIFY2(test::runRankscope({"report", q(m_demo), "--html", m_html, "--markdown", m_md, "--quiet"},
                                    nullptr, &err) == 0,
                 qPrintable(err));
    }

    void unknownPeerIsNotAMissingRank() {
        // mindinsight cluster_propose: all 4 ranks are there, but its Send/Receive waits name no peer; the
        // per-rank table must not blame "a rank not in the profile"
        const std::string samples = test::samplesDir();
        if (samples.empty())
            QSKIP("../shared/samples is absent: the cluster_propose report check is skipped");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("html-samples-cache")));
        const QString out = q(m_root) + "/out/cluster.html";
        QString err;
        QVERIFY2(test::runRankscope(
                     {"report",
                      QString::fromStdString(samples + "/mindinsight/tests/utils/resource/cluster_propose"),
                      "--html", out, "--quiet"},
                     nullptr, &err) == 0,
                 qPrintable(err));
        const QString h = readAll(out);
        QVERIFY(!h.contains("not in the profile"));
        QVERIFY(h.contains("a rank not known: "));
        // its pipeline-wait picture says whose wait it is around: "its longest wait" beside rank 1's longer
        // receive (82 ms in step 1, started before every rank had begun the step) read as the longest of all
        static const QRegularExpression around("around rank \\d+&#x27;s longest wait counted in a "
                                               "step|around rank \\d+'s longest wait counted in a step");
        QVERIFY2(h.contains(around) && !h.contains("around its longest wait"), "the pipeline wait's caption");
        // it has no device kernel with op statistics: no empty heatmap picture, but why there is none (walk
        // 20b: the report embedded an empty grid where `export --view all` said "not written")
        QVERIFY(h.contains("No op heatmap: ") && !h.contains("overview-heatmap"));
        // its two long steps only began earlier: no finding tells them, so the table says they cost nothing,
        // as the text report does (walk 21: the HTML listed them as plain "Outlier steps")
        QVERIFY(h.contains("No outlier step cost the job time (the 2 long steps below ended with the other"));
    }
    void producerSummaryBesideOurs() {
        // r47d: msinsight test_data's cluster_step_trace_time.csv (16 ranks; traces of ranks 0 and 1 only,
        // Python's csv module over the file) is the producer's own section: 18 rows of msprof-analyze's
        // figures, Rankscope's own under ranks 0 and 1 only
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the test_data report check is skipped");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("html-samples-cache")));
        const QString out = q(m_root) + "/out/test_data.html";
        QString err;
        QVERIFY2(test::runRankscope({"report", q(samples + "/msinsight/server/src/test/test_data"), "--html",
                                     out, "--quiet"},
                                    nullptr, &err) == 0,
                 qPrintable(err));
        const QString h = readAll(out);
        const int at = h.indexOf(">msprof-analyze cluster summary<");
        QVERIFY2(at >= 0, "no section");
        const QString section = h.mid(at, h.indexOf("<h2", at + 1) - at);
        QVERIFY2(section.contains("the producer&#x27;s figures only (no trace in the folder): 2-15") ||
                     section.contains("the producer's figures only (no trace in the folder): 2-15"),
                 qPrintable(section.left(2000)));
        QCOMPARE(section.count(">msprof-analyze<"), 18);
        // ranks 0 and 1 ship their own step_trace_time.csv, which Rankscope's breakdown is taken from: said
        QCOMPARE(section.count(">Rankscope (rank&#x27;s step_trace_time.csv)<") +
                     section.count(">Rankscope (rank's step_trace_time.csv)<"),
                 2);
    }
    void aFindingsPictureNamesItsWindow() {
        // walk 38: "Rank 5 around the finding (4.89 ms)" under a picture whose ruler spans 6.11 ms: the
        // window is the finding's extent padded by an eighth on each side (at least 100 µs), and the
        // caption now names both
        const QString h = readAll(m_html);
        QRegularExpression cap("around the finding \\(([0-9.]+) ms, in a window of ([0-9.]+) ms\\)");
        int n = 0;
        for (auto it = cap.globalMatch(h); it.hasNext(); ++n) {
            const auto m = it.next();
            const double extent = m.captured(1).toDouble(), window = m.captured(2).toDouble();
            const double pad = std::max(extent / 8, 0.1);
            QVERIFY2(std::abs(window - (extent + 2 * pad)) <= 0.02 * window, qPrintable(m.captured(0)));
        }
        QVERIFY2(n > 0, "no finding picture captioned with its window");
        QVERIFY2(!h.contains(QRegularExpression("around the finding \\([0-9.]+ [mµn]?s\\)")),
                 "a caption that names the finding's extent as the picture's");
    }
    void aFolderOfTwoRunsGivesEachRunsWait() {
        // review of stop 50: the HTML report of a folder holding two copies of the demo gave their waits
        // added as one figure, where the text report gives each run's apart (they are two jobs)
        const std::string dir = m_root + "/two-runs";
        QString err;
        for (const auto& [sub, seed] : {std::pair{"a", "1"}, std::pair{"c", "2"}})
            QVERIFY2(test::runRankscope({"demo", q(dir + "/" + sub), "--ranks", "4", "--steps", "4",
                                         "--layers", "1", "--seed", seed, "--quiet"},
                                        nullptr, &err) == 0,
                     qPrintable(err));
        const QString out = q(m_root) + "/out/two-runs.html";
        QVERIFY2(test::runRankscope({"report", q(dir), "--html", out, "--quiet"}, nullptr, &err) == 0,
                 qPrintable(err));
        const QString h = readAll(out);
        QVERIFY2(h.contains(QRegularExpression("Each run apart \\(different jobs: the total above is theirs "
                                               "added\\): run 0 [0-9.]+ [mµ]?s, run 1 [0-9.]+ [mµ]?s")),
                 qPrintable(h.mid(h.indexOf("Communication wait"), 600)));
    }
    void lastArrivalsNobodyCanKnowAreNotCountedAsNone() {
        // walk 38: text/level1 holds ranks 0 and 1 of an 8-rank group (profiler_metadata.json), so no
        // collective is matched across ranks; the Per rank table said "arrived last: 0 collectives"
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the level1 report check is skipped");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("html-samples-cache")));
        const QString out = q(m_root) + "/out/level1.html";
        QString err;
        QVERIFY2(test::runRankscope({"report", q(samples + "/msinsight/test/data/pytorch/text/level1"),
                                     "--html", out, "--quiet"},
                                    nullptr, &err) == 0,
                 qPrintable(err));
        const QString h = readAll(out);
        QVERIFY2(!h.contains(">0 collectives<"), "a count of last arrivals nothing could measure");
        QCOMPARE(h.count(QString(">") + query::kLastArrivalNotKnown + "<"), 2); // ranks 0 and 1
    }
    void aGridThatComparesNothingSaysSo() {
        // walk 21: text/level1 with rank 1's trace_view.json cut at 800 kB (before its kernels): rank 0's
        // kernels are its own (hatched), rank 1 has none; the report embedded that grid captioned as a
        // comparison
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the cut level1 report check is skipped");
        const std::string dir = m_root + "/cut-level1";
        std::filesystem::copy(samples + "/msinsight/test/data/pytorch/text/level1", dir,
                              std::filesystem::copy_options::recursive);
        const std::string trace = dir + "/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json";
        std::filesystem::permissions(trace, std::filesystem::perms::owner_write,
                                     std::filesystem::perm_options::add);
        std::filesystem::resize_file(trace, 800000);
        const QString out = q(m_root) + "/out/cut-level1.md";
        QString err;
        QVERIFY2(test::runRankscope({"report", q(dir), "--markdown", out, "--quiet"}, nullptr, &err) == 0,
                 qPrintable(err));
        const QString md = readAll(out);
        QVERIFY2(md.contains("No cell could be compared"), qPrintable(md.left(3000)));
    }
    void theWaitSaysItIsMeasured() {
        // the demo writes each rank's communication.json, whose Wait Time(ms) measures every wait: the
        // HTML report says so, as the text report does (walk r45 #2: measured and inferred read alike)
        const QString h = readAll(m_html);
        QVERIFY2(h.contains(QRegularExpression("Communication wait: [^<]* of wall time summed over the "
                                               "ranks, each rank.{1,6}s overlapping waits "
                                               "counted once \\(measured in "
                                               "communication\\.json\\)")),
                 qPrintable(h.left(3000)));
    }
    void selfContained() {
        const QString h = readAll(m_html);
        QVERIFY(h.startsWith("<!DOCTYPE html>"));
        QVERIFY2(!h.contains("http://") && !h.contains("https://"), "no network reference");
        QVERIFY(!h.contains("<script"));
        // every picture is an embedded PNG that decodes, at the report's width
        QRegularExpression img("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");
        int n = 0;
        for (auto it = img.globalMatch(h); it.hasNext();) {
            QImage pic;
            QVERIFY(pic.loadFromData(QByteArray::fromBase64(it.next().captured(1).toLatin1()), "PNG"));
            QVERIFY(pic.width() >= 1400);
            ++n;
        }
        // stall: timeline; slow_rank: timeline and heatmap; bank anomaly: memory; the annotation: timeline
        QVERIFY2(n >= 5, qPrintable(QString::number(n)));
    }

    void findingsAreTheDemosProblems() {
        const QString h = readAll(m_html);
        QVERIFY(h.contains("[stall] rank 5"));
        QVERIFY(h.contains("[slow_rank] rank 3"));
        QVERIFY(h.contains("[bank_anomaly] rank 6"));
        // root causes first: the stall (the most time lost) before the slow card
        QVERIFY(h.indexOf("[stall] rank 5") < h.indexOf("[slow_rank] rank 3"));
        QVERIFY(h.indexOf("[slow_rank] rank 3") < h.indexOf("[bank_anomaly] rank 6"));
        // the stall's picture shows the culprit and three of the seven ranks that waited (every rank of
        // the 8-rank demo but 5 waited for it: the finding says "7 ranks waited"), and its caption says so
        // (walk 11: "Rank 5 and ranks that waited for it" beside ranks 0-2 only)
        QVERIFY(h.contains("7 ranks waited"));
        QVERIFY2(h.contains("Rank 5 and 3 of the 7 ranks that waited for it (0, 1, 2)"), "stall caption");
    }

    void tablesCarryTheIndexFigures() {
        const QString h = readAll(m_html);
        QVERIFY(h.contains("<h2>Steps</h2>") && h.contains("<h2>Per rank</h2>") &&
                h.contains("<h2>Memory peaks</h2>") && h.contains("<h2>Diagnostics</h2>"));
        // the peak reserved of every rank, counted by SQL over the index: the demo's memory_record.csv has
        // PTA reserve 30 720 MB (APP's process total of 32 768 MB is another pool, not PTA's reserve)
        QString out;
        QCOMPARE(
            test::runRankscope({"query", q(m_demo),
                                "SELECT count(*) FROM memory_summary WHERE peak_reserved_bytes = 32212254720",
                                "--quiet"},
                               &out),
            0);
        const int ranks30 = out.trimmed().toInt(); // the plain output: the bare count
        QCOMPARE(ranks30, 8);
        QCOMPARE(int(h.count("<td>30.00 GiB</td>")), ranks30);
        // each rank's peaks name their component, the curve the Memory tab draws (memory_summary by SQL)
        QCOMPARE(test::runRankscope({"query", q(m_demo),
                                     "SELECT count(*) FROM memory_summary WHERE curve_component = 'PTA'",
                                     "--csv", "--quiet"},
                                    &out),
                 0);
        const int pta = out.split('\n', Qt::SkipEmptyParts).last().toInt();
        QVERIFY(pta > 0);
        // the demo's APP reserves 32 GiB above PTA's 30 GiB (SQL over memory_samples): said beside it (r50d
        // #3)
        QCOMPARE(int(h.count("<td>PTA (not in these figures: APP reserved up to 32.00 GiB)</td>")), pta);
        // the slow card's ratio in the straggler table
        QVERIFY(h.contains("<td>MatMulV2</td>"));
        // what the run's profiler_info files say (MindSpore's profiler_parameters and ms_version, as the demo
        // writes them), read here from one of them
        QString info;
        for (const auto& e : std::filesystem::recursive_directory_iterator(m_demo))
            if (e.path().filename().string().rfind("profiler_info", 0) == 0)
                info = readAll(q(e.path().string()));
        const auto j = nlohmann::json::parse(info.toStdString());
        QVERIFY(j.contains("profiler_parameters"));
        QVERIFY2(
            h.contains("Run 0: framework mindspore · ms_version " + q(j["ms_version"].get<std::string>())),
            qPrintable(h.left(3000)));
    }

    void annotationWithItsPicture() {
        const QString h = readAll(m_html);
        const int at = h.indexOf("look: rank 5 idles");
        QVERIFY(at > 0);
        QVERIFY(h.indexOf("data:image/png;base64", at) > at);
    }

    void markdownHasTheSamePictures() {
        const QString m = readAll(m_md);
        QRegularExpression ref("!\\[[^\\]]*\\]\\(([^)]+)\\)");
        int n = 0;
        for (auto it = ref.globalMatch(m); it.hasNext();) {
            const QString file = q(m_root) + "/out/" + it.next().captured(1);
            QVERIFY2(QImage(file).width() >= 1400, qPrintable(file));
            ++n;
        }
        QCOMPARE(n, int(readAll(m_html).count("data:image/png;base64")));
        QVERIFY(m.contains("| rank | median step (lower middle) | p95 step |"));
    }

    void aFolderOfRunsPicturesTheRunAsked() {
        // walk 27 house check: File ▸ Export report while run 1 of a folder of two was shown pictured run 0
        // (the default) and listed run 1's findings without pictures; the app now passes --run
        const std::string two = m_root + "/two";
        QString err;
        for (const QStringList& demo : {QStringList{"demo", q(two + "/a"), "--seed", "1"},
                                        QStringList{"demo", q(two + "/b"), "--seed", "3"}})
            QVERIFY2(test::runRankscope(
                         demo + QStringList{"--ranks", "2", "--steps", "4", "--layers", "1", "--quiet"},
                         nullptr, &err) == 0,
                     qPrintable(err));
        // two runs alike: the default is the first, run 0 (index/defaultrun.h); 1 is the one asked for
        const QString html = q(m_root) + "/two-run1.html";
        QVERIFY2(test::runRankscope({"report", q(two), "--html", html, "--run", "1", "--quiet"}, nullptr,
                                    &err) == 0,
                 qPrintable(err));
        const QString h = readAll(html);
        QVERIFY2(h.contains("The pictures show run 1 (as chosen)"), qPrintable(h.left(3000)));
        QVERIFY(h.contains("(run 0: no picture"));
        QVERIFY(!h.contains("(run 1: no picture"));
        // each finding says its run (walk: two findings of the two runs read the same, word for word, and
        // only the note under one said its run)
        int findings = 0;
        for (auto it = QRegularExpression("<h3[^>]*>\\d+\\. \\[\\w+\\] ([^<]*)").globalMatch(h);
             it.hasNext();) {
            const QString head = it.next().captured(1);
            QVERIFY2(QRegularExpression("^run [01]: ").match(head).hasMatch(), qPrintable(head));
            ++findings;
        }
        QVERIFY(findings > 0);
        // its captions name run 1's ranks as its lanes do, 0 and 1, never by index key (walk 29: "Rank 10001
        // and the ranks that waited for it")
        QVERIFY2(h.contains("<figcaption>Rank 1 and the ranks that waited for it"), qPrintable(h.left(4000)));
        QVERIFY2(!h.contains(QRegularExpression("[Rr]ank 1000\\d")), qPrintable(h.left(4000)));
        // the text report: that run's part, as the app shows it beside the run
        QString out;
        QCOMPARE(test::runRankscope({"report", q(two), "--run", "1", "--quiet"}, &out, &err), 0);
        QVERIFY2(out.contains("Run 1 of the 2 runs in this folder"), qPrintable(out));
        // a run the folder lacks
        QCOMPARE(
            test::runRankscope({"report", q(two), "--html", html, "--run", "7", "--quiet"}, nullptr, &err),
            1);
        QVERIFY2(err.contains("rankscope report: run 7 is not in this profile (its runs: 0, 1)"),
                 qPrintable(err));
    }
    void usage() {
        QString err;
        QCOMPARE(test::runRankscope({"report", q(m_demo), "--html", "x.html", "--json"}, nullptr, &err), 2);
        QCOMPARE(test::runRankscope({"report", q(m_demo), "--html", "/proc/nonexistent/x.html", "--quiet"},
                                    nullptr, &err),
                 1);
        QVERIFY2(err.contains("x.html"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TstHtmlReport)
#include "tst_htmlreport.moc"
