// The caption of an exported timeline says what shapes the lanes pictured: the window from the run's start,
// and — when set — the track filter (a filtered picture shows 2 of 110 tracks) and the marked area with
// its lanes; a heatmap's caption says neither, and a picture without them says nothing of them. A picture
// of the whole window counts only the annotations on screen.
#include "app/gui/captionbuilder.h"
#include "core/annotate/annotationset.h"
#include "tests/support/bandedstep.h"
#include "tests/support/timelinefixture.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/timemapping.h"
#include "views/timeline/framebuilder.h"

#include <QtTest>

using namespace rs;

class TstCaptionBuilder : public QObject {
    Q_OBJECT

    static query::ProfileSummary summary() {
        query::ProfileSummary s;
        s.ranks = {0, 1};
        s.startNs = 1000000000;
        s.endNs = 1200000000;
        return s;
    }

    /// A timeline picture's caption input over `s`, the whole run in `state`'s window.
    static gui::CaptionInput timelineInput(const query::ProfileSummary& s, views::InteractionState& state) {
        state.setBounds(s.startNs, s.endNs);
        gui::CaptionInput in;
        in.view = "timeline";
        in.profile = "/data/run";
        in.summary = &s;
        in.state = &state;
        return in;
    }

  private Q_SLOTS:
    void filterAndAreaAreSaid() {
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("from the run's start"), qPrintable(text));
        QVERIFY(!text.contains("track filter") && !text.contains("marked area"));
        in.trackFilter = "Stream 2";
        views::MarkedArea a;
        a.t0 = s.startNs + 20000000;
        a.t1 = s.startNs + 60000000;
        a.trackIds = {3, 4, 7};
        a.ranks = {0, 1};
        state.setArea(a);
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("track filter \"Stream 2\""), qPrintable(text));
        QVERIFY2(text.contains("marked area +20") && text.contains("+60") && text.contains("over 3 lanes"),
                 qPrintable(text));
        in.view = "heatmap"; // the whole run by op type: neither applies
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY(!text.contains("track filter") && !text.contains("marked area"));
        // the colour's definition is the ratio the heatmap holds (walk17a L4: trace_filter's
        // DeviceRadixSortOnesweepKernel 0.63 on rank 0 = (8 × 590 + 6 × 208.5) µs ÷ (8 × 1034.75 + 6 × 208.5)
        // µs by python over the two .json.gz; "kernel time ÷ its median over the ranks" gave 0.61); since
        // r51a each name's reference is its lower median over the ranks, and the caption says so
        QVERIFY2(
            text.contains(QString::fromUtf8("Σ count × median of each kernel name on the rank ÷ Σ count × "
                                            "that name's lower median over the ranks")),
            qPrintable(text));
    }
    void heatmapNamesItsPartialRank() {
        // walk 19: the exported heatmap of trace_filter with rank 1's file cut at 60 % cross-hatched rank 1's
        // column and nothing under the picture said which rank or file, nor why
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        in.view = "heatmap";
        query::HeatmapData h;
        h.columns = {"rank 0", "rank 1"};
        h.columnKeys = {0, 1};
        query::HeatCell read; // both ranks ran MatMul: rank 1's cut cell has a ratio to rank 0's
        read.present = true;
        read.count = 1;
        h.rows = {"MatMul"};
        h.cells = {{read, read}};
        in.heatmap = &h;
        QVERIFY(gui::buildCaption(in).notes.join("\n").isEmpty()); // nothing cut: nothing said
        h.cutRanks[1] = "sampled_rank-1.json";
        const QString notes = gui::buildCaption(in).notes.join("\n");
        QVERIFY2(notes.contains("Cross-hatched: rank 1 (sampled_rank-1.json cut or not read)") &&
                     notes.contains("partial rank"),
                 qPrintable(notes));
        in.view = "timeline"; // the timeline marks cut lanes itself
        QVERIFY(!gui::buildCaption(in).notes.join("\n").contains("Cross-hatched"));
    }
    void heatmapCaptionSaysTheGridAndColourShown() {
        // a picture of op × step in p95 was captioned with op × rank's ratio whatever was shown
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        in.view = "heatmap";
        query::HeatmapData h;
        h.mode = query::HeatmapData::Mode::OpByStep;
        h.rank = 3;
        in.heatmap = &h;
        in.heatmapStatistic = views::HeatStatistic::P95;
        QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("op type × step on rank 3 · colour: p95 duration") &&
                     !text.contains("Σ count"),
                 qPrintable(text));
        h.mode = query::HeatmapData::Mode::OpByRank;
        in.heatmapStatistic = views::HeatStatistic::Total;
        h.columns = {"rank 0", "rank 1", "rank 2"};
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(
            text.contains("op type × rank over the whole run · colour: total time · outlined: slow cells"),
            qPrintable(text));
        for (const QStringList& cols : {QStringList{"rank 0"}, QStringList{"rank 0", "rank 1"}}) {
            // one rank or two: no straggler can be named, nothing is outlined (walks 20a/20b/21)
            h.columns.clear();
            for (const auto& col : cols)
                h.columns.push_back(col.toStdString());
            text = gui::buildCaption(in).lines.join("\n");
            QVERIFY2(text.contains("colour: total time") && !text.contains("stragglers"), qPrintable(text));
            // walk 52: one rank's picture in total time said nothing of why it was not in ratios
            QCOMPARE(text.contains("colour: total time (one rank: no ratio to other ranks)"),
                     cols.size() == 1);
        }
    }
    void theTimelineLegendWrapsInANarrowPicture() {
        // walk 21: the caption's legend was one row at any width: a 700 px export kept 2½ of its 6 entries
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        in.legend = true;
        const gui::Caption c = gui::buildCaption(in);
        QVERIFY(c.legend && c.legendSize);
        const QSize wide = c.legendSize(1600), narrow = c.legendSize(660);
        QVERIFY2(wide.width() > 660, qPrintable(QString::number(wide.width())));
        QVERIFY2(narrow.width() <= 660 && narrow.height() > wide.height(),
                 qPrintable(QString("%1×%2").arg(narrow.width()).arg(narrow.height())));
    }
    void theWholeTraceIsNoStep_data() {
        QTest::addColumn<bool>("whole");
        QTest::addColumn<QString>("says");
        // walk 28: run_2/normal_run has no usable step mark; its report counts 0 steps (+1 whole trace)
        QTest::newRow("ranks without step marks") << true << "the whole trace";
        QTest::newRow("a marked step 0") << false << "step 0";
    }
    void theWholeTraceIsNoStep() {
        QFETCH(bool, whole);
        QFETCH(QString, says);
        query::ProfileSummary s = summary();
        const auto band = whole ? model::WallSource::WholeTrace : model::WallSource::TraceMarkers;
        for (int r : s.ranks)
            s.steps.push_back(test::bandedStep(r, 0, s.startNs, s.endNs, band));
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        in.step = 0; // `rankscope export --step 0`
        views::Selection sel;
        sel.kind = views::Selection::Kind::Step;
        sel.rank = 1;
        sel.step = 0;
        state.setSelection(sel);
        const QString text = gui::buildCaption(in).lines.join("\n");
        QCOMPARE(text.count(says), 2); // the window's step and the selection
        if (whole) QVERIFY2(!text.contains("step 0"), qPrintable(text));
    }
    void filteredRanksAreTheOnesNamed() {
        // the track filter "rank 3" pictured rank 3 alone under "ranks 0-3" (walk17b #4): the run line names
        // the ranks with a row in the picture
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        QVERIFY2(gui::buildCaption(in).lines.front().endsWith("ranks 0-1"),
                 qPrintable(gui::buildCaption(in).lines.front()));
        in.trackFilter = "rank 1";
        in.laidOutRanks = std::set<int>{1};
        const QString line = gui::buildCaption(in).lines.front();
        QVERIFY2(line.endsWith("rank 1") && !line.contains("0-1"), qPrintable(line));
    }
    void selectionOnARankLeftOutIsSaid() {
        // a 200-rank picture of a few ranks said "selection: step 2 on rank 17" with rank 17 not in it
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        state.setBounds(s.startNs, s.endNs);
        views::Selection sel;
        sel.kind = views::Selection::Kind::Step;
        sel.rank = 1;
        sel.step = 2;
        state.setSelection(sel);
        gui::CaptionInput in;
        in.view = "timeline";
        in.profile = "/data/run";
        in.summary = &s;
        in.state = &state;
        in.shownRanks = {0};
        QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("selection: step 2 on rank 1 (rank 1 is not in the picture)"),
                 qPrintable(text));
        in.shownRanks = {0, 1};
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("selection: step 2 on rank 1") && !text.contains("not in the picture"),
                 qPrintable(text));
        in.view = "memory"; // the memory map shows one rank
        in.memoryRank = 0;
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("(rank 1 is not in the picture)"), qPrintable(text));
    }
    void eachAnnotationNotDrawnIsSaidWithWhy_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("rank");
        QTest::addColumn<qint64>("atMs");
        QTest::addColumn<QString>("said");
        // the README's example: `--op MatMulV2 --rank 3` boxes a heatmap cell; a timeline of step 11 on
        // ranks 3-5 drew the other three and said "3 annotations drawn" of four (r47c #7)
        QTest::newRow("a heatmap box") << "heatmap" << 3 << qint64(0)
                                       << "3 annotations drawn, 1 not (box on rank 3: it is on the heatmap)";
        QTest::newRow("a rank not shown")
            << "note" << 1 << qint64(150)
            << "3 annotations drawn, 1 not (note on rank 1: rank 1 is outside the ranks shown)";
        QTest::newRow("a rank the filter hides")
            << "note" << 4 << qint64(150)
            << "3 annotations drawn, 1 not (note on rank 4: rank 4 is hidden by the track filter)";
        QTest::newRow("outside the window")
            << "note" << 5 << qint64(20)
            << "3 annotations drawn, 1 not (note on rank 5: it is outside the time window)";
        QTest::newRow("an arrow to a rank not shown")
            << "arrow" << 5 << qint64(150)
            << "3 annotations drawn, 1 not (arrow from rank 5: its end's rank 0 is outside the ranks shown)";
    }
    void eachAnnotationNotDrawnIsSaidWithWhy() {
        QFETCH(QString, kind);
        QFETCH(int, rank);
        QFETCH(qint64, atMs);
        QFETCH(QString, said);
        query::ProfileSummary s = summary();
        s.ranks = {0, 1, 2, 3, 4, 5};
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        state.setWindow(s.startNs + 100000000, s.startNs + 200000000);
        in.shownRanks = {3, 4, 5};
        const std::set<int> laidOut = {3, 5}; // a track filter leaves rank 4 no row
        in.laidOutRanks = laidOut;
        auto on = [&](annotate::Kind k, int r, int64_t ms) {
            annotate::Annotation a;
            a.kind = k;
            a.text = "here";
            a.anchor.view = annotate::Surface::Timeline;
            a.anchor.ranks = {r};
            a.anchor.t0Ns = s.startNs + ms * 1000000;
            a.anchor.t1Ns = a.anchor.t0Ns + 1000000;
            return a;
        };
        annotate::AnnotationSet set; // three drawn: on ranks 3 and 5, in the window
        set.add(on(annotate::Kind::Range, 5, 140));
        set.add(on(annotate::Kind::Note, 3, 180));
        set.add(on(annotate::Kind::Box, 5, 190));
        annotate::Annotation extra = on(annotate::Kind::Note, rank, atMs);
        if (kind == "heatmap") {
            extra.kind = annotate::Kind::Box;
            extra.anchor.view = annotate::Surface::Heatmap;
            extra.anchor.opTypes = {"MatMulV2"};
        } else if (kind == "arrow") {
            extra.kind = annotate::Kind::Arrow;
            extra.anchor.toRank = 0;
        }
        set.add(extra);
        views::AnnotationModel model;
        model.setAnnotations(set);
        in.annotations = &model;
        const QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains(said), qPrintable(text));
    }
    void aLabelTheFrameHidesIsSaid() {
        // walk 52b, the demo at Fit: four annotations, BOX-D a few pixels wide drawn without its label, and
        // the caption said "4 annotations drawn" under three labels. The caption says what the frame drew:
        // the labels it drew plus the ones it says are hidden make the count it claims
        test::TimelineFixture f;
        f.width = 1114;
        views::FrameInput frame = f.input(0, 200 * test::kMs);
        auto at = [](const char* text, annotate::Kind k, int64_t t0, int64_t t1) {
            annotate::Annotation a;
            a.kind = k;
            a.text = text;
            a.anchor.view = annotate::Surface::Timeline;
            a.anchor.ranks = {0};
            a.anchor.t0Ns = t0;
            a.anchor.t1Ns = t1;
            return a;
        };
        annotate::AnnotationSet set;
        set.add(at("NOTE-A", annotate::Kind::Note, 50 * test::kMs, 50 * test::kMs));
        annotate::Annotation range = at("RANGE-B", annotate::Kind::Range, 50 * test::kMs, 57 * test::kMs);
        range.anchor.ranks = {0, 1};
        set.add(range);
        annotate::Annotation arrow = at("ARROW-C", annotate::Kind::Arrow, 52 * test::kMs, 52 * test::kMs);
        arrow.anchor.toRank = 1;
        arrow.anchor.toNs = 55 * test::kMs;
        set.add(arrow);
        set.add(at("BOX-D", annotate::Kind::Box, 53 * test::kMs + 500000, 54 * test::kMs + 500000));
        views::AnnotationModel model;
        model.setAnnotations(set);
        frame.annotations = model.items();
        const views::DrawList list = views::FrameBuilder().build(frame);
        const size_t labels = list.all<views::Callout>().size();
        gui::CaptionInput in = timelineInput(*f.summary, f.state);
        in.annotations = &model;
        in.unlabelled = list.unlabelled;
        const QString text = gui::buildCaption(in).lines.join("\n");
        QCOMPARE(labels, size_t(3));
        QVERIFY2(
            text.contains(QString::fromUtf8("4 annotations drawn, 1 label hidden (too narrow at this zoom; "
                                            "hover to read: \u201CBOX-D\u201D)")),
            qPrintable(text));
        // every label drawn: nothing said of hidden ones
        in.unlabelled.clear();
        QVERIFY2(!gui::buildCaption(in).lines.join("\n").contains("hidden"), qPrintable(text));
    }
    void anAnnotationTheFrameDoesNotDrawIsNotCounted() {
        // issue 19: the caption counted an annotation drawn wherever its time met the window, whatever the
        // frame drew. Here rank 1's rows are below the picture, and an arrow on rank 1 meets the window: the
        // frame draws none of it, and the caption says so instead of "1 annotation drawn"
        test::TimelineFixture f;
        views::FrameInput frame = f.input(0, 200 * test::kMs);
        frame.viewport.height = frame.viewport.yOf(frame.layout->rankSpan(1).first) - 2;
        annotate::Annotation a;
        a.kind = annotate::Kind::Arrow;
        a.text = "ARROW";
        a.anchor.view = annotate::Surface::Timeline;
        a.anchor.ranks = {1};
        a.anchor.t0Ns = a.anchor.t1Ns = 50 * test::kMs;
        a.anchor.toRank = 1;
        a.anchor.toNs = 60 * test::kMs;
        annotate::AnnotationSet set;
        set.add(a);
        views::AnnotationModel model;
        model.setAnnotations(set);
        frame.annotations = model.items();
        const views::DrawList list = views::FrameBuilder().build(frame);
        QCOMPARE(list.count<views::Arrow>(), size_t(0));
        gui::CaptionInput in = timelineInput(*f.summary, f.state);
        in.annotations = &model;
        in.timelineDrawn = std::set<QString>(list.drawn.begin(), list.drawn.end());
        const QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(
            text.contains("1 annotation not drawn (arrow from rank 1: it is outside the lanes pictured)"),
            qPrintable(text));
    }
    void aMemoryPictureSaysWhereItsDataLies() {
        // r47c #5: the map pictures the window asked for (the whole run here, 200 ms); its records lie from
        // +20 to +77 ms, which the caption says; a window inside them needs no such words
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        gui::CaptionInput in = timelineInput(s, state);
        in.view = "memory";
        in.memoryRank = 0;
        in.memoryData = std::make_pair(s.startNs + 20000000, s.startNs + 77000000);
        QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("time window " + views::formatWindow(0, 200000000) + " from the run's start"),
                 qPrintable(text));
        QVERIFY2(text.contains(" · memory data " + views::formatWindow(20000000, 77000000)),
                 qPrintable(text));
        state.setWindow(s.startNs + 30000000, s.startNs + 40000000);
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(!text.contains("memory data"), qPrintable(text));
    }
    void windowCountsTheAnnotationsOnScreen() {
        // walk15b #11: `export --view window` said "2 annotations drawn", both notes on rank 1, scrolled out
        // of the pictured window; and one on a memory map behind another tab is not in the picture either
        const query::ProfileSummary s = summary();
        views::InteractionState state;
        state.setBounds(s.startNs, s.endNs);
        auto note = [&](annotate::Surface view, int rank) {
            annotate::Annotation a;
            a.kind = annotate::Kind::Note;
            a.text = "here";
            a.anchor.view = view;
            a.anchor.ranks = {rank};
            a.anchor.t0Ns = a.anchor.t1Ns = s.startNs + 50000000;
            return a;
        };
        annotate::AnnotationSet set;
        set.add(note(annotate::Surface::Timeline, 1));
        set.add(note(annotate::Surface::Timeline, 1));
        set.add(note(annotate::Surface::Memory, 0));
        views::AnnotationModel model;
        model.setAnnotations(set);
        gui::CaptionInput in;
        in.view = "window";
        in.profile = "/data/run";
        in.summary = &s;
        in.state = &state;
        in.annotations = &model;
        in.memoryRank = 0;
        in.ranksOnScreen = {0};
        in.surfacesOnScreen = {"timeline"};
        QString text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(!text.contains("drawn,") &&
                     text.contains("3 annotations not drawn (note on rank 1: rank 1 is "
                                   "not on screen; note on rank 1: rank 1 is not on "
                                   "screen; note on rank 0: the memory map is not "
                                   "on screen)"),
                 qPrintable(text));
        in.ranksOnScreen = {0, 1}; // scrolled to rank 1
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(
            text.contains("2 annotations drawn, 1 not (note on rank 0: the memory map is not on screen)"),
            qPrintable(text));
        in.surfacesOnScreen.insert("memory"); // the memory tab on top
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("3 annotations drawn"), qPrintable(text));
        // the two timeline notes on a rank the profile lacks are detached: a timeline picture says so, a
        // heatmap's does not (walk 20a: "2 detached" under a heatmap, of two timeline notes)
        annotate::AnchorFacts facts;
        facts.runs[0] = {s.startNs, s.endNs, {0}};
        model.setFacts(facts);
        in.view = "timeline";
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(text.contains("2 detached"), qPrintable(text));
        in.view = "heatmap";
        text = gui::buildCaption(in).lines.join("\n");
        QVERIFY2(!text.contains("detached"), qPrintable(text));
    }
};

QTEST_MAIN(TstCaptionBuilder)
#include "tst_captionbuilder.moc"
