// TrackNester's level-of-detail buckets: a bucket's busy time sums its spans' durations, and a damaged file's
// durations can sum past int64 (the fuzzer's CSV rows: 8 682 044 418 650 315 323 + 1 736 408 883 731 619 796
// ns overflowed in one bucket, undefined behaviour, a negative busy time). It saturates at the largest value.
#include "core/model/tracknester.h"

#include <QtTest>
#include <cstdint>

using namespace rs;

class TstTrackNester : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aBucketsBusyTimeSaturates() {
        // two spans 1 ns apart overlapping past the first's end are both at depth 0 (the second pops the
        // first, nests in nothing), in the same bucket of every level: 2^62 + 2^62 is one past INT64_MAX
        model::TrackNester n(7);
        std::vector<model::LodRow> rows;
        const int64_t huge = int64_t(1) << 62;
        QCOMPARE(n.add(0, huge, 1, rows), 0);
        QCOMPARE(n.add(1, huge, 2, rows), 0);
        n.finish(rows);
        QCOMPARE(rows.size(), size_t(model::kLodLevels)); // one bucket a level, holding both
        for (const auto& r : rows) {
            QCOMPARE(r.count, int64_t(2));
            QCOMPARE(r.busyNs, INT64_MAX);
        }
    }
};

QTEST_GUILESS_MAIN(TstTrackNester)
#include "tst_tracknester.moc"
