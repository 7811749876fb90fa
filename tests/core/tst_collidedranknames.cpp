// A collided rank key in the diagnostics the app shows (query::loadSummary → File ▸ Diagnostics): stored as
// "rank 10000", shown as "rank 0 (index key 10000)" as `info` and the report name it (walk 27: the dialog's
// File column said "rank 10000"). The fixture is tst_cli's (test::writeCollidedRankZero).
#include "core/query/collidedranknames.h"
#include "core/query/timelinequery.h"
#include "tests/support/collidedfixture.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstCollidedRankNames : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theDiagnosticsNameACollidedRankByItsNumber() {
        const std::string dir = test::writeCollidedRankZero(test::tempDir("collided-names"));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the key the legacy rank got, and the name it is shown by
        const auto names = query::collidedRankNames(*ix.db);
        QCOMPARE(names.size(), size_t(1));
        QCOMPARE(names.begin()->first, int64_t(10000));
        QCOMPARE(names.begin()->second, std::string("0 (index key 10000)"));
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        int warnings = 0;
        for (const auto& d : s.diagnostics) {
            QVERIFY2(d.file.find("rank 10000") == std::string::npos, d.file.c_str());
            QVERIFY2(d.what.find("rank 10000") == std::string::npos, d.what.c_str());
            if (d.severity == "warning" && d.file == "rank 0 (index key 10000)") ++warnings;
        }
        QCOMPARE(warnings, 1); // its clock warning, under the name
    }
};

QTEST_GUILESS_MAIN(TstCollidedRankNames)
#include "tst_collidedranknames.moc"
