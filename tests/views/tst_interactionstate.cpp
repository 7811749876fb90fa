// The interaction state's history: one entry is the window and the selection together, so Back after two
// findings shows the first one's window with its item selected, and Forward the second's again (walk 38 #4:
// Back moved the window only, the second finding's span stayed selected off screen). A view moving the window
// to the restored selection records nothing and is overruled by the entry's window. Each user action is
// a turn of the event loop (processEvents between them).
#include "views/common/interactionstate.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;

namespace {
views::Selection span(qint64 id, qint64 t0, qint64 t1) {
    views::Selection s;
    s.kind = views::Selection::Kind::Span;
    s.rank = 1;
    s.spanId = id;
    s.startNs = t0;
    s.endNs = t1;
    return s;
}
/// Two findings in turn, each its window then its span (as FindingNavigator::go does): span 7 in
/// [100, 200] µs, then span 9 in [600, 700] µs of a 1 ms run.
void twoFindings(views::InteractionState& st) {
    st.setBounds(0, 1000000);
    st.setWindow(100000, 200000);
    st.setSelection(span(7, 120000, 130000));
    QCoreApplication::processEvents(); // the user's next action
    st.setWindow(600000, 700000);
    st.setSelection(span(9, 650000, 660000));
}
} // namespace

class TstInteractionState : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void backRestoresTheSelectionWithTheWindow() {
        views::InteractionState st;
        twoFindings(st);
        st.back();
        QCOMPARE(st.windowStart(), qint64(100000));
        QCOMPARE(st.windowEnd(), qint64(200000));
        QCOMPARE(st.selection().spanId, qint64(7));
        st.back(); // the whole run, nothing selected
        QCOMPARE(st.windowStart(), qint64(0));
        QCOMPARE(st.selection().kind, views::Selection::Kind::None);
        QVERIFY(!st.canGoBack());
        st.forward();
        st.forward();
        QCOMPARE(st.windowStart(), qint64(600000));
        QCOMPARE(st.selection().spanId, qint64(9));
        QVERIFY(!st.canGoForward());
    }
    void aViewFollowingTheRestoredSelectionRecordsNothing() {
        views::InteractionState st;
        twoFindings(st);
        // the timeline moves the window to a selection off screen (TimelineView::follow)
        QObject::connect(&st, &views::InteractionState::selectionChanged, &st,
                         [&](const views::Selection& s) { st.setWindow(s.startNs - 50, s.endNs + 50); });
        st.back();
        QCOMPARE(st.windowStart(), qint64(100000)); // the entry's window, not the follower's
        QCOMPARE(st.windowEnd(), qint64(200000));
        QVERIFY(st.canGoForward()); // a record would have cleared Forward
        st.forward();
        QCOMPARE(st.windowStart(), qint64(600000));
        QCOMPARE(st.selection().spanId, qint64(9));
    }
    void aNavigationThatSelectsFirstRecordsWhatTheUserSaw() {
        // review of stop 50: a search hit, a link or a finding without an extent sets the selection and then
        // moves the window; the entry paired the old window with the new selection, so Back showed the
        // first finding's window with the second's span selected off screen
        views::InteractionState st;
        st.setBounds(0, 1000000);
        st.setWindow(100000, 200000);
        st.setSelection(span(7, 120000, 130000));
        QCoreApplication::processEvents();
        st.setSelection(span(9, 650000, 660000)); // selection first, then the window
        st.setWindow(600000, 700000);
        QCoreApplication::processEvents();
        st.back();
        QCOMPARE(st.windowStart(), qint64(100000));
        QCOMPARE(st.selection().spanId, qint64(7));
        st.forward();
        QCOMPARE(st.windowStart(), qint64(600000));
        QCOMPARE(st.selection().spanId, qint64(9));
        // a selection made in its own action, then a zoom: the entry is the window with that selection
        st.setSelection(span(11, 610000, 620000));
        QCoreApplication::processEvents();
        st.setWindow(605000, 625000);
        st.back();
        QCOMPARE(st.windowStart(), qint64(600000));
        QCOMPARE(st.selection().spanId, qint64(11));
    }
};

QTEST_MAIN(TstInteractionState)
#include "tst_interactionstate.moc"
