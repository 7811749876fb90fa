// The indexing progress panel: the bar's share of bytes read, the line's bytes, rate, events and time left
// (none before the rate means something), shown by start, hidden by finish, Cancel asked for.
#include "app/gui/progresspanel.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using rs::gui::IndexProgress;
using rs::gui::ProgressPanel;

class TstProgressPanel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void text_data() {
        QTest::addColumn<qlonglong>("done");
        QTest::addColumn<qlonglong>("total");
        QTest::addColumn<qlonglong>("events");
        QTest::addColumn<double>("secs");
        QTest::addColumn<QString>("want");
        QTest::newRow("start") << 0LL << 250000000LL << 0LL << 0.0
                               << "Indexing demo: 0.0 / 250.0 MB, 0 events";
        QTest::newRow("too soon for a rate")
            << 1000000LL << 250000000LL << 10LL << 0.05 << "Indexing demo: 1.0 / 250.0 MB, 10 events";
        QTest::newRow("half") << 125000000LL << 250000000LL << 3000000LL << 5.0
                              << "Indexing demo: 125.0 / 250.0 MB, 25 MB/s, 3.0M events, 5 seconds left";
        QTest::newRow("one second") << 240000000LL << 250000000LL << 6000000LL << 24.0
                                    << "Indexing demo: 240.0 / 250.0 MB, 10 MB/s, 6.0M events, 1 second left";
        QTest::newRow("slow") << 1000000LL << 600000000LL << 1000LL << 2.0
                              << "Indexing demo: 1.0 / 600.0 MB, 0.5 MB/s, 1000 events, 19 min 58 s left";
    }
    void text() {
        QFETCH(qlonglong, done);
        QFETCH(qlonglong, total);
        QFETCH(qlonglong, events);
        QFETCH(double, secs);
        QFETCH(QString, want);
        QCOMPARE(ProgressPanel::text({done, total, events, secs, "Indexing"}, "demo"), want);
    }
    void barAndCancel() {
        ProgressPanel p;
        QVERIFY(p.isHidden());
        p.start("demo");
        QVERIFY(!p.isHidden());
        QCOMPARE(p.value(), 0);
        p.setProgress({125000000, 250000000, 0, 5, "Indexing"});
        QCOMPARE(p.value(), ProgressPanel::kSteps / 2);
        p.setProgress(
            {300, 200, 0, 5, "Indexing"}); // a source that grew: the bar stays full, no negative ETA
        QCOMPARE(p.value(), ProgressPanel::kSteps);
        QVERIFY(!p.label().contains("left"));
        QSignalSpy cancel(&p, &ProgressPanel::cancelRequested);
        p.findChild<QPushButton*>()->click();
        QCOMPARE(cancel.size(), 1);
        p.finish();
        QVERIFY(p.isHidden());
    }
};

QTEST_MAIN(TstProgressPanel)
#include "tst_progresspanel.moc"
