// The Details panel on the demo: the run's report until something is chosen; a span's name, op type and
// duration as the index has them; an (op type, rank)'s histogram, gone as soon as anything else is chosen
// (also when its answer arrives late); a step's waits; a tensor's size, address and lifetime; a finding's
// sentence above what it selected; an answer for an earlier selection never shown for a later one.
#include "app/gui/detailspanel.h"
#include "app/gui/searchcontroller.h"
#include "app/gui/viewstate.h"
#include "tests/support/clusterfixture.h"
#include "tests/support/testsupport.h"
#include "views/common/timemapping.h"
#include "views/details/histogramview.h"
#include "views/timeline/timelineview.h"

#include <QChart>
#include <QSignalSpy>
#include <QTextDocument>
#include <QtTest>
#include <filesystem>

using namespace rs;
using views::Selection;

class TstDetailsPanel : public QObject {
    Q_OBJECT
    test::Indexed m_ix;
    query::QueryService* m_service = nullptr;
    std::shared_ptr<const query::ProfileSummary> m_summary;

    /// The Details panel's text for step 2 of rank 1 under `sum`.
    QString stepText(std::shared_ptr<const query::ProfileSummary> sum) {
        views::InteractionState state;
        state.setBounds(sum->startNs, sum->endNs);
        gui::DetailsPanel panel(&state, m_service);
        panel.setSummary(sum);
        Selection step;
        step.kind = Selection::Kind::Step;
        step.rank = 1;
        step.step = 2;
        state.setSelection(step);
        return panel.plainText();
    }

