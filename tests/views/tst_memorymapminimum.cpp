// The memory map keeps its banks readable in a small dock (r54c #4): at 1600 × 1000 the default layout's
// memory dock (~1100 × 250 px) squeezed the demo's map of banks 0–5 (rank 0's tensors lie in banks 0, 1, 2,
// 3 and 5 of 4 GiB from 0x12C000000000: core/demo/demomemory.cpp) to ~80 px, each band thinner than its
// name. Each bank now has its name and its base address on its band, the view scrolls in its dock instead,
// and the map, the bank strip and the curves do not overlap, at 1600 × 1000's dock and 800 × 600's.
#include "app/gui/dockscrollarea.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/memory/bankstrip.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"

#include <QScrollBar>
#include <QtTest>
#include <qcustomplot.h>

using namespace rs;

class TstMemoryMapMinimum : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("memorymapminimum", 4, 3, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
    }

    void everyBankIsLabelledInASmallDock_data() {
        QTest::addColumn<QSize>("dock");
        QTest::newRow("1600 x 1000's dock") << QSize(1100, 250);
        QTest::newRow("800 x 600's dock") << QSize(560, 170);
    }
    void everyBankIsLabelledInASmallDock() {
        QFETCH(QSize, dock);
        // the banks rank 0's tensors span, by the generator's layout, from its tensor rows
        constexpr uint64_t kBase = 0x12C000000000ULL, kBank = uint64_t(4) << 30;
        const auto range = m_ix.rows(
            "SELECT min(addr), max(addr + size_bytes) FROM tensor WHERE rank = 0 AND addr IS NOT NULL");
        const QStringList lh = QString::fromStdString(range.front()).split('|');
        const uint64_t first = (lh[0].toULongLong() - kBase) / kBank,
                       last = (lh[1].toULongLong() - 1 - kBase) / kBank;
        QCOMPARE(first, uint64_t(0));
        QCOMPARE(last, uint64_t(5));
        const int banks = int(last - first + 1);

        auto data = std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*m_ix.db, 0));
        views::InteractionState state;
        state.setBounds(data->startNs, data->endNs);
        auto* view = new views::MemoryMapView(&state, nullptr);
        gui::DockScrollArea area(view);
        area.resize(dock);
        view->setProfile({});
        area.show();
        view->setData(data);
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QCoreApplication::processEvents();
        const auto labels = view->canvas()->bankLabels();
        const auto named =
            std::count_if(labels.begin(), labels.end(), [](const auto& l) { return !l.address; });
        const auto addressed =
            std::count_if(labels.begin(), labels.end(), [](const auto& l) { return l.address; });
        QVERIFY2(named == banks && addressed == banks,
                 qPrintable(QString("%1 names and %2 addresses for %3 banks on a %4 px map")
                                .arg(named)
                                .arg(addressed)
                                .arg(banks)
                                .arg(view->canvas()->height())));
        // stacked, not overlapping: the map above the strip above the curves, the dock scrolling to them
        const QRect map = view->canvas()->geometry(), strip = view->strip()->geometry(),
                    plot = view->plot()->geometry();
        QVERIFY(map.bottom() < strip.top() && strip.bottom() < plot.top());
        QVERIFY(view->height() <= dock.height() || area.verticalScrollBar()->maximum() > 0);
    }
};

QTEST_MAIN(TstMemoryMapMinimum)
#include "tst_memorymapminimum.moc"
