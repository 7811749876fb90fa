// Where the HBM bank layout the bank finding and the memory map rest on comes from (walk 30: a profile gives
// no card's banks, and the default 8 × 4 GiB read as the card's): the index says "assumed" or the device file
// read, the finding's sentence and the memory map's data say the same. The demo places one rank's AllReduce
// buffers in another bank (demo::DemoTruth::bankRank), so it has a bank finding either way.
#include "tests/support/testsupport.h"

#include "core/analysis/analysisoptions.h"
#include "core/index/indexstore.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/analysisqueries.h"
#include "core/query/report.h"

#include <QtTest>
#include <fstream>

using namespace rs;

namespace {

/// The demo in `dir`, indexed with the analysis options the app and CLI use: the device file read when
/// there is one.
test::Indexed indexWithDeviceFile(const std::string& dir, int bankCountOption = 0) {
    pipeline::BuildOptions o;
    o.force = true;
    if (bankCountOption) o.analysis.banks.bankCount = bankCountOption; // as --banks N
    std::string err;
    if (!o.analysis.loadDeviceFile(dir, err)) qFatal("device file: %s", err.c_str());
    test::Indexed r;
    r.result = pipeline::BuildPipeline(dir, o).run();
    if (r.result.ok) r.db = std::make_unique<index::Db>(r.result.dbPath, true);
    return r;
}

std::string bankFindingText(index::Db& db) {
    const auto r = query::buildReport(db, 50);
    for (const auto& f : r["findings"])
        if (f["kind"] == "bank_anomaly") return f["text"].get<std::string>();
    qWarning("findings: %s; bank anomalies: %s", r["findings"].dump().substr(0, 300).c_str(),
             r["memory"]["bank_anomalies"].dump().c_str());
    return {};
}

} // namespace

class TstBankLayout : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theIndexSaysWhereTheBanksCameFrom_data() {
        QTest::addColumn<bool>("deviceFile");
        QTest::addColumn<int>("bankCountOption"); // 0: none given
        QTest::newRow("assumed") << false << 0;
        QTest::newRow("rankscope-device.json") << true << 0;
        // review of stop 47: banks given as options (--banks 16: the same 4 GiB banks from the same base,
        // so the demo's finding stands) were still called assumed
        QTest::newRow("--banks 16") << false << 16;
    }
    void theIndexSaysWhereTheBanksCameFrom() {
        QFETCH(bool, deviceFile);
        QFETCH(int, bankCountOption);
        const bool assumed = !deviceFile && !bankCountOption;
        const std::string dir = test::tempDir(deviceFile        ? "banks-file"
                                              : bankCountOption ? "banks-option"
                                                                : "banks-assumed");
        const demo::DemoOptions o = test::demoOptions(8, 4, 2);
        QVERIFY(test::writeDemo(dir, o).empty());
        const std::string file = dir + "/rankscope-device.json";
        if (deviceFile) // the default's own figures: only where they came from differs
            std::ofstream(file) << R"({"bank_count": 8, "bank_size_bytes": 4294967296})";
        auto ix = indexWithDeviceFile(dir, bankCountOption);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const std::string layout = deviceFile ? file
                                   : assumed  ? std::string("assumed")
                                              : std::string("options");
        std::string sql = "SELECT value FROM meta WHERE key = '";
        sql.append(index::kBankLayoutKey).append("'");
        const std::vector<std::string> stored = ix.rows(sql);
        QCOMPARE(stored.size(), size_t(1));
        QCOMPARE(QString::fromStdString(stored.front()), QString::fromStdString(layout));
        const std::string text = bankFindingText(*ix.db);
        QVERIFY2(!text.empty(), "the demo's misplaced AllReduce buffers make a bank finding");
        QCOMPARE(text.find("banks as assumed") != std::string::npos, assumed);
        const int rank = demo::demoTruth(o).bankRank;
        QCOMPARE(query::loadMemoryMap(*ix.db, rank).bankLayoutAssumed, assumed);
    }
    void aGivenBaseAddressIsNotAssumed_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<qint64>("size");
        QTest::addColumn<bool>("base");
        QTest::addColumn<QString>("source");
        QTest::newRow("default") << 8 << qint64(4) * (1 << 30) << false << "assumed";
        QTest::newRow("--bank-base") << 8 << qint64(4) * (1 << 30) << true << "options";
        QTest::newRow("--bank-size") << 8 << qint64(2) * (1 << 30) << false << "options";
        QTest::newRow("--banks") << 4 << qint64(4) * (1 << 30) << false << "options";
    }
    void aGivenBaseAddressIsNotAssumed() {
        QFETCH(int, count);
        QFETCH(qint64, size);
        QFETCH(bool, base);
        QFETCH(QString, source);
        analysis::AnalysisOptions o;
        o.banks.bankCount = count;
        o.banks.bankSizeBytes = size;
        if (base) o.banks.baseAddr = uint64_t(0x12c000000000);
        QCOMPARE(QString::fromStdString(o.bankLayoutSource()), source);
        o.deviceFile = "/x/rankscope-device.json"; // a device file is named whatever it holds
        QCOMPARE(QString::fromStdString(o.bankLayoutSource()), QString("device file"));
    }
};

QTEST_GUILESS_MAIN(TstBankLayout)
#include "tst_banklayout.moc"
