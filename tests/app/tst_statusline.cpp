// The status bar's fields: counts in the right number ("1 rank, 1 track"), the filtered track count, the
// window from the run's start and the selection in words.
#include "app/gui/statusline.h"
#include "tests/support/bandedstep.h"
#include "views/common/elidedlabel.h"

#include <QLabel>
#include <QStatusBar>
#include <QtTest>

using namespace rs;

namespace {
std::shared_ptr<query::ProfileSummary> summary(int ranks, int tracks) {
    auto s = std::make_shared<query::ProfileSummary>();
    for (int r = 0; r < ranks; ++r)
        s->ranks.push_back(r);
    for (int t = 0; t < tracks; ++t)
        s->tracks.push_back({t, t % std::max(1, ranks), "compute", "Stream", "", 1, 1, t});
    s->startNs = 1000;
    s->endNs = 1000 + 2000000; // 2 ms
    return s;
}
} // namespace

class TstStatusLine : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void countsInTheirNumber() {
        QStatusBar bar;
        views::InteractionState state;
        gui::StatusLine line(&bar, &state);
        QCOMPARE(line.profileText(), QString("No profile"));
        line.setSummary("/p/one", summary(1, 1));
        QCOMPARE(line.profileText(), QString::fromUtf8("/p/one — 1 rank, 1 track, 2.00 ms"));
        line.setSummary("/p/two", summary(2, 5));
        QCOMPARE(line.profileText(), QString::fromUtf8("/p/two — 2 ranks, 5 tracks, 2.00 ms"));
        line.setTracksShown(1, true);
        QCOMPARE(line.profileText(),
                 QString::fromUtf8("/p/two — 2 ranks, 1 of 5 tracks (filtered), 2.00 ms"));
        line.setTracksShown(5, false);
        QVERIFY(line.profileText().contains("5 tracks,"));
    }
    void memoryLanesAreCountedApart() {
        // walk 23b: "110 tracks" here, 108 in `rankscope info`: the two "device memory" lanes the timeline
        // adds are no track of the index
        QStatusBar bar;
        views::InteractionState state;
        gui::StatusLine line(&bar, &state);
        auto s = summary(2, 5);
        for (int r = 0; r < 2; ++r)
            s->tracks.push_back({-(r + 1), r, "memory", "device memory (allocated)", "", 0, 1, INT64_MAX});
        line.setSummary("/p", s);
        QCOMPARE(line.profileText(), QString::fromUtf8("/p — 2 ranks, 5 tracks + 2 memory lanes, 2.00 ms"));
        line.setTracksShown(3, true);
        QCOMPARE(
            line.profileText(),
            QString::fromUtf8("/p — 2 ranks, 3 of 7 lanes (filtered; 5 tracks + 2 memory lanes), 2.00 ms"));
    }
    void windowAndSelection() {
        QStatusBar bar;
        views::InteractionState state;
        gui::StatusLine line(&bar, &state);
        line.setSummary("/p", summary(2, 2));
        state.setBounds(1000, 1000 + 2000000);
        state.setWindow(1000 + 500000, 1000 + 1500000);
        QVERIFY2(line.windowText().contains("1.00 ms)"), qPrintable(line.windowText()));
        views::Selection s;
        s.kind = views::Selection::Kind::OpType;
        s.opType = "MatMul";
        s.rank = 1;
        state.setSelection(s);
        QCOMPARE(line.selectionText(), QString("op MatMul on rank 1"));
        // a colliding run's rank is named as its lanes name it (key 10001 holds the files' rank 1)
        auto colliding = summary(1, 1);
        colliding->ranks = {10001};
        colliding->dataRank = {{10001, 1}};
        line.setSummary("/p", colliding);
        views::Selection step;
        step.kind = views::Selection::Kind::Step;
        step.rank = 10001;
        step.step = 0;
        state.setSelection(step);
        QCOMPARE(line.selectionText(), QString("rank 1 step 0"));
        // walk 28: a rank without step marks has one pseudo step 0, its whole trace: no "step 0"
        auto whole = std::make_shared<query::ProfileSummary>(*colliding);
        whole->steps = {test::bandedStep(10001, 0, 1000, 1000 + 2000000, model::WallSource::WholeTrace)};
        line.setSummary("/p", whole);
        state.clearSelection();
        state.setSelection(step);
        QVERIFY2(line.selectionText().startsWith("rank 1 whole trace"), qPrintable(line.selectionText()));
        state.clearSelection();
        QCOMPARE(line.selectionText(), QString());
        line.setMessage("Indexing /q…");
        QCOMPARE(line.profileText(), QString::fromUtf8("Indexing /q…"));
    }
    void longTextsDoNotWidenTheWindow() {
        // a long path, or a CUDA template's name as the selection, asked the window for its whole width
        // (walks 20a/20b: the window past a 1 600 px screen); the selection is elided, whole in its tooltip
        QStatusBar bar;
        views::InteractionState state;
        gui::StatusLine line(&bar, &state);
        const int before = bar.minimumSizeHint().width();
        line.setSummary("/data/" + QString("very-long-folder-name/").repeated(30), summary(2, 2));
        views::Selection s;
        s.kind = views::Selection::Kind::OpType;
        s.opType = "void at::native::" + QString("vectorized_elementwise_kernel<4, ").repeated(20);
        s.rank = 1;
        state.setSelection(s);
        QVERIFY2(bar.minimumSizeHint().width() <= before + 700,
                 qPrintable(QString("%1 px, %2 before").arg(bar.minimumSizeHint().width()).arg(before)));
        const auto labels = bar.findChildren<QLabel*>();
        bool tipped = false;
        for (auto* l : labels)
            tipped |= l->toolTip() == "op " + s.opType + " on rank 1";
        QVERIFY(tipped);
        QVERIFY(line.selectionText().contains(QChar(0x2026))); // elided
    }
    void aNarrowBarElidesThePathBeforeTheCounts() {
        // walk 48, 640 × 480: the profile's line was cut at the bar's edge mid-number ("…, 1.2"), with no
        // "…" and no tooltip; r49b #2: cut at its end it kept the path and dropped the counts, which matter
        // more. The path's middle is elided first, the counts whole; the line whole in its tooltip
        QStatusBar bar;
        views::InteractionState state;
        gui::StatusLine line(&bar, &state);
        const QString path = "/work/shared/samples/hta/distributed_resnet_profile";
        line.setSummary(path, summary(8, 160));
        const QString counts = QString::fromUtf8(" — 8 ranks, 160 tracks, 2.00 ms");
        const QString whole = path + counts;
        QCOMPARE(line.profileText(), whole);
        auto* label = bar.findChild<views::ElidedLabel*>();
        QVERIFY(label);
        int elided = 0;
        for (int width : {1600, 640, 560}) {
            bar.resize(width, 24);
            bar.show();
            QCoreApplication::processEvents();
            const QString shown = line.profileShown();
            QVERIFY(label->width() > 60); // beside the window's field
            if (label->fontMetrics().horizontalAdvance(whole) <= label->contentsRect().width()) {
                QCOMPARE(shown, whole);
                QCOMPARE(label->toolTip(), QString());
                continue;
            }
            ++elided;
            QVERIFY2(shown.endsWith(counts), qPrintable(shown));
            const QString head = shown.chopped(counts.size());
            QVERIFY2(head.contains(QChar(0x2026)) && head.startsWith("/wo"), qPrintable(shown));
            QCOMPARE(label->toolTip(), whole);
        }
        QCOMPARE(elided, 2);
        // no room for the counts beside a few letters of the path: the whole at a word, as before
        bar.resize(260, 24);
        QCoreApplication::processEvents();
        const QString shown = line.profileShown();
        QVERIFY2(shown.endsWith(QChar(0x2026)) && whole.startsWith(shown.chopped(1)), qPrintable(shown));
    }
    void aStepSaysItsWallsSourceAndAWaitNotKnown() {
        // a one-rank run's step whose shipped wall the rank's events cover 16.4 of 295 ms
        QStatusBar bar;
        views::InteractionState state;
        gui::StatusLine line(&bar, &state);
        auto s = summary(1, 1);
        query::StepDesc d{0, 2, 1000, 1000 + 16'420'200, false, {}, {}, 0, {}};
        d.wall.wallNs = 294'586'500;
        d.wall.eventsNs = 16'420'200;
        d.wall.recordedNs = 16'420'200;
        d.wall.source = model::WallSource::StepTraceCsv;
        d.waitUnknown = "one rank: a wait is measured against the other ranks' arrivals";
        s->steps.push_back(d);
        line.setSummary("/p", s);
        views::Selection step;
        step.kind = views::Selection::Kind::Step;
        step.rank = 0;
        step.step = 2;
        state.setSelection(step);
        QCOMPARE(line.selectionText(),
                 QString::fromUtf8("rank 0 step 2 · wall 295 ms ⚠ (step_trace_time.csv) · wait not known"));
        s = summary(1, 1);
        d.wall.eventsNs = d.wall.wallNs; // covered, and a measured wait
        d.waitUnknown.clear();
        d.waitNs = 1'200'000;
        s->steps.push_back(d);
        line.setSummary("/p", s);
        state.clearSelection();
        state.setSelection(step);
        QCOMPARE(line.selectionText(),
                 QString::fromUtf8("rank 0 step 2 · wall 295 ms (step_trace_time.csv) · wait 1.20 ms"));
    }
};

QTEST_MAIN(TstStatusLine)
#include "tst_statusline.moc"
