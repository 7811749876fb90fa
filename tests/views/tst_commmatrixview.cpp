// The Communication view offscreen, on the indexed Ascend demo through a real QueryService: the grid has a
// cell per link, the demo's slow link (the plan's truth) is the one cell outlined in ink, a click selects
// that link in the shared InteractionState and the view completes the selection with the link's
// collectives from the timeline (spans, window). Honest states from hand-made matrices: group-local ranks,
// Kineto logical bytes, hccl_raw's unnamed size units, no link data; the bandwidth colour follows the
// slow-link judgement (ratio to the transport's median on a fixed scale; small-message links hatched, not
// judged).
#include "core/demo/demoplan.h"
#include "core/index/sqlite.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/comm/commmatrixview.h"
#include "views/comm/commscale.h"
#include "views/common/interactionstate.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QScrollArea>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;

class TstCommMatrixView : public QObject {
    Q_OBJECT
    std::string m_db;
    demo::DemoTruth m_truth;

    /// A copy of the demo's index with a second group ("second-group": the same links under another
    /// name); "" when the copy failed.
    std::string twoGroupCopy(const char* name) const {
        const std::string copy = test::tempDir(name) + "/two-groups.db";
        if (!QFile::copy(QString::fromStdString(m_db), QString::fromStdString(copy))) return {};
        index::Db db(copy);
        db.exec("INSERT INTO comm_text(value) VALUES('second-group')");
        db.exec("INSERT INTO comm_group SELECT run_id, 'second-group', 'second', rank_scope, members, note "
                "FROM comm_group");
        db.exec("INSERT INTO comm_link SELECT run_id, rank, step, op_id, entry_id, summed, (SELECT id FROM "
                "comm_text WHERE value = 'second-group'), src_rank, dst_rank, global, transport_id, bytes, "
                "time_ns, op_count, logical, link_row FROM comm_link");
        return copy;
    }

