// The op × rank heatmap's ratio can be reproduced from its tooltip's rule (walk 30: msinsight's
// pytorch/text/level1 MatMulV2 read 0.96 / 1.04 while "weighted by how often the rank ran each" read as the
// count-weighted mean of each kernel name's ratio gives 0.972 / 1.028). The rule the tooltip states — this
// rank's time at its per-name medians, Σ count × median, against the same counts at each name's median over
// the ranks (the lower median: of two ranks the faster's, r51a) — is computed here from the two ranks'
// kernel_details.csv (Name, Type, Duration(us)), never from the program.
#include "core/query/analysisqueries.h"
#include "views/heatmap/heatmapscale.h"

#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>
#include <fstream>
#include <map>

using namespace rs;

namespace {
const char* kProfile = "/msinsight/test/data/pytorch/text/level1";

/// Kernel name → its durations (µs) of type `type` in one rank's kernel_details.csv. Name, Type and
/// Duration are the 5th, 6th and 10th columns, before any quoted field (shapes come later).
std::map<std::string, std::vector<double>> kernels(const std::string& csv, const std::string& type) {
    std::map<std::string, std::vector<double>> out;
    std::ifstream in(csv);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        const QStringList c = QString::fromStdString(line).split(',');
        if (c.size() > 9 && c[5].toStdString() == type) out[c[4].toStdString()].push_back(c[9].toDouble());
    }
    return out;
}
/// The ⌈n/2⌉-th smallest: a rank's median of its kernels (SCHEMA.md, op_stats.median_ns), and the
/// reference of a kernel name over the ranks.
double lowerMedian(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[(v.size() - 1) / 2];
}
} // namespace

class TstHeatmapRatioRule : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theRatioFollowsTheStatedRule() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const std::string dir = samples + kProfile;
        std::map<int, std::map<std::string, std::vector<double>>> k;
        for (int r : {0, 1})
            k[r] = kernels(dir + "/rank" + std::to_string(r) +
                               "_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
                           "MatMulV2");
        QVERIFY(!k[0].empty() && !k[1].empty());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        bool otherReadingDiffers = false;
        for (int r : {0, 1}) {
            double own = 0, typical = 0, ratioSum = 0, count = 0;
            for (const auto& [name, v] : k[r]) {
                if (!k[1 - r].count(name)) continue; // names no other rank ran left out
                const double mine = lowerMedian(v),
                             ref = lowerMedian({lowerMedian(k[0][name]), lowerMedian(k[1][name])});
                own += double(v.size()) * mine;
                typical += double(v.size()) * ref;
                ratioSum += double(v.size()) * mine / ref, count += double(v.size());
            }
            const double stated = own / typical, meanOfRatios = ratioSum / count;
            const auto rows = ix.rows("SELECT ratio_to_median FROM op_stats s JOIN ranks k USING(rank) WHERE "
                                      "op_type = 'MatMulV2' AND k.data_rank = " +
                                      std::to_string(r));
            QCOMPARE(rows.size(), size_t(1));
            const double shown = std::stod(rows.front());
            QVERIFY2(std::abs(shown - stated) < 1e-3,
                     qPrintable(QString("rank %1: %2 vs %3").arg(r).arg(shown).arg(stated)));
            otherReadingDiffers |= std::abs(shown - meanOfRatios) > 0.01;
        }
        // the other reading is another number (on some rank: one faster on every shared name reads 1.00
        // either way, each name being its own lower median)
        QVERIFY(otherReadingDiffers);
        // so the tooltip names a ratio of times, count × median, not a mean of ratios
        const QString ref = views::ratioReference(query::HeatmapData::Mode::OpByRank);
        QVERIFY2(ref.contains("Σ over the kernel names of its count × its median") &&
                     ref.contains("the same counts at the same kernels' median over the ranks"),
                 qPrintable(ref));
    }
    void aFewPerCentIsAFewPerCentOfColour() {
        // walk 52b: rank × step of text/level1 in p95, two ranks 6 % apart read darkest and palest, the scale
        // being the shown values' min–max. AdaptiveAvgPool3d ran once per rank in its one step: 17.70 µs on
        // rank 0, 16.64 µs on rank 1 (kernel_details.csv, counted with Python: 1.064×). Their colours differ
        // little; a cell twice another's still differs clearly, in every statistic.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        auto ix = test::indexDir(samples + kProfile);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto h = query::loadRankStepHeatmap(*ix.db, "AdaptiveAvgPool3d");
        QCOMPARE(h.rows.size(), size_t(2));
        QCOMPARE(h.columns.size(), size_t(1));
        const query::HeatCell &r0 = h.cells[0][0], &r1 = h.cells[1][0];
        QVERIFY(r0.present && r1.present);
        for (auto s : {views::HeatStatistic::P95, views::HeatStatistic::Mean, views::HeatStatistic::Median,
                       views::HeatStatistic::Total, views::HeatStatistic::Ratio}) {
            const QString what = views::statisticName(s, h.mode);
            if (s != views::HeatStatistic::Ratio) { // the cells hold the durations the CSV says
                QVERIFY2(std::abs(views::cellValue(r0, s) - 17700) < 10, qPrintable(what));
                QVERIFY2(std::abs(views::cellValue(r1, s) - 16640) < 10, qPrintable(what));
            }
            const auto sc = views::HeatScale::forData(h, s);
            auto lightness = [&](double v) { return sc.color(v).lightnessF(); };
            const double a = views::cellValue(r0, s), b = views::cellValue(r1, s);
            QVERIFY2(std::abs(lightness(a) - lightness(b)) < 0.06,
                     qPrintable(QString("%1: %2 vs %3 (lightness %4 vs %5)")
                                    .arg(what, sc.color(a).name(), sc.color(b).name())
                                    .arg(lightness(a))
                                    .arg(lightness(b))));
            // a grid where rank 1 took twice rank 0's time (its ratio twice rank 0's): the two read apart
            query::HeatmapData twice = h;
            query::HeatCell& d = twice.cells[1][0];
            d = r0;
            d.meanNs *= 2, d.medianNs *= 2, d.p95Ns *= 2, d.totalNs *= 2, d.ratio *= 2;
            const auto sc2 = views::HeatScale::forData(twice, s);
            const double x = views::cellValue(r0, s), y = views::cellValue(d, s);
            QVERIFY2(std::abs(sc2.color(x).lightnessF() - sc2.color(y).lightnessF()) > 0.2,
                     qPrintable(QString("%1: %2 vs %3").arg(what, sc2.color(x).name(), sc2.color(y).name())));
            // the legend's ends are the scale's: 0 for a duration (it says where the scale starts)
            if (s != views::HeatStatistic::Ratio) {
                QCOMPARE(sc.shownLo, 0.0);
                QCOMPARE(sc.shownHi, std::max(a, b));
            }
        }
    }
};

QTEST_MAIN(TstHeatmapRatioRule)
#include "tst_heatmapratiorule.moc"
