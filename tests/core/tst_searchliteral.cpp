// The timeline's search takes its text literally (walk 57 #4): it ran SQL LIKE over '%text%', so '_' and
// '%' were wildcards — "aten::add_" reported 3 matches on amd_trace and selected aten::addmm first.
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstSearchLiteral : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private Q_SLOTS:
    void initTestCase() {
        const std::string dir = test::tempDir("searchliteral");
        // one host thread, one span of each name, 10 µs apart (Chrome trace: µs)
        std::string events;
        const char* names[] = {"aten::add_", "aten::addmm", "aten::add", "50%_done",
                               "500 done",   "a\\\\b",      "ab"};
        int ts = 0;
        for (const char* n : names) {
            events += std::string(events.empty() ? "" : ",") + "{\"name\":\"" + n +
                      "\",\"ph\":\"X\",\"cat\":\"cpu_op\",\"ts\":" + std::to_string(ts) +
                      ",\"dur\":5,\"pid\":1,\"tid\":1}";
            ts += 10;
        }
        test::writeFile(dir + "/trace.json", "{\"traceEvents\":[" + events + "]}");
        m_ix = test::indexDir(dir);
        QVERIFY2(m_ix.db, m_ix.result.error.c_str());
    }
    void textIsLiteral_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("found");
        QTest::newRow("underscore") << "aten::add_" << QStringList{"aten::add_"};
        QTest::newRow("prefix") << "aten::add" << QStringList{"aten::add_", "aten::addmm", "aten::add"};
        QTest::newRow("percent") << "0%_" << QStringList{"50%_done"};
        QTest::newRow("percent alone") << "%" << QStringList{"50%_done"};
        QTest::newRow("backslash") << "a\\b" << QStringList{"a\\b"};
        QTest::newRow("case") << "ATEN::ADD_" << QStringList{"aten::add_"};
    }
    void textIsLiteral() {
        QFETCH(QString, text);
        QFETCH(QStringList, found);
        const auto hits = query::searchSpans(*m_ix.db, text.toStdString(), 100, nullptr, nullptr, {});
        QStringList names;
        for (const auto& h : hits)
            names << QString::fromStdString(
                m_ix.db->scalarText("SELECT value FROM string WHERE id = " + std::to_string(h.nameId)));
        QCOMPARE(names, found);
    }
};

QTEST_MAIN(TstSearchLiteral)
#include "tst_searchliteral.moc"
