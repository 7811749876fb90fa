// elideAtWord: a caption too long for its line ends at a word's end with "…", never inside a word (walk 47:
// "… so no slow cell is nam…" at 800 × 600), fits the width, and is the whole text when that fits.
#include "views/common/wordelide.h"

#include <QtTest>

using namespace rs::views;

namespace {
const QString kCaption = "Two ranks: a difference between two cannot say which one is slow, so no slow cell "
                         "is named. The colours show how they differ.";
} // namespace

class TstWordElide : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void endsAtAWordsEnd_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("width");
        for (int w : {60, 120, 200, 333, 420, 555})
            QTest::newRow(qPrintable(QString("caption in %1 px").arg(w))) << kCaption << w;
        QTest::newRow("a path") << "the folder /work/shared/samples/msinsight/test/data holds 2 runs" << 250;
    }
    void endsAtAWordsEnd() {
        QFETCH(QString, text);
        QFETCH(int, width);
        const QFontMetrics fm(QFont("DejaVu Sans", 9));
        const QString shown = elideAtWord(text, fm, width);
        QVERIFY2(fm.horizontalAdvance(shown) <= width, qPrintable(shown));
        QVERIFY(shown.endsWith(QChar(0x2026)));
        const QString head = shown.chopped(1);
        QVERIFY2(text.startsWith(head), qPrintable(shown));
        // what the text goes on with is not a letter or digit of the head's last word (a path may end at a
        // slash)
        QVERIFY2(!text[head.size()].isLetterOrNumber() || head.endsWith('/'), qPrintable(shown));
        QVERIFY(!head.endsWith(' ') && !head.endsWith(','));
    }
    void aTextThatFitsIsWhole() {
        const QFontMetrics fm(QFont("DejaVu Sans", 9));
        QCOMPARE(elideAtWord(kCaption, fm, fm.horizontalAdvance(kCaption)), kCaption);
    }
    void aFirstWordWiderThanTheWidthIsCutInside() {
        // nothing to end at: Qt's elision, still within the width
        const QFontMetrics fm(QFont("DejaVu Sans", 9));
        const QString shown = elideAtWord("volta_sgemm_128x32_nt_kernel_number_1 is slow", fm, 80);
        QVERIFY(fm.horizontalAdvance(shown) <= 80);
        QVERIFY(shown.startsWith("volta"));
    }
};

QTEST_MAIN(TstWordElide)
#include "tst_wordelide.moc"
