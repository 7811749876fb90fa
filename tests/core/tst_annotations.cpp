// The annotation model of core/annotate: JSON round trip of every kind, the file (ids never reused,
// atomic save, a damaged file reported with its byte and left untouched), where the file lives beside the
// index, the times users type, and anchors checked against an indexed demo profile (attached, detached by
// rank, op type, time, tensor; still attached after a re-index).
#include "core/annotate/anchorcheck.h"
#include "core/annotate/annotationset.h"
#include "core/demo/demogenerator.h"
#include "core/model/durationparse.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace rs;
using annotate::Annotation;
using annotate::Kind;
using annotate::Surface;

namespace {
Annotation make(Kind k, Surface v) {
    Annotation a;
    a.kind = k;
    a.text = "rank 5 stalls here — \"quoted\"";
    a.color = "#2ca02c";
    a.author = "tester";
    a.created = "2026-12-01T10:00:00Z";
    a.anchor.view = v;
    a.anchor.run = 1;
    a.anchor.ranks = {3, 5};
    a.anchor.t0Ns = 1736408883140000000;
    a.anchor.t1Ns = 1736408883350000000;
    if (k == Kind::Arrow) {
        a.anchor.toRank = 5;
        a.anchor.toNs = 1736408883345000000;
    }
    if (v == Surface::Heatmap) {
        a.anchor.opTypes = {"MatMulV2", "Cast"};
        a.anchor.t0Ns = a.anchor.t1Ns = 0;
    }
    if (v == Surface::Memory) {
        a.anchor.addr0 = 0x12c000000000;
        a.anchor.addr1 = 0x12c010000000;
    }
    return a;
}
} // namespace

class TstAnnotations : public QObject {
    Q_OBJECT
    std::string m_demo;

  private Q_SLOTS:
    void initTestCase() {
        m_demo = test::tempDir("annotations") + "/demo";
        const std::string err = test::writeDemo(m_demo, test::demoOptions(4, 6, 2));
        QVERIFY2(err.empty(), err.c_str());
    }

