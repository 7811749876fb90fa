// Golden tests of the small JSON importers alone (core/import/metadataimporter): communication.json (per
// step and collective: the start in µs, the durations in ms, sizes in MB = 10^6 bytes), profiler_info
// (the rank, as an int or old MindSpore's string) and communication_matrix.json (the ranks a group links).
// Each file is imported into memory (tests/support/importharness.h) and its rows are worked out by hand.
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using import::FileKind;

namespace {

QStringList sorted(const std::vector<std::string>& lines) {
    QStringList out;
    for (const auto& l : lines)
        out << QString::fromStdString(l);
    out.sort();
    return out;
}

test::ImportedRows importText(const std::string& name, FileKind kind, const std::string& content,
                              import::RankState rank = {}) {
    const std::string path = test::tempDir("meta-golden") + "/r_ascend_pt/" + name;
    test::writeFile(path, content);
    return test::importOne(path, kind, std::move(rank));
}

} // namespace

class TstMetadataImporter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void communication() {
        // the producer writes the start as Python's repr of a double (one decimal); Elapse = Transit +
        // Wait + Idle; bytes sum the links' Transit Size (20.97152 MB = 20 MiB, plus 0.5 MB); "Total Op
        // Info" and p2p are not per-op rows; an op without a start cannot be placed
        import::RankState rank;
        rank.rank = 1;
        const auto r = importText(
            "ASCEND_PROFILER_OUTPUT/communication.json", FileKind::Communication,
            "{\"step50\": {\"p2p\": {}, \"collective\": {\n"
            " \"hcom_allReduce__586_0_1@17522688603477080586\": {\"Communication Time Info\": {\"Start "
            "Timestamp(us)\": 1736408883732241.5, \"Elapse Time(ms)\": 105.9918, \"Transit Time(ms)\": 4.1, "
            "\"Wait Time(ms)\": 101.0, \"Synchronization Time(ms)\": 5.61569, \"Idle Time(ms)\": 0.8918, "
            "\"Wait "
            "Time Ratio\": 0.96, \"Synchronization Time Ratio\": 0.5}, \"Communication Bandwidth Info\": "
            "{\"HCCS\": {\"Transit Size(MB)\": 20.97152, \"Transit Time(ms)\": 4.0, \"Bandwidth(GB/s)\": "
            "5.2}, "
            "\"SDMA\": {\"Transit Size(MB)\": 0.5, \"Transit Time(ms)\": 0.1, \"Bandwidth(GB/s)\": 5}}},\n"
            " \"hcom_broadcast__1_0_1@9\": {\"Communication Time Info\": {\"Elapse Time(ms)\": 1}},\n"
            " \"Total Op Info\": {\"Communication Time Info\": {\"Elapse Time(ms)\": 106.9918}}}},\n"
            " \"step51\": {\"collective\": {\"hcom_allGather__7@3\": {\"Communication Time Info\": {\"Start "
            "Timestamp(us)\": \"1736408883833620.25\", \"Elapse Time(ms)\": 2.5}}}}}",
            rank);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.records, int64_t(2));
        QCOMPARE(sorted(r.lines()),
                 sorted({"commop 1|50|hcom_allReduce__586_0_1|17522688603477080586|1736408883732241500|"
                         "105991800|4100000|101000000|5615690|891800|21471520",
                         "commop 1|51|hcom_allGather__7|3|1736408883833620250|2500000|0|0|0|0|0",
                         "diag warning|collective without Start Timestamp(us)|1|-1"}));
    }
    void truncatedCommunicationNamesTheOffset() {
        // a killed job: the text stops inside a member name; the error is where the text ends
        const std::string cut = "{\"step7\": {\"collective\": {\"hcom_allReduce__1_0_1@123\": "
                                "{\"Communication Time Info\": {\"Start";
        const auto r = importText("ASCEND_PROFILER_OUTPUT/communication.json", FileKind::Communication, cut);
        QVERIFY2(r.ok, r.error.c_str()); // the rest of the rank loads
        QCOMPARE(
            sorted(r.lines()),
            QStringList{"diag error|communication.json is not valid JSON (truncated?): its waits are not "
                        "read|1|" +
                        QString::number(cut.size())});
    }
    void profilerInfo_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<int>("rank");
        QTest::addColumn<bool>("fromData");
        QTest::addColumn<qlonglong>("device"); // -1: none
        QTest::addColumn<qlonglong>("world");  // -1: none
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("torch_npu") << "{\"config\":{\"common_config\":{}},\"rank_id\":3,\"device_id\":5}" << 3
                                   << true << 5LL << -1LL << QStringList{};
        QTest::newRow("old MindSpore: strings")
            << "{\"rank_id\":\"1\",\"rank_size\":\"8\",\"context_mode\":\"graph\"}" << 1 << true << -1LL
            << 8LL << QStringList{};
        QTest::newRow("single card: no rank_id")
            << "{\"config\":{}}" << 0 << false << -1LL << -1LL << QStringList{};
        QTest::newRow("a rank that fits no int")
            << "{\"rank_id\":99999999999}" << 0 << false << -1LL << -1LL << QStringList{};
        QTest::newRow("not an object") << "[1, 2]" << 0 << false << -1LL << -1LL
                                       << QStringList{"diag warning|profiler_info is not a JSON object|1|0"};
    }
    void profilerInfo() {
        QFETCH(QString, content);
        const auto r = importText("profiler_info_0.json", FileKind::AscendInfo, content.toStdString());
        QVERIFY2(r.ok, r.error.c_str());
        QTEST(r.rank.rank, "rank");
        QTEST(r.rank.rankFromData, "fromData");
        QTEST(qlonglong(r.rank.deviceId.value_or(-1)), "device");
        QTEST(qlonglong(r.rank.worldSize.value_or(-1)), "world");
        QTEST(sorted(r.lines()), "lines");
        QCOMPARE(QString::fromStdString(r.rank.source),
                 QString(r.rank.rankFromData || r.lines().empty() ? "ascend" : ""));
    }
    void communicationMatrixGivesThePeers() {
        const auto r =
            importText("ASCEND_PROFILER_OUTPUT/communication_matrix.json", FileKind::CommMatrix,
                       "{\"step50\": {\"collective\": {\"allreduce-top1@123\": {\"0-1\": {\"Transport "
                       "Type\": \"HCCS\"}, \"2-3\": {}}}, \"p2p\": {\"send-top1@5\": {\"4-0\": {}, "
                       "\"bad\": {}}}}}");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.rank.peers, (std::set<int>{0, 1, 2, 3, 4}));
        QVERIFY(r.lines().empty());
    }
};

QTEST_GUILESS_MAIN(TstMetadataImporter)
#include "tst_metadataimporter.moc"
