// The Communication view offscreen, on the indexed Ascend demo through a real QueryService: the grid has a
// cell per link, the demo's slow link (the plan's truth) is the one cell outlined in ink, a click selects
// that link in the shared InteractionState and the view completes the selection with the link's
// collectives from the timeline (spans, window). Honest states from hand-made matrices: group-local ranks,
// Kineto logical bytes, no link data; a rank's own LOCAL copy stays off the bandwidth scale.
#include "core/demo/demoplan.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/comm/commmatrixview.h"
#include "views/common/interactionstate.h"

#include <QLayout>
#include <QtTest>

using namespace rs;

class TstCommMatrixView : public QObject {
    Q_OBJECT
    std::string m_db;
    demo::DemoTruth m_truth;

  private Q_SLOTS:
    void initTestCase() {
        auto o = test::demoOptions(8, 3, 1);
        auto ix = test::indexedDemo(test::tempDir("commview") + "/demo", o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
        m_truth = demo::DemoPlan(o).truth();
    }

    void gridOutlineAndClick() {
        query::QueryService service;
        service.open(QString::fromStdString(m_db));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::CommMatrixView v(&state, &service);
        v.resize(1000, 700);
        v.setProfile(0);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QTRY_VERIFY_WITH_TIMEOUT(v.matrix() && !v.matrix()->cells.empty(), 20000);
        const auto* m = v.matrix();
        QCOMPARE(int(m->cells.size()), 64);
        QCOMPARE(m->scope, std::string("global"));
        const qint64 s = m_truth.slowLinkSrc, d = m_truth.slowLinkDst;
        QVERIFY(m->at(s, d) && m->at(s, d)->slow);
        // the outline is ink (the palette's text colour) at the cell's edge; a plain HCCS cell has none
        auto* c = v.canvas();
        const QImage img = c->grab().toImage();
        const QColor ink = c->palette().text().color();
        const QColor edge = img.pixelColor(c->cellRect(s, d).topLeft() + QPoint(2, 10));
        QVERIFY2(std::abs(edge.lightness() - ink.lightness()) < 40, qPrintable(edge.name()));
        const qint64 other = (d + 1) % 8 == s ? (d + 2) % 8 : (d + 1) % 8;
        const QColor plain = img.pixelColor(c->cellRect(s, other).topLeft() + QPoint(2, 10));
        QVERIFY2(std::abs(plain.lightness() - ink.lightness()) > 60, qPrintable(plain.name()));
        // the tooltip gives the link's bandwidth and transport
        const QString tip = c->linkText(*m->at(s, d));
        QVERIFY2(tip.contains("HCCS") && tip.contains("GB/s"), qPrintable(tip));
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DIR")) { // the README's picture, at its natural size
            v.resize(860, 620);
            v.layout()->activate(); // the choosers' new widths
            v.grab().save(qEnvironmentVariable("RANKSCOPE_SHOT_DIR") + "/comm.png");
        }
        // a click selects the link; the view resolves its collectives on the timeline
        QTest::mouseClick(c, Qt::LeftButton, {}, c->cellRect(s, d).center());
        QCOMPARE(state.selection().kind, views::Selection::Kind::CommLink);
        QCOMPARE(state.selection().linkSrc, s);
        QCOMPARE(state.selection().linkDst, d);
        QTRY_VERIFY_WITH_TIMEOUT(!state.selection().spans.empty(), 20000);
        QVERIFY(state.windowEnd() > state.windowStart());
        QVERIFY2(v.captionText().contains("outlined on the timeline"), qPrintable(v.captionText()));
        QCOMPARE(c->selected(), std::make_pair(s, d));
        // another kind of selection clears the cell's highlight
        views::Selection other2;
        other2.kind = views::Selection::Kind::OpType;
        other2.opType = "MatMulV2";
        state.setSelection(other2);
        QCOMPARE(c->selected(), std::make_pair(qint64(-1), qint64(-1)));
    }

    void localCopiesStayOffTheBandwidthScale() {
        // a rank's own copy at ~480 GB/s beside HCCS links at 16–28 GB/s: the scale spans the links only
        auto cell = [](int64_t s, int64_t d, const char* t, int64_t bytes, int64_t ns) {
            query::CommCell c;
            c.src = s;
            c.dst = d;
            c.transports = {t};
            c.bytes = bytes;
            c.timeNs = ns;
            return c;
        };
        query::CommMatrix m;
        m.cells = {cell(0, 0, "LOCAL", 480000, 1000), cell(0, 1, "HCCS", 28000, 1000),
                   cell(1, 0, "HCCS", 16000, 1000)};
        auto s = views::CommScale::forMatrix(m, views::CommMetric::Bandwidth);
        QVERIFY(s.localOffScale);
        QVERIFY(s.offScale(m.cells[0]) && !s.offScale(m.cells[1]));
        QCOMPARE(s.lo, 16.0);
        QCOMPARE(s.hi, 28.0);
        QVERIFY(s.position(16.0) < 0.01 && s.position(28.0) > 0.99); // the slow link reads far from the rest
        // sizes: every cell is on the scale; a matrix of copies only keeps them on it
        s = views::CommScale::forMatrix(m, views::CommMetric::Size);
        QVERIFY(!s.localOffScale);
        QCOMPARE(s.hi, 480000.0);
        m.cells.resize(1);
        s = views::CommScale::forMatrix(m, views::CommMetric::Bandwidth);
        QVERIFY(!s.localOffScale);
        QCOMPARE(s.lo, 480.0);
    }
    void honestStates_data() {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<bool>("logical");
        QTest::addColumn<QString>("note");
        QTest::addColumn<QString>("empty");
        QTest::newRow("group-local")
            << "group-local" << false
            << "ranks are group-local: profiler_metadata.json has no parallel_group_info"
            << "";
        QTest::newRow("kineto") << "global" << true << "Kineto: logical bytes, not link bandwidth"
                                << "";
        QTest::newRow("level0") << "global" << false << ""
                                << "no link data (Level0 export)";
    }
    void honestStates() {
        QFETCH(QString, scope);
        QFETCH(bool, logical);
        QFETCH(QString, note);
        QFETCH(QString, empty);
        auto m = std::make_shared<query::CommMatrix>();
        m->scope = scope.toStdString();
        m->logical = logical;
        if (!note.isEmpty()) m->notes.push_back(note.toStdString());
        if (empty.isEmpty()) {
            m->ranks = {0, 1};
            query::CommCell cell;
            cell.src = 0;
            cell.dst = 1;
            cell.bytes = 1000;
            if (!logical) cell.timeNs = 10;
            m->cells.push_back(cell);
        } else {
            m->empty = empty.toStdString();
        }
        views::CommMatrixView v(nullptr, nullptr);
        v.resize(700, 500);
        v.setMatrix(m);
        const QString said = v.noticeText();
        QVERIFY2(said.contains(note.isEmpty() ? empty : note), qPrintable(said));
    }
};

QTEST_MAIN(TstCommMatrixView)
#include "tst_commmatrixview.moc"
