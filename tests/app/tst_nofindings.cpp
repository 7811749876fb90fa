// An empty list of findings is worded by one rule (core/query/nofindings.h) wherever it is said: the text
// report, the HTML report and the app's Findings panel. Walk 42: the panel said "No findings (see the
// note …)" beside a report saying "No findings in what could be read", and "No findings" beside "No
// problems found". The expected words come from what each profile is (reasoning, not the program): a
// healthy demo with every rank and file; the same with one rank's folder removed (its job had 4 ranks); the
// same with a file cut to half (a killed job's).
#include "app/gui/findingspanel.h"
#include "app/gui/reportdocument.h"
#include "core/query/nofindings.h"
#include "core/query/report.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;

namespace {
enum class Change { None, RemoveRank, CutFile };

/// A healthy 4-rank demo in a fresh folder, changed as `c` says; its path, or empty with `err`.
std::string healthyDemo(const std::string& tag, Change c, std::string& err) {
    const std::string dir = test::tempDir(tag) + "/demo";
    auto o = test::demoOptions(4, 4, 1);
    o.healthy = true;
    err = test::writeDemo(dir, o);
    if (!err.empty()) return {};
    std::vector<fs::path> ranks;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_directory() && e.path().filename().string().ends_with("_ascend_ms"))
            ranks.push_back(e.path());
    std::sort(ranks.begin(), ranks.end());
    if (ranks.size() != 4) err = "the demo has " + std::to_string(ranks.size()) + " rank folders, not 4";
    if (c == Change::RemoveRank) fs::remove_all(ranks.at(1));
    if (c == Change::CutFile) {
        const fs::path trace = ranks.at(0) / "ASCEND_PROFILER_OUTPUT" / "trace_view.json";
        fs::resize_file(trace, fs::file_size(trace) / 2);
    }
    return dir;
}

/// The text report's line after its header: where the findings, or their absence, are said.
QString textLine(const std::string& report) {
    for (const QString& line : QString::fromStdString(report).split('\n'))
        if (line.startsWith("No problems found") || line.startsWith("No findings") ||
            line.startsWith("Findings"))
            return line;
    return {};
}

/// The HTML report's paragraph under "Findings, by time lost".
QString htmlLine(const gui::ReportDocument& d) {
    for (size_t i = 0; i + 1 < d.blocks.size(); ++i)
        if (d.blocks[i].kind == gui::ReportBlock::Kind::Heading && d.blocks[i].text.startsWith("Findings"))
            return d.blocks[i + 1].text;
    return {};
}
} // namespace

class TstNoFindings : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("nofindings-cache")));
    }

    void theRule_data() {
        QTest::addColumn<qint64>("damaged");
        QTest::addColumn<bool>("missing");
        QTest::addColumn<QString>("headline");
        QTest::addColumn<QString>("reason");
        QTest::newRow("everything read, every rank") << 0LL << false << "No problems found"
                                                     << "";
        QTest::newRow("ranks missing") << 0LL << true << "No findings"
                                       << "waits are not blamed while ranks are missing";
        QTest::newRow("a file cut") << 1LL << false << "No findings in what could be read"
                                    << "1 source file was not read in full";
        // what was not read can hide anything, whether or not ranks are missing too
        QTest::newRow("files cut and ranks missing") << 3LL << true << "No findings in what could be read"
                                                     << "3 source files were not read in full";
    }
    void theRule() {
        QFETCH(qint64, damaged);
        QFETCH(bool, missing);
        QFETCH(QString, headline);
        QFETCH(QString, reason);
        const auto w = query::noFindingsWording({damaged, missing});
        QCOMPARE(QString::fromStdString(w.headline), headline);
        QCOMPARE(QString::fromStdString(w.reason), reason);
    }

    void everySurfaceSaysTheSame_data() {
        QTest::addColumn<int>("change");
        QTest::addColumn<QString>("headline");
        QTest::newRow("healthy, every rank") << int(Change::None) << "No problems found";
        QTest::newRow("a rank's folder removed") << int(Change::RemoveRank) << "No findings";
        QTest::newRow("rank 0's trace cut to half")
            << int(Change::CutFile) << "No findings in what could be read";
    }
    void everySurfaceSaysTheSame() {
        QFETCH(int, change);
        QFETCH(QString, headline);
        std::string err;
        const std::string dir = healthyDemo(QTest::currentDataTag(), Change(change), err);
        QVERIFY2(err.empty(), err.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto report = query::buildReport(*ix.db, 10);
        QVERIFY2(report["findings"].empty(), report["findings"].dump().c_str()); // the state worded here
        // each surface's line starts with the headline and its own punctuation after it
        const QString text = textLine(query::formatReport(report, 10));
        QVERIFY2(text.startsWith(headline + ":"), qPrintable(text));
        const QString html = htmlLine(gui::buildReportDocument(
            {QString::fromStdString(ix.result.dbPath), QString::fromStdString(dir), 10, 600, std::nullopt}));
        QVERIFY2(html.startsWith(headline + (change == int(Change::None) ? "." : " (")), qPrintable(html));
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        gui::FindingsPanel panel;
        panel.setFindings({}, s.dataRank, gui::noneContextOf(s));
        QVERIFY2(panel.emptyText().startsWith(headline + (change == int(Change::None) ? "." : " (")),
                 qPrintable(panel.emptyText()));
    }
};

QTEST_MAIN(TstNoFindings)
#include "tst_nofindings.moc"
