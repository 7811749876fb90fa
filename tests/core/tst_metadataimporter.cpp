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
        // Wait + Idle; bytes sum the links' Transit Size but SDMA, which repeats HCCS + PCIE + SIO (so in
        // all 64 ops with an SDMA entry in the real samples' communication.json): 20.97152 MB = 20 MiB;
        // "Total Op Info" is not a per-op row (nor is an empty p2p section); an op without a start cannot be
        // placed
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
            "\"SDMA\": {\"Transit Size(MB)\": 20.97152, \"Transit Time(ms)\": 4.0, \"Bandwidth(GB/s)\": "
            "5.2}}},\n"
            " \"hcom_broadcast__1_0_1@9\": {\"Communication Time Info\": {\"Elapse Time(ms)\": 1}},\n"
            " \"Total Op Info\": {\"Communication Time Info\": {\"Elapse Time(ms)\": 106.9918}}}},\n"
            " \"step51\": {\"collective\": {\"hcom_allGather__7@3\": {\"Communication Time Info\": {\"Start "
            "Timestamp(us)\": \"1736408883833620.25\", \"Elapse Time(ms)\": 2.5}}}}}",
            rank);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.records, int64_t(2));
        QCOMPARE(sorted(r.lines()),
                 sorted({"commop 1|50|hcom_allReduce__586_0_1|17522688603477080586|1736408883732241500|"
                         "105991800|4100000|101000000|5615690|891800|20971520",
                         "commop 1|51|hcom_allGather__7|3|1736408883833620250|2500000|0|0|0|0|0",
                         "diag warning|collective without Start Timestamp(us)|1|-1"}));
        // the typed facts the analysis reads instead of the names: the record's source, the collective
        QCOMPARE(r.rows.commOps.size(), size_t(2));
        for (const auto& op : r.rows.commOps) {
            QVERIFY(op.source == model::CommRecordSource::CommunicationJson);
            QVERIFY(!op.facts.pointToPoint);
            QVERIFY(op.facts.matchBy == model::MatchBy::Name);
        }
        QCOMPARE(QString::fromStdString(r.rows.commOps[0].facts.collective), QString("hcom_allReduce_"));
        QCOMPARE(QString::fromStdString(r.rows.commOps[1].facts.collective), QString("hcom_allGather_"));
    }
    void pointToPointOpsAreRows() {
        // msinsight test_data rank 0: step2's p2p section holds hcom_send__822_0 (0.896 ms, 20.97152 MB over
        // RDMA), which was read into the matrix but into no comm_op_src row; a section of neither kind is
        // said, not dropped silently
        const auto r = importText(
            "ASCEND_PROFILER_OUTPUT/communication.json", FileKind::Communication,
            "{\"step2\": {\"p2p\": {\"hcom_send__822_0@13337953553061386822\": {\"Communication Time Info\": "
            "{\"Start Timestamp(us)\": 1695115378810042.5, \"Elapse Time(ms)\": 0.89648691015625, \"Transit "
            "Time(ms)\": 0.86381540625}, \"Communication Bandwidth Info\": {\"RDMA\": {\"Transit Size(MB)\": "
            "20.97152}}},\n \"Total Op Info\": {\"Communication Time Info\": {\"Elapse Time(ms)\": 0.9}}},\n"
            " \"collective\": {\"hcom_receive__1_0@5\": {\"Communication Time Info\": {\"Start "
            "Timestamp(us)\": 2, \"Elapse Time(ms)\": 1}}},\n \"other\": {}},\n"
            " \"step3\": {\"p2p\": {\"hcom_receive__2_0@5\": {\"Communication Time Info\": {\"Elapse "
            "Time(ms)\": 1}}}}}");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.records, int64_t(2));
        // 0.89648691015625 ms = 896486.91015625 ns and 0.86381540625 ms = 863815.40625 ns, rounded to the ns
        QCOMPARE(
            sorted(r.lines()),
            sorted({"commop 0|2|hcom_send__822_0|13337953553061386822|1695115378810042500|896487|863815|"
                    "0|0|0|20971520",
                    "commop 0|2|hcom_receive__1_0|5|2000|1000000|0|0|0|0|0",
                    "diag info|communication.json step section other than p2p / collective: skipped|1|-1",
                    // a receive without a start is a p2p op, not a "collective" (walk r45 #4)
                    "diag warning|p2p op without Start Timestamp(us)|1|-1"}));
        for (const auto& op : r.rows.commOps)
            QVERIFY(op.facts.pointToPoint);
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
    void overflowingNumberIsADiagnosticNotACrash() {
        // json::parse throws out_of_range, not parse_error, for a number beyond a double (fuzz_communication
        // found it: the exception escaped the importer); the diagnostic points into the number
        const std::string text = "{\"step7\": {\"collective\": {\"hcom_allReduce__1_0_1@123\": "
                                 "{\"Communication Time Info\": {\"Elapse Time(ms)\": 1e999}}}}}";
        const auto r = importText("ASCEND_PROFILER_OUTPUT/communication.json", FileKind::Communication, text);
        QVERIFY2(r.ok, r.error.c_str());
        const auto lines = r.lines();
        QCOMPARE(lines.size(), size_t(1));
        const qsizetype number = qsizetype(text.find("1e999"));
        const QString line = QString::fromStdString(lines[0]);
        QVERIFY2(line.startsWith("diag error|communication.json is not valid JSON"), qPrintable(line));
        const qsizetype offset = line.section('|', -1).toLongLong();
        QVERIFY2(offset >= number && offset < number + 5, qPrintable(line));
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
        // no link has a size and a time, so none is a row (each is a diagnostic; tst_commimport has them)
        QVERIFY(r.lines("commlink").empty());
    }
};

QTEST_GUILESS_MAIN(TstMetadataImporter)
#include "tst_metadataimporter.moc"
