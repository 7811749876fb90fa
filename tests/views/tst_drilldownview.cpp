// The Steps ▸ ops ▸ tensors drill-down offscreen, on the indexed 8-rank Ascend demo through a real
// QueryService: an HCCL collective (hcom_allReduce__908_2_1) whose buffers the memory records name by the
// collective's algorithm ("AllReduce"), not by the op, lists those buffers of its step — the ones the bank
// anomaly finding is about — and the breadcrumbs say how they were tied; nothing is tied across steps.
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsmodel.h"
#include "views/tables/stepsmodel.h"
#include "views/tables/tensorsmodel.h"

#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>

using namespace rs;
namespace fs = std::filesystem;

namespace {
// The rank's AllReduce buffers allocated in `step`, read off the demo's memory_usage.csv (alloc_time is in
// steps: 2.0211 is early in step 2; the address-less operator_memory.csv copies are not listed beside them)
std::set<std::string> allReduceBuffers(const std::string& profile, int rank, int step) {
    std::set<std::string> ids;
    for (const auto& e : fs::recursive_directory_iterator(profile)) {
        if (e.path().filename() != "memory_usage.csv") continue;
        const fs::path rankDir = e.path().parent_path().parent_path();
        if (!fs::exists(rankDir / ("profiler_info_" + std::to_string(rank) + ".json"))) continue;
        std::ifstream in(e.path());
        std::string line;
        std::getline(in, line); // op_name,tensor_id,size_bytes,alloc_time,free_time,device_id,addr
        while (std::getline(in, line)) {
            const QStringList c = QString::fromStdString(line).split(',');
            if (c.size() > 3 && c[0] == "AllReduce" && int(std::floor(c[3].toDouble())) == step)
                ids.insert(c[1].toStdString());
        }
    }
    return ids;
}

// Makes the row of `level` for which `pick(source row)` holds current, then drills into it.
template <class Pick> bool drillInto(views::DrillDownView& v, int level, int rows, Pick pick) {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(v.table(level)->model());
    for (int r = 0; r < rows; ++r)
        if (pick(r)) {
            v.table(level)->setCurrentIndex(proxy->mapFromSource(proxy->sourceModel()->index(r, 0)));
            v.drillDown();
            return true;
        }
    return false;
}
} // namespace

class TstDrillDownView : public QObject {
    Q_OBJECT
    std::string m_profile, m_db;

  private Q_SLOTS:
    void initTestCase() {
        m_profile = test::tempDir("drilldown") + "/demo";
        auto ix = test::indexedDemo(m_profile, test::demoOptions(8, 3, 2));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
    }

    void collectiveListsItsAlgorithmsBuffersOfTheStep() {
        const std::set<std::string> expected = allReduceBuffers(m_profile, 5, 2);
        QCOMPARE(expected.size(), size_t(2)); // the two gradient buckets of step 2
        query::QueryService service;
        service.open(QString::fromStdString(m_db));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::DrillDownView v(&state, &service);
        v.resize(900, 500);
        v.setProfile();
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QVERIFY(drillInto(v, 0, v.stepsModel()->rowCount(), [&](int r) {
            return v.stepsModel()->row(r)->rank == 5 && v.stepsModel()->row(r)->step == 2;
        }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        std::string op;
        QVERIFY(drillInto(v, 1, v.opsModel()->rowCount(), [&](int r) {
            op = v.opsModel()->row(r)->name;
            return op.rfind("hcom_allReduce_", 0) == 0;
        }));
        QTRY_VERIFY_WITH_TIMEOUT(v.tensorsModel()->rowCount() > 0, 20000);
        std::set<std::string> shown;
        for (int r = 0; r < v.tensorsModel()->rowCount(); ++r)
            shown.insert(v.tensorsModel()->row(r)->tensorId);
        QCOMPARE(shown, expected);
        const QString crumbs = v.breadcrumbs();
        QVERIFY2(crumbs.contains("AllReduce tensors of step 2") &&
                     crumbs.contains(QString::fromStdString(op)),
                 qPrintable(crumbs));
        QVERIFY2(!crumbs.contains("no memory record"), qPrintable(crumbs));
    }
};

QTEST_MAIN(TstDrillDownView)
#include "tst_drilldownview.moc"
