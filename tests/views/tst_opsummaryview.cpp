// The whole-run op summary table on a demo profile: one row per (op type, rank) of op_stat, sorted by
// total device time (the first row is the largest total SQL finds), filtered by op type, and a row the
// user moves to selects (op type, rank) in the shared state. On a real Kineto sample whose CUDA template
// kernels are named in hundreds of characters, the name column is capped and rows stay one line high,
// so the figures stay in view. While its rows are read the table says it is loading; with no kernel to
// list it says why, in the heatmap's words.
#include "core/demo/demogenerator.h"
#include "core/index/sqlite.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/tables/opsummarymodel.h"
#include "views/tables/opsummaryview.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>
#include <cmath>
#include <map>

using namespace rs;

namespace {
// The op summary over an index through a real QueryService, 1000×400 on screen, every rank shown.
struct OpenSummary {
    views::InteractionState state;
    query::QueryService service;
    views::OpSummaryView view{&state, &service};
    bool open(const std::string& db) {
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(db));
        if (!ready.wait(20000)) return false;
        auto summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        view.resize(1000, 400);
        view.show();
        view.setProfile(summary->ranks);
        return true;
    }
};
/// Fills `m` with the op × rank statistics of the sample `sub` (under the samples folder); false when its
/// index cannot be built.
bool summaryOfSample(views::OpSummaryModel& m, const std::string& sub) {
    auto ix = test::indexDir(test::samplesDir() + sub);
    if (!ix.result.ok) return false;
    m.setData(std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(*ix.db)));
    return true;
}
} // namespace

class TstOpSummaryView : public QObject {
    Q_OBJECT
    std::string m_db;

