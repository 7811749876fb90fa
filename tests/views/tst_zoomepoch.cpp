// Zooming at epoch timestamps (walk 57 #2). Real profiles stamp spans in ns since 1970 (~1.7·10¹⁸), where a
// double holds whole multiples of 256 ns: the key zoom's anchor, kept as an absolute double, snapped to
// that grid, so below a ~300 ns window a zero-length span selected at +43.263884 ms left the window while
// W was pressed. The anchor is kept as an offset from the window's start.
#include "tests/support/timelinefixture.h"
#include "views/common/timemapping.h"
#include "views/timeline/timelineinput.h"

#include <QtTest>

using namespace rs;
using test::kMs;
using views::Selection;

namespace {
constexpr int64_t kEpoch = 1736408883140000123; // ns since 1970, not a multiple of 256

class Host : public views::TimelineInputHost {
  public:
    explicit Host(test::TimelineFixture& f) : m_f(f) {}
    views::FrameInput currentFrame() const override { return m_f.current(); }
    int scrollValue() const override { return 0; }
    void setScrollValue(int) override {}
    void toggleCollapsed(int) override {}
    void toggleExpanded(int64_t) override {}
    void activateSpan(int64_t) override {}
    void draftAnnotation(const annotate::Annotation&) override {}
    void editAnnotation(const QString&) override {}
    QString calloutAt(QPoint) const override { return {}; }
    void overlayChanged() override {}
    bool followFlowKey() override { return false; }

  private:
    test::TimelineFixture& m_f;
};
} // namespace

class TstZoomEpoch : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void zoomWindowKeepsAnExactAnchorAtEpochTimes_data() {
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("anchorOffset");
        QTest::newRow("300 ns, anchor 296 ns in") << qint64(309) << qint64(296);
        QTest::newRow("61 ns, anchor 7 ns in") << qint64(61) << qint64(7);
        QTest::newRow("1 ms, anchor 3 ns in") << qint64(kMs) << qint64(3);
    }
    void zoomWindowKeepsAnExactAnchorAtEpochTimes() {
        QFETCH(qint64, width);
        QFETCH(qint64, anchorOffset);
        const int64_t t0 = kEpoch, t1 = kEpoch + width;
        const double frac = double(anchorOffset) / double(width);
        auto [a, b] =
            views::zoomWindowAt(t0, t1, double(anchorOffset), frac, 1.5, kEpoch - kMs, kEpoch + kMs);
        const int64_t anchor = t0 + anchorOffset;
        QVERIFY2(a <= anchor && anchor <= b, qPrintable(QString("%1 … %2").arg(a - t0).arg(b - t0)));
        // the anchor keeps its place in the window, to a ns
        QVERIFY2(std::llabs((anchor - a) - std::llround(frac * double(b - a))) <= 1,
                 qPrintable(QString("%1 of %2").arg(anchor - a).arg(b - a)));
    }
    void wHoldsAZeroLengthSelectionInTheWindow() {
        test::TimelineFixture f;
        f.summary->startNs = kEpoch;
        f.summary->endNs = kEpoch + 200 * kMs;
        f.scene.setSummary(f.summary);
        f.state.setBounds(kEpoch, kEpoch + 200 * kMs);
        Host host(f);
        views::TimelineInput input(&f.state, &host);
        const int64_t at = kEpoch + 43263884; // +43.263884 ms, zero length
        f.input(at - 3000, at + 4900);
        Selection s;
        s.kind = Selection::Kind::Span;
        s.spanId = 2758;
        s.rank = 0;
        s.startNs = s.endNs = at;
        f.state.setSelection(s);
        input.leave(); // the pointer off the timeline: the selection is the anchor
        const double frac =
            double(at - f.state.windowStart()) / double(f.state.windowEnd() - f.state.windowStart());
        for (int i = 0; i < 30; ++i) {
            QVERIFY(input.key(Qt::Key_W, Qt::NoModifier, false, false));
            const int64_t t0 = f.state.windowStart(), t1 = f.state.windowEnd();
            QVERIFY2(t0 <= at && at <= t1, qPrintable(QString("press %1: the window %2 … %3 ns from the span")
                                                          .arg(i + 1)
                                                          .arg(t0 - at)
                                                          .arg(t1 - at)));
            // it stays where it was in the window, to a pixel's worth or a ns
            const double place = double(at - t0) / double(t1 - t0);
            QVERIFY2(
                std::abs(place - frac) * double(t1 - t0) <= std::max(2.0, 0.01 * double(t1 - t0)),
                qPrintable(QString("press %1: at %2 of the window, was %3").arg(i + 1).arg(place).arg(frac)));
        }
        QCOMPARE(f.state.windowEnd() - f.state.windowStart(), views::kMinWindowNs);
    }
};

QTEST_MAIN(TstZoomEpoch)
#include "tst_zoomepoch.moc"
