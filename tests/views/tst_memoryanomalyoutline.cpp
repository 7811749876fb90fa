// The memory map's bank-anomaly outline covers the anomalous bank's band and no other (r54c #1): on the
// demo, the anomalous rank keeps its two 64 MiB AllReduce buffers 3.5 GiB into bank 0 (4 GiB banks from
// 0x12C000000000: core/demo/demomemory.cpp), 3.625 GiB at their end; the outline, padded 3 px around the
// bars, reached into bank 1's band on a short map.
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/memory/addressmapping.h"
#include "views/memory/memorymapcanvas.h"

#include <QtTest>

using namespace rs;

class TstMemoryAnomalyOutline : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("memoryanomalyoutline", 4, 3, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
    }

    void theOutlineStaysInTheAnomalousBanksBand_data() {
        QTest::addColumn<int>("height");
        QTest::newRow("short map") << 90;
        QTest::newRow("130 px") << 130;
        QTest::newRow("tall map") << 600;
    }
    void theOutlineStaysInTheAnomalousBanksBand() {
        QFETCH(int, height);
        const auto anomaly = m_ix.rows("SELECT rank, op_name FROM bank_anomaly");
        QCOMPARE(anomaly.size(), size_t(1));
        const QStringList ro = QString::fromStdString(anomaly.front()).split('|');
        const int rank = ro[0].toInt();
        const std::string op = ro[1].toStdString();
        // the anomaly's addresses as its tensor rows give them, against the generator's bank layout
        constexpr uint64_t kBase = 0x12C000000000ULL, kBank = uint64_t(4) << 30;
        const auto range = m_ix.rows("SELECT min(addr), max(addr + size_bytes) FROM tensor WHERE rank = " +
                                     std::to_string(rank) + " AND op_name = '" + op + "'");
        const QStringList lh = QString::fromStdString(range.front()).split('|');
        const uint64_t lo = lh[0].toULongLong(), hi = lh[1].toULongLong();
        QCOMPARE((lo - kBase) / kBank, uint64_t(0));     // bank 0, from its start …
        QCOMPARE((hi - 1 - kBase) / kBank, uint64_t(0)); // … to its end
        QVERIFY(kBase + kBank - hi < kBank / 8);         // close to bank 1: where the padding crossed over

        auto data = std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*m_ix.db, rank));
        views::MemoryMapCanvas c;
        c.resize(700, height);
        c.setData(data);
        const auto outlines = c.anomalyOutlines();
        QCOMPARE(outlines.size(), size_t(1));
        QCOMPARE(outlines.front().first, op);
        const QRectF box = outlines.front().second;
        const views::AddressMapping am = c.addressMapping();
        const double bandTop = am.y(kBase), bandBottom = am.y(kBase + kBank);
        const double pen = views::MemoryMapCanvas::kOutlinePen / 2;
        QVERIFY2(box.top() - pen >= bandTop && box.bottom() + pen <= bandBottom,
                 qPrintable(QString("outline %1–%2 px, bank 0's band %3–%4 px")
                                .arg(box.top())
                                .arg(box.bottom())
                                .arg(bandTop)
                                .arg(bandBottom)));
        // and it still surrounds the buffers
        QVERIFY(box.top() <= am.y(lo) && box.bottom() >= std::min(am.y(hi), bandBottom - pen));
    }
};

QTEST_MAIN(TstMemoryAnomalyOutline)
#include "tst_memoryanomalyoutline.moc"