  private Q_SLOTS:
    void initTestCase() {
        auto ix = test::indexedDemo(test::tempDir("opsummary"), test::demoOptions(4, 4, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
    }
    void theSortArrowPointsTheWayTheRowsRun() {
        // walk 13: the largest total first under an arrow pointing up. The header drawn sorted each way:
        // the pixels that differ are the arrow; pointing down (largest first), it is wider at its top
        views::InteractionState state;
        views::OpSummaryView view(&state, nullptr);
        view.resize(900, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* header = view.table()->horizontalHeader();
        const int total = views::OpSummaryModel::Total;
        QCOMPARE(header->sortIndicatorSection(), total);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        const QImage down = header->grab().toImage();
        header->setSortIndicator(total, Qt::AscendingOrder);
        const QImage up = header->grab().toImage();
        QCOMPARE(down.size(), up.size());
        QRect arrow;
        for (int y = 0; y < down.height(); ++y)
            for (int x = 0; x < down.width(); ++x)
                if (down.pixel(x, y) != up.pixel(x, y)) arrow |= QRect(x, y, 1, 1);
        QVERIFY(!arrow.isEmpty());
        const QRect section(header->sectionViewportPosition(total), 0, header->sectionSize(total),
                            header->height());
        QVERIFY2(section.contains(arrow), qPrintable(QString("arrow %1,%2 %3×%4")
                                                         .arg(arrow.x())
                                                         .arg(arrow.y())
                                                         .arg(arrow.width())
                                                         .arg(arrow.height())));
        // ink: darker than the header's background beside the arrow
        const auto inkRows = [&](const QImage& img, bool top) {
            const int bg = qGray(img.pixel(arrow.left() - 2, arrow.center().y()));
            int n = 0;
            const int mid = arrow.top() + arrow.height() / 2;
            for (int y = top ? arrow.top() : mid + (arrow.height() % 2); y < (top ? mid : arrow.bottom() + 1);
                 ++y)
                for (int x = arrow.left(); x <= arrow.right(); ++x)
                    n += qGray(img.pixel(x, y)) < bg - 40;
            return n;
        };
        QVERIFY2(inkRows(down, true) > inkRows(down, false),
                 qPrintable(QString("descending: %1 ink pixels in the top half, %2 in the bottom")
                                .arg(inkRows(down, true))
                                .arg(inkRows(down, false))));
        QVERIFY2(inkRows(up, true) < inkRows(up, false),
                 qPrintable(QString("ascending: %1 ink pixels in the top half, %2 in the bottom")
                                .arg(inkRows(up, true))
                                .arg(inkRows(up, false))));
    }
    void rowsSortFilterAndSelect() {
        views::InteractionState state;
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(m_db));
        QVERIFY(ready.wait(20000));
        auto summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        views::OpSummaryView view(&state, &service);
        view.resize(900, 400);
        view.show();
        view.setProfile(summary->ranks);
        // while the rows are read (the answer comes through the event loop, not before) the table says so:
        // on df_index_resolver it stood empty for 1.5 s (issue 19)
        QVERIFY2(view.captionText().startsWith("Loading"), qPrintable(view.captionText()));
        index::Db db(m_db, true);
        const int64_t rows = db.scalar("SELECT count(*) FROM op_stats");
        QVERIFY(rows > 4);
        QTRY_COMPARE(int64_t(view.model()->rowCount()), rows);
        QVERIFY2(view.captionText().startsWith(QString::number(rows) + " (op type, rank) rows"),
                 qPrintable(view.captionText()));
        // sorted by total, largest first: the row SQL puts first
        const std::string top =
            db.scalarText("SELECT op_type || '|' || rank FROM op_stats ORDER BY total_ns DESC LIMIT 1");
        auto* t = view.table();
        const QString firstOp = t->model()->index(0, views::OpSummaryModel::OpType).data().toString();
        const int firstRank = t->model()->index(0, views::OpSummaryModel::Rank).data(Qt::UserRole).toInt();
        QCOMPARE((firstOp + "|" + QString::number(firstRank)).toStdString(), top);
        // the filter keeps one op type's rows (one per rank)
        view.findChild<QLineEdit*>()->setText("MatMulV2");
        QCOMPARE(int64_t(t->model()->rowCount()),
                 db.scalar("SELECT count(*) FROM op_stats WHERE op_type LIKE '%MatMulV2%'"));
        // a collective's kernels live on communication lanes, not in this table: a filter for one says so
        // (walk 14: "No op type matches \"AllReduce\" (device kernels only)" for 15 NCCL AllReduce kernels)
        QCOMPARE(db.scalar("SELECT count(*) FROM op_stats WHERE op_type LIKE '%allreduce%'"), int64_t(0));
        view.findChild<QLineEdit*>()->setText("allReduce");
        QVERIFY2(view.captionText().contains("communication kernels are not in this table"),
                 qPrintable(view.captionText()));
        view.findChild<QLineEdit*>()->setText("MatMulV2");
        // a row the user moves to selects it everywhere
        t->setFocus();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        t->setCurrentIndex(t->model()->index(1, 0));
        QCOMPARE(state.selection().kind, views::Selection::Kind::OpType);
        QCOMPARE(state.selection().opType,
                 t->model()->index(1, views::OpSummaryModel::OpType).data().toString());
        QCOMPARE(state.selection().rank,
                 t->model()->index(1, views::OpSummaryModel::Rank).data(Qt::UserRole).toInt());
    }
    void aLongCaptionDoesNotWidenTheWindow() {
        // walks 20a/20b: the caption's one line (a cut rank's note) made the view's minimum width 1 857 px,
        // and the main window took it, past the screen. A filter as long gives the caption as long a text
        OpenSummary s;
        QVERIFY(s.open(m_db));
        QTRY_VERIFY_WITH_TIMEOUT(s.view.findChild<QTableView*>()->model()->rowCount() > 0, 20000);
        const int before = s.view.minimumSizeHint().width();
        s.view.findChild<QLineEdit*>()->setText(QString("no-such-op ").repeated(40));
        QVERIFY2(s.view.minimumSizeHint().width() <= std::max(before, 500),
                 qPrintable(QString("%1 px, %2 before").arg(s.view.minimumSizeHint().width()).arg(before)));
    }
    void theFilterAndTheCaptionSayWhatTheTableHolds() {
        // walk 22a: the filter said "device kernels of the whole run", the caption "compute kernels … (no
        // communication)", and NCCL kernels are not rows: both say compute kernels
        OpenSummary s;
        QVERIFY(s.open(m_db));
        QTRY_VERIFY_WITH_TIMEOUT(s.view.findChild<QTableView*>()->model()->rowCount() > 0, 20000);
        const QString filter = s.view.findChild<QLineEdit*>()->placeholderText();
        QVERIFY2(filter.contains("compute kernels") && !filter.contains("device kernels"),
                 qPrintable(filter));
        const auto labels = s.view.findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [](const QLabel* l) { return l->text().contains("compute kernels"); }));
    }
    void noKernelsSaysWhyAsTheHeatmapDoes() {
        // walk 25: mindinsight's cluster_propose ships hccl_raw and step traces, no kernel (no file of it
        // names a compute task); the heatmap said "No device kernels", the table nothing
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("opsummary-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto heat = std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(*ix.db));
        QVERIFY(!heat->emptyReason.empty());
        views::InteractionState state;
        views::OpSummaryView view(&state, nullptr);
        view.model()->setData(heat);
        QCOMPARE(view.model()->rowCount(), 0);
        QCOMPARE(view.model()->emptyReason(), QString::fromStdString(heat->emptyReason));
        QCOMPARE(view.captionText(), QString::fromStdString(heat->emptyReason));
        QCOMPARE(view.emptyText(),
                 QString::fromStdString(heat->emptyReason)); // in the table, seen in a low dock
        // with rows there is no such reason
        views::OpSummaryModel demo;
        index::Db db(m_db, true);
        demo.setData(std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(db)));
        QVERIFY(demo.rowCount() > 0);
        QVERIFY(demo.emptyReason().isEmpty());
        view.model()->setData(std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(db)));
        QVERIFY(view.emptyText().isEmpty());
    }
    void longNamesKeepFiguresInView() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/nccl_parser_config");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t longest = ix.scalar("SELECT max(length(op_type)) FROM op_stats");
        QVERIFY(longest > 150); // cuDNN's sm80_xmma_… kernels, 162 bytes (op types are at most 192)
        OpenSummary o;
        QVERIFY(o.open(ix.result.dbPath));
        views::OpSummaryView& view = o.view;
        QTRY_VERIFY(view.model()->rowCount() > 10);
        auto* t = view.table();
        QTRY_VERIFY(t->columnWidth(views::OpSummaryModel::OpType) > 0);
        QVERIFY(t->columnWidth(views::OpSummaryModel::OpType) <= views::OpSummaryView::kMaxNameWidth);
        QVERIFY(!t->wordWrap());
        for (int r = 0; r < 5; ++r)
            QVERIFY2(t->rowHeight(r) <= t->verticalHeader()->defaultSectionSize(),
                     qPrintable(QString::number(t->rowHeight(r))));
        // the total is on screen beside its name
        QVERIFY(t->columnViewportPosition(views::OpSummaryModel::Total) < t->viewport()->width());
    }
    void differentNamesNeverReadTheSame() {
        // trace_filter has split_embedding_backward_codegen_rowwise_adagrad_{unweighted,weighted}_kernel_
        // cta_per_row_1 (the SQL below counts both): elided in the middle, both read
        // "split_embedding_backward_…hted_kernel_cta_per_row_1"
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/trace_filter");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(DISTINCT op_type) FROM op_stats WHERE op_type LIKE "
                           "'%split_embedding_backward%weighted%cta_per_row_1%'"),
                 int64_t(2));
        OpenSummary o;
        QVERIFY(o.open(ix.result.dbPath));
        views::OpSummaryView& view = o.view;
        QTRY_VERIFY(view.model()->rowCount() > 10);
        auto* t = view.table();
        QTRY_VERIFY(t->columnWidth(views::OpSummaryModel::OpType) > 0);
        QMap<QString, QString> nameOf; // label → the name it stands for
        const QFontMetrics fm(t->font());
        for (int r = 0; r < view.model()->rowCount(); ++r) {
            const QString name = view.model()->row(r)->opType, label = view.shownName(name);
            QVERIFY2(!nameOf.contains(label) || nameOf[label] == name,
                     qPrintable(QString("\"%1\" reads as \"%2\" too").arg(label, nameOf[label])));
            nameOf[label] = name;
            QVERIFY2(fm.horizontalAdvance(label) <= t->columnWidth(views::OpSummaryModel::OpType),
                     qPrintable(label));
        }
    }
    void noSharedKernelsIsSaidNotOne() {
        // walk17b #6: test_data's op types one rank alone ran (python over the two kernel_details.csv:
        // FlashAttentionScore only on rank 0) read "1.00×"; they have no ratio
        if (test::samplesDir().empty()) QSKIP("../shared/samples is not present");
        views::OpSummaryModel m;
        QVERIFY(summaryOfSample(m, "/msinsight/server/src/test/test_data"));
        int seen = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            const QString ratio =
                m.data(m.index(r, views::OpSummaryModel::Ratio), Qt::DisplayRole).toString();
            if (m.row(r)->opType == "FlashAttentionScore") {
                ++seen;
                QCOMPARE(ratio, QString("no shared kernels"));
                QVERIFY(m.data(m.index(r, 0), Qt::ToolTipRole).toString().contains("× same kernels: none"));
            }
            if (m.row(r)->opType == "Cast")
                // tst_samples opRatioComparesSharedKernelsOnly: 5.798 / 3.140 and 3.140 / 3.140 (the lower
                // median of the two ranks', r51a)
                QCOMPARE(ratio, m.row(r)->rankLabel == "rank 0" ? QString("1.85×") : QString("1.00×"));
        }
        QCOMPARE(seen, 1);
    }
    void theMedianColumnSaysItIsTheLowerMiddle() {
        // trace_filter rank 0 ran cutlass_80_tensorop_s1688gemm_128x64_32x6_nt_align1 8 times (Python over
        // sampled_rank-0.json.gz: 301, 302, 302, 405, 1168, 1269, 1274, 1388 µs): the column holds the lower
        // median, 405 µs, where "median" reads as the usual 786.5 µs; its header says which
        if (test::samplesDir().empty()) QSKIP("../shared/samples is not present");
        views::OpSummaryModel m;
        QVERIFY(summaryOfSample(m, "/hta/tests/data/trace_filter"));
        int seen = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            if (!m.row(r)->opType.contains("cutlass_80_tensorop_s1688gemm_128x64_32x6_nt_align1") ||
                m.row(r)->rankLabel != "rank 0")
                continue;
            ++seen;
            QCOMPARE(m.data(m.index(r, views::OpSummaryModel::Median), Qt::UserRole).toLongLong(),
                     qint64(405'000));
            QVERIFY(
                m.data(m.index(r, 0), Qt::ToolTipRole).toString().contains("median (lower middle) 405 µs"));
        }
        QCOMPARE(seen, 1);
        QCOMPARE(m.headerData(views::OpSummaryModel::Median, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QString("median (lower middle)"));
        QVERIFY(m.headerData(views::OpSummaryModel::Median, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("lower median"));
    }
    void theRatioColumnSaysWhatItIs() {
        // msinsight text/level1, MatMulV2 (Python's csv and statistics over each rank's kernel_details.csv,
        // Type == MatMulV2): rank 0 lower median (core/model/median.h) 45.921 µs, rank 1 44.721 µs, so the op
        // type's median over ranks is 44.721 µs and the ranks' medians are 1.027× and 1.000× of it (each
        // name's count is odd: 5 Mm, 3 Addmm, so the ratios below are as before). Kernel name by kernel name
        // (each name's lower median over the two ranks, weighted by each rank's counts; r51a) they are 1.000×
        // and 1.088× (Python over the same CSVs):
        // the heatmap's ratio, which the column shows and now names ("× same kernels", not "× median").
        if (test::samplesDir().empty()) QSKIP("../shared/samples is not present");
        views::OpSummaryModel m;
        QVERIFY(summaryOfSample(m, "/msinsight/test/data/pytorch/text/level1"));
        const std::map<QString, std::pair<double, QString>> expected{{"rank 0", {1.0000, "1.027×"}},
                                                                     {"rank 1", {1.0885, "1.000×"}}};
        int seen = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            if (m.row(r)->opType != "MatMulV2") continue;
            ++seen;
            const auto& e = expected.at(m.row(r)->rankLabel);
            const double ratio = m.data(m.index(r, views::OpSummaryModel::Ratio), Qt::UserRole).toDouble();
            QVERIFY2(std::abs(ratio - e.first) < 0.0005, qPrintable(QString::number(ratio)));
            const QString tip = m.data(m.index(r, 0), Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QString::asprintf("× same kernels: %.2f×", e.first)), qPrintable(tip));
            QVERIFY2(
                tip.contains("The op type's median over the ranks (every kernel name together) is 44.7 µs: "
                             "this rank's median is " +
                             e.second),
                qPrintable(tip));
        }
        QCOMPARE(seen, 2);
        QCOMPARE(m.headerData(views::OpSummaryModel::Ratio, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QString("× same kernels"));
        QVERIFY(m.headerData(views::OpSummaryModel::Ratio, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("Not the op type's median over ranks"));
    }
};

QTEST_MAIN(TstOpSummaryView)
#include "tst_opsummaryview.moc"