    /// A real sample indexed into a cache of the test's own.
    static test::Indexed sampleIndex(const std::string& dir) {
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("detailspanel-cache")));
        return test::indexDir(dir);
    }

    /// The summary `service` gives of the index at `dbPath` (null if none came in 20 s).
    static std::shared_ptr<const query::ProfileSummary> summaryOf(query::QueryService& service,
                                                                  const std::string& dbPath) {
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(dbPath));
        if (!ready.wait(20000)) return nullptr;
        return ready.last().first().value<std::shared_ptr<const query::ProfileSummary>>();
    }

    Selection span(const std::string& where) {
        const auto r =
            QString::fromStdString(
                m_ix.rows("SELECT s.span_id, t.rank FROM span s JOIN track t USING(track_id) WHERE " + where +
                          " ORDER BY s.span_id LIMIT 1")
                    .at(0))
                .split('|');
        Selection s;
        s.kind = Selection::Kind::Span;
        s.spanId = r[0].toLongLong();
        s.rank = r[1].toInt();
        return s;
    }

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("detailspanel", 2, 4, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
        m_service = new query::QueryService(this);
        QSignalSpy ready(m_service, &query::QueryService::summaryReady);
        m_service->open(QString::fromStdString(m_ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        m_summary = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
    }
    void followsTheSelection() {
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        gui::DetailsPanel panel(&state, m_service);
        panel.resize(500, 600);
        panel.show();
        panel.setSummary(m_summary);
        QVERIFY(panel.plainText().contains(QString::fromStdString(m_summary->reportText).left(40)));
        QVERIFY(panel.histogram()->isHidden());
        // a span: its name, op type and duration as the index has them
        const Selection mm = span("s.op_type_id = (SELECT id FROM string WHERE value = 'MatMulV2')");
        const auto row =
            QString::fromStdString(
                m_ix.rows("SELECT n.value, s.dur_ns FROM span s JOIN string n ON n.id = s.name_id WHERE "
                          "s.span_id = " +
                          std::to_string(mm.spanId))
                    .at(0))
                .split('|');
        state.setSelection(mm);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains(row[0]), 10000);
        QVERIFY(panel.plainText().contains("MatMulV2"));
        QVERIFY(panel.plainText().contains(views::formatDuration(row[1].toLongLong())));
        // walk 23: an Ascend kernel has no category (no cat in its files): no empty "category" row
        QCOMPARE(m_ix.rows("SELECT coalesce(c.value, '') FROM span s LEFT JOIN string c ON c.id = s.cat_id "
                           "WHERE s.span_id = " +
                           std::to_string(mm.spanId)),
                 std::vector<std::string>{""});
        QVERIFY2(!panel.plainText().contains("category"), qPrintable(panel.plainText()));
        // an (op type, rank): its histogram
        Selection op;
        op.kind = Selection::Kind::OpType;
        op.opType = "MatMulV2";
        op.rank = 1;
        state.setSelection(op);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.histogram()->isHidden() && panel.histogram()->histogram(), 10000);
        QCOMPARE(QString::fromStdString(panel.histogram()->histogram()->opType), QString("MatMulV2"));
        QCOMPARE(panel.histogram()->histogram()->rank, 1);
        // an op type without device kernels on the rank (a bank anomaly's AllReduce): no empty chart asking
        // for a heatmap cell, a line that says there is nothing to plot
        Selection none = op;
        none.opType = "NoSuchOp";
        state.setSelection(none);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains("no duration histogram"), 10000);
        QVERIFY(panel.histogram()->isHidden());
        // walk17a M4: no span has it: nothing is highlighted, and the panel says so instead of claiming it
        QVERIFY2(panel.plainText().contains("nothing is highlighted on the timeline") &&
                     !panel.plainText().contains("Spans of this op type on this rank are highlighted"),
                 qPrintable(panel.plainText()));
        // a bank anomaly's "AllReduce" names the collective's algorithm (the memory records' name): its
        // collectives, op type hcom_allReduce_ in the demo's files, are what the timeline highlights
        Selection memOp = op;
        memOp.opType = "AllReduce";
        state.setSelection(memOp);
        QVERIFY2(panel.plainText().contains("The collectives of op type hcom_allReduce_ on this rank are "
                                            "highlighted on the timeline") &&
                     !panel.plainText().contains("Spans of this op type on this rank are highlighted"),
                 qPrintable(panel.plainText()));
        // anything else chosen: the histogram goes at once, and a late answer does not bring it back
        state.setSelection(op);
        Selection step;
        step.kind = Selection::Kind::Step;
        step.rank = 0;
        step.step = 2;
        op.rank = 0;
        state.setSelection(op);
        state.setSelection(step); // the histogram for rank 0 is still on its way
        QVERIFY(panel.histogram()->isHidden());
        QVERIFY(panel.histogram()->histogram() == nullptr);
        QTest::qWait(500);
        QVERIFY(panel.histogram()->isHidden());
        QVERIFY(panel.plainText().startsWith("Rank 0, step 2"));
        // two spans in a row: only the later one's details
        const Selection other =
            span("s.name_id != (SELECT name_id FROM span WHERE span_id = " + std::to_string(mm.spanId) + ")");
        const QString otherName = QString::fromStdString(
            m_ix.rows("SELECT n.value FROM span s JOIN string n ON n.id = s.name_id WHERE s.span_id = " +
                      std::to_string(other.spanId))
                .at(0));
        QVERIFY(!otherName.contains(row[0]) && !row[0].contains(otherName));
        state.setSelection(mm);
        state.setSelection(other);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains(otherName), 10000);
        QTest::qWait(300);
        QVERIFY(!panel.plainText().contains(row[0]));
    }
    void saysWhatTheMemoryMapHighlights() {
        // walk18b #3: "tensors it allocated are highlighted in the memory map" for MatMulV2 on text/level1,
        // whose memory records name aten:: ops only: nothing was highlighted, and every bar was dimmed. The
        // panel says what the memory map found (views::MemoryMapView::opHighlightShown), and nothing before
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        gui::DetailsPanel panel(&state, m_service);
        panel.setSummary(m_summary);
        Selection op;
        op.kind = Selection::Kind::OpType;
        op.opType = "MatMulV2";
        op.rank = 1;
        state.setSelection(op);
        QVERIFY2(!panel.plainText().contains("memory map"), qPrintable(panel.plainText()));
        panel.memoryHighlightShown("MatMulV2", 0, 3); // another rank's map: not this selection's
        QVERIFY2(!panel.plainText().contains("memory map"), qPrintable(panel.plainText()));
        panel.memoryHighlightShown("MatMulV2", 1, 0);
        QVERIFY2(panel.plainText().contains("No tensor in rank 1's memory map names MatMulV2's ops") &&
                     panel.plainText().contains("nothing is highlighted there, and no tensor is dimmed"),
                 qPrintable(panel.plainText()));
        panel.memoryHighlightShown("MatMulV2", 1, 2);
        QVERIFY2(panel.plainText().contains(
                     "In the memory map, the 2 tensors whose records name MatMulV2 as "
                     "the op that allocated them, or one of its kernels (a \"cann::\" prefix aside), "
                     "are highlighted"),
                 qPrintable(panel.plainText()));
        state.setSelection(Selection{});
        QVERIFY(!panel.plainText().contains("memory map"));
    }
    void aHeatmapCellOnLanesNotDrawnIsNotSaidHighlighted() {
        // walk: a heatmap cell of rank 1 under the track filter "rank 0": Details said "Spans of this op type
        // on this rank are highlighted on the timeline", and no lane of rank 1 was drawn to show them
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        views::TimelineView timeline(&state, m_service);
        timeline.resize(1000, 600);
        timeline.setSummary(m_summary);
        gui::SearchController search(&state, m_service, &timeline);
        search.setSummary(m_summary);
        gui::DetailsPanel panel(&state, m_service);
        panel.setSummary(m_summary);
        connect(&search, &gui::SearchController::opKernelsDrawn, &panel,
                &gui::DetailsPanel::timelineHighlightShown);
        const views::LayoutOptions all = timeline.layoutOptions();
        views::LayoutOptions o = all;
        o.filter = "rank 0";
        timeline.setLayoutOptions(o);
        const qint64 kernels =
            m_ix.scalar("SELECT count(*) FROM span s JOIN track t USING(track_id) WHERE t.rank = 1 "
                        "AND t.kind = 'compute' AND s.op_type_id = (SELECT id FROM string WHERE "
                        "value = 'MatMulV2')");
        QVERIFY(kernels > 0);
        Selection op; // as the heatmap's cell does: the selection, then its kernels highlighted
        op.kind = Selection::Kind::OpType;
        op.opType = "MatMulV2";
        op.rank = 1;
        state.setSelection(op);
        QSignalSpy drawn(&search, &gui::SearchController::opKernelsDrawn);
        search.highlightOpKernels("MatMulV2", 1);
        QVERIFY(drawn.wait(20000));
        const QString text = panel.plainText();
        QVERIFY2(!text.contains("highlighted on the timeline"), qPrintable(text));
        QVERIFY2(
            text.contains(QString("Not drawn: the %1 kernels of this op type on this rank are all on lanes "
                                  "hidden by the track filter \"rank 0\"")
                              .arg(kernels)) &&
                text.contains("To see them: clear or widen the track filter."),
            qPrintable(text));
        // the filter cleared, the same cell: highlighted, as drawn
        timeline.setLayoutOptions(all);
        state.setSelection(Selection{});
        state.setSelection(op);
        search.highlightOpKernels("MatMulV2", 1);
        QVERIFY(drawn.wait(20000));
        QVERIFY2(
            panel.plainText().contains("Spans of this op type on this rank are highlighted on the timeline."),
            qPrintable(panel.plainText()));
    }
    void aLinkSaysWhatItsTooltipGives_data() {
        QTest::addColumn<int>("size"); // Selection::LinkSize
        QTest::addColumn<QString>("says");
        QTest::addColumn<QString>("never");
        QTest::newRow("bytes") << int(Selection::LinkSize::Bytes) << "its bytes, time and bandwidth"
                               << "units as in hccl_raw";
        QTest::newRow("logical") << int(Selection::LinkSize::LogicalBytes)
                                 << "its logical bytes (no time, no bandwidth)"
                                 << "bytes, time";
        // r48c #6: hccl_raw names no size unit; its tooltip gives no bytes and no GB/s
        QTest::newRow("hccl_raw") << int(Selection::LinkSize::HcclRawUnits)
                                  << "its size in units as in hccl_raw (no file names the unit) and its "
                                     "time; no bandwidth"
                                  << "bytes";
    }
    void aLinkSaysWhatItsTooltipGives() {
        QFETCH(int, size);
        QFETCH(QString, says);
        QFETCH(QString, never);
        views::InteractionState state;
        gui::DetailsPanel panel(&state, m_service);
        Selection link;
        link.kind = Selection::Kind::CommLink;
        link.linkSrc = 1;
        link.linkDst = 0;
        link.group = "hccl_raw_0.csv";
        link.linkSize = Selection::LinkSize(size);
        state.setSelection(link);
        QVERIFY2(panel.plainText().contains(says), qPrintable(panel.plainText()));
        QVERIFY2(!panel.plainText().contains(never), qPrintable(panel.plainText()));
    }
    void aStepsWallSourceAndAWaitNotKnown() {
        // server test_data: rank 1's step 2 is 294586.5 µs in step_trace_time.csv, its kernels and
        // collectives span 267.70 ms; resource/profiler run 0 is ranks 0 and 10 of a job whose ranks 1-9
        // are not there, with no wait of its own (tst_waitknowledge)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("detailspanel-cache")));
        const struct {
            std::string dir;
            int rank;
            int64_t step;
            QStringList says;
        } cases[] = {
            {"/msinsight/server/src/test/test_data",
             1,
             2,
             {"from step_trace_time.csv", "⚠ step_trace_time.csv rank 1 step 2: 295 ms, but this rank's "
                                          "events cover 268 ms of it"}},
            // level1 rank 1: step_trace_time.csv's Stage 131912.5 µs, Preparing 20433.25 µs after its
            // ProfilerStep#50 (153888.39 µs): the bounds every view uses and the band the timeline draws
            {"/msinsight/test/data/pytorch/text/level1",
             1,
             50,
             {"(132 ms): the first to the last device task as step_trace_time.csv counts them",
              "the step band the timeline draws: ", "(154 ms)"}},
            // the legacy rank 0 is key 10000: the CANN raw PROF_ device 0 (schema 42) claims key 0 first;
            // its step 1 is step_trace_raw_0_detail_time.csv's first row
            {"/mindinsight/tests/utils/resource/profiler",
             10000,
             1,
             {"wait not known: ranks of the job are missing"}}};
        for (const auto& c : cases) {
            auto ix = test::indexDir(samples + c.dir);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            query::QueryService service;
            QSignalSpy ready(&service, &query::QueryService::summaryReady);
            service.open(QString::fromStdString(ix.result.dbPath));
            QVERIFY(ready.wait(20000));
            // the run that holds the rank (a folder of several opens on the one with the most steps)
            service.selectRun(
                int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = " + std::to_string(c.rank))));
            QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 20000);
            auto summary = ready.last().first().value<std::shared_ptr<const query::ProfileSummary>>();
            views::InteractionState state;
            gui::DetailsPanel panel(&state, &service);
            panel.setSummary(summary);
            Selection st;
            st.kind = Selection::Kind::Step;
            st.rank = c.rank;
            st.step = c.step;
            state.setSelection(st);
            for (const QString& say : c.says)
                QVERIFY2(panel.plainText().contains(say), qPrintable(panel.plainText()));
        }
    }
    void theStepsMarkerAndTheWholeTraceAreNamed_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<int>("rank");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<QString>("says");
        QTest::addColumn<QString>("never");
        // walk 28: the PROF_ dir's msprof_0_2_1.json has one "Iteration 1" (cat "Iteration Time") on its
        // "Step Trace(Model ID:2)" lane and no ProfilerStep event (counted over the file)
        QTest::newRow("CANN's iterations")
            << "/mindinsight/tests/utils/resource/profiler/PROF_000001_20230818142704322_COJGGGCANRMICFBC"
            << 0 << qint64(1) << "CANN's step trace markers (Iteration N on the Step Trace lane)"
            << "ProfilerStep";
        // run_2's only step mark (step_trace_raw_1_detail_time.csv) is on another clock without
        // aicpu_intermediate_1.csv (its sync record, r53d: test::run2WithoutSync): the report counts 0 steps
        // (+1 whole trace), so its pseudo step 0 is no "step 0"
        QTest::newRow("a whole trace")
            << "run_2 without its sync record" << 1 << qint64(0) << "Rank 1, whole trace (no step marks)"
            << "step 0";
    }
    void theStepsMarkerAndTheWholeTraceAreNamed() {
        QFETCH(QString, dir);
        QFETCH(int, rank);
        QFETCH(qint64, step);
        QFETCH(QString, says);
        QFETCH(QString, never);
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = sampleIndex(dir.startsWith("/") ? samples + dir.toStdString()
                                                  : test::run2WithoutSync("details-whole"));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        query::QueryService service;
        const auto summary = summaryOf(service, ix.result.dbPath);
        QVERIFY(summary);
        views::InteractionState state;
        state.setBounds(summary->startNs, summary->endNs);
        gui::DetailsPanel panel(&state, &service);
        panel.setSummary(summary);
        Selection st;
        st.kind = Selection::Kind::Step;
        st.rank = rank;
        st.step = step;
        state.setSelection(st);
        QVERIFY2(panel.plainText().contains(says), qPrintable(panel.plainText()));
        QVERIFY2(!panel.plainText().contains(never, Qt::CaseInsensitive), qPrintable(panel.plainText()));
        // a tensor of that rank and step: in no step on a whole trace (walk 30: "in step 0")
        Selection t;
        t.kind = Selection::Kind::Tensor;
        t.tensorId = "t1";
        t.rank = rank;
        t.step = step;
        state.setSelection(t);
        QVERIFY2(!panel.plainText().contains(never), qPrintable(panel.plainText()));
        QVERIFY2(panel.plainText().contains(step == 0 ? "(the rank has no step marks)" : "in step 1"),
                 qPrintable(panel.plainText()));
        if (!says.contains("whole trace")) return;
        // a span of it: its "step" row says the same (the index's spans view puts the span in step 0)
        Selection sp;
        sp.kind = Selection::Kind::Span;
        sp.spanId = ix.scalar("SELECT min(span_id) FROM spans WHERE rank = " + std::to_string(rank) +
                              " AND step = " + std::to_string(step));
        sp.rank = rank;
        state.setSelection(sp);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains("depth"), 10000);
        QVERIFY2(panel.plainText().contains("none: the whole trace (no step marks)"),
                 qPrintable(panel.plainText()));
        QVERIFY2(!panel.plainText().contains(QRegularExpression("step\\s+0\\b")),
                 qPrintable(panel.plainText()));
    }
    void aSpanAfterTheLastStepSaysSo() {
        // walk 52: ns_resolution_trace's kernels starting after step 105's end (1021 device spans by Python
        // over the trace) are in no step; their "step" row says which side of the steps, not a bare "-"
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = sampleIndex(samples + "/hta/tests/data/ns_resolution_trace");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        query::QueryService service;
        const auto summary = summaryOf(service, ix.result.dbPath);
        QVERIFY(summary);
        views::InteractionState state;
        state.setBounds(summary->startNs, summary->endNs);
        gui::DetailsPanel panel(&state, &service);
        panel.setSummary(summary);
        Selection sp;
        sp.kind = Selection::Kind::Span;
        sp.spanId =
            ix.scalar("SELECT min(s.span_id) FROM spans s JOIN tracks t USING(track_id) WHERE t.kind = "
                      "'compute' AND s.ts_ns >= (SELECT max(end_ns) FROM steps)");
        sp.rank = int(ix.scalar("SELECT min(rank) FROM ranks"));
        QVERIFY(sp.spanId > 0);
        state.setSelection(sp);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains("depth"), 10000);
        QVERIFY2(panel.plainText().contains("none: it starts on the device after step 105 ends"),
                 qPrintable(panel.plainText()));
    }
    void tinyWaitsAreFolded() {
        // walk 23b: a step's Details listed many "waited 20 ns in hcom_allReduce__586_0_1" lines (the demo:
        // "1.00 µs"); waits of 1 µs or less are one line with their count and sum (3 × 20 + 400 + 1000 =
        // 1460 ns), the others each theirs
        auto sum = std::make_shared<query::ProfileSummary>(*m_summary);
        sum->waits.clear();
        const auto wait = [&](int64_t ns, const char* kind) {
            query::WaitDesc w;
            w.rank = 1;
            w.step = 2;
            w.collective = "hcom_allReduce__586_0_1";
            w.durNs = ns;
            w.kind = kind;
            sum->waits.push_back(w);
        };
        for (int i = 0; i < 3; ++i)
            wait(20, "collective_wait");
        wait(400, "collective_wait");
        wait(1000, "collective_wait");
        wait(1001, "collective_wait");
        wait(5'000'000, "collective_wait");
        wait(30, "idle_gap");
        const QString text = stepText(sum);
        QVERIFY2(!text.contains("waited 20 ns") && !text.contains("waited 400 ns"), qPrintable(text));
        QVERIFY2(text.contains("waited " + views::formatDuration(5'000'000) + " in hcom_allReduce__586_0_1"),
                 qPrintable(text));
        QVERIFY2(text.contains("waited " + views::formatDuration(1000) + " or less 5 times (" +
                               views::formatDuration(1460) + " in all)"),
                 qPrintable(text));
        QVERIFY2(text.contains("idle " + views::formatDuration(1000) + " or less 1 time (" +
                               views::formatDuration(30) + " in all)"),
                 qPrintable(text));
        // just over: its own line
        QVERIFY2(text.contains("waited " + views::formatDuration(1001) + " in hcom_allReduce__586_0_1"),
                 qPrintable(text));
    }
    void tinyWaitsSayWhereTheyComeFrom() {
        // walk 27 #3: a step's folded tiny waits said no source where its other waits say "measured in
        // hccl_raw" or "inferred from arrival order": 2 × 500 ns measured, 300 ns inferred, 1 300 ns in all
        auto sum = std::make_shared<query::ProfileSummary>(*m_summary);
        sum->waits.clear();
        for (auto [ns, source] :
             {std::pair<int64_t, const char*>{500, "hccl_raw"}, {500, "hccl_raw"}, {300, "arrival order"}}) {
            query::WaitDesc w;
            w.rank = 1;
            w.step = 2;
            w.collective = "AllReduce-op1";
            w.durNs = ns;
            w.kind = "collective_wait";
            w.source = source;
            sum->waits.push_back(w);
        }
        const QString text = stepText(sum);
        const QString line = "waited " + views::formatDuration(1000) + " or less 3 times (" +
                             views::formatDuration(1300) + " in all; ";
        QVERIFY2(text.contains(line), qPrintable(text));
        const QString from = text.mid(text.indexOf(line) + line.size()).section(')', 0, 0);
        QVERIFY2(from.contains(views::formatDuration(1000) + " measured in hccl_raw") &&
                     from.contains(views::formatDuration(300) + " inferred from arrival order"),
                 qPrintable(from));
    }
    void aWaitStoredInPiecesIsSaidOnceWhole() {
        // walk 28 #2 (msinsight text/level1): communication.json gives hcom_allReduce__586_0_1 one wait,
        // 5.6466 ms, stored as one row per run of its Notify_Wait tasks (5 615 692 + 20 + 20 + 30 901 ns);
        // Details listed "waited 5.62 ms" and "waited 30.9 µs", each "measured in communication.json"
        auto sum = std::make_shared<query::ProfileSummary>(*m_summary);
        sum->waits.clear();
        const int64_t pieces[] = {5'615'692, 20, 20, 30'901};
        int64_t whole = 0;
        for (int64_t ns : pieces)
            whole += ns;
        for (int64_t ns : pieces) {
            query::WaitDesc w;
            w.rank = 1;
            w.step = 2;
            w.collective = "hcom_allReduce__586_0_1";
            w.durNs = ns;
            w.totalNs = whole;
            w.pieces = 4;
            w.kind = "collective_wait";
            w.source = "communication.json";
            sum->waits.push_back(w);
        }
        const QString text = stepText(sum);
        QCOMPARE(text.count("hcom_allReduce__586_0_1"), 1);
        QVERIFY2(text.contains("waited " + views::formatDuration(whole) + " in hcom_allReduce__586_0_1"),
                 qPrintable(text));
        QVERIFY2(text.contains("drawn as 4 runs of its wait tasks"), qPrintable(text));
        QVERIFY2(!text.contains(views::formatDuration(30'901)), qPrintable(text));
        QVERIFY2(!text.contains("or less"), qPrintable(text)); // its 20 ns pieces are not folded apart
    }
    void aCollidedRankIsNamedAsItsLanes() {
        // resource/profiler: the legacy rank 0 is indexed as 10000 (the CANN device 0 of another run claims
        // key 0); its lanes say "Rank 0", Details said "rank / track 10000 / …" (walk 16)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("detailspanel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT data_rank FROM rank_info WHERE rank = 10000"), int64_t(0));
        const auto spanId = ix.scalar("SELECT min(s.span_id) FROM span s JOIN track t USING(track_id) WHERE "
                                      "t.rank = 10000");
        QVERIFY(spanId > 0);
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        service.selectRun(int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10000"))); // its run shown
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 20000);
        views::InteractionState state;
        gui::DetailsPanel panel(&state, &service);
        panel.setSummary(ready.last().first().value<std::shared_ptr<const query::ProfileSummary>>());
        Selection s;
        s.kind = Selection::Kind::Span;
        s.spanId = spanId;
        s.rank = 10000;
        state.setSelection(s);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains("track"), 10000);
        const QString text = panel.plainText();
        // the rank as its files number it, with its run (the folder holds 3), never the index key (walk 48e)
        const int run = int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10000"));
        QVERIFY2(text.contains(QString("rank 0 of run %1").arg(run)), qPrintable(text));
        QVERIFY2(!text.contains("rank / track") && !text.contains("10000"), qPrintable(text));
        // its (op type, rank): the heading and the histogram's title the same (walk 48e: "GetNext on rank
        // 10000")
        Selection op;
        op.kind = Selection::Kind::OpType;
        op.opType = "GetNext";
        op.rank = 10000;
        state.setSelection(op);
        QTRY_VERIFY_WITH_TIMEOUT(panel.histogram()->histogram(), 10000);
        QTextDocument drawn; // the chart's title is rich text, wrapped
        drawn.setHtml(panel.histogram()->chart()->title());
        const QString title = drawn.toPlainText().replace('\n', ' ').replace(QChar::LineSeparator, ' ');
        QVERIFY2(title.contains(QString("GetNext on rank 0 of run %1").arg(run)), qPrintable(title));
        QVERIFY2(panel.plainText().contains(QString("GetNext on rank 0 of run %1").arg(run)),
                 qPrintable(panel.plainText()));
        QVERIFY2(!title.contains("10000") && !panel.plainText().contains("10000"), qPrintable(title));
    }
    void clusterRankWithoutItsShard() {
        // a cluster index whose shard of rank 1 is gone: its (op type, rank) says the events are not known,
        // never "no device kernels" nor that spans are highlighted
        std::string err;
        const std::string dir = test::writeDemo("detailspanel-cluster", 2, 2, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        const test::Cluster c = test::makeCluster("detailspanel", dir, 2);
        QVERIFY(!c.cluster.empty());
        QVERIFY(
            std::filesystem::remove(c.shards + "/shard-2-of-2.sqlite")); // rank 1's (ranks by bytes: 0, 1)
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(c.cluster));
        QVERIFY(ready.wait(20000));
        const auto summary = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        QVERIFY(!summary->unreadRanks.empty());
        const int gone = summary->unreadRanks.front();
        views::InteractionState state;
        gui::DetailsPanel panel(&state, &service);
        panel.show();
        panel.setSummary(summary);
        Selection op;
        op.kind = Selection::Kind::OpType;
        op.opType = "MatMulV2";
        op.rank = gone;
        state.setSelection(op);
        QTRY_VERIFY_WITH_TIMEOUT(panel.plainText().contains("not known"), 10000);
        QVERIFY(!panel.plainText().contains("no duration histogram"));
        QVERIFY(!panel.plainText().contains("highlighted"));
        QVERIFY(panel.histogram()->isHidden());
    }
    void aReopenedTensorSelectionSaysWhatAFreshOneSays() {
        // walk 52: a tensor chosen in the memory map, saved in a .rsview and reopened, lost its step, size
        // and address in Details ("allocated by MatMulV2 on rank 0" and two times were left)
        views::InteractionState state;
        state.setBounds(1000, 1000000000);
        gui::DetailsPanel panel(&state, m_service);
        panel.setSummary(m_summary);
        Selection t; // as the memory map's click makes it
        t.kind = Selection::Kind::Tensor;
        t.rank = 0;
        t.tensorId = "t0_s1_a0";
        t.opType = "MatMulV2";
        t.step = 1;
        t.bytes = 32 * 1024 * 1024;
        t.addr = 0x12c100000000;
        t.startNs = 1000 + 295329;
        t.endNs = 1000 + 8581000;
        t.keepWindow = true;
        state.setSelection(t);
        const QString fresh = panel.plainText();
        QVERIFY2(fresh.contains("32.0 MiB") && fresh.contains("0x12c100000000") &&
                     fresh.contains("in step 1"),
                 qPrintable(fresh));
        gui::ViewState v;
        v.profile = QDir::tempPath();
        v.selection = t;
        const QString file = QString::fromStdString(test::tempDir("detailspanel-rsview")) + "/t.rsview";
        QString err;
        QVERIFY2(gui::writeViewState(v, file, err), qPrintable(err));
        const auto back = gui::readViewState(file, err);
        QVERIFY2(back, qPrintable(err));
        state.setSelection(Selection{});
        state.setSelection(back->selection);
        QCOMPARE(panel.plainText(), fresh);
        // an operator_memory.csv row keeps the name Details gives it, not its key
        t.tensorId = "om34";
        t.tensorName = "operator_memory.csv line 34";
        t.addr.reset();
        v.selection = t;
        QVERIFY2(gui::writeViewState(v, file, err), qPrintable(err));
        const auto om = gui::readViewState(file, err);
        QVERIFY2(om, qPrintable(err));
        QCOMPARE(om->selection.tensorName, t.tensorName);
        QVERIFY(!om->selection.addr);
        QCOMPARE(om->selection.bytes, t.bytes);
    }
    void tensorAndFinding() {
        views::InteractionState state;
        state.setBounds(1000, 1000000000);
        gui::DetailsPanel panel(&state, m_service);
        Selection t;
        t.kind = Selection::Kind::Tensor;
        t.tensorId = "t7";
        t.opType = "MatMulV2";
        t.rank = 1;
        t.step = 3;
        t.bytes = 3 * 1024 * 1024;
        t.addr = 0x1240000;
        t.startNs = 1000 + 2000000;
        t.endNs = 1000 + 5000000;
        state.setSelection(t);
        const QString text = panel.plainText();
        QVERIFY2(text.contains("tensor t7") && text.contains("3.0 MiB (3145728 bytes)") &&
                     text.contains("0x1240000") && text.contains("lifetime 3.00 ms"),
                 qPrintable(text));
        // an operator_memory.csv row names no tensor: the heading says which line it is, not its key "om34"
        t.tensorId = "om34";
        t.tensorName = "operator_memory.csv line 34";
        state.setSelection(t);
        QVERIFY2(panel.plainText().contains("tensor operator_memory.csv line 34") &&
                     !panel.plainText().contains("om34"),
                 qPrintable(panel.plainText()));
        t.tensorId = "t7";
        t.tensorName.clear();
        state.setSelection(t);
        gui::Finding f;
        f.kindName = "straggler";
        f.kind = model::FindingKind::Straggler;
        f.text = "rank 1 is slow in MatMulV2";
        f.lostNs = 0;
        panel.showFinding(f);
        QVERIFY(panel.plainText().startsWith("straggler"));
        QVERIFY(panel.plainText().contains("tensor t7")); // what it selected stays below
        state.clearSelection();
        QVERIFY(!panel.plainText().contains("straggler"));
    }
};

QTEST_MAIN(TstDetailsPanel)
#include "tst_detailspanel.moc"
