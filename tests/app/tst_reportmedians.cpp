// One median everywhere (core/model/median.h): on the demo, the report's table of slow op types lists
// beside rank 3's MatMulV2 the same "ranks' median" the Details panel's duration histogram marks (walk 23:
// 140 µs in the report, 139 µs on the histogram), and both are the lower median of the ranks' lower
// medians, counted here from the index's kernel spans (not from op_stat).
#include "app/gui/reportdocument.h"
#include "core/model/timetext.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/details/histogramview.h"

#include <QtTest>
#include <algorithm>
#include <map>

using namespace rs;

namespace {
/// The ⌈n/2⌉-th smallest of `v`.
int64_t lowerMedian(std::vector<int64_t> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[(v.size() - 1) / 2];
}
} // namespace

class TstReportMedians : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theReportAndTheHistogramSayOneRanksMedian() {
        const std::string dir = test::tempDir("reportmedians") + "/demo";
        auto ix = test::indexedDemo(dir, test::demoOptions(8, 4, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // every rank's MatMulV2 kernels on its compute lanes, from the spans
        std::map<int64_t, std::vector<int64_t>> durs;
        auto q = ix.db->prepare("SELECT t.rank, s.dur_ns FROM span s JOIN track t ON t.track_id = s.track_id "
                                "WHERE t.kind = 'compute' AND s.op_type_id = (SELECT id FROM string WHERE "
                                "value = 'MatMulV2')");
        while (q.step())
            durs[q.i64(0)].push_back(q.i64(1));
        QCOMPARE(int(durs.size()), 8);
        std::vector<int64_t> medians;
        for (auto& [rank, d] : durs)
            medians.push_back(lowerMedian(d));
        const QString expected = QString::fromStdString(model::formatDuration(lowerMedian(medians)));

        const auto doc = gui::buildReportDocument(
            {QString::fromStdString(ix.result.dbPath), QString::fromStdString(dir), 1, 600, std::nullopt});
        QString inReport;
        for (const auto& b : doc.blocks) {
            const int col = int(b.header.indexOf("ranks' median (lower middle)")),
                      op = int(b.header.indexOf("op type"));
            if (b.kind != gui::ReportBlock::Kind::Table || col < 0 || op < 0) continue;
            for (const auto& row : b.rows)
                if ((row[0] == "3" || row[0] == "rank 3") && row[op] == "MatMulV2") inReport = row[col];
        }
        QCOMPARE(inReport, expected);

        views::HistogramView view;
        view.resize(600, 300);
        view.setHistogram(
            std::make_shared<const query::Histogram>(query::loadDurationHistogram(*ix.db, "MatMulV2", 3)));
        QString marked;
        for (const auto& m : view.markers())
            if (m.text.startsWith("ranks' median (lower middle) "))
                marked = m.text.mid(QString("ranks' median (lower middle) ").size());
        QCOMPARE(marked, expected);
    }
};

QTEST_MAIN(TstReportMedians)
#include "tst_reportmedians.moc"
