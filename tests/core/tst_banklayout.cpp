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
test::Indexed indexWithDeviceFile(const std::string& dir) {
    pipeline::BuildOptions o;
    o.force = true;
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
        QTest::newRow("assumed") << false;
        QTest::newRow("rankscope-device.json") << true;
    }
    void theIndexSaysWhereTheBanksCameFrom() {
        QFETCH(bool, deviceFile);
        const std::string dir = test::tempDir(deviceFile ? "banks-file" : "banks-assumed");
        const demo::DemoOptions o = test::demoOptions(8, 4, 2);
        QVERIFY(test::writeDemo(dir, o).empty());
        const std::string file = dir + "/rankscope-device.json";
        if (deviceFile) // the default's own figures: only where they came from differs
            std::ofstream(file) << R"({"bank_count": 8, "bank_size_bytes": 4294967296})";
        auto ix = indexWithDeviceFile(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows(std::string("SELECT value FROM meta WHERE key = '") + index::kBankLayoutKey + "'"),
                 std::vector<std::string>{deviceFile ? file : std::string("assumed")});
        const std::string text = bankFindingText(*ix.db);
        QVERIFY2(!text.empty(), "the demo's misplaced AllReduce buffers make a bank finding");
        QCOMPARE(text.find("banks as assumed: 8 of 4 GiB") != std::string::npos, !deviceFile);
        const int rank = demo::demoTruth(o).bankRank;
        QCOMPARE(query::loadMemoryMap(*ix.db, rank).bankLayoutAssumed, !deviceFile);
    }
};

QTEST_GUILESS_MAIN(TstBankLayout)
#include "tst_banklayout.moc"
