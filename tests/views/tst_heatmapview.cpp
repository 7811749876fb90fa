// The op heatmap's caption says what the grid can tell: stragglers outlined, or none — among all the job's
// ranks only when the run has them all; with ranks missing, among those present and that the missing ones
// are not compared; with one rank, that there is nothing to compare.
#include "views/heatmap/heatmapview.h"

#include <QtTest>

using namespace rs;
using Mode = query::HeatmapData::Mode;

namespace {
std::shared_ptr<query::HeatmapData> grid(int ranks, int flagged) {
    auto d = std::make_shared<query::HeatmapData>();
    d->mode = Mode::OpByRank;
    d->rows = {"MatMul", "Add"};
    for (int r = 0; r < ranks; ++r) {
        d->columns.push_back("rank " + std::to_string(r));
        d->columnKeys.push_back(r);
    }
    d->cells.assign(2, std::vector<query::HeatCell>(size_t(ranks)));
    for (int i = 0; i < flagged; ++i)
        d->cells[0][size_t(i)].flagged = true;
    d->rowTotalNs = {2, 1};
    return d;
}
} // namespace

class TstHeatmapView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void caption_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("flagged");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<qlonglong>("world"); // 0: not known
        QTest::addColumn<QString>("caption");
        QTest::newRow("all ranks, none")
            << 8 << 0 << true << 8LL
            << "No straggler: no op type is much slower on one card than on the others.";
        QTest::newRow("all ranks, one")
            << 8 << 1 << true << 8LL
            << "1 straggler cell outlined: an op type much slower on one card than "
               "on the others.";
        QTest::newRow("2 of 128, none") << 2 << 0 << false << 128LL
                                        << "Two ranks: a difference between two cannot say which one is "
                                           "slow, so no straggler is named (the "
                                           "colours show how they differ). Only 2 ranks of the job's 128 are "
                                           "here; the missing ones cannot be "
                                           "compared.";
        QTest::newRow("4 of 8, none")
            << 4 << 0 << false << 8LL
            << "No straggler among the 4 ranks here: no op type is much slower on one of them than on the "
               "others. Only 4 ranks of the job's 8 are here; the missing ones cannot be compared.";
        QTest::newRow("2 of at least 8, two")
            << 2 << 2 << false << 0LL
            << "2 straggler cells outlined: an op type much slower on one card than on the others. The run "
               "lacks ranks; the missing ones cannot be compared.";
        QTest::newRow("one rank") << 1 << 0 << true << 1LL
                                  << "One rank: nothing to compare it with, so no straggler can be named.";
    }
    void emptyGridSaysNothingOfStragglers() {
        // legacy MindSpore runs without op statistics: "every op type runs alike on all cards" said of
        // nothing
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1, 2, 3});
        auto d = grid(4, 0);
        d->rows.clear();
        d->cells.clear();
        d->rowTotalNs.clear();
        v.setData(d);
        QCOMPARE(v.caption(),
                 QString("No device kernels with op statistics: no straggler can be looked for."));
    }
    void caption() {
        QFETCH(int, ranks);
        QFETCH(int, flagged);
        QFETCH(bool, complete);
        QFETCH(qlonglong, world);
        QFETCH(QString, caption);
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        std::vector<int> keys;
        for (int r = 0; r < ranks; ++r)
            keys.push_back(r);
        v.setProfile(keys, world ? std::optional<int64_t>(world) : std::nullopt, complete);
        v.setData(grid(ranks, flagged));
        QCOMPARE(v.caption(), caption);
    }
};

QTEST_MAIN(TstHeatmapView)
#include "tst_heatmapview.moc"