    /// The group box of a view of twoGroupCopy's index.
    static QComboBox* groupBox(const views::CommMatrixView& v) {
        for (auto* c : v.findChildren<QComboBox*>())
            if (c->findData(QString("second-group")) >= 0) return c;
        return nullptr;
    }
    /// The demo's own group in that box (past "every group").
    static int firstGroup(const QComboBox* box) {
        return box->findData(QString("second-group")) == 1 ? 2 : 1;
    }

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
        QSignalSpy shown(&v, &views::CommMatrixView::ranksToShow);
        QTRY_VERIFY_WITH_TIMEOUT(!state.selection().spans.empty(), 20000);
        QVERIFY(state.windowEnd() > state.windowStart());
        // the window shows the first outlined collective at a fifth of its width (a window over every
        // step's collectives drew them as slivers); both ranks asked to be shown
        index::Db db(m_db, true);
        const auto link = query::loadLinkSpans(db, m->run, std::nullopt, m->group, s, d);
        qint64 firstDur = 0, at = INT64_MAX;
        for (const auto& it : link.spans)
            if (it.startNs < at) firstDur = it.endNs - it.startNs, at = it.startNs;
        QVERIFY(firstDur > 0);
        QVERIFY(state.windowStart() <= at && state.windowEnd() >= at + firstDur);
        QVERIFY2((state.windowEnd() - state.windowStart()) <=
                     std::max<qint64>(6 * firstDur, 20000 + firstDur),
                 qPrintable(QString("window %1 ns, collective %2 ns")
                                .arg(state.windowEnd() - state.windowStart())
                                .arg(firstDur)));
        QCOMPARE(shown.count(), 1);
        QCOMPARE(shown.at(0).at(0).value<QList<qint64>>(), (QList<qint64>{s, d}));
        QVERIFY2(v.captionText().contains("outlined on the timeline"), qPrintable(v.captionText()));
        QCOMPARE(c->selected(), std::make_pair(s, d));
        // another kind of selection clears the cell's highlight
        views::Selection other2;
        other2.kind = views::Selection::Kind::OpType;
        other2.opType = "MatMulV2";
        state.setSelection(other2);
        QCOMPARE(c->selected(), std::make_pair(qint64(-1), qint64(-1)));
    }

    void colourFollowsTheJudgement() {
        // .db level1's row: HCCS links at 14.8 … 15.1 GB/s (2 %, none slow) must look alike; a link at
        // 10 GB/s (slow: under 0.8 × the median) must look different; a LOCAL copy at 480 GB/s is a type of
        // its own (alone: not judged, grey, not off the top of the links' scale); a 100-byte link is grey
        auto cell = [](int64_t s, int64_t d, const char* t, int64_t bytes, int64_t ns, int64_t ops) {
            query::CommCell c;
            c.src = s;
            c.dst = d;
            c.transports = {t};
            c.bytes = bytes;
            c.timeNs = ns;
            c.opCount = ops;
            return c;
        };
        query::CommMatrix m;
        m.ranks = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        m.cells.push_back(cell(0, 0, "LOCAL", 480000000, 1000000, 1));
        const double gbps[] = {14.8, 14.85, 14.9, 14.95, 15.0, 15.05, 15.1};
        for (int i = 0; i < 7; ++i)
            m.cells.push_back(cell(0, i + 1, "HCCS", int64_t(gbps[i] * 1e6), 1000000, 1));
        m.cells.push_back(cell(1, 0, "HCCS", 10000000, 1000000, 1)); // 10 GB/s
        m.cells.push_back(cell(2, 0, "HCCS", 100, 1300, 1));         // 100 B: latency-bound
        query::judgeSlowLinks(m);
        QVERIFY(m.at(1, 0)->slow && !m.at(0, 1)->slow && m.at(2, 0)->latencyBound);
        const auto s = views::CommScale::forMatrix(m, views::CommMetric::Bandwidth);
        auto dist = [](QColor a, QColor b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                   std::abs(a.blue() - b.blue());
        };
        const QColor lo = s.cellColor(*m.at(0, 1)), hi = s.cellColor(*m.at(0, 7));
        QVERIFY2(dist(lo, hi) < 12, qPrintable(lo.name() + " " + hi.name())); // 2 %: alike
        const QColor slow = s.cellColor(*m.at(1, 0));
        QVERIFY2(dist(slow, lo) > 150, qPrintable(slow.name() + " " + lo.name()));
        // one LOCAL copy is too few of its type to judge: grey, like the latency-bound link
        QCOMPARE(s.cellColor(*m.at(0, 0)), views::notJudgedColor());
        QCOMPARE(s.cellColor(*m.at(2, 0)), views::notJudgedColor());
        // the tooltip says why a small-message link is not judged; the canvas paints it hatched
        views::CommMatrixCanvas c;
        c.setMatrix(std::make_shared<const query::CommMatrix>(m));
        const QString tip = c.linkText(*m.at(2, 0));
        QVERIFY2(tip.contains("small messages (mean 100 B): latency-bound, not judged"), qPrintable(tip));
        QVERIFY2(!tip.contains("slow"), qPrintable(tip));
        // the cell's figure is the tooltip's (0.0248 GB/s, not 0.025 beside 0.02)
        m.cells.push_back(cell(3, 0, "HCCS", 112, 4520, 4));
        c.setMatrix(std::make_shared<const query::CommMatrix>(m));
        QVERIFY2(c.linkText(m.cells.back()).contains("= 0.0248 GB/s"),
                 qPrintable(c.linkText(m.cells.back())));
        // sizes: a narrow range is widened to a factor kMinSpan
        const auto z = views::CommScale::forMatrix(m, views::CommMetric::Size);
        QVERIFY(z.hi / z.lo >= views::kMinSpan * 0.999);
        // one group of several pictured says so (walk 20b: test_data's export drew one of six groups, its
        // HCCS traffic in another, with nothing said)
        m.groups = {{"g1", "", "group-local", "", {}, 10, false},
                    {"g2", "", "group-local", "", {}, 99, false}};
        m.group = "g1";
        c.setMatrix(std::make_shared<const query::CommMatrix>(m));
        QVERIFY2(c.captionLines().first().contains("group g1, one of 2 groups"),
                 qPrintable(c.captionLines().first()));
        m.groups.resize(1);
        c.setMatrix(std::make_shared<const query::CommMatrix>(m));
        QVERIFY(!c.captionLines().first().contains("one of"));
    }
    void oneValueHasNoRange() {
        // one Kineto link of 307 MB (hta nccl_parser_config has one): the legend shows that value alone, one
        // swatch, not a gradient from 153 to 613 MB (a range widened about the value); two values still get
        // the log ramp
        auto m = std::make_shared<query::CommMatrix>();
        m->logical = true;
        m->ranks = {0, 1};
        query::CommCell cell;
        cell.src = 0;
        cell.dst = 1;
        cell.bytes = 307000000;
        m->cells.push_back(cell);
        views::CommMatrixCanvas c;
        c.resize(700, 400);
        c.setMatrix(m);
        c.setMetric(views::CommMetric::Size);
        QCOMPARE(c.scale().only, 307000000.0);
        // the legend column (20 px right of the 2 cells' columns): below the swatch's 12 px only the base
        const QRect last = c.cellRect(0, 1);
        const int lx = last.left() + last.width() + 1 + 20;
        const int top = c.cellRect(0, 0).top();
        const QImage img = c.grab().toImage();
        const QColor base = c.palette().base().color();
        QVERIFY(img.pixelColor(lx + 7, top + 6) != base);
        for (int y = top + 40; y < top + 100; y += 10)
            QVERIFY2(img.pixelColor(lx + 7, y) == base, qPrintable(QString::number(y)));
        m->cells.push_back(cell);
        m->cells.back().src = 1;
        m->cells.back().dst = 0;
        m->cells.back().bytes = 300000000;
        c.setMatrix(m);
        QVERIFY(std::isnan(c.scale().only));
    }
    void aTransportNameIsWholeWhereItFits() {
        // walk 38: the transport metric cut every name to 4 letters, so LOCAL read "LOCA"
        query::CommCell cell;
        cell.transports = {"LOCAL"};
        const QFontMetrics fm(QApplication::font());
        const int wide = fm.horizontalAdvance("LOCAL") + 2;
        QCOMPARE(views::commCellText(cell, views::CommMetric::Transport, false, fm, wide), QString("LOCAL"));
        // too narrow: marked as cut, never a bare prefix that reads as another word
        const QString cut = views::commCellText(cell, views::CommMetric::Transport, false, fm, wide / 2);
        QVERIFY2(cut.isEmpty() || cut.endsWith(QChar(0x2026)), qPrintable(cut));
        cell.transports = {"HCCS", "RDMA"};
        QCOMPARE(views::commCellText(cell, views::CommMetric::Transport, false, fm, 400), QString("mixed"));
    }
    void hcclRawUnitsAreNotBytes() {
        // r47d: a hccl_raw link_info link (cluster_propose's rank 0 file, 1 → 0 over all steps: size
        // 276 416.512 in hccl_raw's unnamed unit, 13.2 ms) is told in hccl_raw's units: no bytes, no GB/s, no
        // slow-link rule; only the size colours it, whatever metric was preferred
        auto m = std::make_shared<query::CommMatrix>();
        m->scope = "group-local";
        m->hcclRawUnits = true;
        m->ranks = {0, 1};
        query::CommCell cell;
        cell.src = 1;
        cell.dst = 0;
        cell.transports = {"SDMA"};
        cell.bytes = 276416512;
        cell.timeNs = 13204160;
        m->cells.push_back(cell);
        m->steps = {1, 6};
        m->linkOnlySteps = {6}; // in hccl_raw_0.csv only, step_trace_raw has steps 1–5 (r48c #1)
        views::CommMatrixView v(nullptr, nullptr);
        v.resize(700, 500);
        v.setPreferredMetric(views::CommMetric::Bandwidth);
        v.setMatrix(m);
        QStringList stepItems;
        for (auto* box : v.findChildren<QComboBox*>())
            if (box->count() && box->itemText(0) == "all steps")
                for (int i = 0; i < box->count(); ++i)
                    stepItems << box->itemText(i);
        QCOMPARE(stepItems, QStringList({"all steps", "step 1", "step 6 (links only)"}));
        QCOMPARE(v.metric(), views::CommMetric::Size);
        const QString tip = v.canvas()->linkText(m->cells.front());
        QVERIFY2(tip.contains("276416.512 (units as in hccl_raw)") && tip.contains("from hccl_raw link_info"),
                 qPrintable(tip));
        QVERIFY2(!tip.contains("GB/s") && !tip.contains(" MB") && !tip.contains("bytes"), qPrintable(tip));
        // the cell's own figure: hccl_raw's number with a multiplier, not "276 MB" (cluster_propose's export)
        QCOMPARE(views::hcclRawSizeShort(cell.bytes), QString("276k"));
        QCOMPARE(views::hcclRawSizeShort(3329792), QString("3.33k"));
        QCOMPARE(views::hcclRawSizeShort(18432), QString("18.4"));
        // r49b #7: the legend wrote "276416.512" beside the cell's "276k": one formatter for both
        QCOMPARE(v.canvas()->legendValueTexts(), QStringList({"276k"}));
        {
            auto two = std::make_shared<query::CommMatrix>(*m);
            query::CommCell other = cell;
            other.src = 0;
            other.dst = 1;
            other.bytes = 3329792; // 3 329.792 units: a range from 3.33k to 276k, wider than kMinSpan
            two->cells.push_back(other);
            views::CommMatrixView both(nullptr, nullptr);
            both.resize(700, 500);
            both.setMatrix(two);
            QCOMPARE(both.canvas()->legendValueTexts(), QStringList({"276k", "3.33k"}));
        }
        const QString colour = v.canvas()->captionLines().value(1);
        QVERIFY2(colour.contains("size (units as in hccl_raw)") && !colour.contains("slow"),
                 qPrintable(colour));
        QVERIFY2(v.captionText().contains("no bandwidth") && !v.captionText().contains("(outlined)"),
                 qPrintable(v.captionText()));
        // a click selects the link saying its figures are hccl_raw's units, so Details does not promise
        // bytes and a bandwidth the tooltip never gives (r48c #6)
        views::InteractionState state;
        views::CommMatrixView clicked(&state, nullptr);
        clicked.setMatrix(m);
        emit clicked.canvas()->cellClicked(1, 0);
        QCOMPARE(state.selection().kind, views::Selection::Kind::CommLink);
        QVERIFY(state.selection().linkSize == views::Selection::LinkSize::HcclRawUnits);
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
        if (!note.isEmpty()) QVERIFY2(said.contains(note), qPrintable(said));
        // why no matrix: said once, in the grid's place, not again in the notice above it (walk 26)
        QCOMPARE(v.canvas()->placeholderText(), empty);
        if (!empty.isEmpty()) QVERIFY2(!said.contains(empty), qPrintable(said));
    }

    void stepIsChosenNotFollowed() {
        // walk 38 #5: the matrix followed a step selected in the drill-down silently (not a finding's);
        // #2: a link selected in step N (a saved view's) stood over the all-steps matrix
        query::QueryService service;
        service.open(QString::fromStdString(m_db));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::CommMatrixView v(&state, &service);
        v.setProfile(0);
        QTRY_VERIFY_WITH_TIMEOUT(v.matrix() && !v.matrix()->cells.empty(), 20000);
        QVERIFY(v.matrix()->steps.size() >= 2);
        const qint64 first = v.matrix()->steps.front(), last = v.matrix()->steps.back();
        views::Selection step;
        step.kind = views::Selection::Kind::Step;
        step.rank = 0;
        step.step = first;
        state.setSelection(step);
        QTest::qWait(500); // a matrix asked for would be back by now
        QVERIFY(!v.currentRequest().step);
        QVERIFY(!v.matrix()->step);
        // said above the grid, where a default-height dock shows it (r51c: under the grid, in the caption,
        // it was scrolled out of sight)
        const QString note = "selected step " + QString::number(first) + " is not followed";
        QVERIFY2(v.stepNoteText().contains(note), qPrintable(v.stepNoteText()));
        QVERIFY2(!v.captionText().contains("not followed"), qPrintable(v.captionText()));
        v.resize(900, 260); // a default-height dock: the grid scrolls, the note stays in sight
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        auto* label = v.findChild<QLabel*>("commStepNote");
        QVERIFY(label && label->isVisible() && label->text().contains(note));
        auto* scroll = v.findChild<QScrollArea*>();
        QVERIFY(scroll);
        QVERIFY2(label->geometry().bottom() < scroll->geometry().top(),
                 qPrintable(QString("note at %1, grid from %2").arg(label->y()).arg(scroll->y())));
        // a link of step `last`: its figures are that step's, and so is the matrix
        views::Selection link;
        link.kind = views::Selection::Kind::CommLink;
        link.linkSrc = 0;
        link.linkDst = 1;
        link.group = QString::fromStdString(v.matrix()->group);
        link.step = last;
        state.setSelection(link);
        QTRY_VERIFY_WITH_TIMEOUT(v.matrix()->step == std::optional<int64_t>(last), 20000);
        QVERIFY2(v.stepNoteText().isEmpty(), qPrintable(v.stepNoteText()));
        QVERIFY(!v.findChild<QLabel*>("commStepNote")->isVisible());
        // a step asked for before the run's matrix arrived (a saved view's) is the one shown
        views::CommMatrixView v2(nullptr, &service);
        v2.setProfile(0);
        v2.showStep(first);
        QTRY_VERIFY_WITH_TIMEOUT(v2.matrix() && v2.matrix()->step == std::optional<int64_t>(first), 20000);
        QTest::qWait(300);
        QCOMPARE(v2.matrix()->step, std::optional<int64_t>(first));
        QCOMPARE(v2.step(), first);
    }

    void aSelectedLinkFollowsTheStepBox() {
        // issue 19: a link selected over all steps stayed "all steps, 40 collective spans" in Details after
        // the step box showed one step's matrix
        query::QueryService service;
        service.open(QString::fromStdString(m_db));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::CommMatrixView v(&state, &service);
        v.setProfile(0);
        QTRY_VERIFY_WITH_TIMEOUT(v.matrix() && !v.matrix()->cells.empty(), 20000);
        const qint64 last = v.matrix()->steps.back();
        const qint64 s = m_truth.slowLinkSrc, d = m_truth.slowLinkDst;
        v.canvas()->cellClicked(s, d); // as a click on the cell
        QTRY_VERIFY_WITH_TIMEOUT(!state.selection().spans.empty(), 20000);
        QCOMPARE(state.selection().step, qint64(-1));
        const std::vector<qint64> every = state.selection().spans;
        state.setWindow(state.boundsStart() + 5, state.boundsStart() + 1000000); // the user looks elsewhere
        const std::pair<qint64, qint64> looked{state.windowStart(), state.windowEnd()};
        QComboBox* box = nullptr;
        for (auto* c : v.findChildren<QComboBox*>())
            if (c->count() > 0 && c->itemText(0) == "all steps") box = c;
        QVERIFY(box);
        box->setCurrentIndex(box->findData(qlonglong(last))); // as the user picks it
        QTRY_COMPARE_WITH_TIMEOUT(state.selection().step, last, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!state.selection().spans.empty() && !v.resolvingLink(), 20000);
        const views::Selection& sel = state.selection();
        QCOMPARE(sel.kind, views::Selection::Kind::CommLink);
        QCOMPARE(sel.linkSrc, s);
        QCOMPARE(sel.linkDst, d);
        QTRY_COMPARE_WITH_TIMEOUT(v.matrix()->step, std::optional<int64_t>(last), 20000);
        QCOMPARE(v.canvas()->selected(), std::make_pair(s, d));
        // its collectives are those of the all-steps link that lie in that step's time on their rank
        // (counted through the step table's bounds, not the collectives' step column)
        index::Db db(m_db, true);
        auto inStep = db.prepare("SELECT count(*) FROM span sp JOIN track t ON t.track_id = sp.track_id JOIN "
                                 "step st ON st.rank = t.rank AND st.step = ?2 WHERE sp.span_id = ?1 AND "
                                 "sp.ts_ns >= st.start_ns AND sp.ts_ns < st.end_ns");
        std::vector<qint64> expected;
        for (qint64 id : every) {
            inStep.bind(1, int64_t(id)).bind(2, int64_t(last));
            if (inStep.step() && inStep.i64(0) > 0) expected.push_back(id);
            inStep.reset();
        }
        QVERIFY(!expected.empty() && expected.size() < every.size());
        QCOMPARE(sel.spans, expected);
        // the window stays where the user looked
        QCOMPARE(state.windowStart(), looked.first);
        QCOMPARE(state.windowEnd(), looked.second);
        // back to all steps: every collective again
        box->setCurrentIndex(0);
        QTRY_COMPARE_WITH_TIMEOUT(state.selection().step, qint64(-1), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(state.selection().spans, every, 20000);
    }
    void aLinkOfAnotherGroupLeavesDetails() {
        // issue 19: with a link selected, choosing another group in the group box drew that group's matrix
        // while the selection (and Details) stayed on the old group's link as the current one. The demo
        // has one group: a copy of its index gets a second one (the same links under another name)
        const std::string copy = twoGroupCopy("commgroups");
        QVERIFY(!copy.empty());
        query::QueryService service;
        service.open(QString::fromStdString(copy));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::CommMatrixView v(&state, &service);
        v.setProfile(0);
        QTRY_VERIFY_WITH_TIMEOUT(v.matrix() && !v.matrix()->cells.empty(), 20000);
        QCOMPARE(v.matrix()->groups.size(), size_t(2));
        QComboBox* box = groupBox(v);
        QVERIFY(box);
        const int first = firstGroup(box);
        const int second = box->findData(QString("second-group"));
        QVERIFY(first != second && first < box->count() && !box->itemData(first).toString().isEmpty());
        box->setCurrentIndex(first); // one group's matrix, as the user picks it
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(v.matrix()->group), box->itemData(first).toString(),
                                  20000);
        v.canvas()->cellClicked(m_truth.slowLinkSrc, m_truth.slowLinkDst); // as a click on the cell
        QCOMPARE(state.selection().kind, views::Selection::Kind::CommLink);
        QCOMPARE(state.selection().group, box->itemData(first).toString());
        box->setCurrentIndex(second); // the other group
        QTRY_COMPARE_WITH_TIMEOUT(v.matrix()->group, std::string("second-group"), 20000);
        QVERIFY2(state.selection().kind != views::Selection::Kind::CommLink,
                 "the old group's link is no longer the selection (Details describes it no more)");
        QVERIFY2(v.captionText().contains("deselected"), qPrintable(v.captionText()));
        QCOMPARE(v.canvas()->selected(), std::make_pair(qint64(-1), qint64(-1)));
    }
    void aLinkSelectedElsewhereBringsItsGroup() {
        // r53a: a finding or a saved view selecting a link of a group other than the one the matrix showed
        // kept it selected (Details described it) but outlined it nowhere: the group box stayed
        const std::string copy = twoGroupCopy("commgroupfollow");
        QVERIFY(!copy.empty());
        query::QueryService service;
        service.open(QString::fromStdString(copy));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::CommMatrixView v(&state, &service);
        v.setProfile(0);
        QTRY_VERIFY_WITH_TIMEOUT(v.matrix() && !v.matrix()->cells.empty(), 20000);
        QComboBox* box = groupBox(v);
        QVERIFY(box);
        const int other = firstGroup(box);
        QVERIFY(other < box->count() && !box->itemData(other).toString().isEmpty());
        box->setCurrentIndex(other); // the matrix shows the first group
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(v.matrix()->group), box->itemData(other).toString(),
                                  20000);
        views::Selection link; // as a finding selects it
        link.kind = views::Selection::Kind::CommLink;
        link.group = "second-group";
        link.step = -1;
        link.linkSrc = m_truth.slowLinkSrc;
        link.linkDst = m_truth.slowLinkDst;
        state.setSelection(link);
        QTRY_COMPARE_WITH_TIMEOUT(v.matrix()->group, std::string("second-group"), 20000);
        QCOMPARE(box->currentData().toString(), QString("second-group"));
        QCOMPARE(state.selection().kind, views::Selection::Kind::CommLink); // not deselected on the way
        QCOMPARE(state.selection().group, QString("second-group"));
        QCOMPARE(v.canvas()->selected(),
                 std::make_pair(qint64(m_truth.slowLinkSrc), qint64(m_truth.slowLinkDst)));
    }
};

QTEST_MAIN(TstCommMatrixView)
#include "tst_commmatrixview.moc"
