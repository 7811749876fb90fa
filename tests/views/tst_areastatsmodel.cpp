// The Area statistics table names a row's kind as what its spans are (walk 23b): the column is "kind", not
// "lane" (a compute lane's EVENT_WAIT is kind runtime), and a row's tooltip does not call a kind a lane.
#include "views/tables/areastatsmodel.h"

#include <QtTest>

using namespace rs;

class TstAreaStatsModel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aRuntimeRowIsNamedByItsKind() {
        auto s = std::make_shared<query::AreaStats>();
        query::AreaRow r;
        r.name = "EVENT_WAIT";
        r.kind = "runtime";
        r.rank = 0;
        r.count = 1;
        r.totalNs = r.selfNs = r.minNs = r.maxNs = r.p95Ns = 1000;
        r.avgNs = 1000;
        s->rows = {r};
        views::AreaStatsModel m;
        m.setStats(s, {{0, 0}});
        using M = views::AreaStatsModel;
        QCOMPARE(m.headerData(M::Kind, Qt::Horizontal, Qt::DisplayRole).toString(), QString("kind"));
        QCOMPARE(m.data(m.index(0, M::Kind), Qt::DisplayRole).toString(), QString("runtime"));
        const QString tip = m.data(m.index(0, M::Name), Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith("EVENT_WAIT (runtime) on rank 0:"), qPrintable(tip));
    }
};

QTEST_MAIN(TstAreaStatsModel)
#include "tst_areastatsmodel.moc"
