// IndexJob (app/gui/indexjob.h): the GUI's background build. A job replaced by another (the user opens a
// second profile while the first still indexes) may already have posted its result when the second starts;
// that late result must not reach the window: it stopped the new profile's progress panel and, were it a
// success, opened the first profile's index in place of the one asked for (found in a review of r46c's
// profile switching).
#include "app/gui/indexjob.h"
#include "tests/support/testsupport.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rs;

class TstIndexJob : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aReplacedJobsResultIsDropped() {
        std::string err;
        const std::string a = test::writeDemo("indexjob-a", 1, 2, 1, err);
        QVERIFY2(!a.empty(), err.c_str());
        const std::string b = test::writeDemo("indexjob-b", 1, 2, 1, err);
        QVERIFY2(!b.empty(), err.c_str());
        const std::string dir = test::tempDir("indexjob-db");
        pipeline::BuildOptions oa, ob;
        oa.dbPath = dir + "/a.sqlite";
        ob.dbPath = dir + "/b.sqlite";
        oa.force = ob.force = true;
        gui::IndexJob job;
        QSignalSpy finished(&job, &gui::IndexJob::finished);
        job.start(QString::fromStdString(a), oa);
        // no event is processed in between: whatever a's thread posted (cancelled, or done before the
        // cancel reached it) is in the queue when b starts, as when a user opens b at once
        QTest::qWait(0);
        job.start(QString::fromStdString(b), ob);
        QVERIFY(job.running());
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
        QTest::qWait(200); // a second (late) signal would have been delivered by now
        QCOMPARE(finished.size(), 1);
        const auto args = finished.first();
        QVERIFY2(args.at(0).toBool(), qPrintable(args.at(3).toString())); // b indexed
        QCOMPARE(args.at(2).toString(), QString::fromStdString(ob.dbPath));
        QVERIFY(!job.running());
    }
};

QTEST_MAIN(TstIndexJob)
#include "tst_indexjob.moc"
