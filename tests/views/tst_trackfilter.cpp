// The track filter's grammar: ranks and rank ranges, alternatives after commas, words that must all
// appear. "rank 3-5" and "rank 4, rank 5" gave a blank timeline when the filter was one substring.
#include "views/timeline/trackfilter.h"

#include <QtTest>

using rs::views::TrackFilter;

class TstTrackFilter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void matches_data() {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QString>("shown"); // data ranks 0..11 whose "HCCL Group 0 Communication" lane shows
        QTest::newRow("empty") << ""
                               << "0,1,2,3,4,5,6,7,8,9,10,11";
        QTest::newRow("one rank, not its prefixes") << "rank 1"
                                                    << "1";
        QTest::newRow("range") << "rank 3-5"
                               << "3,4,5";
        QTest::newRow("range with dots, plural") << "ranks 9..11"
                                                 << "9,10,11";
        QTest::newRow("reversed range") << "rank 5-3"
                                        << "3,4,5";
        QTest::newRow("alternatives") << "rank 4, rank 5"
                                      << "4,5";
        QTest::newRow("rank and a word") << "rank 2 hccl"
                                         << "2";
        QTest::newRow("rank and a word that is not there") << "rank 2 stream"
                                                           << "";
        QTest::newRow("a word alone") << "Communication"
                                      << "0,1,2,3,4,5,6,7,8,9,10,11";
        QTest::newRow("case") << "RANK 7"
                              << "7";
        QTest::newRow("a digit matches track names (Group 0), not rank labels")
            << "0"
            << "0,1,2,3,4,5,6,7,8,9,10,11";
        QTest::newRow("stray commas") << ", rank 6 ,"
                                      << "6";
        QTest::newRow("a phrase, not its words") << "group 0"
                                                 << "0,1,2,3,4,5,6,7,8,9,10,11";
        QTest::newRow("a phrase that is not there") << "plane 0"
                                                    << "";
    }
    void matches() {
        QFETCH(QString, filter);
        QFETCH(QString, shown);
        const TrackFilter f(filter);
        QStringList got;
        for (int r = 0; r < 12; ++r)
            if (f.matches(r, "HCCL Group 0 Communication communication")) got << QString::number(r);
        QCOMPARE(got.join(','), shown);
    }
};

QTEST_APPLESS_MAIN(TstTrackFilter)
#include "tst_trackfilter.moc"
