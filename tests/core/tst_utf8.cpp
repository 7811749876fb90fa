// Text cut for a table stays valid UTF-8 and keeps what tells names apart (core/model/utf8.h): a
// middle-elided name keeps its start and its end (walk 23a: `rankscope stats` cut sixteen op names of the
// demo to the same "Gradients/Default/network-Transformer..."), never splitting a character.
#include "core/model/utf8.h"

#include <QtTest>

using namespace rs;

class TstUtf8 : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void middleElided_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("max");
        QTest::addColumn<QString>("shown");
        QTest::newRow("fits") << "MatMulV2" << 40 << "MatMulV2";
        QTest::newRow("exactly") << "abcdefghij" << 10 << "abcdefghij";
        // 20 bytes: 17 kept, 8 of the start and 9 of the end
        QTest::newRow("ends kept") << "Default/network-TransformerLM/layers-0/MatMulV2-op8" << 20
                                   << "Default/...MulV2-op8";
        // "é" is two bytes (25 in all: a×6 é x×10 é é é b): the start backs up before a split one (7 bytes
        // asked, 6 kept), the end starts after it (4 asked, 3 kept)
        QTest::newRow("start not split")
            << QString::fromUtf8("aaaaaaéxxxxxxxxxxéééb") << 17 << QString::fromUtf8("aaaaaa...éééb");
        QTest::newRow("end not split")
            << QString::fromUtf8("aaaaaaéxxxxxxxxxxéééb") << 11 << QString::fromUtf8("aaaa...éb");
    }
    void middleElided() {
        QFETCH(QString, name);
        QFETCH(int, max);
        QFETCH(QString, shown);
        const std::string got = model::middleElided(name.toStdString(), size_t(max));
        QCOMPARE(QString::fromStdString(got), shown);
        QVERIFY(got.size() <= size_t(max));
        QCOMPARE(model::validUtf8(got), got);
    }
};

QTEST_GUILESS_MAIN(TstUtf8)
#include "tst_utf8.moc"
