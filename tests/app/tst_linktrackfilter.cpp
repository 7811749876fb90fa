// A communication link's ranks in the track filter, for as long as the link is selected: the user's filter
// ("HCCL") is kept aside and comes back when the link is deselected, the status bar says so both times; a
// second link keeps the first user's filter; a filter the user edits meanwhile is not overwritten; with no
// filter of their own, the filter is cleared again.
#include "app/gui/linktrackfilter.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;
using views::Selection;

namespace {
Selection link(int src, int dst) {
    Selection s;
    s.kind = Selection::Kind::CommLink;
    s.linkSrc = src;
    s.linkDst = dst;
    return s;
}
} // namespace

class TstLinkTrackFilter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theUsersFilterComesBack() {
        QLineEdit filter;
        views::InteractionState state;
        gui::LinkTrackFilter f(&filter, &state);
        QSignalSpy said(&f, &gui::LinkTrackFilter::message);
        filter.setText("HCCL");
        state.setSelection(link(1, 5)); // the matrix selects the link, then asks for its ranks
        f.showRanks({1, 5});
        QCOMPARE(filter.text(), QString("rank 1, rank 5"));
        QVERIFY(f.active());
        QCOMPARE(said.size(), 1);
        QVERIFY2(said.last().first().toString().contains("\"HCCL\" comes back"),
                 qPrintable(said.last().first().toString()));
        // the link's spans resolved: still the link, still its ranks
        Selection resolved = link(1, 5);
        resolved.spans = {11, 12};
        state.setSelection(resolved);
        QCOMPARE(filter.text(), QString("rank 1, rank 5"));
        // another link: its ranks; the user's filter is still the one kept
        state.setSelection(link(2, 3));
        f.showRanks({2, 3});
        QCOMPARE(filter.text(), QString("rank 2, rank 3"));
        QCOMPARE(f.userFilter(), QString("HCCL"));
        // deselected (Esc): the user's filter again, and said
        state.clearSelection();
        QCOMPARE(filter.text(), QString("HCCL"));
        QVERIFY(!f.active());
        QVERIFY2(said.last().first().toString().contains("back to \"HCCL\""),
                 qPrintable(said.last().first().toString()));
        // a span chosen after a link deselects it as well
        f.showRanks({1, 5});
        Selection span;
        span.kind = Selection::Kind::Span;
        span.spanId = 7;
        state.setSelection(span);
        QCOMPARE(filter.text(), QString("HCCL"));
    }
    void anEditedFilterIsTheUsers() {
        QLineEdit filter;
        views::InteractionState state;
        gui::LinkTrackFilter f(&filter, &state);
        filter.setText("Stream");
        state.setSelection(link(0, 4));
        f.showRanks({0, 4});
        filter.setText("rank 0 hccl"); // typed over the link's ranks
        QVERIFY(!f.active());
        state.clearSelection();
        QCOMPARE(filter.text(), QString("rank 0 hccl"));
    }
    void noFilterOfTheirOwnIsClearedAgain() {
        QLineEdit filter;
        views::InteractionState state;
        gui::LinkTrackFilter f(&filter, &state);
        QSignalSpy said(&f, &gui::LinkTrackFilter::message);
        state.setSelection(link(3, 3));
        f.showRanks({3});
        QCOMPARE(filter.text(), QString("rank 3"));
        QVERIFY(said.last().first().toString().contains("cleared again"));
        state.clearSelection();
        QCOMPARE(filter.text(), QString());
    }
};

QTEST_MAIN(TstLinkTrackFilter)
#include "tst_linktrackfilter.moc"
