// The build's flow events as one BLOB per writer batch (core/index/flowchunk.h): every field of every
// kind of event comes back as written (integer ids to the int64 limits, ids beyond them and string ids as
// text, both binding rules, negative times and unknown files), reading a run of event numbers returns
// exactly its events across chunks, and a damaged chunk is an error, never a read past its bytes.
#include "core/index/flowchunk.h"

#include <QtTest>

#include <climits>

using namespace rs;

namespace {

model::FlowRow row(int rank, std::optional<int64_t> id, std::string text, char phase, bool enclosing,
                   int64_t ts, int64_t track, int32_t file) {
    return {rank, id, std::move(text), 7, 9, phase, enclosing, ts, track, file};
}

/// An event as "rank|id|cat|name|phase|enclosing|ts|track|file", the id prefixed i: or t: by its kind.
std::string show(const index::FlowEvent& e) {
    const std::string id = e.idIsInt ? "i:" + std::to_string(e.idNum) : "t:" + std::string(e.idText);
    return std::to_string(e.dataRank) + "|" + id + "|" + std::to_string(e.catId) + "|" +
           std::to_string(e.nameId) + "|" + e.phase + "|" + (e.bindEnclosing ? "1" : "0") + "|" +
           std::to_string(e.tsNs) + "|" + std::to_string(e.trackId) + "|" + std::to_string(e.fileId);
}

std::vector<std::string> decodeAll(const std::string& bytes, int64_t count) {
    std::vector<std::string> out;
    index::decodeFlowChunk(bytes, count, [&](int64_t, const index::FlowEvent& e) { out.push_back(show(e)); });
    return out;
}

} // namespace

class TstFlowChunk : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void everyFieldComesBack_data() {
        QTest::addColumn<int>("rank");
        QTest::addColumn<qint64>("idNum"); // used when idText is empty
        QTest::addColumn<QString>("idText");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<bool>("enclosing");
        QTest::addColumn<qint64>("ts");
        QTest::addColumn<qint64>("track");
        QTest::addColumn<int>("file");
        QTest::addColumn<QString>("expected");
        QTest::newRow("int id") << 3 << qint64(42) << ""
                                << "s" << false << qint64(1736408883704600000) << qint64(5) << 2
                                << "3|i:42|7|9|s|0|1736408883704600000|5|2";
        QTest::newRow("int64 max") << 0 << qint64(INT64_MAX) << ""
                                   << "f" << true << qint64(1) << qint64(1) << 0
                                   << "0|i:9223372036854775807|7|9|f|1|1|1|0";
        QTest::newRow("int64 min, negative ts")
            << -1 << qint64(INT64_MIN) << ""
            << "t" << false << qint64(-20) << qint64(INT64_MAX) << -1
            << "-1|i:-9223372036854775808|7|9|t|0|-20|9223372036854775807|-1";
        QTest::newRow("beyond int64")
            << 1 << qint64(0) << "18446744073709551615"
            << "s" << false << qint64(0) << qint64(2) << 4 << "1|t:18446744073709551615|7|9|s|0|0|2|4";
        QTest::newRow("string id") << 2147483647 << qint64(0) << "h1:Übertrag"
                                   << "f" << true << qint64(3) << qint64(3) << 5
                                   << "2147483647|t:h1:Übertrag|7|9|f|1|3|3|5";
    }
    void everyFieldComesBack() {
        QFETCH(int, rank);
        QFETCH(qint64, idNum);
        QFETCH(QString, idText);
        QFETCH(QString, phase);
        QFETCH(bool, enclosing);
        QFETCH(qint64, ts);
        QFETCH(qint64, track);
        QFETCH(int, file);
        QFETCH(QString, expected);
        const std::string text = idText.toStdString();
        // between two other events, one with a text id: offsets into the text area must stay apart
        std::vector<model::FlowRow> rows{row(0, std::nullopt, "before", 's', false, 1, 1, 0),
                                         row(rank,
                                             text.empty() ? std::optional<int64_t>(idNum) : std::nullopt,
                                             text, phase.toStdString()[0], enclosing, ts, track, file),
                                         row(0, 5, "", 'f', false, 2, 1, 0)};
        std::string bytes;
        index::encodeFlowChunk(rows, bytes);
        const auto got = decodeAll(bytes, 3);
        QCOMPARE(got.size(), size_t(3));
        QCOMPARE(QString::fromStdString(got[0]), QString("0|t:before|7|9|s|0|1|1|0"));
        QCOMPARE(QString::fromStdString(got[1]), expected);
        QCOMPARE(QString::fromStdString(got[2]), QString("0|i:5|7|9|f|0|2|1|0"));
    }

    void aDamagedChunkIsAnError_data() {
        QTest::addColumn<int>("cut");      // bytes removed from the end
        QTest::addColumn<qint64>("count"); // the count its row claims
        QTest::newRow("count beyond the records") << 0 << qint64(3);
        QTest::newRow("text id cut off") << 1 << qint64(2);
        QTest::newRow("records cut") << 20 << qint64(2);
        QTest::newRow("negative count") << 0 << qint64(-1);
    }
    void aDamagedChunkIsAnError() {
        QFETCH(int, cut);
        QFETCH(qint64, count);
        std::string bytes;
        index::encodeFlowChunk(
            {row(0, 1, "", 's', false, 1, 1, 0), row(0, std::nullopt, "abc", 'f', true, 2, 1, 0)}, bytes);
        QCOMPARE(bytes.size(), 2 * index::kFlowRecordBytes + 3);
        bytes.resize(bytes.size() - size_t(cut));
        QVERIFY_THROWS_EXCEPTION(index::SqlError, decodeAll(bytes, count));
    }

    void aRunOfNumbersReadsExactlyItsEvents() {
        index::Db db(":memory:");
        db.exec(
            "CREATE TABLE flow_chunk(first INTEGER PRIMARY KEY, count INTEGER NOT NULL, data BLOB NOT NULL)");
        // three batches: events 1..2, 3..5, 6..6 (their ts are their numbers)
        auto ins = db.prepare("INSERT INTO flow_chunk VALUES (?, ?, ?)");
        int64_t next = 1;
        for (int n : {2, 3, 1}) {
            std::vector<model::FlowRow> rows;
            for (int i = 0; i < n; ++i)
                rows.push_back(row(0, next + i, "", 's', false, next + i, 1, 0));
            std::string bytes;
            index::encodeFlowChunk(rows, bytes);
            ins.bind(1, next).bind(2, int64_t(n)).bindBlobRef(3, bytes).exec();
            next += n;
        }
        auto read = [&](int64_t first, int64_t last) {
            std::vector<int64_t> ts;
            index::forEachFlowEvent(db, first, last,
                                    [&](const index::FlowEvent& e) { ts.push_back(e.tsNs); });
            return ts;
        };
        QCOMPARE(read(1, 6), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
        QCOMPARE(read(3, 5), (std::vector<int64_t>{3, 4, 5}));
        QCOMPARE(read(3, 4), (std::vector<int64_t>{3, 4})); // a run ends inside a chunk: the rest is not its
        QCOMPARE(read(6, 6), (std::vector<int64_t>{6}));
        QCOMPARE(read(7, 9), (std::vector<int64_t>{}));
    }
};

QTEST_MAIN(TstFlowChunk)
#include "tst_flowchunk.moc"
