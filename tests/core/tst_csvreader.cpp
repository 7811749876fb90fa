// CSV reader: the quirks of real profiler CSVs (tab suffixes, CRLF mixed with LF, quoted multi-line
// fields, triple-quoted shapes, BOM), header lookup by name, and truncation.
#include "core/io/csvreader.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {
std::vector<std::vector<std::string>> readAll(const std::string& text, bool* unterminated = nullptr) {
    std::string dir = test::tempDir("csv");
    test::writeFile(dir + "/t.csv", text);
    std::string err;
    auto src = io::openByteSource(dir + "/t.csv", err);
    io::CsvReader r(*src);
    std::vector<std::vector<std::string>> rows;
    while (r.next())
        rows.push_back(r.fields());
    if (unterminated) *unterminated = r.unterminatedQuote();
    return rows;
}
} // namespace

class TstCsvReader : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void quirks() {
        std::string text = "\xEF\xBB\xBF"
                           "Name,Start Time(us),Call Stack\r\n"
                           "a,1736408883704643.212\t,\"x.py(1): f;\r\ny.py(2): g\"\r\n"
                           "b,12,\"\"\"32,3,224,224\"\"\"\n"
                           "\n"
                           "c,,N/A";
        auto rows = readAll(text);
        QCOMPARE(rows.size(), size_t(4));
        QCOMPARE(rows[0][0], std::string("Name"));
        QCOMPARE(rows[1][1], std::string("1736408883704643.212\t"));
        QCOMPARE(std::string(io::cell(rows[1], 1)), std::string("1736408883704643.212"));
        QCOMPARE(rows[1][2], std::string("x.py(1): f;\r\ny.py(2): g"));
        QCOMPARE(rows[2][2], std::string("\"32,3,224,224\""));
        QCOMPARE(rows[3].size(), size_t(3));
        QCOMPARE(rows[3][2], std::string("N/A"));
    }
    void headerByName() {
        io::CsvHeader h({"Step ID", " Name ", "Type"});
        QCOMPARE(h.find({"Step Id", "Step ID"}), 0);
        QCOMPARE(h.find({"name"}), 1);
        QCOMPARE(h.find({"Device_id"}), -1);
    }
    void aDelimiterAtEveryPlaceOfARunEndsIt() {
        // the plain-run scan looks at sixteen bytes a step: a comma, quote or line break at each place of
        // a step (and past the last whole step) must still end the run, a comma inside quotes must not
        std::string text = "a,b\n";
        std::vector<std::vector<std::string>> expected{{"a", "b"}};
        for (size_t k = 0; k < 40; ++k) {
            const std::string x(k, 'x'), y(40 - k, 'y'), p(k, 'p'), q(33 - k % 33, 'q');
            text.append(x).append(",").append(y).append("\n");
            expected.push_back({x, y});
            text.append("\"").append(p).append(",").append(q).append("\",z\n");
            expected.push_back({p + "," + q, "z"});
            text.append("\"").append(p).append("\n").append(q).append("\"\"").append(p).append("\"\n");
            expected.push_back({p + "\n" + q + "\"" + p});
        }
        QCOMPARE(readAll(text), expected);
    }
    void longFileAcrossChunks() {
        std::string text = "a,b\n";
        for (int i = 0; i < 50000; ++i)
            text += std::to_string(i) + ",\"multi\nline " + std::to_string(i) + "\"\r\n";
        auto rows = readAll(text);
        QCOMPARE(rows.size(), size_t(50001));
        QCOMPARE(rows.back()[1], std::string("multi\nline 49999"));
    }
    void fieldsLinesAndOffsetsAcrossChunks() {
        // Cells of every kind, long enough that runs of plain bytes cross the reader's 128 KiB refills;
        // the expected cells, lines and offsets are the ones this loop wrote, not the reader's.
        struct Row {
            std::vector<std::string> cells;
            int64_t line, offset;
        };
        std::vector<Row> want;
        std::string text;
        int64_t line = 1;
        for (int i = 0; i < 4000; ++i) {
            Row row{{}, line, int64_t(text.size())};
            const std::string plain = std::to_string(i) + std::string(size_t(i % 300), char('a' + i % 26));
            std::string quoted = "x\"\"y,z\n" + plain; // as written; the cell is x"y,z<LF>plain
            row.cells = {plain, "x\"y,z\n" + plain, "ab\"c", "", "\t12.5\t"};
            text += plain + ",\"" + quoted + "\",ab\"c,\"\",\t12.5\t" + (i % 2 ? "\r\n" : "\n");
            line += 2; // the quoted cell's line break, then the record's
            want.push_back(row);
        }
        std::string dir = test::tempDir("csv");
        test::writeFile(dir + "/t.csv", text);
        std::string err;
        auto src = io::openByteSource(dir + "/t.csv", err);
        io::CsvReader r(*src);
        for (const Row& w : want) {
            QVERIFY(r.next());
            QCOMPARE(r.fields(), w.cells);
            QCOMPARE(r.line(), w.line);
            QCOMPARE(r.offset(), w.offset);
        }
        QVERIFY(!r.next());
        QCOMPARE(r.oversizedRecords(), int64_t(0));
    }
    void oversizedRecordHandedOutEmpty() {
        // one cell a byte past kMaxRecordBytes, then an ordinary record: the first is handed out empty and
        // counted, the second whole
        std::string text = "a,b\n" + std::string(size_t(io::kMaxRecordBytes) + 1, 'x') + ",tail\n1,2\n";
        auto dir = test::tempDir("csv");
        test::writeFile(dir + "/t.csv", text);
        text.clear();
        std::string err;
        auto src = io::openByteSource(dir + "/t.csv", err);
        io::CsvReader r(*src);
        QVERIFY(r.next());
        QVERIFY(r.next());
        QCOMPARE(r.fields(), std::vector<std::string>{""});
        QVERIFY(r.next());
        QCOMPARE(r.fields(), (std::vector<std::string>{"1", "2"}));
        QCOMPARE(r.line(), int64_t(3));
        QVERIFY(!r.next());
        QCOMPARE(r.oversizedRecords(), int64_t(1));
    }
    void unterminatedQuote() {
        bool unterminated = false;
        auto rows = readAll("a,b\n1,\"never closed\n", &unterminated);
        QVERIFY(unterminated);
        QCOMPARE(rows.size(), size_t(2));
    }
    void cutEndings_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("rows");
        QTest::addColumn<bool>("headerUnended");
        QTest::addColumn<bool>("droppedTail");
        QTest::newRow("complete") << "a,b\n1,2\n" << 2 << false << false;
        QTest::newRow("cut in the last row") << "a,b\n1,2\n3," << 2 << false << true;
        QTest::newRow("cut in the header") << "a,b,Commun" << 1 << true << false;
        QTest::newRow("header only, ended") << "a,b\r\n" << 1 << false << false;
        QTest::newRow("blank lines, then a cut header") << "\n\na,b" << 1 << true << false;
    }
    void cutEndings() {
        QFETCH(QString, text);
        QFETCH(int, rows);
        QFETCH(bool, headerUnended);
        QFETCH(bool, droppedTail);
        std::string dir = test::tempDir("csv");
        test::writeFile(dir + "/t.csv", text.toStdString());
        std::string err;
        auto src = io::openByteSource(dir + "/t.csv", err);
        io::CsvReader r(*src);
        r.setDropUnendedTail(true);
        int n = 0;
        while (r.next())
            ++n;
        QCOMPARE(n, rows);
        QCOMPARE(r.headerUnended(), headerUnended);
        QCOMPARE(r.droppedTail(), droppedTail);
    }
};

QTEST_APPLESS_MAIN(TstCsvReader)
#include "tst_csvreader.moc"