    void detachedReasonsNameRanksAsTheLanesDo() {
        // a folder of two runs that both claim rank 0 and 1: run 3's ranks have the keys 10000 and 10001.
        // An annotation of run 0 left on key 10001 read "rank 10001 is not in run 0" (walk 19), a number no
        // lane, report or `annotate --rank` speaks
        annotate::AnchorFacts f;
        f.runs[0] = {0, 1000, {0, 1}};
        f.runs[3] = {0, 1000, {10000, 10001}};
        f.rankOf = {{0, {0, 0}}, {1, {1, 0}}, {10000, {0, 3}}, {10001, {1, 3}}};
        Annotation a;
        a.kind = Kind::Note;
        a.anchor.view = Surface::Timeline;
        a.anchor.run = 0;
        a.anchor.t0Ns = a.anchor.t1Ns = 10;
        a.anchor.ranks = {10001};
        QCOMPARE(QString::fromStdString(annotate::detachedReason(a, f)),
                 QString("rank 1 of run 3 is not in run 0"));
        a.anchor.ranks = {7}; // a key the profile lacks: said as it is
        QCOMPARE(QString::fromStdString(annotate::detachedReason(a, f)), QString("rank 7 is not in run 0"));
        a.kind = Kind::Arrow;
        a.anchor.ranks = {1};
        a.anchor.toRank = 10000;
        a.anchor.toNs = 20;
        QCOMPARE(QString::fromStdString(annotate::detachedReason(a, f)),
                 QString("rank 0 of run 3 (the arrow's end) is not in run 0"));
    }
    void jsonRoundTrip_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("view");
        for (int k = 0; k < 4; ++k)
            for (int v = 0; v < 3; ++v)
                QTest::addRow("%s on %s", annotate::kindName(Kind(k)).c_str(),
                              annotate::surfaceName(Surface(v)).c_str())
                    << k << v;
    }
    void jsonRoundTrip() {
        QFETCH(int, kind);
        QFETCH(int, view);
        Annotation a = make(Kind(kind), Surface(view));
        a.id = "a7";
        std::string err;
        auto back = annotate::annotationFromJson(nlohmann::json::parse(annotate::toJson(a).dump()), err);
        QVERIFY2(back.has_value(), err.c_str());
        QCOMPARE(*back == a, true);
    }

    void malformedEntriesAreNamed_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("no id") << R"({"kind":"note","anchor":{}})"
                               << "id";
        QTest::newRow("unknown kind") << R"({"id":"a1","kind":"circle","anchor":{}})"
                                      << "circle";
        QTest::newRow("no anchor") << R"({"id":"a1","kind":"note"})"
                                   << "anchor";
        QTest::newRow("ranks not a list") << R"({"id":"a1","kind":"note","anchor":{"ranks":"3"}})"
                                          << "ranks";
        QTest::newRow("unknown view") << R"({"id":"a1","kind":"note","anchor":{"view":"flame"}})"
                                      << "flame";
        QTest::newRow("not an object") << R"([1,2])"
                                       << "object";
        QTest::newRow("lane neither a name nor a pair")
            << R"({"id":"a1","kind":"box","anchor":{"lanes":[{"rank":"2","lane":"Stream 6"}]}})"
            << "lanes";
        QTest::newRow("lane pair without a rank")
            << R"({"id":"a1","kind":"box","anchor":{"lanes":[{"lane":"S"}]}})"
            << "lanes";
    }
    void malformedEntriesAreNamed() {
        QFETCH(QString, json);
        QFETCH(QString, mentions);
        std::string err;
        QVERIFY(!annotate::annotationFromJson(nlohmann::json::parse(json.toStdString()), err));
        QVERIFY2(QString::fromStdString(err).contains(mentions), err.c_str());
    }

    void fileRoundTripAndIds() {
        const std::string path = test::tempDir("annfile") + "/.rankscope/annotations.json";
        annotate::AnnotationSet set;
        std::string err;
        QVERIFY(set.load(path, err)); // missing: empty, no error
        QVERIFY(set.empty());
        QCOMPARE(set.add(make(Kind::Note, Surface::Timeline)), std::string("a1"));
        QCOMPARE(set.add(make(Kind::Range, Surface::Timeline)), std::string("a2"));
        QCOMPARE(set.remove("a2"), 1);
        QVERIFY(set.save(path, err));
        annotate::AnnotationSet again;
        QVERIFY2(again.load(path, err), err.c_str());
        QCOMPARE(again.size(), size_t(1));
        QCOMPARE(*again.find("a1") == *set.find("a1"), true);
        // a removed id is never given again, even after a reload
        QCOMPARE(again.add(make(Kind::Box, Surface::Heatmap)), std::string("a3"));
        // no temp file is left beside it
        int files = 0;
        for (auto& e : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
            files += e.is_regular_file();
        QCOMPARE(files, 1);
    }

    void damagedFileIsReportedAndKept() {
        const std::string path = test::tempDir("anndamaged") + "/annotations.json";
        const std::string content = R"({"format":1,"annotations":[{"id":"a1","kind":"note","anchor":{}},)";
        test::writeFile(path, content);
        annotate::AnnotationSet set;
        std::string err;
        QVERIFY(!set.load(path, err));
        QVERIFY2(QString::fromStdString(err).contains("byte"), err.c_str());
        QVERIFY2(QString::fromStdString(err).contains(QString::fromStdString(path)), err.c_str());
        QCOMPARE(test::readDecompressed(path), content);
        test::writeFile(path, R"({"format":99,"annotations":[]})");
        QVERIFY(!set.load(path, err));
        QVERIFY2(QString::fromStdString(err).contains("newer"), err.c_str());
        // wrong types anywhere are a message, never an exception
        for (const char* bad :
             {R"({"format":"1","annotations":[]})", R"({"next_id":"x","annotations":[]})",
              R"({"annotations":[{"id":"a1","kind":"note","text":5,"anchor":{}}]})",
              R"({"annotations":[{"id":"a1","kind":"note","anchor":{"t0_ns":"soon"}}]})",
              R"({"annotations":[{"id":7,"kind":"note","anchor":{}}]})", R"("annotations")", "null"}) {
            test::writeFile(path, bad);
            err.clear();
            const bool ok = set.load(path, err);
            QVERIFY2(ok || !err.empty(), bad);
        }
        test::writeFile(path, R"({"next_id":"x","annotations":[]})");
        QVERIFY(set.load(path, err)); // a damaged counter is recomputed from the ids
    }

    void boxLanesKeepTheirRanks() {
        // a box over rank 2's Stream 48, 49 and rank 3's Stream 6, 7 (labels repeat across ranks): each lane
        // is kept with its rank, in the entry and in the file (format 2), and read back as the same pairs
        Annotation a = make(Kind::Box, Surface::Timeline);
        a.id = "a1";
        a.anchor.ranks = {2, 3};
        a.anchor.lanes = {{2, "Stream 48"}, {2, "Stream 49"}, {3, "Stream 6"}, {3, "Stream 7"}};
        const nlohmann::json j = annotate::toJson(a);
        QCOMPARE(j["anchor"]["lanes"], nlohmann::json::parse(R"([{"rank":2,"lane":"Stream 48"},
            {"rank":2,"lane":"Stream 49"},{"rank":3,"lane":"Stream 6"},{"rank":3,"lane":"Stream 7"}])"));
        std::string err;
        auto back = annotate::annotationFromJson(nlohmann::json::parse(j.dump()), err);
        QVERIFY2(back.has_value(), err.c_str());
        QCOMPARE(back->anchor.lanes, a.anchor.lanes);
        const std::string path = test::tempDir("annpairs") + "/annotations.json";
        annotate::AnnotationSet set;
        set.add(a);
        QVERIFY(set.save(path, err));
        QCOMPARE(nlohmann::json::parse(test::readDecompressed(path))["format"].get<int>(), 2);
        annotate::AnnotationSet again;
        QVERIFY2(again.load(path, err), err.c_str());
        QCOMPARE(*again.find("a1") == a, true);
        const std::string where = annotate::describeAnchor(a, a.anchor.t0Ns);
        QVERIFY2(where.find("rank 2 Stream 48, Stream 49; rank 3 Stream 6, Stream 7") != std::string::npos,
                 where.c_str());
        // each lane is looked for on its own rank only
        const annotate::LanesByRank lanes{{2, {"Stream 48", "Stream 49"}}, {3, {"Stream 6", "Stream 7"}}};
        QCOMPARE(annotate::missingLane(a, lanes), std::string());
        a.anchor.lanes.push_back({3, "Stream 48"});
        const std::string why = annotate::missingLane(a, lanes);
        QVERIFY2(why.find("Stream 48 is not on rank 3") != std::string::npos, why.c_str());
    }

    void formatOneLanesMeanEachRank() {
        // a file written before lanes kept their rank (format 1, g19j): bare lane names. Which rank's they
        // were is not in the file, so they stay what they meant then — that lane on each of the box's ranks
        // (an arrow's second on its end's rank) — the list says so, and an unedited file is written back as
        // it was (format 1, the same names), so an older build still reads it
        const std::string dir = test::tempDir("annformat1");
        const std::string old = R"({"format":1,"next_id":3,"annotations":[
          {"id":"a1","kind":"box","text":"late","color":"#138d4a","author":"u","created":"2026-12-01T10:00:00Z",
           "anchor":{"view":"timeline","run":0,"ranks":[2,3],"t0_ns":1000,"t1_ns":2000,
                     "lanes":["Stream 48","Stream 6"]}},
          {"id":"a2","kind":"arrow","text":"waits","color":"#138d4a","author":"u","created":"2026-12-01T10:00:00Z",
           "anchor":{"view":"timeline","run":0,"ranks":[2],"t0_ns":1000,"t1_ns":1000,"to_rank":3,"to_ns":1500,
                     "lanes":["Stream 48","Stream 6"]}}]})";
        test::writeFile(dir + "/annotations.json", old);
        annotate::AnnotationSet set;
        std::string err;
        QVERIFY2(set.load(dir + "/annotations.json", err), err.c_str());
        const Annotation& box = *set.find("a1");
        const int any = annotate::LaneRef::kAnyRank;
        QCOMPARE(box.anchor.lanes, (std::vector<annotate::LaneRef>{{any, "Stream 48"}, {any, "Stream 6"}}));
        const std::string where = annotate::describeAnchor(box, 0);
        QVERIFY2(where.find("Stream 48, Stream 6 (on each of its ranks") != std::string::npos, where.c_str());
        const annotate::LanesByRank lanes{{2, {"Stream 48"}}, {3, {"Stream 6"}}};
        QVERIFY(annotate::missingLane(box, lanes).find("Stream 48 is not on rank 3") != std::string::npos);
        QCOMPARE(annotate::missingLane(*set.find("a2"), lanes), std::string());
        QVERIFY(set.save(dir + "/again.json", err));
        QCOMPARE(nlohmann::json::parse(test::readDecompressed(dir + "/again.json")),
                 nlohmann::json::parse(old));
    }

    void fileLivesBesideTheIndex() {
        QCOMPARE(annotate::annotationsPath("/data/run7/.rankscope/index.sqlite"),
                 std::string("/data/run7/.rankscope/annotations.json"));
        QCOMPARE(annotate::annotationsPath("/home/u/.cache/rankscope/3f2a.sqlite"),
                 std::string("/home/u/.cache/rankscope/3f2a.annotations.json"));
    }

    void durations_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("ns"); // -1: rejected
        QTest::newRow("ms") << "320ms" << 320000000LL;
        QTest::newRow("spaced s") << "1.5 s" << 1500000000LL;
        QTest::newRow("us") << "20us" << 20000LL;
        QTest::newRow("micro sign") << QString::fromUtf8("20µs") << 20000LL;
        QTest::newRow("ns") << "800ns" << 800LL;
        QTest::newRow("min") << "2min" << 120000000000LL;
        QTest::newRow("hours") << "12h" << 43200000000000LL;
        QTest::newRow("days") << "30d" << 2592000000000000LL;
        QTest::newRow("negative") << "-3ms" << -3000000LL;
        QTest::newRow("no unit") << "320" << -1LL;
        // walk 51: --range 0:778us was refused; a zero is the same in any unit
        QTest::newRow("bare zero") << "0" << 0LL;
        QTest::newRow("bare zero, decimals") << "0.0" << 0LL;
        QTest::newRow("signed bare zero") << "-0" << 0LL;
        QTest::newRow("unknown unit") << "3y" << -1LL;
        QTest::newRow("two dots") << "1.2.3ms" << -1LL;
        QTest::newRow("empty") << "" << -1LL;
        QTest::newRow("huge") << "1e30s" << -1LL;
    }
    void durations() {
        QFETCH(QString, text);
        QFETCH(qlonglong, ns);
        auto v = model::parseDurationNs(text.toStdString());
        if (ns == -1) {
            QVERIFY(!v.has_value());
        } else {
            QVERIFY(v.has_value());
            QCOMPARE(qlonglong(*v), ns);
        }
        const auto range = model::parseTimeRange("320ms:345ms");
        QVERIFY(range.has_value());
        QCOMPARE(range->first, int64_t(320000000));
        QCOMPARE(range->second, int64_t(345000000));
        QVERIFY(!model::parseTimeRange("345ms:320ms"));
        QVERIFY(!model::parseTimeRange("320ms"));
    }

    void anchorsAgainstTheIndex() {
        auto idx = test::indexDir(m_demo);
        QVERIFY(idx.result.ok);
        // the facts an anchor is checked against, counted here with plain SQL
        const int64_t start = idx.scalar("SELECT start_ns FROM run WHERE run_id = 0");
        const int64_t end = idx.scalar("SELECT end_ns FROM run WHERE run_id = 0");
        const std::string tensor = idx.rows("SELECT tensor_id FROM tensor WHERE rank = 2 LIMIT 1").at(0);
        annotate::AnnotationSet set;
        auto add = [&](Kind k, Surface v, std::vector<int> ranks, int64_t t0, int64_t t1,
                       std::vector<std::string> ops = {}, std::string tensorId = {}) {
            Annotation a;
            a.kind = k;
            a.text = "x";
            a.anchor.view = v;
            a.anchor.ranks = std::move(ranks);
            a.anchor.t0Ns = t0;
            a.anchor.t1Ns = t1;
            a.anchor.opTypes = std::move(ops);
            a.anchor.tensorId = std::move(tensorId);
            if (k == Kind::Arrow) a.anchor.toRank = 3, a.anchor.toNs = t1;
            return set.add(a);
        };
        const auto ok1 = add(Kind::Range, Surface::Timeline, {0, 1}, start + 1000, end - 1000);
        const auto ok2 = add(Kind::Arrow, Surface::Timeline, {1}, start + 5, start + 500);
        const auto ok3 = add(Kind::Box, Surface::Heatmap, {3}, 0, 0, {"MatMulV2"});
        const auto ok4 = add(Kind::Note, Surface::Memory, {2}, 0, 0, {}, tensor);
        const auto noRank = add(Kind::Note, Surface::Timeline, {9}, start + 10, start + 10);
        const auto late = add(Kind::Note, Surface::Timeline, {0}, end + 1000000000, end + 1000000000);
        const auto noOp = add(Kind::Box, Surface::Heatmap, {0}, 0, 0, {"NoSuchOp"});
        const auto noTensor = add(Kind::Note, Surface::Memory, {2}, 0, 0, {}, "t_missing");
        Annotation otherRun = *set.find(ok1);
        otherRun.id.clear();
        otherRun.anchor.run = 4;
        const auto noRun = set.add(otherRun);
        auto check = [&](const annotate::AnchorFacts& f) {
            for (const auto& id : {ok1, ok2, ok3, ok4})
                QVERIFY2(annotate::detachedReason(*set.find(id), f).empty(),
                         (id + ": " + annotate::detachedReason(*set.find(id), f)).c_str());
            QVERIFY(
                QString::fromStdString(annotate::detachedReason(*set.find(noRank), f)).contains("rank 9"));
            QVERIFY(QString::fromStdString(annotate::detachedReason(*set.find(late), f)).contains("outside"));
            QVERIFY(
                QString::fromStdString(annotate::detachedReason(*set.find(noOp), f)).contains("NoSuchOp"));
            QVERIFY(QString::fromStdString(annotate::detachedReason(*set.find(noTensor), f))
                        .contains("t_missing"));
            QVERIFY(QString::fromStdString(annotate::detachedReason(*set.find(noRun), f)).contains("run 4"));
        };
        check(annotate::loadAnchorFacts(*idx.db, set));
        // a re-index rebuilds the index from the files: the same anchors hold
        idx.db.reset();
        auto again = test::indexDir(m_demo, true);
        QVERIFY(again.result.ok);
        check(annotate::loadAnchorFacts(*again.db, set));
    }

    void fitToRunCutsRegionsAndRefusesPoints_data() {
        // a run from 1000 to 2000 ns; what the view drew, and what is added (walk 42: a box from left of the
        // run's start was added, detached by its time and drawn nowhere)
        using K = annotate::Kind;
        using Fit = annotate::RunFit;
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("t0");
        QTest::addColumn<qint64>("t1");
        QTest::addColumn<int>("fit");
        QTest::addColumn<qint64>("cut0");
        QTest::addColumn<qint64>("cut1");
        QTest::newRow("box inside") << int(K::Box) << 1200LL << 1500LL << int(Fit::Inside) << 1200LL
                                    << 1500LL;
        QTest::newRow("box from before the start")
            << int(K::Box) << 800LL << 1500LL << int(Fit::Clipped) << 1000LL << 1500LL;
        QTest::newRow("range past the end")
            << int(K::Range) << 1800LL << 2300LL << int(Fit::Clipped) << 1800LL << 2000LL;
        QTest::newRow("box over the whole run")
            << int(K::Box) << 500LL << 2500LL << int(Fit::Clipped) << 1000LL << 2000LL;
        QTest::newRow("box wholly before")
            << int(K::Box) << 500LL << 900LL << int(Fit::Outside) << 500LL << 900LL;
        QTest::newRow("box ending at the start")
            << int(K::Box) << 500LL << 1000LL << int(Fit::Outside) << 500LL << 1000LL;
        QTest::newRow("note inside") << int(K::Note) << 1000LL << 1000LL << int(Fit::Inside) << 1000LL
                                     << 1000LL;
        QTest::newRow("note before") << int(K::Note) << 999LL << 999LL << int(Fit::Outside) << 999LL << 999LL;
    }
    void fitToRunCutsRegionsAndRefusesPoints() {
        QFETCH(int, kind);
        QFETCH(qint64, t0);
        QFETCH(qint64, t1);
        QFETCH(int, fit);
        QFETCH(qint64, cut0);
        QFETCH(qint64, cut1);
        annotate::AnchorFacts f;
        f.runs[0] = {1000, 2000, {0}};
        annotate::Annotation a;
        a.kind = annotate::Kind(kind);
        a.anchor.ranks = {0};
        a.anchor.t0Ns = t0;
        a.anchor.t1Ns = t1;
        QCOMPARE(int(annotate::fitToRun(a, f)), fit);
        QCOMPARE(a.anchor.t0Ns, cut0);
        QCOMPARE(a.anchor.t1Ns, cut1);
        // what is added is never detached by its time, nor drawn nowhere
        if (fit != int(annotate::RunFit::Outside)) QCOMPARE(annotate::detachedReason(a, f), std::string());
    }
    void describesWhere() {
        Annotation a = make(Kind::Range, Surface::Timeline);
        a.anchor.ranks = {0, 1, 2, 3, 7};
        const int64_t origin = a.anchor.t0Ns - 140000000;
        const std::string d = annotate::describeAnchor(a, origin);
        QVERIFY2(QString::fromStdString(d).contains("ranks 0-3, 7"), d.c_str());
        QVERIFY2(QString::fromStdString(d).contains("+140"), d.c_str());
        QVERIFY2(QString::fromStdString(d).contains("210 ms"), d.c_str());
        QCOMPARE(annotate::rankListText({}), std::string("every rank"));
    }
};

QTEST_GUILESS_MAIN(TstAnnotations)
#include "tst_annotations.moc"
