// `rankscope annotate` and `rankscope export` end to end on a small demo profile: annotations added,
// listed (times relative to the run's start, as the ruler), removed, detached, kept over a re-index;
// exported pictures at 1× and 2× (exact pixel sizes), the timeline at full height for the ranks chosen,
// annotation pixels present or absent (--no-annotations), SVG that parses and carries the annotation text
// and the caption, a saved view (.rsview) reproducing the same picture as the equivalent options, and
// usage errors.
#include "app/gui/exportscene.h"
#include "app/gui/snapshotexporterstep.h"
#include "core/query/lanereader.h"
#include "core/query/timelinequery.h"
#include "tests/support/mixedstepsdemo.h"
#include "tests/support/pictureink.h"
#include "tests/support/testsupport.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/timelinelayout.h"

#include <QDir>
#include <QDomDocument>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QSvgRenderer>
#include <QtTest>
#include <map>
#include <nlohmann/json.hpp>

using namespace rs;

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}
const QColor kInk(0, 160, 60);

int inkPixels(const QImage& img) {
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            QColor c = img.pixelColor(x, y);
            if (std::abs(c.red() - kInk.red()) < 12 && std::abs(c.green() - kInk.green()) < 12 &&
                std::abs(c.blue() - kInk.blue()) < 12)
                ++n;
        }
    return n;
}
} // namespace

class TstExport : public QObject {
    Q_OBJECT
    std::string m_root, m_demo;
    qint64 m_start = 0;

    QString run(QStringList args, int expected) {
        QString out, err;
        int rc = test::runRankscope(args, &out, &err);
        if (rc != expected)
            qWarning("rankscope %s → %d: %s", qPrintable(args.join(' ')), rc, qPrintable(err));
        [&] { QCOMPARE(rc, expected); }();
        return expected == 0 ? out : err;
    }
    nlohmann::json list() {
        return nlohmann::json::parse(run({"annotate", q(m_demo), "list", "--json"}, 0).toStdString());
    }
    /// The demo whose rank 1 has no step marks (mixedstepsdemo.h), written once; empty on failure (said).
    std::string mixedDemo() {
        static std::string dir;
        std::string e;
        if (dir.empty()) dir = test::writeMixedStepsDemo("export-mixed", e);
        if (dir.empty()) qWarning("%s", e.c_str());
        return dir;
    }
    QImage exportPng(QStringList extra, const QString& name) {
        const QString path = q(m_root) + "/" + name + ".png";
        QStringList args{"export", q(m_demo), "--out", path, "--quiet"};
        run(args + extra, 0);
        return QImage(path);
    }

  private Q_SLOTS:
    void initTestCase() {
        qputenv("SOURCE_DATE_EPOCH", "1764590400"); // the caption's export time, so pictures are reproducible
        m_root = test::tempDir("export");
        m_demo = m_root + "/demo";
        run({"demo", q(m_demo), "--ranks", "2", "--steps", "4", "--layers", "1", "--quiet"}, 0);
        // the run's start, as the ruler's zero, straight from the documented view
        // (the plain output: the bare value; --csv puts the column's name above it)
        m_start = run({"query", q(m_demo), "SELECT start_ns FROM runs WHERE run_id = 0", "--quiet"}, 0)
                      .trimmed()
                      .toLongLong();
        QVERIFY(m_start > 0);
    }

    void annotateAddListRemove() {
        const QString id = run({"annotate", q(m_demo), "add", "slow here", "--rank", "1", "--range",
                                "10ms:15ms", "--color", kInk.name()},
                               0)
                               .trimmed();
        QCOMPARE(id, QString("a1"));
        auto j = list();
        QCOMPARE(j["annotations"].size(), size_t(1));
        const auto& a = j["annotations"][0];
        QCOMPARE(a["kind"].get<std::string>(), std::string("range"));
        QCOMPARE(a["anchor"]["t0_ns"].get<qint64>(), m_start + 10000000);
        QCOMPARE(a["anchor"]["t1_ns"].get<qint64>(), m_start + 15000000);
        QCOMPARE(a["anchor"]["ranks"], nlohmann::json::array({1}));
        QCOMPARE(a["detached"].get<bool>(), false);
        QVERIFY(q(a["where"].get<std::string>()).contains("+10.000 ms"));
        // text output names it too
        QVERIFY(run({"annotate", q(m_demo), "list"}, 0).contains("slow here"));
        const QString id2 =
            run({"annotate", q(m_demo), "add", "gone", "--rank", "1", "--at", "1ms"}, 0).trimmed();
        run({"annotate", q(m_demo), "remove", id2}, 0);
        QCOMPARE(list()["annotations"].size(), size_t(1));
        QVERIFY(run({"annotate", q(m_demo), "remove", id2}, 1).contains(id2));
    }

    void detachedAndReindexed() {
        QVERIFY(run({"annotate", q(m_demo), "add", "nowhere", "--rank", "7", "--at", "1ms"}, 1)
                    .contains("rank 7"));
        const QString id =
            run({"annotate", q(m_demo), "add", "nowhere", "--rank", "7", "--at", "1ms", "--force"}, 0)
                .trimmed();
        run({"index", q(m_demo), "--force", "--quiet"}, 0);
        auto j = list();
        bool found = false;
        for (const auto& a : j["annotations"])
            if (q(a["id"].get<std::string>()) == id) {
                found = true;
                QCOMPARE(a["detached"].get<bool>(), true);
                QVERIFY(q(a["detached_reason"].get<std::string>()).contains("rank 7"));
            }
        QVERIFY2(found, "a re-index keeps the annotations file");
        QCOMPARE(j["annotations"].size(), size_t(2));
        run({"annotate", q(m_demo), "remove", id}, 0);
    }

    /// Rank `rank`'s lanes with spans, by name (what the timeline lays out), from the documented views.
    QStringList lanesOf(int rank) {
        const QString sql =
            QString("SELECT DISTINCT t.name FROM tracks t WHERE t.rank = %1 AND EXISTS (SELECT 1 "
                    "FROM spans s WHERE s.track_id = t.track_id) ORDER BY t.name")
                .arg(rank);
        // the plain output, a name a line: no header row, no CSV quotes around a name with a comma
        return run({"query", q(m_demo), sql, "--quiet"}, 0).split('\n', Qt::SkipEmptyParts);
    }

