// The counters of an area: a row without a sample inside the area shows the value held from before its
// start, set apart and said (walk 54b: text/level1's AI Core Freq over a 12 ms area read "first 1800 last
// 1800 min 1800 max 1800, samples 0" as figures measured there). Model state, from hand-made statistics.
#include "views/tables/areacountermodel.h"

#include <QFont>
#include <QtTest>

using namespace rs;

class TstAreaCounterModel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aRowWithoutSamplesSaysItsValueIsHeld() {
        auto s = std::make_shared<query::AreaStats>();
        query::CounterRow held; // no sample inside: 1800 carried in
        held.rank = 0;
        held.name = "AI Core Freq";
        held.first = 1800;
        held.last = held.min = held.max = 1800;
        held.samples = 0;
        query::CounterRow measured = held; // three samples inside
        measured.name = "HBM bandwidth";
        measured.min = 10;
        measured.samples = 3;
        s->counters = {held, measured};
        views::AreaCounterModel m;
        m.setStats(s, {{0, 0}});
        for (int c = views::AreaCounterModel::First; c <= views::AreaCounterModel::Max; ++c) {
            const QModelIndex h = m.index(0, c), i = m.index(1, c);
            QCOMPARE(m.data(h, Qt::ToolTipRole).toString(), views::AreaCounterModel::heldText());
            QVERIFY(m.data(h, Qt::FontRole).value<QFont>().italic());
            QVERIFY(!m.data(i, Qt::ToolTipRole).isValid()); // measured: no such note
            QVERIFY(!m.data(i, Qt::FontRole).isValid());
        }
        QCOMPARE(m.data(m.index(0, views::AreaCounterModel::Samples), Qt::DisplayRole).toLongLong(), 0);
        QVERIFY(m.headerData(views::AreaCounterModel::Samples, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("held from before"));
    }
};

QTEST_MAIN(TstAreaCounterModel)
#include "tst_areacountermodel.moc"
