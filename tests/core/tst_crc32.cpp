// io::crc32 (ISA-L) gives zlib's CRC-32, so the discovery fingerprints of indexes built before it still match
// and no current index is rebuilt. Expected values from Python's zlib.crc32:
//   python3 -c "import zlib; d=bytes((i*7+3)&255 for i in range(10000)); print(hex(zlib.crc32(b'123456789')),
//     hex(zlib.crc32(d)), hex(zlib.crc32(d[:4096])), hex(zlib.crc32(d[5000:9096], zlib.crc32(d[:4096]))))"
#include "core/io/crc32.h"

#include <QtTest>
#include <vector>

using namespace rs;

class TstCrc32 : public QObject {
    Q_OBJECT

    static std::vector<unsigned char> pattern() {
        std::vector<unsigned char> d(10000);
        for (size_t i = 0; i < d.size(); ++i)
            d[i] = static_cast<unsigned char>((i * 7 + 3) & 255);
        return d;
    }

  private Q_SLOTS:
    void zlibsValues() {
        QCOMPARE(io::crc32(0, "123456789", 9), 0xcbf43926u); // the CRC-32 check value
        QCOMPARE(io::crc32(0, "", 0), 0u);
        const auto d = pattern();
        QCOMPARE(io::crc32(0, d.data(), d.size()), 0xd5e50a16u);
        QCOMPARE(io::crc32(0, d.data(), 4096), 0x5e4e1995u);
        // continued over a second block, as the content sample adds its four
        QCOMPARE(io::crc32(io::crc32(0, d.data(), 4096), d.data() + 5000, 4096), 0x91da059eu);
    }

    void continuingIsTheWhole() {
        const auto d = pattern();
        for (size_t cut : {size_t(1), size_t(15), size_t(64), size_t(4095), size_t(9999)})
            QCOMPARE(io::crc32(io::crc32(0, d.data(), cut), d.data() + cut, d.size() - cut),
                     io::crc32(0, d.data(), d.size()));
    }
};

QTEST_GUILESS_MAIN(TstCrc32)
#include "tst_crc32.moc"