    void annotateLanes() {
        const QStringList one = lanesOf(1), zero = lanesOf(0);
        QVERIFY2(one.size() >= 2 && !zero.isEmpty(), qPrintable(one.join(", ")));
        const QString note =
            run({"annotate", q(m_demo), "add", "on a lane", "--rank", "1", "--at", "2ms", "--lane", one[0]},
                0)
                .trimmed();
        const QString box = run({"annotate", q(m_demo), "add", "two lanes", "--kind", "box", "--rank", "1",
                                 "--range", "2ms:3ms", "--lane", one[0], "--lane", one[1]},
                                0)
                                .trimmed();
        const QString arrow = run({"annotate", q(m_demo), "add", "across", "--kind", "arrow", "--rank", "0",
                                   "--at", "2ms", "--to", "1@3ms", "--lane", zero[0], "--lane", one[1]},
                                  0)
                                  .trimmed();
        const QString range = run({"annotate", q(m_demo), "add", "ranged", "--rank", "1", "--range",
                                   "2ms:3ms", "--lane", one[1]},
                                  0)
                                  .trimmed();
        std::map<std::string, nlohmann::json> byId;
        const auto all = list();
        for (const auto& a : all["annotations"])
            byId[a["id"].get<std::string>()] = a;
        auto lanes = [&](const QString& id) { return byId[id.toStdString()]["anchor"]["lanes"]; };
        // each lane with its rank (annotations format 2)
        auto pair = [](int rank, const QString& lane) {
            return nlohmann::json{{"rank", rank}, {"lane", lane.toStdString()}};
        };
        QCOMPARE(lanes(note), nlohmann::json::array({pair(1, one[0])}));
        QCOMPARE(lanes(box), nlohmann::json::array({pair(1, one[0]), pair(1, one[1])}));
        QCOMPARE(lanes(arrow), nlohmann::json::array({pair(0, zero[0]), pair(1, one[1])}));
        QCOMPARE(lanes(range), nlohmann::json::array({pair(1, one[1])}));
        // a box over two ranks: NAME@R is rank R's lane; a bare name is that lane on each of its ranks
        const QString across = run({"annotate", q(m_demo), "add", "across ranks", "--kind", "box", "--rank",
                                    "0,1", "--range", "2ms:3ms", "--lane", zero[0] + "@0", "--lane", one[1]},
                                   0)
                                   .trimmed();
        const auto afterAcross =
            list(); // kept: a range-for over list()["annotations"] reads a freed temporary
        for (const auto& a : afterAcross["annotations"])
            if (q(a["id"].get<std::string>()) == across)
                QCOMPARE(a["anchor"]["lanes"],
                         nlohmann::json::array({pair(0, zero[0]), pair(0, one[1]), pair(1, one[1])}));
        QVERIFY(run({"annotate", q(m_demo), "add", "x", "--kind", "box", "--rank", "0", "--range", "2ms:3ms",
                     "--lane", one[1] + "@1"},
                    2)
                    .contains("not the annotation's --rank"));
        run({"annotate", q(m_demo), "remove", across}, 0);
        for (const QString& id : {note, box, arrow, range}) // the text list names the lanes too
            QVERIFY2(q(byId[id.toStdString()]["where"].get<std::string>()).contains(one[0]) ||
                         q(byId[id.toStdString()]["where"].get<std::string>()).contains(one[1]),
                     qPrintable(id));
        QVERIFY(run({"annotate", q(m_demo), "list"}, 0).contains(one[1]));
        for (const QString& id : {note, box, arrow, range})
            run({"annotate", q(m_demo), "remove", id}, 0);
    }

    void annotateUnknownLaneIsNamed() {
        const QString err =
            run({"annotate", q(m_demo), "add", "x", "--rank", "1", "--at", "2ms", "--lane", "Stream 999"}, 1);
        QVERIFY2(err.contains("Stream 999") && err.contains("rank 1") && err.contains(lanesOf(1).first()),
                 qPrintable(err));
        // an arrow's second lane is looked for on the rank it points to
        const QString end =
            run({"annotate", q(m_demo), "add", "x", "--kind", "arrow", "--rank", "0", "--at", "2ms", "--to",
                 "1@3ms", "--lane", lanesOf(0).first(), "--lane", "Stream 999"},
                1);
        QVERIFY2(end.contains("Stream 999") && end.contains("rank 1"), qPrintable(end));
        const auto all = list();
        for (const auto& a : all["annotations"]) // nothing was written
            QVERIFY(a["text"].get<std::string>() != "x");
    }

