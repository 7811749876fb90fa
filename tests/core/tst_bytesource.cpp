// Byte sources: the same bytes come out of plain, gzip and zstd files; corrupt and truncated streams
// fail with a message instead of returning garbage.
#include "core/io/bytesource.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <fstream>

using namespace rs;

namespace {
std::string readAll(const std::string& path, std::string& err, bool& failed) {
    auto src = io::openByteSource(path, err);
    failed = false;
    if (!src) {
        failed = true;
        return {};
    }
    std::string out;
    char buf[777]; // an odd chunk size: boundaries fall anywhere
    for (;;) {
        int64_t n = src->read(buf, sizeof buf);
        if (n < 0) {
            failed = true;
            err = src->error();
            break;
        }
        if (n == 0) break;
        out.append(buf, size_t(n));
    }
    return out;
}
std::string bigText() {
    std::string s;
    for (int i = 0; i < 20000; ++i)
        s += "{\"name\":\"k" + std::to_string(i) + "\",\"ts\":\"" + std::to_string(i) + ".5\"},\n";
    return s;
}
} // namespace

class TstByteSource : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void roundTrip_data() {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("plain") << ".json";
        QTest::newRow("gzip") << ".json.gz";
        QTest::newRow("zstd") << ".json.zst";
    }
    void roundTrip() {
        QFETCH(QString, suffix);
        std::string dir = test::tempDir("bytes");
        std::string path = dir + "/t" + suffix.toStdString();
        std::string text = bigText();
        test::writeFile(path, text);
        std::string err;
        bool failed;
        QCOMPARE(readAll(path, err, failed), text);
        QVERIFY(!failed);
    }
    void sniffsByContentNotName() {
        std::string dir = test::tempDir("bytes");
        std::string gz = dir + "/a.json.gz";
        test::writeFile(gz, "hello");
        std::string renamed = dir + "/a.json";
        QVERIFY(std::rename(gz.c_str(), renamed.c_str()) == 0);
        QCOMPARE(io::sniffCompression(renamed), io::Compression::Gzip);
        std::string err;
        bool failed;
        QCOMPARE(readAll(renamed, err, failed), std::string("hello"));
    }
    void truncatedCompressed_data() {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("gzip") << ".gz";
        QTest::newRow("zstd") << ".zst";
    }
    void truncatedCompressed() {
        QFETCH(QString, suffix);
        std::string dir = test::tempDir("bytes");
        std::string path = dir + "/t.json" + suffix.toStdString();
        test::writeFile(path, bigText());
        std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
        std::string err;
        bool failed;
        readAll(path, err, failed);
        QVERIFY(failed);
        QVERIFY2(err.find("truncated") != std::string::npos || err.find("corrupt") != std::string::npos,
                 err.c_str());
    }
    void garbageAfterMagic() {
        std::string dir = test::tempDir("bytes");
        std::string path = dir + "/bad.json"; // gzip magic, garbage body (sniffed by content)
        test::writeFile(path, std::string("\x1f\x8b\x08\x00garbagegarbagegarbage", 25));
        std::string err;
        bool failed;
        readAll(path, err, failed);
        QVERIFY(failed);
    }
    // gzip(1) reads concatenated members one after another (`cat a.gz b.gz`): so does the reader
    void concatenatedGzipMembers() {
        const std::string dir = test::tempDir("bytes");
        const std::string a = bigText(), b = "{\"second\": \"member\"}\n";
        test::writeFile(dir + "/a.gz", a);
        test::writeFile(dir + "/b.gz", b);
        std::ifstream ia(dir + "/a.gz", std::ios::binary), ib(dir + "/b.gz", std::ios::binary);
        std::ofstream both(dir + "/both.json", std::ios::binary);
        both << ia.rdbuf() << ib.rdbuf();
        both.close();
        std::string err;
        bool failed;
        QCOMPARE(readAll(dir + "/both.json", err, failed), a + b);
        QVERIFY2(!failed, err.c_str());
    }
    // a member whose CRC-32 does not match its bytes is corrupt, not silently read
    void gzipChecksumMismatch() {
        const std::string dir = test::tempDir("bytes");
        const std::string path = dir + "/crc.json.gz";
        test::writeFile(path, bigText());
        std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
        f.seekg(-8, std::ios::end); // the trailer: CRC-32, then the length
        char c = 0;
        f.read(&c, 1);
        f.seekp(-8, std::ios::end);
        c = char(c ^ 0x5a);
        f.write(&c, 1);
        f.close();
        std::string err;
        bool failed;
        readAll(path, err, failed);
        QVERIFY(failed);
        QVERIFY2(err.find("corrupt gzip stream") != std::string::npos, err.c_str());
    }
    void missingFile() {
        std::string err;
        QVERIFY(!io::openByteSource("/nonexistent/file.json", err));
        QVERIFY(err.find("/nonexistent/file.json") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TstByteSource)
#include "tst_bytesource.moc"
