// Saved views (.rsview): a round trip keeps every field (the profile relative to the file when beside it,
// absolute again when read), damaged or foreign files are refused with a message naming the file and the
// byte or key, and export's --select words parse into the selections the views use.
#include "app/gui/viewstate.h"
#include "tests/support/testsupport.h"

#include <QDir>
#include <QtTest>

using namespace rs;

class TstViewState : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void roundTrip() {
        const QString dir = QString::fromStdString(test::tempDir("rsview"));
        QDir().mkpath(dir + "/run7");
        gui::ViewState s;
        s.profile = dir + "/run7";
        s.run = 2;
        s.window = std::make_pair<qint64, qint64>(1736408883140000000, 1736408883350000000);
        s.selection.kind = views::Selection::Kind::Step;
        s.selection.step = 11;
        s.selection.rank = 5;
        s.ranks = {3, 4, 5};
        s.collapsed = {4};
        s.pinned = {17, 3};
        s.view = "memory";
        s.memoryRank = 6;
        s.aligned = true;
        s.showWaits = false;
        s.windowFlows = true;
        s.scroll = 120;
        s.trackFilter = "rank 3-5, plane 0";                         // issue 19: the saved view lost it
        s.comparison = gui::SavedComparison{dir + "/base", 1, true}; // walk 26 #3: it was not saved
        const QString file = dir + "/views/stall.rsview";
        QDir().mkpath(dir + "/views");
        QString err;
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        QVERIFY(gui::viewStateToJson(s, dir + "/views").contains("\"../run7\""));
        auto back = gui::readViewState(file, err);
        QVERIFY2(back, qPrintable(err));
        QCOMPARE(back->profile, s.profile);
        QCOMPARE(back->run, s.run);
        QCOMPARE(back->window, s.window);
        QVERIFY(back->selection == s.selection);
        QCOMPARE(back->ranks, s.ranks);
        QCOMPARE(back->collapsed, s.collapsed);
        QCOMPARE(back->pinned, s.pinned);
        QCOMPARE(back->view, s.view);
        QCOMPARE(back->memoryRank, s.memoryRank);
        QCOMPARE(back->aligned, true);
        QCOMPARE(back->showWaits, false);
        QCOMPARE(back->windowFlows, true);
        QCOMPARE(back->scroll, 120);
        QCOMPARE(back->trackFilter, s.trackFilter);
        QVERIFY(gui::viewStateToJson(s, dir + "/views").contains("\"../base\"")); // portable as the profile
        QVERIFY(back->comparison);
        QCOMPARE(back->comparison->with, dir + "/base");
        QCOMPARE(back->comparison->run, std::optional<int>(1));
        QCOMPARE(back->comparison->openIsBaseline, true);
        // a slow card's selection: its collective and both op types it names (the heatmap outlines each)
        s.selection = {};
        s.selection.kind = views::Selection::Kind::Span;
        s.selection.rank = 3;
        s.selection.spanId = 528;
        s.selection.opType = "MatMulV2";
        s.selection.moreOpTypes = {"Cast"};
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        back = gui::readViewState(file, err);
        QVERIFY2(back, qPrintable(err));
        QCOMPARE(back->selection.moreOpTypes, s.selection.moreOpTypes);
        QVERIFY(back->selection == s.selection);
    }
    void areaAndCommStepRoundTrip() {
        // walk 38 #1, #2: the marked area the Area statistics measured and the Communication view's step
        // were not saved (reopened: the window's figures over every rank, an all-steps matrix)
        const QString dir = QString::fromStdString(test::tempDir("rsview-area"));
        gui::ViewState s;
        s.profile = dir;
        s.area = views::MarkedArea{96400000, 285500000, {31, 32, 40}, {3, 4}, true};
        s.commStep = 11;
        const QString file = dir + "/a.rsview";
        QString err;
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        auto back = gui::readViewState(file, err);
        QVERIFY2(back, qPrintable(err));
        QVERIFY(back->area);
        QVERIFY(*back->area == *s.area);
        QCOMPARE(back->commStep, std::optional<qint64>(11));
        s.area.reset(); // no area, and the matrix of every step: said so, not left out
        s.commStep = -1;
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        QVERIFY(gui::viewStateToJson(s, dir).contains("\"comm_step\": \"all\""));
        back = gui::readViewState(file, err);
        QVERIFY2(back, qPrintable(err));
        QVERIFY(!back->area);
        QCOMPARE(back->commStep, std::optional<qint64>(-1));
        s.commStep.reset(); // a file from before: nothing said, nothing read
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        back = gui::readViewState(file, err);
        QVERIFY(back && !back->commStep);
    }

    void drillPathRoundTrip() {
        // walk 52b: the drill-down's level was not saved (reopened: the Steps level). Each level round-trips;
        // the Steps level writes nothing (a file from before reads as it)
        const QString dir = QString::fromStdString(test::tempDir("rsview-drill"));
        const QString file = dir + "/d.rsview";
        QString err;
        gui::ViewState s;
        s.profile = dir;
        s.drill = views::DrillPath{2, 3, 7, "MatMulV2", "Default/MatMul-op12", 123456789, 123999999};
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        QVERIFY(gui::viewStateToJson(s, dir).contains("\"level\": \"tensors\""));
        auto back = gui::readViewState(file, err);
        QVERIFY2(back && back->drill, qPrintable(err));
        QVERIFY(*back->drill == *s.drill);
        s.drill = views::DrillPath{1, 3, 7, {}, {}, 0, 0};
        QVERIFY2(gui::writeViewState(s, file, err), qPrintable(err));
        back = gui::readViewState(file, err);
        QVERIFY2(back && back->drill, qPrintable(err));
        QVERIFY(*back->drill == *s.drill);
        s.drill = views::DrillPath{};
        QVERIFY(!gui::viewStateToJson(s, dir).contains("drill"));
    }
    void refused_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("not JSON") << "{\"profile\": "
                                  << "byte";
        QTest::newRow("no profile") << "{\"run\": 0}"
                                    << "profile";
        QTest::newRow("newer") << "{\"profile\": \"x\", \"rankscope_view\": 9}"
                               << "newer";
        QTest::newRow("format not a number") << "{\"profile\": \"x\", \"rankscope_view\": \"1\"}"
                                             << "newer";
        QTest::newRow("window reversed") << "{\"profile\": \"x\", \"window\": {\"t0_ns\": 5, \"t1_ns\": 2}}"
                                         << "window";
        QTest::newRow("ranks wrong type") << "{\"profile\": \"x\", \"ranks\": \"0-3\"}"
                                          << "wrong type";
        QTest::newRow("selection wrong type") << "{\"profile\": \"x\", \"selection\": {\"kind\": 3}}"
                                              << "wrong type";
        QTest::newRow("window without end") << "{\"profile\": \"x\", \"window\": {\"t0_ns\": 5}}"
                                            << "wrong type";
    }
    void aViewIsOfItsOwnProfile() {
        // walk 39: `rankscope OTHER --state v.rsview` (a view saved on the demo) applied the demo's window
        // (+6.73 s of a 3.37 s run) and link to OTHER; export --state refuses the pair: one rule for both
        const QString root = QString::fromStdString(test::tempDir("viewstate-of"));
        QVERIFY(QDir().mkpath(root + "/demo") && QDir().mkpath(root + "/other"));
        gui::ViewState s;
        s.profile = root + "/demo";
        QVERIFY(gui::viewStateIsOf(s, root + "/demo"));
        QVERIFY(gui::viewStateIsOf(s, root + "/other/../demo")); // the same folder, written otherwise
        QVERIFY(!gui::viewStateIsOf(s, root + "/other"));
        s.profile = root + "/gone"; // names no profile that exists: it can only be applied to the one given
        QVERIFY(gui::viewStateIsOf(s, root + "/other"));
    }
    void refused() {
        QFETCH(QString, content);
        QFETCH(QString, mentions);
        const std::string file = test::tempDir("rsviewbad") + "/v.rsview";
        test::writeFile(file, content.toStdString());
        QString err;
        QVERIFY(!gui::readViewState(QString::fromStdString(file), err));
        QVERIFY2(err.contains(mentions) && err.contains("v.rsview"), qPrintable(err));
    }

    void selections_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind"); // -1: refused
        QTest::addColumn<int>("rank");
        QTest::newRow("op on a rank") << "op:MatMulV2@3" << int(views::Selection::Kind::OpType) << 3;
        QTest::newRow("op everywhere") << "op:MatMulV2" << int(views::Selection::Kind::OpType) << -1;
        QTest::newRow("op with @ in its name") << "op:a@b@2" << int(views::Selection::Kind::OpType) << 2;
        QTest::newRow("span") << "span:1234" << int(views::Selection::Kind::Span) << -1;
        QTest::newRow("step") << "step:11@5" << int(views::Selection::Kind::Step) << 5;
        QTest::newRow("tensor") << "tensor:t6_s1_g0@6" << int(views::Selection::Kind::Tensor) << 6;
        QTest::newRow("step without rank") << "step:11" << -1 << 0;
        QTest::newRow("span not a number") << "span:abc" << -1 << 0;
        QTest::newRow("unknown kind") << "flow:1" << -1 << 0;
        QTest::newRow("empty op") << "op:" << -1 << 0;
        QTest::newRow("bad rank") << "op:MatMulV2@x" << -1 << 0;
    }
    void selections() {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(int, rank);
        QString err;
        auto s = gui::parseSelection(text, err);
        if (kind < 0) {
            QVERIFY(!s);
            QVERIFY(!err.isEmpty());
            return;
        }
        QVERIFY2(s, qPrintable(err));
        QCOMPARE(int(s->kind), kind);
        QCOMPARE(s->rank, rank);
    }
};

QTEST_GUILESS_MAIN(TstViewState)
#include "tst_viewstate.moc"