    void annotateUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no time") << QStringList{"add", "x", "--rank", "0"};
        QTest::newRow("time without unit") << QStringList{"add", "x", "--at", "100"};
        QTest::newRow("reversed range") << QStringList{"add", "x", "--range", "5ms:1ms"};
        QTest::newRow("unknown kind") << QStringList{"add", "x", "--at", "1ms", "--kind", "circle"};
        QTest::newRow("arrow without end") << QStringList{"add", "x", "--at", "1ms", "--kind", "arrow"};
        QTest::newRow("no text") << QStringList{"add"};
        QTest::newRow("unknown action") << QStringList{"rename", "a1"};
        QTest::newRow("heatmap without op") << QStringList{"add", "x", "--view", "heatmap"};
        QTest::newRow("bad colour") << QStringList{"add", "x", "--at", "1ms", "--color", "green"};
        QTest::newRow("lane without rank") << QStringList{"add", "x", "--at", "1ms", "--lane", "Stream 7"};
        QTest::newRow("note on two lanes")
            << QStringList{"add", "x", "--rank", "1", "--at", "1ms", "--lane", "A", "--lane", "B"};
        QTest::newRow("lane on the heatmap")
            << QStringList{"add", "x", "--view", "heatmap", "--op", "MatMulV2", "--rank", "1", "--lane", "A"};
    }
    void annotateUsage() {
        QFETCH(QStringList, args);
        run(QStringList{"annotate", q(m_demo)} + args, 2);
    }

    void damagedAnnotationsFileIsNamed() {
        const std::string dir = m_root + "/damaged";
        run({"demo", q(dir), "--ranks", "2", "--steps", "3", "--layers", "1", "--quiet"}, 0);
        run({"index", q(dir), "--quiet"}, 0);
        test::writeFile(dir + "/.rankscope/annotations.json", "{\"annotations\": [1,");
        const QString err = run({"annotate", q(dir), "list"}, 1);
        QVERIFY2(err.contains("annotations.json") && err.contains("byte"), qPrintable(err));
        // the file is never overwritten by a later add
        run({"annotate", q(dir), "add", "x", "--at", "1ms"}, 1);
        QCOMPARE(test::readDecompressed(dir + "/.rankscope/annotations.json"),
                 std::string("{\"annotations\": [1,"));
    }

    void scaleGivesExactPixels() {
        QImage one = exportPng({"--view", "timeline", "--width", "900"}, "scale1");
        QImage two = exportPng({"--view", "timeline", "--width", "900", "--scale", "2"}, "scale2");
        QCOMPARE(one.width(), 900);
        QCOMPARE(two.width(), 1800);
        QCOMPARE(two.height(), 2 * one.height());
        QImage fixed = exportPng({"--view", "timeline", "--width", "700", "--height", "300"}, "fixed");
        QCOMPARE(fixed.width(), 700);
        QVERIFY(fixed.height() > 300); // the caption block comes on top of the view's 300 px
    }

    void timelineHasEveryLaneOfTheChosenRanks() {
        QImage both = exportPng({"--view", "timeline"}, "both");
        QImage one = exportPng({"--view", "timeline", "--ranks", "0"}, "one");
        QVERIFY(both.height() > one.height() + 60);
        QVERIFY(both.height() > 400);
    }

    void everyRankHasSpanPixels() {
        // `rankscope export` of an 8-rank demo's timeline, every lane, as PNG and as SVG rendered back: each
        // rank's span lanes have span pixels (the app's File ▸ Export is checked the same way in
        // tst_mainwindow; both build the widget's frame and replay it with its painter)
        const std::string dir = m_root + "/demo8";
        run({"demo", q(dir), "--ranks", "8", "--steps", "3", "--layers", "1", "--quiet"}, 0);
        for (const QString format : {"png", "svg"}) {
            const QString path = q(m_root) + "/every-rank." + format;
            run({"export", q(dir), "--out", path, "--view", "timeline", "--width", "1300", "--quiet"}, 0);
            QImage img;
            if (format == "png") {
                img.load(path);
            } else {
                QSvgRenderer svg(path);
                QVERIFY(svg.isValid());
                img = QImage(svg.viewBox().size(), QImage::Format_ARGB32); // its view box, 1:1
                img.fill(Qt::white);
                QPainter p(&img);
                svg.render(&p);
            }
            QCOMPARE(img.width(), 1300);
            // the lanes as the export lays them out, under the caption: the picture ends with the timeline
            auto ix = test::indexDir(dir, false);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            const auto summary = query::loadSummary(*ix.db);
            const auto lanes = views::layoutLanes(summary, views::LayoutOptions{});
            const int top = img.height() - (views::Viewport::kAxis + views::layoutHeight(lanes) + 8);
            QVERIFY(top > 40); // the caption
            const auto inkByRank = test::spanInkByRank(img, lanes, top);
            QCOMPARE(inkByRank.size(), size_t(8));
            for (auto [rank, ink] : inkByRank)
                QVERIFY2(
                    ink > 200,
                    qPrintable(QString("%1: rank %2 has %3 span pixels").arg(format).arg(rank).arg(ink)));
        }
    }

    void clusterIndexDrawsTheShardsLanes() {
        // a 20-rank profile indexed as two shards and merged: the cluster index holds no span, yet the
        // export of two of its ranks draws their lanes (read from the shards) with span pixels; the whole
        // run is the rank overview, one low row per rank, not a picture of every lane
        const std::string dir = m_root + "/demo20", shards = m_root + "/shards20";
        run({"demo", q(dir), "--ranks", "20", "--steps", "3", "--layers", "1", "--quiet"}, 0);
        for (const QString k : {"1/2", "2/2"})
            run({"index", q(dir), "--shard", k, "--out", q(shards), "--quiet"}, 0);
        run({"merge", q(shards), "--quiet"}, 0);
        const QString path = q(m_root) + "/cluster-two.png";
        run({"export", q(shards), "--out", path, "--view", "timeline", "--ranks", "2,13", "--quiet"}, 0);
        QImage img(path);
        QVERIFY(!img.isNull());
        index::Db db(shards + "/cluster.sqlite", true);
        query::LaneReader reader(db, shards + "/cluster.sqlite");
        const auto summary = reader.summary();
        views::LayoutOptions o;
        views::applyRankDefaults(o, *summary);
        QCOMPARE(o.headerHeight, views::LayoutOptions::kOverviewHeaderHeight);
        o.onlyRanks = {2, 13};
        o.collapsedRanks.clear();
        const auto lanes = views::layoutLanes(*summary, o);
        QVERIFY(lanes.size() > 4);
        const int top = img.height() - (views::Viewport::kAxis + views::layoutHeight(lanes) + 8);
        const auto inkByRank = test::spanInkByRank(img, lanes, top);
        QCOMPARE(inkByRank.size(), size_t(2));
        for (auto [rank, ink] : inkByRank)
            QVERIFY2(ink > 200, qPrintable(QString("rank %1 has %2 span pixels").arg(rank).arg(ink)));
        const QString all = q(m_root) + "/cluster-all.png";
        run({"export", q(shards), "--out", all, "--view", "timeline", "--quiet"}, 0);
        const int rows = 20 * views::LayoutOptions::kOverviewHeaderHeight;
        QVERIFY2(QImage(all).height() < rows + 300, qPrintable(QString::number(QImage(all).height())));
    }

    void clusterIndexDrawsTheShardsMemory() {
        // walk 23b: the memory picture of a cluster index (export, the HTML report) read the cluster index's
        // tensors (it holds none: they stay in the shards) and drew "no memory data" under a caption naming
        // a 3.75 GiB peak. The same rank of the same profile indexed whole draws as many coloured pixels.
        const std::string dir = m_root + "/demo6m", shards = m_root + "/shards6m";
        run({"demo", q(dir), "--ranks", "6", "--steps", "3", "--layers", "1", "--quiet"}, 0);
        for (const QString k : {"1/2", "2/2"})
            run({"index", q(dir), "--shard", k, "--out", q(shards), "--quiet"}, 0);
        run({"merge", q(shards), "--quiet"}, 0);
        auto colouredPixels = [&](const QString& profile, const QString& name) {
            const QString path = q(m_root) + "/" + name + ".png";
            run({"export", profile, "--out", path, "--view", "memory", "--ranks", "4", "--width", "1000",
                 "--quiet"},
                0);
            const QImage img(path);
            int n = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    n += QColor(img.pixel(x, y)).hsvSaturation() > 80;
            return n;
        };
        const int whole = colouredPixels(q(dir), "memory-whole"),
                  cluster = colouredPixels(q(shards), "memory-cluster");
        QVERIFY2(whole > 2000, qPrintable(QString::number(whole)));
        QVERIFY2(std::abs(cluster - whole) < whole / 20,
                 qPrintable(QString("cluster %1, whole %2").arg(cluster).arg(whole)));
    }

    void annotationPixels() {
        QImage with = exportPng({"--view", "timeline", "--range", "5ms:20ms"}, "with");
        QImage without =
            exportPng({"--view", "timeline", "--range", "5ms:20ms", "--no-annotations"}, "without");
        QVERIFY2(inkPixels(with) > 100, qPrintable(QString::number(inkPixels(with))));
        QCOMPARE(inkPixels(without), 0);
        // rank 0 only: the annotation on rank 1 is not drawn
        QCOMPARE(inkPixels(exportPng({"--view", "timeline", "--range", "5ms:20ms", "--ranks", "0"}, "rank0")),
                 0);
    }

    void twoRankBoxInksItsFourLanesOnly() {
        // `rankscope annotate` a box over rank 0's last two lanes and rank 1's first two (labels the other
        // rank has too), then `rankscope export` the timeline: the box's colour is on those four lanes and
        // on no other — it was on every lane of those labels on both ranks (walk 13, issue 19)
        const std::string dir = m_root + "/twobox";
        run({"demo", q(dir), "--ranks", "2", "--steps", "3", "--layers", "1", "--quiet"}, 0);
        auto ix = test::indexDir(dir, false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the lanes as the export lays them out (its summary has the device-memory lanes too)
        query::LaneReader reader(*ix.db, ix.result.dbPath);
        views::LayoutOptions o;
        views::applyRankDefaults(o, *reader.summary());
        const auto lanes = views::layoutLanes(*reader.summary(), o);
        std::map<int, std::vector<const views::Lane*>> byRank;
        for (const auto& l : lanes)
            if (!l.header) byRank[l.rank].push_back(&l);
        QCOMPARE(byRank.size(), size_t(2));
        QVERIFY(byRank[0].size() >= 3 && byRank[1].size() >= 3);
        const std::vector<const views::Lane*> boxed = {byRank[0][byRank[0].size() - 2], byRank[0].back(),
                                                       byRank[1][0], byRank[1][1]};
        int sameName = 0; // the test means something only when those labels are on the other rank too
        for (const auto* b : boxed)
            for (const auto& l : lanes)
                sameName += !l.header && l.rank != b->rank && l.label == b->label;
        QVERIFY2(sameName >= 2, "the demo's ranks share lane labels");
        QStringList args{"annotate", q(dir), "add",     "four lanes", "--kind",  "box",
                         "--rank",   "0,1",  "--range", "4ms:9ms",    "--color", "#ff00ff"};
        for (const auto* b : boxed)
            args << "--lane" << QString("%1@%2").arg(b->label).arg(b->rank);
        run(args, 0);
        // the box's pixels: those the picture without annotations does not have (spans may be any colour)
        auto picture = [&](const QString& name, QStringList extra) {
            const QString path = q(m_root) + "/" + name + ".png";
            run(QStringList{"export", q(dir), "--out", path, "--view", "timeline", "--range", "2ms:12ms",
                            "--width", "1000", "--quiet"} +
                    extra,
                0);
            return QImage(path).convertToFormat(QImage::Format_RGB32);
        };
        const QImage img = picture("twobox", {}), plain = picture("twobox-plain", {"--no-annotations"});
        QVERIFY(!img.isNull() && img.width() == plain.width());
        // the timeline ends each picture, under captions that differ ("1 annotation drawn")
        const int below = views::Viewport::kAxis + views::layoutHeight(lanes) + 8;
        const int top = img.height() - below, plainTop = plain.height() - below;
        auto magenta = [&](const views::Lane& l) {
            int n = 0;
            for (int y = l.y + 2; y < l.y + l.height - 2; ++y) // clear of the neighbours' edges
                for (int x = 0; x < img.width(); ++x)
                    n += img.pixel(x, top + views::Viewport::kAxis + y) !=
                         plain.pixel(x, plainTop + views::Viewport::kAxis + y);
            return n;
        };
        for (const auto& l : lanes) {
            if (l.header) continue;
            const bool in = std::find(boxed.begin(), boxed.end(), &l) != boxed.end();
            const int n = magenta(l);
            QVERIFY2(in ? n >= l.height - 4 : n == 0,
                     qPrintable(QString("rank %1 %2: %3 box pixels").arg(l.rank).arg(l.label).arg(n)));
        }
        // the caption counts what the picture draws: with the track filter "rank 0", a note on rank 1 is
        // not in it (it said "2 annotations drawn", walk 13)
        run({"annotate", q(dir), "add", "rank one only", "--rank", "1", "--at", "6ms"}, 0);
        const QString state = q(m_root) + "/twobox.rsview", svg = q(m_root) + "/twobox.svg";
        QFile f(state);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const qint64 start =
            run({"query", q(dir), "SELECT start_ns FROM runs WHERE run_id = 0", "--quiet"}, 0)
                .trimmed()
                .toLongLong();
        f.write(QByteArray::fromStdString(nlohmann::json{
            {"rankscope_view", 1},
            {"profile", "twobox"},
            {"window", {{"t0_ns", start + 2000000}, {"t1_ns", start + 12000000}}},
            {"track_filter", "rank 0"}}.dump()));
        f.close();
        run({"export", "--state", state, "--out", svg, "--view", "timeline", "--quiet"}, 0);
        QFile in(svg);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(in.readAll());
        QVERIFY2(text.contains("1 annotation drawn") && text.contains("four lanes") &&
                     !text.contains("rank one only"),
                 qPrintable(text.mid(text.indexOf("annotation"), 80)));
    }

    void svgIsVectorWithTextAndCaption() {
        const QString path = q(m_root) + "/t.svg";
        run({"export", q(m_demo), "--out", path, "--view", "timeline", "--range", "5ms:20ms", "--quiet"}, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QDomDocument doc;
        QVERIFY2(doc.setContent(svg), "the SVG parses as XML");
        QCOMPARE(doc.documentElement().tagName(), QString("svg"));
        QVERIFY(doc.elementsByTagName("text").count() > 20);
        const QString text = QString::fromUtf8(svg);
        QVERIFY(text.contains("slow here"));
        QVERIFY(text.contains("Rankscope " RANKSCOPE_VERSION));
        QVERIFY(text.contains("ranks 0-1"));
        QVERIFY(text.contains("+5.0") && text.contains("+20.0")); // the window, relative to the run's start
    }

    void flowsDrawTheWindowsArrows() {
        // a Kineto demo: host launches with ac2g flows to their kernels
        const std::string dir = m_root + "/kineto";
        run({"demo", q(dir), "--format", "kineto", "--ranks", "2", "--steps", "3", "--layers", "1",
             "--quiet"},
            0);
        const QString flowCount = run({"query", q(dir), "SELECT count(*) FROM flow_links", "--quiet"}, 0);
        QVERIFY2(flowCount.trimmed().toLongLong() > 0, qPrintable(flowCount));
        auto exported = [&](QStringList extra, const QString& name) {
            const QString path = q(m_root) + "/" + name + ".png";
            run(QStringList{"export", q(dir), "--out", path, "--view", "timeline", "--step", "1", "--quiet"} +
                    extra,
                0);
            return QImage(path).convertToFormat(QImage::Format_RGB32);
        };
        const QImage plain = exported({}, "noflows"), flows = exported({"--flows"}, "flows");
        // the same picture, but for the strip under the lanes where the note on the window's arrows
        // stands when some are left out (issue 19: over the plot it covered the first lane)
        QCOMPARE(flows.width(), plain.width());
        const int strip = flows.height() - plain.height();
        QVERIFY2(strip == 0 || strip == views::FrameBuilder::noteStripHeight(QGuiApplication::font()),
                 qPrintable(QString("%1 px taller").arg(strip)));
        // the arrows: strongly coloured pixels the picture without them lacks
        int arrowPixels = 0;
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); ++x)
                if (plain.pixel(x, y) != flows.pixel(x, y) && QColor(flows.pixel(x, y)).saturation() > 100)
                    ++arrowPixels;
        QVERIFY2(arrowPixels > 100, qPrintable(QString::number(arrowPixels)));
    }

    void savedViewReproducesThePicture() {
        const QString state = q(m_root) + "/v.rsview";
        QFile f(state);
        QVERIFY(f.open(QIODevice::WriteOnly));
        nlohmann::json j = {{"rankscope_view", 1},
                            {"profile", "demo"}, // relative to the file's folder
                            {"run", 0},
                            {"window", {{"t0_ns", m_start + 5000000}, {"t1_ns", m_start + 20000000}}},
                            {"ranks", {1}},
                            {"selection", {{"kind", "op"}, {"op_type", "MatMulV2"}, {"rank", 1}}}};
        f.write(QByteArray::fromStdString(j.dump()));
        f.close();
        const QString a = q(m_root) + "/state.png", b = q(m_root) + "/options.png";
        run({"export", "--state", state, "--out", a, "--view", "timeline", "--quiet"}, 0);
        run({"export", q(m_demo), "--out", b, "--view", "timeline", "--range", "5ms:20ms", "--ranks", "1",
             "--select", "op:MatMulV2@1", "--quiet"},
            0);
        QImage ia(a), ib(b);
        QVERIFY(!ia.isNull());
        QCOMPARE(ia.size(), ib.size());
        QVERIFY2(ia == ib, "a saved view renders the same picture as the equivalent options");
        QImage all = exportPng({"--view", "timeline", "--range", "5ms:20ms"}, "allranks");
        QVERIFY(all.height() > ia.height());
    }

    void oneFileFromASavedViewTakesItsView_data() {
        QTest::addColumn<QString>("raised");  // the saved view's tab
        QTest::addColumn<QString>("written"); // the --view that draws the same picture
        // the whole window as saved, whichever tab is up: a saved view's "view" is the raised tab of the
        // bottom dock, not what the user looked at (walk 24 #5: a zoomed timeline saved with the heatmap
        // tab up came out as the heatmap)
        for (const char* tab : {"timeline", "heatmap", "memory", "opsummary"})
            QTest::newRow(tab) << tab << "window";
    }
    void oneFileFromASavedViewTakesItsView() {
        // walk 23 #3: 'export --state F.rsview --out x.png' said "one file needs one --view"
        QFETCH(QString, raised);
        QFETCH(QString, written);
        const QString state = q(m_root) + "/raised-" + raised + ".rsview";
        QFile f(state);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const nlohmann::json j = {{"rankscope_view", 1}, {"profile", "demo"}, {"view", raised.toStdString()}};
        f.write(QByteArray::fromStdString(j.dump()));
        f.close();
        const QString own = q(m_root) + "/own-" + raised + ".png",
                      given = q(m_root) + "/given-" + raised + ".png";
        run({"export", "--state", state, "--out", own, "--width", "900", "--height", "600", "--quiet"}, 0);
        run({"export", "--state", state, "--out", given, "--view", written, "--width", "900", "--height",
             "600", "--quiet"},
            0);
        const QImage a(own), b(given);
        QVERIFY(!a.isNull());
        QCOMPARE(a.size(), b.size());
        // the same picture below the caption's time of export and above a window's status line (the index
        // opened in 0.01 s, then in 0.02 s)
        const QRect steady(0, a.height() / 5, a.width(), a.height() - a.height() / 5 - 30);
        QVERIFY2(a.copy(steady) == b.copy(steady), qPrintable(raised + " drawn as --view " + written));
    }
    void aSavedComparisonThatCannotBeMadeIsSaid_data() {
        QTest::addColumn<QString>("with");
        QTest::addColumn<QString>("profile"); // the saved view's
        QTest::addColumn<int>("viewRun");     // the saved view's; -1: the folder's Kineto pair
        QTest::addColumn<bool>("shown");
        QTest::addColumn<QString>("says"); // on stderr, with the root for %1 ("" when shown)
        QTest::newRow("the folder's other run") << "tworuns"
                                                << "tworuns" << -1 << true << "";
        QTest::newRow("a profile gone") << "gone"
                                        << "tworuns" << -1 << false << "%1/gone|no such file";
        // walk 27 #3: a view that is never applied left "comparing" set, and export waited 600 s (a missing
        // run was also asked for again and again); it is dropped, and the export says why
        QTest::newRow("a run not in the profile")
            << "tworuns"
            << "tworuns" << 7 << false
            << "the saved view was not applied|run 7 is not in %1/tworuns (its runs: ";
        QTest::newRow("the view's profile gone")
            << "tworuns"
            << "gone" << -1 << false
            << "the saved view was not applied|its profile %1/gone could not be opened";
    }
    void aSavedComparisonThatCannotBeMadeIsSaid() {
        // walk 26 #3: a saved view's comparison is made again for the picture; when it cannot be, the
        // export says so rather than leaving an empty panel unexplained. The view shows the folder's run
        // that does not open first (the Kineto pair), so the comparison starts only once that run is shown
        QFETCH(QString, with);
        QFETCH(QString, profile);
        QFETCH(int, viewRun);
        QFETCH(bool, shown);
        QFETCH(QString, says);
        const std::string dir = m_root + "/tworuns";
        std::string e;
        if (!QFileInfo::exists(q(dir))) QVERIFY2(test::writeTwoRunDemo(dir, e), e.c_str());
        const QString pair =
            run({"query", q(dir), "SELECT run_id FROM rank_info GROUP BY run_id HAVING count(*) = 2",
                 "--quiet"},
                0)
                .split('\n', Qt::SkipEmptyParts)
                .last();
        const QString state = q(m_root) + "/compare-" + with + ".rsview", png = q(m_root) + "/compare.png";
        QFile f(state);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const nlohmann::json j = {
            {"rankscope_view", 1},
            {"profile", profile.toStdString()},
            {"run", viewRun < 0 ? pair.toInt() : viewRun},
            {"view", "comparison"},
            {"comparison",
             {{"with", with.toStdString()}, {"run", 1 - pair.toInt()}, {"open_is", "candidate"}}}};
        f.write(QByteArray::fromStdString(j.dump()));
        f.close();
        QString out, err;
        // the folder named: the view's profile may be gone (a view that never applies waited 600 s)
        QCOMPARE(test::runRankscope({"export", q(dir), "--state", state, "--out", png, "--quiet"}, &out, &err,
                                    120000),
                 0);
        QVERIFY2(err.contains("rankscope: export: the saved view") != shown, qPrintable(err));
        for (const QString& part : says.arg(q(m_root)).split('|', Qt::SkipEmptyParts))
            QVERIFY2(err.contains(part), qPrintable(part + " not in: " + err));
    }
    void oneFileWithoutAViewSaysTheTwoWaysOut() {
        const QString err = run({"export", q(m_demo), "--out", q(m_root) + "/noview.png", "--quiet"}, 2);
        QVERIFY2(err.contains("give --view timeline, heatmap, memory, comm or window") &&
                     err.contains("or --out a folder for all of them"),
                 qPrintable(err));
    }

    void otherViewsAndWindow() {
        QImage h = exportPng({"--view", "heatmap"}, "heatmap");
        QVERIFY(h.width() >= 480 && h.height() >= 360);
        QImage m = exportPng({"--view", "memory", "--width", "1000"}, "memory");
        QCOMPARE(m.width(), 1000);
        QImage w = exportPng({"--view", "window", "--width", "1280", "--height", "800"}, "window");
        QCOMPARE(w.width(), 1280);
        QVERIFY(w.height() > 800);
    }

    void defaultSetPicturesATypicalStepAndItsCollective_data() {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QStringList>("stepPictures");
        // amd_trace, rank 0: step 1 (9.29 ms) and step 2 (49 µs, the last, no device work: a stub step the
        // report leaves out), no collective at all: step 1 alone, no collective picture
        QTest::newRow("amd_trace") << "hta/tests/data/amd_trace" << QStringList{"timeline-step-1.png"};
        // trace_filter, rank 0: steps 551 (607.3 ms) and 552 (622.9 ms), the lower median 551, five
        // ncclKernel_SendRecv kernels in it, launched (correlation → cudaLaunchKernel → the innermost
        // nccl:* annotation around it, Python) under nccl:all_to_all (30.7 and 62.8 µs), nccl:all_reduce
        // (11.7, 47.7) and nccl:_all_gather_base (42.5): the longest is an all-to-all
        QTest::newRow("trace_filter")
            << "hta/tests/data/trace_filter"
            << QStringList{"timeline-step-551-alltoall.png", "timeline-step-551.png"};
        // cluster_propose: the top finding (pipeline_wait) is shown at step 2's receive, in the app and the
        // HTML report; the export showed step 1, the warm-up step flagged as an outlier (walk18b #6)
        QTest::newRow("cluster_propose") << "mindinsight/tests/utils/resource/cluster_propose"
                                         << QStringList{"timeline-step-2-receive.png", "timeline-step-2.png"};
    }
    void defaultSetPicturesATypicalStepAndItsCollective() {
        QFETCH(QString, sample);
        QFETCH(QStringList, stepPictures);
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        const QString out = q(m_root) + "/set-" + QFileInfo(sample).fileName();
        run({"export", q(samples) + "/" + sample, "--out", out, "--quiet"}, 0);
        const QStringList steps = QDir(out).entryList({"timeline-step-*"}, QDir::Files, QDir::Name);
        QCOMPARE(steps, stepPictures);
    }
    void aSetLeavesOutViewsWithoutData() {
        // walk18b #5: `export` on cluster_propose (step traces, hccl_raw and flops files: no kernel or memory
        // file) wrote a heatmap "No device kernels" and a blank memory map pointing to a GUI menu. The set
        // leaves them out and says so with the files it wrote; a view asked for alone is still written
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        const QString dir = q(samples) + "/mindinsight/tests/utils/resource/cluster_propose";
        for (const auto& f : QDir(dir).entryList(QDir::Files))
            QVERIFY2(!f.contains("memory") && !f.contains("kernel") && !f.contains("op_statistic") &&
                         !f.contains("aicore"),
                     qPrintable(f));
        for (const QStringList& extra : {QStringList{}, QStringList{"--view", "all"}}) {
            const QString out = q(m_root) + "/empty-views" + extra.join("");
            const QString printed = run(QStringList{"export", dir, "--out", out, "--quiet"} + extra, 0);
            QVERIFY2(printed.contains("not written: heatmap: no device kernel") &&
                         printed.contains("not written: memory: no rank of run 0 has memory records"),
                     qPrintable(printed));
            // walk 21 F: the matrix was left out without a word; r47d: its hccl_raw files' link_info is read
            // as links (sizes in hccl_raw's units), so the matrix is drawn
            QVERIFY2(!printed.contains("not written: comm"), qPrintable(printed));
            QVERIFY(!QDir(out).entryList({"comm*"}, QDir::Files).isEmpty());
            QVERIFY(QDir(out).entryList({"heatmap*", "memory*"}, QDir::Files).isEmpty());
            QVERIFY(!QDir(out).entryList({"timeline*"}, QDir::Files).isEmpty());
        }
        const QString one = q(m_root) + "/empty-memory.png";
        run({"export", dir, "--view", "memory", "--out", one, "--quiet"}, 0);
        QVERIFY(QFileInfo::exists(one));
    }
    void kinetoSpansAreNamedZoomedOut() {
        // walk 23 #1: trace_filter's step 551 collective picture (a 78.5 ms window: level-of-detail buckets)
        // had its 57.9 ms ncclKernel_SendRecv (rank 1, Stream 84) and ProfilerStep#551 unnamed; both are
        // spans of the files (a few lines of Python over sampled_rank-1.json.gz), and wide enough to name
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        const QString path = q(m_root) + "/trace_filter.svg";
        run({"export", q(samples) + "/hta/tests/data/trace_filter", "--out", path, "--view", "timeline",
             "--range", "890.46ms:968.94ms", "--format", "svg", "--quiet"},
            0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(f.readAll());
        QVERIFY2(svg.count("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*") >= 2, "both ranks'");
        QCOMPARE(svg.count("ProfilerStep#551"), 2);
    }

    void countersAreExportedWhenAsked() {
        // walk 24 #3: the app's File ▸ Export image drew the counter lanes it showed, `rankscope export`
        // never (its help said "every lane"): --counters draws them, as View ▸ Show counter lanes does.
        // level1's text export has HBM 0/Read etc. as "C" events of trace_view.json (Python: 13 points each)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        const QString dir = q(samples) + "/msinsight/test/data/pytorch/text/level1";
        auto svgOf = [&](const QStringList& extra, const QString& name) {
            const QString path = q(m_root) + "/" + name + ".svg";
            run(QStringList{"export", dir, "--out", path, "--view", "timeline", "--ranks", "0", "--format",
                            "svg", "--quiet"} +
                    extra,
                0);
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const QString plain = svgOf({}, "level1-plain"), counters = svgOf({"--counters"}, "level1-counters");
        QVERIFY(!plain.isEmpty() && !counters.isEmpty());
        QVERIFY(!plain.contains("HBM 0/Read"));
        QVERIFY2(counters.contains("HBM 0/Read"), "the HBM lanes are drawn");
    }

    void aCollectivesFileNameEndsInALetter() {
        // walk18a #6: the demo's step picture of its hcom_allReduce_ was
        // "timeline-step-11-hcom-allreduce-.png"
        QCOMPARE(gui::collectiveSlug("hcom_allReduce_"), std::string("hcom-allreduce"));
        QCOMPARE(gui::collectiveSlug("nccl:AllReduce"), std::string("allreduce"));
        QCOMPARE(gui::collectiveSlug("_Receive__"), std::string("receive"));
    }

    void aViewOfAnotherProfileIsNotMixedIn_data() {
        QTest::addColumn<QString>("view");
        QTest::newRow("timeline") << "timeline";
        QTest::newRow("window") << "window";
    }
    void aViewOfAnotherProfileIsNotMixedIn() {
        // walk 27 house check: `export B --state view-of-A.rsview` drew B's lanes in A's time window for
        // --view timeline, but A itself for --view window, both with status 0; it is refused, saying which
        QFETCH(QString, view);
        const std::string other = m_root + "/tworuns";
        std::string e;
        if (!QFileInfo::exists(q(other))) QVERIFY2(test::writeTwoRunDemo(other, e), e.c_str());
        const QString state = q(m_root) + "/of-demo.rsview";
        QFile f(state);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(nlohmann::json{{"rankscope_view", 1}, {"profile", "demo"}}.dump()));
        f.close();
        const QString png = q(m_root) + "/mixed-" + view + ".png";
        const QString err =
            run({"export", q(other), "--state", state, "--view", view, "--out", png, "--quiet"}, 2);
        QVERIFY2(err.contains("the saved view " + state + " is of " + q(m_demo) + ", not " + q(other)),
                 qPrintable(err));
        QVERIFY(!QFileInfo::exists(png));
        // the view's own profile, named or not, is what it applies to
        run({"export", q(m_demo), "--state", state, "--view", view, "--out", png, "--quiet"}, 0);
        QVERIFY(QFileInfo::exists(png));
    }
    void exportUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::newRow("one file for all views") << QStringList{"--out", "x.png"} << 2;
        QTest::newRow("bad select") << QStringList{"--out", "d", "--select", "op"} << 2;
        QTest::newRow("bad range") << QStringList{"--out", "d", "--range", "1:2"} << 2;
        QTest::newRow("bad ranks") << QStringList{"--out", "d", "--ranks", "a-b"} << 2;
        QTest::newRow("bad scale") << QStringList{"--out", "d", "--scale", "9"} << 2;
        QTest::newRow("suffix and format disagree")
            << QStringList{"--out", "x.svg", "--view", "heatmap", "--format", "png"} << 2;
        QTest::newRow("missing state") << QStringList{"--out", "d", "--state", "/nonexistent.rsview"} << 1;
        QTest::newRow("no such step") << QStringList{"--out", "d", "--step", "999"} << 1;
    }
    void exportUsage() {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QStringList full{"export", q(m_demo), "--quiet"};
        for (auto& a : args)
            full << ((a == "d" || a.startsWith("x.")) ? q(m_root) + "/usage-" + a : a);
        run(full, exit);
    }
    void aMemoryPictureOfACollidedRunNamesItsRanks() {
        // found in r47c's walk: the memory map of a run whose rank numbers another run of the folder also
        // has (keys 10000 + rank) was captioned "Rank 10002 ·" in `export`, while the app says "Rank 2"
        const std::string dir = m_root + "/tworuns";
        std::string e;
        if (!QFileInfo::exists(q(dir))) QVERIFY2(test::writeTwoRunDemo(dir, e), e.c_str());
        auto ix = test::indexDir(dir, false);
        QVERIFY(ix.db);
        const int collided = int(ix.scalar("SELECT run_id FROM rank_info WHERE rank >= 10000 LIMIT 1"));
        gui::ExportScene scene(q(ix.result.dbPath), q(dir), collided);
        const int key = scene.summary().ranks.front();
        QVERIFY(key >= 10000);
        scene.setMemoryRank(key);
        scene.image("memory", 1000, 600, 1);
        QStringList lines;
        for (const auto* l : scene.memoryView().findChildren<QLabel*>())
            if (l->text().startsWith("Rank ")) lines << l->text();
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().startsWith(QString("Rank %1 ·").arg(key - 10000)), qPrintable(lines.first()));
    }
    void aStepIsChosenOverEveryShownRank_data() {
        QTest::addColumn<QString>("ranks"); // --ranks ("" every rank)
        QTest::addColumn<int>("step");
        QTest::addColumn<bool>("found");
        QTest::addColumn<qint64>("startNs"); // the step's start on the rank marking it (0: a whole trace)
        QTest::addColumn<qint64>("durNs");
        QTest::addColumn<QString>("lacking");
        const QString unmarked = "rank 1 has no step marks (a whole trace is no step)";
        // rank 0's trace_view.json: ProfilerStep#2 at ts 1736408883005065.994 µs, dur 5092.678 µs
        QTest::newRow("step 2, rank 1 beside")
            << "" << 2 << true << 1736408883005065994LL << 5092678LL << unmarked;
        // r47b: step 0 failed, rank 0 (numbering from 1) looked at alone; it is rank 1's whole trace
        QTest::newRow("step 0, rank 1's whole trace")
            << "" << 0 << true << 0LL << 0LL << "rank 0 has no step 0 (its steps: 1-4)";
        QTest::newRow("step 2 of rank 1 alone") << "1" << 2 << false << 0LL << 0LL << unmarked;
    }
    void aStepIsChosenOverEveryShownRank() {
        // rank 0 marks steps 1-4; rank 1's step marks are taken out: its whole trace is the index's step 0
        QFETCH(QString, ranks);
        QFETCH(int, step);
        QFETCH(bool, found);
        QFETCH(qint64, startNs);
        QFETCH(qint64, durNs);
        QFETCH(QString, lacking);
        const std::string dir = mixedDemo();
        QVERIFY(!dir.empty());
        auto ix = test::indexDir(dir, false);
        QVERIFY(ix.db);
        gui::ExportScene scene(q(ix.result.dbPath), q(dir), std::nullopt);
        if (!ranks.isEmpty()) scene.setRanks({ranks.toInt()});
        QCOMPARE(scene.zoomToStep(step), found);
        QCOMPARE(scene.stepLacking(), lacking);
        if (!found) return;
        const QString line = scene.caption("timeline").lines.join("\n");
        QVERIFY2(line.contains(" · " + lacking), qPrintable(line));
        if (durNs) { // padded by a twentieth either side
            QCOMPARE(scene.state().windowStart(), startNs - durNs / 20);
            QCOMPARE(scene.state().windowEnd(), startNs + durNs + durNs / 20);
        } else {
            // whose (r48d): "the whole trace" beside rank 0's steps 1-4 named nobody
            QVERIFY2(line.contains("the whole trace of rank 1 (no step marks)"), qPrintable(line));
        }
    }
    void statsSaysAMissingStepAsExportDoes() {
        // `stats --step` said "rank 1 has no step marks: its whole trace is left out" and "no rank chosen has
        // step 2" where `export --step` says lackingStepText's words: one text for both
        const std::string dir = mixedDemo();
        QVERIFY(!dir.empty());
        const QString pic = q(m_root) + "/mixed-stats.png";
        const QString exportErr =
            run({"export", q(dir), "--step", "2", "--ranks", "1", "--view", "timeline", "--out", pic}, 1);
        QString out, err;
        QCOMPARE(test::runRankscope({"stats", q(dir), "--step", "2", "--ranks", "1"}, &out, &err), 1);
        const QString refusal =
            "no step 2 on the ranks shown: rank 1 has no step marks (a whole trace is no step)";
        QVERIFY2(exportErr.contains(refusal), qPrintable(exportErr));
        QVERIFY2(err.contains("rankscope stats: " + refusal + "\n"), qPrintable(err));
        QCOMPARE(err.count("rankscope stats: "), 1); // said once
        // beside rank 0's step 2, rank 1's whole trace is left out in the words export's note uses
        QCOMPARE(test::runRankscope({"stats", q(dir), "--step", "2"}, &out, &err), 0);
        QVERIFY2(err.contains("rankscope stats: rank 1 has no step marks (a whole trace is no step)\n"),
                 qPrintable(err));
        QCOMPARE(test::runRankscope({"export", q(dir), "--step", "2", "--view", "timeline", "--out", pic},
                                    &out, &err),
                 0);
        QVERIFY2(err.contains("rank 1 has no step marks (a whole trace is no step)"), qPrintable(err));
    }
    void aStepMissingOnTheShownRanksSaysWhy() {
        const std::string dir = mixedDemo();
        QVERIFY(!dir.empty());
        const QString pic = q(m_root) + "/mixed.png";
        QString out,
            err =
                run({"export", q(dir), "--step", "2", "--ranks", "1", "--view", "timeline", "--out", pic}, 1);
        QVERIFY2(
            err.contains("no step 2 on the ranks shown: rank 1 has no step marks (a whole trace is no step)"),
            qPrintable(err));
        // the step shown beside ranks without it says which, on stderr as `stats` does
        QCOMPARE(test::runRankscope({"export", q(dir), "--step", "0", "--view", "timeline", "--out", pic},
                                    &out, &err),
                 0);
        QVERIFY2(err.contains("rankscope export: step 0: rank 0 has no step 0"), qPrintable(err));
    }
};

QTEST_MAIN(TstExport) // a QGuiApplication: the SVG is rendered back to pixels
#include "tst_export.moc"
