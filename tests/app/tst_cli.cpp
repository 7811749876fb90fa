// The command line, run as a separate process: --help/--version, bad arguments (non-zero status and a
// message that says what to do), the demo → index → info → report → query round trip, and the
// read-only query (writes, ATTACH, PRAGMA changes and extension loading are refused), stats of an area.
#include "app/cli/commands.h"
#include "core/index/sqlite.h"
#include "tests/support/collidedfixture.h"
#include "tests/support/testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace rs;

class TstCli : public QObject {
    Q_OBJECT
    QString m_demo;

  private Q_SLOTS:
    void initTestCase() {
        m_demo = QString::fromStdString(test::tempDir("cli")) + "/demo";
        QString out, err;
        QCOMPARE(
            test::runRankscope({"demo", m_demo, "--ranks", "4", "--steps", "6", "--layers", "1", "--quiet"},
                               &out, &err),
            0);
    }
    void helpAndVersion() {
        QString out;
        QCOMPARE(test::runRankscope({"--help"}, &out), 0);
        for (const char* cmd : {"demo", "index", "info", "report", "query", "export", "stats"})
            QVERIFY2(out.contains(cmd), cmd);
        // how to open a folder named like a command (walk 27 #2), in one line
        QVERIFY(out.contains("a folder named like a command: rankscope ./demo\n"));
        // a command's --help is the usage too, not "unknown option"
        for (const char* cmd : {"demo", "index", "report"}) {
            QString usage;
            QCOMPARE(test::runRankscope({cmd, "--help"}, &usage), 0);
            QVERIFY2(usage.contains(QString("rankscope %1 ").arg(cmd)), qPrintable(usage));
        }
        // every exit status compare gives is listed (walk 18: 5, SAME DATA, was not); the verdicts' own
        // numbers come from compare::verdictExitCode
        const QString flat = out.simplified();
        for (const char* code : {"exit 0 when no delta passes", "3 when one does", "4 when no verdict",
                                 "5 when both sides are the same data", "1 when it failed, 2 on bad usage"})
            QVERIFY2(flat.contains(code), code);
        QCOMPARE(test::runRankscope({"--version"}, &out), 0);
        QVERIFY(out.startsWith("rankscope " RANKSCOPE_VERSION));
    }
    void badArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown option")
            << QStringList{"index", "/tmp", "--frobnicate"} << 2 << "unknown option --frobnicate";
        QTest::newRow("missing dir") << QStringList{"index"} << 2 << "needs exactly one";
        QTest::newRow("bad number") << QStringList{"demo", "/tmp/x", "--ranks", "many"} << 2
                                    << "--ranks must be an integer";
        QTest::newRow("bad format") << QStringList{"demo", "/tmp/x", "--format", "csv"} << 2
                                    << "ascend or kineto";
        QTest::newRow("not a profile") << QStringList{"info", "/nonexistent/dir"} << 1 << "no such file";
        QTest::newRow("unknown top option") << QStringList{"--bogus"} << 2 << "unknown option";
        // a first argument that is neither a sub-command nor an existing path never starts the GUI
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << 2 << "unknown command 'frobnicate'";
        QTest::newRow("typo of a command") << QStringList{"idnex", "/tmp"} << 2 << "did you mean 'index'?";
        QTest::newRow("typo of a newer command")
            << QStringList{"anotate", "A", "add"} << 2 << "did you mean 'annotate'?";
        // walk 51b: `rankscope sql` was offered 'help'
        QTest::newRow("another tool's name of a command")
            << QStringList{"sql", "/tmp", "SELECT 1"} << 2 << "did you mean 'query'?";
        QTest::newRow("cache: unknown action")
            << QStringList{"cache", "purge"} << 2 << "'list' (the default) or 'clean'";
        QTest::newRow("cache: bad age")
            << QStringList{"cache", "clean", "--unused-for", "30"} << 2 << "age with a unit";
        QTest::newRow("cache: clean option on list")
            << QStringList{"cache", "list", "--dry-run"} << 2 << "options of 'cache clean'";
        QTest::newRow("missing profile path")
            << QStringList{"/nonexistent/profile"} << 2 << "no such file or directory";
        // the app's single-valued --state given twice is refused, as every command's is (it kept the first)
        QTest::newRow("app: --state twice")
            << QStringList{"/tmp", "--state", "a.rsview", "--state", "b.rsview"} << 2
            << "option --state given twice ('a.rsview', then 'b.rsview')";
        QTest::newRow("open: --state twice")
            << QStringList{"open", "/tmp", "--state=a.rsview", "--state", "b.rsview"} << 2
            << "option --state given twice";
        QTest::newRow("a file, not a profile")
            << QStringList{QString::fromStdString(test::rankscopeBin())} << 2
            << "not a trace the app can open (Chrome-trace or Kineto JSON, .gz or .zst, an Ascend .db or "
               "CSV), "
               "a profile directory or a saved view (.rsview)";
    }
    void theAppOpensOneTraceFile_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"t.json", "t.json.gz", "t.json.zst", "host_1.pt.trace.json"})
            QTest::newRow(name) << name;
    }
    void theAppOpensOneTraceFile() {
        // walk 26 #2: `rankscope FILE` refused a trace that File ▸ Open trace file… and `report` open. The
        // command line starts the app (dispatch's -1; the display is ctest's offscreen platform) on it, bare
        // or as `open FILE`, as it does on a directory
        QFETCH(QString, name);
        const std::string dir = test::tempDir("cli-app-trace-file");
        const std::string path = dir + "/" + name.toStdString();
        test::writeFile(path, R"({"traceEvents":[{"name":"k","ph":"X","ts":0,"dur":5,"pid":0,"tid":0}]})");
        std::string bin = "rankscope", open = "open", file = path;
        char* bare[] = {bin.data(), file.data()};
        char* said[] = {bin.data(), open.data(), file.data()};
        QVERIFY(qEnvironmentVariableIsSet("QT_QPA_PLATFORM"));
        QCOMPARE(cli::dispatch(2, bare), -1);
        QCOMPARE(cli::dispatch(3, said), -1);
    }
    void aCommandNamedLikeAPathHereKeepsItsMeaningAndSaysHowToOpenThePath_data() {
        QTest::addColumn<QString>("name");
        for (const std::string& c : cli::subCommands())
            QTest::newRow(c.c_str()) << QString::fromStdString(c);
    }
    void aCommandNamedLikeAPathHereKeepsItsMeaningAndSaysHowToOpenThePath() {
        // walk 27 #2: `rankscope demo` beside a folder named demo ran the demo command, silently. Every
        // command keeps its meaning (`NAME --help` is still the usage, status 0) and says once how to open
        // the folder; without the folder it says nothing
        QFETCH(QString, name);
        const QString here = QString::fromStdString(test::tempDir("cli-named-like-" + name.toStdString()));
        auto run = [&](QString* err) {
            QProcess p;
            p.setWorkingDirectory(here);
            p.start(QString::fromStdString(test::rankscopeBin()), {name, "--help"});
            if (!p.waitForFinished(30000)) return -1;
            *err = QString::fromUtf8(p.readAllStandardError());
            const QString out = QString::fromUtf8(p.readAllStandardOutput());
            return out.contains("Usage:") ? p.exitCode() : -2;
        };
        const QString note = QString("a folder named %1 is here: to open it, run `rankscope ./%1`").arg(name);
        QString err;
        QCOMPARE(run(&err), 0);
        QVERIFY2(!err.contains("is here"), qPrintable(err));
        // a plain file of that name is not something the app opens: no "to open it"
        test::writeFile((here + "/" + name).toStdString(), "notes\n");
        QCOMPARE(run(&err), 0);
        QVERIFY2(!err.contains("is here"), qPrintable(err));
        QVERIFY(QFile::remove(here + "/" + name));
        QVERIFY(QDir(here).mkdir(name));
        QCOMPARE(run(&err), 0);
        QCOMPARE(err.count(note), 1);
    }
    void aFolderNamedLikeACommandOpensByItsPath() {
        // `rankscope ./demo` and `rankscope /abs/demo` start the app on the folder (dispatch's -1; the
        // display is ctest's offscreen platform), bare `rankscope demo` stays the command (a usage error
        // here)
        const QString here = QString::fromStdString(test::tempDir("cli-folder-named-demo"));
        QVERIFY(QDir(here).mkdir("demo"));
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(here));
        std::string bin = "rankscope", rel = "./demo", abs = (here + "/demo").toStdString(), bare = "demo";
        char* relArgs[] = {bin.data(), rel.data()};
        char* absArgs[] = {bin.data(), abs.data()};
        char* bareArgs[] = {bin.data(), bare.data()};
        const int relRc = cli::dispatch(2, relArgs), absRc = cli::dispatch(2, absArgs),
                  bareRc = cli::dispatch(2, bareArgs);
        QDir::setCurrent(before);
        QVERIFY(qEnvironmentVariableIsSet("QT_QPA_PLATFORM"));
        QCOMPARE(relRc, -1);
        QCOMPARE(absRc, -1);
        QCOMPARE(bareRc, 2); // demo needs an OUTDIR
    }
    void aRunTheFolderLacksIsRefused_data() {
        QTest::addColumn<QStringList>("args"); // after the folder; "%1" is a scratch folder
        QTest::newRow("export") << QStringList{"--run", "7", "--view", "heatmap", "--out", "%1/r7.png"};
        QTest::newRow("comm") << QStringList{"--run", "7"};
        QTest::newRow("report") << QStringList{"--run", "7"};
    }
    void aRunTheFolderLacksIsRefused() {
        // walk 27 house check: `export DIR --run 7` on a folder of runs 0 and 1 drew run 0 (its caption said
        // so, the command did not) and `comm --run 7` said "no communication matrix in this run", status 0
        QFETCH(QStringList, args);
        static const std::string two = [] {
            const std::string dir = test::tempDir("cli-two-runs");
            std::string err;
            return test::writeTwoRunDemo(dir, err) ? dir : std::string();
        }();
        QVERIFY(!two.empty());
        const QString scratch = QString::fromStdString(test::tempDir("cli-two-runs-out"));
        const QString cmd = QTest::currentDataTag();
        QStringList full{cmd, QString::fromStdString(two)};
        for (const QString& x : args)
            full << QString(x).replace("%1", scratch);
        full << "--quiet";
        QString out, err;
        QCOMPARE(test::runRankscope(full, &out, &err), 1);
        QVERIFY2(err.contains(QString("rankscope %1: run 7 is not in this profile (its runs: ").arg(cmd)),
                 qPrintable(err));
        QVERIFY(!QFileInfo::exists(scratch + "/r7.png"));
    }
    void cacheListsAndCleans() {
        // a read-only profile indexed into a private cache dir, then its profile removed: listed as missing,
        // cleaned away (a dry run first), the list empty after
        const std::string root = test::tempDir("clicache");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(root + "/xdg"));
        const std::string prof = root + "/ro";
        test::writeFile(prof + "/a.json",
                        "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]");
        std::filesystem::permissions(prof,
                                     std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
        QString out, err;
        QCOMPARE(test::runRankscope({"index", QString::fromStdString(prof), "--quiet"}, &out, &err), 0);
        QCOMPARE(test::runRankscope({"cache", "--json"}, &out, &err), 0);
        auto j = nlohmann::json::parse(out.toStdString());
        QCOMPARE(j["indexes"].size(), size_t(1));
        QCOMPARE(j["indexes"][0]["state"].get<std::string>(), std::string("current"));
        std::filesystem::permissions(prof, std::filesystem::perms::owner_all);
        std::filesystem::remove_all(prof);
        QCOMPARE(test::runRankscope({"cache"}, &out, &err), 0);
        QVERIFY2(out.contains("profile missing"), qPrintable(out));
        QCOMPARE(test::runRankscope({"cache", "clean", "--dry-run"}, &out, &err), 0);
        QVERIFY2(out.contains("would remove 1 index(es)"), qPrintable(out));
        QCOMPARE(test::runRankscope({"cache", "clean"}, &out, &err), 0);
        QVERIFY2(out.contains("removed 1 index(es)"), qPrintable(out));
        QCOMPARE(test::runRankscope({"cache", "--json"}, &out, &err), 0);
        QCOMPARE(nlohmann::json::parse(out.toStdString())["indexes"].size(), size_t(0));
        qunsetenv("XDG_CACHE_HOME");
    }
    void banksAreAnnouncedAndCheckedOnlyWhereABankModelApplies_data() {
        // walk 25: the Kineto demo announced rank 6's misplaced HBM bank; a Kineto profile gets no bank
        // model (GPU addresses), and its report said nothing of banks
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("announced");    // in the demo's stdout
        QTest::addColumn<QString>("notAnnounced"); // nor this
        QTest::addColumn<QString>("reported");     // in the text report
        QTest::newRow("ascend") << "ascend"
                                << "keeps its AllReduce buffers in HBM bank"
                                << "not detectable"
                                << "[bank_anomaly] rank";
        QTest::newRow("kineto") << "kineto"
                                << "not detectable in the kineto format"
                                << "keeps its AllReduce buffers in HBM bank"
                                << "Banks not checked: a Kineto profile's tensor addresses are the CUDA "
                                   "caching allocator's";
    }
    void banksAreAnnouncedAndCheckedOnlyWhereABankModelApplies() {
        QFETCH(QString, format);
        QFETCH(QString, announced);
        QFETCH(QString, notAnnounced);
        QFETCH(QString, reported);
        const QString dir = QString::fromStdString(test::tempDir("banks-" + format.toStdString())) + "/demo";
        QString out, err;
        QCOMPARE(test::runRankscope(
                     {"demo", dir, "--format", format, "--ranks", "8", "--steps", "6", "--layers", "1"}, &out,
                     &err),
                 0);
        QVERIFY2(out.contains(announced) && !out.contains(notAnnounced), qPrintable(out));
        QCOMPARE(test::runRankscope({"report", dir, "--quiet"}, &out, &err), 0);
        QVERIFY2(out.contains(reported), qPrintable(out));
        QCOMPARE(out.contains("Banks not checked"), format == "kineto");
    }
    void aKnownNonProfileFolderSaysWhatItIs_data() {
        // walk 25: `info` on these alone said only "no profiler files found"
        QTest::addColumn<QString>("dir"); // a hand-made folder under the temp dir, or "samples:" + a sample
        QTest::addColumn<QStringList>("says");
        QTest::newRow("cluster summary") << "cluster_analysis_output"
                                         << QStringList{"msprof-analyze's cluster summary", "not a profile",
                                                        "open the folder that holds it"};
        QTest::newRow("parallel strategy")
            << "strategy"
            << QStringList{"MindSpore parallel strategy files (parallel_strategy_0.json", "not a profile",
                           "open the profiler folder of the same job"};
        // 16 ranks: cluster_step_trace_time.csv's rows of Type "rank" index 0-15 (Python's csv module)
        QTest::newRow("msinsight sample")
            << "samples:msinsight/server/src/test/test_data/cluster_analysis_output"
            << QStringList{"cluster summary of 16 ranks", "/msinsight/server/src/test/test_data, instead"};
        QTest::newRow("mindinsight sample") << "samples:mindinsight/tests/utils/resource/parallel_strategy"
                                            << QStringList{"parallel_strategy_0.json", "not a profile"};
    }
    void aKnownNonProfileFolderSaysWhatItIs() {
        QFETCH(QString, dir);
        QFETCH(QStringList, says);
        std::string path;
        if (dir.startsWith("samples:")) {
            if (test::samplesDir().empty()) QSKIP("../shared/samples is absent");
            path = test::samplesDir() + "/" + dir.mid(8).toStdString();
        } else {
            path = test::tempDir("notaprofile") + "/" + dir.toStdString();
            std::filesystem::create_directories(path);
            if (dir == "cluster_analysis_output")
                test::writeFile(path + "/cluster_step_trace_time.csv", "Step,Type,Index,Computing\n");
            else
                test::writeFile(path + "/parallel_strategy_0.json", "{\"config\": {\"rankId\": 0}}");
        }
        QString out, err;
        QCOMPARE(test::runRankscope({"info", QString::fromStdString(path)}, &out, &err), 1);
        QVERIFY2(err.contains("no profiler files found: this"), qPrintable(err));
        for (const QString& s : says)
            QVERIFY2(err.contains(s), qPrintable(s + " not in: " + err));
    }
    void headlessStartSaysHowToRunHeadless() {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(v);
        p.setProcessEnvironment(env);
        p.start(QString::fromStdString(test::rankscopeBin()), {m_demo});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit); // no Qt abort
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("no display") && err.contains("rankscope export") && err.contains("offscreen"),
                 qPrintable(err));
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QString, message);
        QString out, err;
        QCOMPARE(test::runRankscope(args, &out, &err), status);
        QVERIFY2(err.contains(message), qPrintable(err));
    }
    void roundTrip() {
        QString out, err;
        QCOMPARE(test::runRankscope({"index", m_demo, "--quiet"}, &out, &err), 0);
        QVERIFY(out.trimmed().endsWith(".rankscope/index.sqlite"));
        QCOMPARE(test::runRankscope({"info", m_demo, "--json"}, &out, &err), 0);
        auto info = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(info["ranks"].toArray().size(), 4);
        QVERIFY(info["counts"].toObject()["spans"].toInteger() > 1000);
        // the time range (read from the LOD buckets) is the spans' own first start and last end
        QCOMPARE(
            test::runRankscope(
                {"query", m_demo, "SELECT min(ts_ns), max(ts_ns + dur_ns) FROM spans", "--csv"}, &out, &err),
            0);
        const QStringList csv = out.trimmed().split('\n');
        QCOMPARE(csv.first(), QString("min(ts_ns),max(ts_ns + dur_ns)")); // the header row, then the row
        QCOMPARE(csv.size(), 2);
        const QStringList extent = csv.last().split(',');
        QCOMPARE(info["time_range_ns"].toArray()[0].toInteger(), extent[0].toLongLong());
        QCOMPARE(info["time_range_ns"].toArray()[1].toInteger(), extent[1].toLongLong());
        QCOMPARE(test::runRankscope({"report", m_demo, "--json"}, &out, &err), 0);
        auto report = QJsonDocument::fromJson(out.toUtf8()).object();
        for (const char* key :
             {"ranks", "steps", "stragglers", "outlier_steps", "comm_wait", "memory", "diagnostics"})
            QVERIFY2(report.contains(key), key);
        QCOMPARE(test::runRankscope({"report", m_demo, "--quiet"}, &out, &err), 0);
        QVERIFY(out.contains("Findings, by time lost"));
        QCOMPARE(test::runRankscope({"query", m_demo,
                                     "SELECT rank, count(*) FROM spans GROUP BY rank ORDER BY rank", "--csv"},
                                    &out, &err),
                 0);
        QCOMPARE(out.trimmed().split('\n').size(), 1 + 4); // the header row, then a row a rank
        QVERIFY(out.startsWith("rank,count(*)\n0,"));
    }
    void infoReadsTheKeptSpanCount() {
        // the build keeps its span count in the meta table, so info does not walk the span table for it
        QString out, err;
        QCOMPARE(test::runRankscope({"index", m_demo, "--quiet"}, &out, &err), 0);
        const std::string dbPath = out.trimmed().split('\n').last().toStdString();
        int64_t counted = 0;
        {
            index::Db db(dbPath, true);
            counted = db.scalar("SELECT count(*) FROM span");
            QCOMPARE(db.scalarText("SELECT value FROM meta WHERE key = 'span_count'"),
                     std::to_string(counted));
        }
        QVERIFY(counted > 1000);
        auto infoSpans = [&] {
            test::runRankscope({"info", m_demo, "--json"}, &out, &err);
            return QJsonDocument::fromJson(out.toUtf8()).object()["counts"].toObject()["spans"].toInteger();
        };
        QCOMPARE(infoSpans(), counted);
        // a count that is not the table's shows that info reads it rather than counting
        auto setKept = [&](const std::string& v) {
            index::Db db(dbPath);
            db.prepare("UPDATE meta SET value = ? WHERE key = 'span_count'").bind(1, v).exec();
        };
        setKept(std::to_string(counted + 7));
        const int64_t shown = infoSpans();
        setKept(std::to_string(counted));
        QCOMPARE(shown, counted + 7);
    }
    void infoNamesACollidedRankAsTheReportDoes() {
        // a legacy rank 0 (a step trace of 2 steps on another clock than its timeline's one op) beside a
        // larger Kineto rank 0 that keeps key 0: the legacy rank is key 10000, and its clock warning, stored
        // under the key, says "rank 0 (index key 10000)" in info, as its ranks line and the report name it
        const std::string dir = test::writeCollidedRankZero(test::tempDir("cli-collided-name"));
        QString out, err;
        QCOMPARE(test::runRankscope({"info", QString::fromStdString(dir)}, &out, &err), 0);
        QVERIFY2(out.contains("[warning] rank 0 (index key 10000): steps not aligned with the device ops (no "
                              "sync record): not used"),
                 qPrintable(out));
        QVERIFY2(!out.contains("rank 10000"), qPrintable(out));
    }
    void infoAndReportCountDiagnosticsAlike() {
        // walk 26: on text level1 the report said "7 notes" (occurrences summed) where info said
        // "diagnostics: 4" (rows): both now say groups and occurrences, each worked out here from info's own
        // JSON list (its rows, and the sum of their counts)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-diag-cache")));
        const QString dir = QString::fromStdString(samples + "/msinsight/test/data/pytorch/text/level1");
        QString out, err;
        QCOMPARE(test::runRankscope({"info", dir, "--json"}, &out, &err), 0);
        int64_t rows = 0, occurrences = 0, noteRows = 0, notes = 0;
        for (const auto& d : QJsonDocument::fromJson(out.toUtf8()).object()["diagnostics"].toArray()) {
            const auto o = d.toObject();
            if (o["severity"].toString() == "info")
                ++noteRows, notes += o["count"].toInteger();
            else
                ++rows, occurrences += o["count"].toInteger();
        }
        QVERIFY(notes > noteRows); // the case walk 26 saw: a note counted more than once
        QCOMPARE(test::runRankscope({"info", dir}, &out, &err), 0);
        // problems and notes apart, as the report says them (r54c #3)
        QString infoLine = "diagnostics: ";
        if (occurrences)
            infoLine += QString("%1 record problem%2 in %3 group%4; ")
                            .arg(occurrences)
                            .arg(occurrences == 1 ? "" : "s")
                            .arg(rows)
                            .arg(rows == 1 ? "" : "s");
        infoLine += QString("%1 notes in %2 groups").arg(notes).arg(noteRows);
        QVERIFY2(out.contains(infoLine), qPrintable(out));
        QCOMPARE(test::runRankscope({"report", dir}, &out, &err), 0);
        const QString reportNotes = QString("%1 notes in %2 groups").arg(notes).arg(noteRows);
        QVERIFY2(out.contains(reportNotes), qPrintable(out));
    }
    void infoTheReportAndARunsDetailsCountTheFolderAlike() {
        // r54c #3: of the legacy profiler folder info said "7 groups, 89 occurrences", the report "1 record
        // problem in 1 group; 88 notes in 6 groups" and the dialog "92 notes in 10 groups" (the 4 files not
        // read among them). Each now says the folder's in the same words, the files not read counted apart;
        // a run's report (its Details) says its own files' first and names the folder's as the whole.
        // Expected: the diagnostic table and the files not read (meta ignored:*), counted here
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-diag-folder")));
        const std::string path = samples + "/mindinsight/tests/utils/resource/profiler";
        auto ix = test::indexDir(path, false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t problems = ix.scalar(
                          "SELECT coalesce(sum(count), 0) FROM diagnostic WHERE severity <> 'info'"),
                      problemRows = ix.scalar("SELECT count(*) FROM diagnostic WHERE severity <> 'info'"),
                      notes =
                          ix.scalar("SELECT coalesce(sum(count), 0) FROM diagnostic WHERE severity = 'info'"),
                      noteRows = ix.scalar("SELECT count(*) FROM diagnostic WHERE severity = 'info'"),
                      unread = ix.scalar("SELECT count(*) FROM meta WHERE key LIKE 'ignored:%'");
        QVERIFY(problems > 0 && notes > noteRows && unread > 0);
        const QString folder =
            QString("%1 record problem%2 in %3 group%4; %5 notes in %6 groups; %7 files not read")
                .arg(problems)
                .arg(problems == 1 ? "" : "s")
                .arg(problemRows)
                .arg(problemRows == 1 ? "" : "s")
                .arg(notes)
                .arg(noteRows)
                .arg(unread);
        const QString dir = QString::fromStdString(path);
        QString out, err;
        QCOMPARE(test::runRankscope({"info", dir}, &out, &err), 0);
        QVERIFY2(out.contains("diagnostics: " + folder), qPrintable(out));
        QCOMPARE(test::runRankscope({"report", dir}, &out, &err), 0);
        QVERIFY2(out.contains("Diagnostics: " + folder), qPrintable(out));
        QCOMPARE(test::runRankscope({"report", dir, "--run", "0"}, &out, &err), 0);
        QVERIFY2(out.contains("Diagnostics of run 0's files: "), qPrintable(out));
        QVERIFY2(
            out.contains("The whole folder, as File ▸ Diagnostics and rankscope info count it: " + folder),
            qPrintable(out));
    }
    void infoCountsAndNamesAsTheReportDoes() {
        // mindinsight profiler/: step numbers 1-40 (step_trace_raw_10_detail_time.csv's numbered rows,
        // Python's csv) and the CANN device's "Iteration 1": 40 steps, as the report counts them; the steps
        // view's 62 rank × step rows (rank 10's 40, the CANN device's 1, the legacy rank 0's 20 of
        // step_trace_raw_0, on rank 10's clock) add step 0, the whole trace of the Chrome rank without step
        // marks, which is no step (walk 14: "41 steps" counted it). The legacy rank 0 is index key 10000 (the
        // CANN device claims key 0): info names it rank 0, as the report does, in its lines and its warnings
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-info-cache")));
        const QString dir = QString::fromStdString(samples + "/mindinsight/tests/utils/resource/profiler");
        QString out, err;
        QCOMPARE(test::runRankscope({"info", dir, "--json"}, &out, &err), 0);
        const auto info = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(test::runRankscope({"report", dir, "--json"}, &out, &err), 0);
        const auto report = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(info["counts"].toObject()["steps"].toInteger(), qint64(40));
        QCOMPARE(report["steps"].toObject()["count"].toInteger(), qint64(40));
        QCOMPARE(info["steps"].toObject()["rows"].toInteger(), qint64(62));
        QCOMPARE(report["steps"].toObject()["whole_trace_rows"].toInteger(), qint64(1));
        QCOMPARE(test::runRankscope({"info", dir}, &out, &err), 0);
        QVERIFY2(
            out.contains("  rank 0  device -    mindspore-legacy  run 0  (index key 10000: another run has a "
                         "rank 0 too)"),
            qPrintable(out));
        QVERIFY2(!out.contains("rank 10000"), qPrintable(out));
        QVERIFY2(out.contains("steps 40"), qPrintable(out));
        QVERIFY2(out.contains(
                     "steps:  40 steps (+1 whole trace: a rank without step marks); the steps view has 62 "
                     "rows, one per rank and step (1 of them a rank's whole trace, step 0)"),
                 qPrintable(out));
    }
    void summaryLineGivesTheDecompressedRate() {
        // a Kineto demo writes .json.gz: the summary names the JSON they held and its rate
        const QString dir = QString::fromStdString(test::tempDir("cli-gz")) + "/kineto";
        QString out, err;
        QCOMPARE(test::runRankscope({"demo", dir, "--format", "kineto", "--ranks", "2", "--steps", "20",
                                     "--layers", "4", "--quiet"},
                                    &out, &err),
                 0);
        double jsonBytes = 0, gzBytes = 0; // counted by gzip itself and by the file system
        for (const auto& e : std::filesystem::directory_iterator(dir.toStdString())) {
            if (e.path().extension() != ".gz") continue;
            gzBytes += double(e.file_size());
            QProcess gunzip;
            gunzip.start("gzip", {"-dc", QString::fromStdString(e.path().string())});
            QVERIFY(gunzip.waitForFinished(30000));
            jsonBytes += double(gunzip.readAllStandardOutput().size());
        }
        QVERIFY(jsonBytes > 1e6 && gzBytes > 0);
        QCOMPARE(test::runRankscope({"index", dir}, &out, &err), 0);
        const QString expected = QString::asprintf("%.1f MB of input (%.1f MB of JSON from %.1f MB gz)",
                                                   gzBytes / 1e6, jsonBytes / 1e6, gzBytes / 1e6);
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY2(err.contains(" MB/s decompressed; "), qPrintable(err));
        // a plain profile has no decompressed rate
        QCOMPARE(test::runRankscope({"index", m_demo, "--force"}, &out, &err), 0);
        QVERIFY2(err.contains("index: ") && !err.contains("decompressed") && !err.contains(" gz)"),
                 qPrintable(err));
    }
    void smallCountsArePlain() {
        // walk 23b: "0.0M events, 0.0M spans" for a small profile; three complete events are 3 of each
        const std::string dir = test::tempDir("cli-small") + "/trace";
        std::filesystem::create_directories(dir);
        test::writeFile(dir + "/t.json", R"({"traceEvents":[
            {"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5},
            {"ph":"X","name":"b","pid":1,"tid":1,"ts":10,"dur":5},
            {"ph":"X","name":"c","pid":1,"tid":2,"ts":20,"dur":5}]})");
        QString out, err;
        QCOMPARE(test::runRankscope({"index", QString::fromStdString(dir)}, &out, &err), 0);
        // r50a #3: the records read are named as such (a CSV row may hold many spans: cluster_propose's 44
        // rows made 4460)
        QVERIFY2(err.contains(", 3 records (trace events, table rows), 3 spans in ") &&
                     !err.contains("M records"),
                 qPrintable(err));
    }
    void statsOfAnArea_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("neither range nor step")
            << QStringList{} << 2 << "one of --range T0:T1, --step S or --annotation ID";
        QTest::newRow("both") << QStringList{"--range", "0:1ms", "--step", "2"} << 2
                              << "one of --range T0:T1, --step S or --annotation ID";
        QTest::newRow("annotation and ranks")
            << QStringList{"--annotation", "a1", "--ranks", "1"} << 2 << "--annotation has its own ranks";
        QTest::newRow("no such annotation")
            << QStringList{"--annotation", "a999"} << 1 << "no annotation a999";
        QTest::newRow("range backwards") << QStringList{"--range", "5ms:1ms"} << 2 << "T0:T1";
        QTest::newRow("empty range") << QStringList{"--range", "5ms:5ms"} << 2 << "T1 after T0";
        QTest::newRow("range without units") << QStringList{"--range", "12"} << 2 << "T0:T1";
        QTest::newRow("bad ranks") << QStringList{"--range", "0ms:1ms", "--ranks", "x"} << 2 << "0,3-5";
        QTest::newRow("rank not in the run")
            << QStringList{"--range", "0ms:1ms", "--ranks", "9"} << 2 << "rank 9 is not in run 0";
        QTest::newRow("bad kind") << QStringList{"--range", "0ms:1ms", "--kinds", "gpu"} << 2
                                  << "--kinds takes";
        // walk 23b: a compute lane's waits and copies have a kind of their own
        QTest::newRow("runtime kind") << QStringList{"--range", "0ms:1ms", "--kinds", "runtime"} << 0 << "";
    }
    void statsOfAnArea() {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QString, message);
        QString out, err;
        QCOMPARE(test::runRankscope(QStringList{"stats", m_demo} + args, &out, &err), status);
        QVERIFY2(err.contains(message), qPrintable(err));
    }
    void aWholeTraceIsNoStepInStatsOrExport() {
        // run_2/normal_run: rank 1's step_trace_raw_1_detail_time.csv numbers step 1 at ~154 908 s of system
        // ticks while its ops lie at 0-6 s (formats.md §8): the steps are kept apart and the rank's whole
        // trace is the index's step 0. stats said "step 0" of it, and `export --step 1` "no step 1 on the
        // ranks shown" without why (walk 30). Without aicpu_intermediate_1.csv, the folder's sync record of
        // the two clocks (r53d: with it, the step is on the timeline)
        const std::string copy = test::run2WithoutSync("cli-whole");
        if (copy.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-whole-cache")));
        const QString dir = QString::fromStdString(copy);
        QString out, err;
        QCOMPARE(test::runRankscope({"stats", dir, "--step", "0", "--quiet"}, &out, &err), 0);
        QVERIFY2(out.startsWith("area: run 0, the whole trace of rank 1 (no step marks), rank 1\n"),
                 qPrintable(out));
        QVERIFY2(!out.contains("step 0"), qPrintable(out));
        QCOMPARE(test::runRankscope({"stats", dir, "--step", "0", "--json"}, &out, &err), 0);
        const auto windows = QJsonDocument::fromJson(out.toUtf8()).object()["windows"].toArray();
        QCOMPARE(windows.size(), 1);
        QCOMPARE(windows[0].toObject()["whole_trace"].toBool(false), true); // as the report's steps say it
        const QString pic = QString::fromStdString(test::tempDir("cli-whole-export")) + "/t.png";
        QVERIFY(test::runRankscope({"export", dir, "--step", "1", "--view", "timeline", "--out", pic}, &out,
                                   &err) != 0);
        QVERIFY2(
            err.contains("no step 1 on the ranks shown: step 1 is known only from rank 1's step_trace_raw, "
                         "on another clock than the device ops (no sync record): the timeline cannot "
                         "place it"),
            qPrintable(err));
    }
    void statsOfAStep() {
        // step 2 on ranks 1-2, per rank and together: the same spans, the together rows the sums of the
        // per-rank ones; the text table says the area and the p95's definition
        QString out, err;
        QCOMPARE(test::runRankscope(
                     {"stats", m_demo, "--step", "2", "--ranks", "1-2", "--per-rank", "--json"}, &out, &err),
                 0);
        const auto per = nlohmann::json::parse(out.toStdString());
        QCOMPARE(test::runRankscope({"stats", m_demo, "--step", "2", "--ranks", "1-2", "--json"}, &out, &err),
                 0);
        const auto all = nlohmann::json::parse(out.toStdString());
        QCOMPARE(per["windows"].size(), size_t(2));
        for (auto& w : per["windows"]) // the demo's step 2 is a marked step on both ranks
            QCOMPARE(w["whole_trace"], nlohmann::json(false));
        QCOMPARE(per["spans"], all["spans"]);
        QVERIFY(per["spans"].get<int64_t>() > 0);
        std::map<std::string, int64_t> perCount, perTotal;
        std::set<int> ranks;
        for (const auto& o : per["ops"]) {
            ranks.insert(o["rank"].get<int>());
            perCount[o["name"].get<std::string>() + "|" + o["kind"].get<std::string>()] +=
                o["count"].get<int64_t>();
            perTotal[o["name"].get<std::string>() + "|" + o["kind"].get<std::string>()] +=
                o["total_ns"].get<int64_t>();
        }
        QCOMPARE(ranks, (std::set<int>{1, 2}));
        QCOMPARE(all["ops"].size(), perCount.size());
        for (const auto& o : all["ops"]) {
            QVERIFY(o["rank"].is_null());
            const std::string key = o["name"].get<std::string>() + "|" + o["kind"].get<std::string>();
            QCOMPARE(o["count"].get<int64_t>(), perCount[key]);
            QCOMPARE(o["total_ns"].get<int64_t>(), perTotal[key]);
        }
        QCOMPARE(test::runRankscope({"stats", m_demo, "--step", "2", "--ranks", "1-2"}, &out, &err), 0);
        QVERIFY2(out.contains("p95 by nearest rank") && out.contains("count"), qPrintable(out));
        // walk 21 F: the rows over the area's ranks together said "all" for ranks 1-2 (or rank 5 alone); they
        // name the ranks whose spans they hold — each the ranks of its per-rank rows
        std::map<std::string, std::set<int>> perRanks;
        for (const auto& o : per["ops"])
            perRanks[o["name"].get<std::string>() + "|" + o["kind"].get<std::string>()].insert(
                o["rank"].get<int>());
        for (const auto& o : all["ops"])
            QCOMPARE(o["ranks"].get<std::set<int>>(),
                     perRanks[o["name"].get<std::string>() + "|" + o["kind"].get<std::string>()]);
        // in the text, in the rank column (after the 40-character name and the 13-character kind)
        for (const auto& [ranks, labels] :
             {std::pair<QString, QStringList>{"1-2", {"1", "2", "1-2"}}, {"2", {"2"}}}) {
            QCOMPARE(test::runRankscope({"stats", m_demo, "--step", "2", "--ranks", ranks}, &out, &err), 0);
            const QStringList lines = out.split('\n');
            const qsizetype header = lines.indexOf(QRegularExpression("^op +kind +rank .*"));
            QVERIFY2(header > 0, qPrintable(out));
            int rows = 0;
            for (qsizetype i = header + 1; i < lines.size() && lines[i].size() > 60; ++i, ++rows)
                QVERIFY2(labels.contains(lines[i].mid(55).section(' ', 0, 0, QString::SectionSkipEmpty)),
                         qPrintable(lines[i]));
            QVERIFY2(rows > 0, qPrintable(out));
        }
    }
    void statsOfABoxReadItsLanesOnly() {
        // cluster_propose: a box over rank 1's Stream 48, 49 and rank 2's Stream 6, 7 in step 2
        // (+2376 ms .. +2557 ms). Its statistics read exactly those lanes: 25 spans, 3 670 330 ns inside it
        // (Python over step_trace_raw_{1,2}_detail_time.csv: each stream_<s>_… op's start and end point, 10
        // ns ticks, clipped to the box); the four labels on both ranks hold 41 spans there
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the cluster_propose box check is skipped");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stats-box-cache")));
        const QString dir =
            QString::fromStdString(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QString out, err;
        QCOMPARE(
            test::runRankscope({"annotate", dir, "add", "pipeline boundary", "--kind", "box", "--rank", "1,2",
                                "--range", "2376ms:2557ms", "--lane", "Stream 48@1", "--lane", "Stream 49@1",
                                "--lane", "Stream 6@2", "--lane", "Stream 7@2", "--quiet"},
                               &out, &err),
            0);
        const QString box = out.trimmed();
        QCOMPARE(test::runRankscope({"stats", dir, "--annotation", box, "--per-rank", "--json", "--quiet"},
                                    &out, &err),
                 0);
        const auto j = nlohmann::json::parse(out.toStdString());
        QCOMPARE(j["spans"].get<int64_t>(), int64_t(25));
        QCOMPARE(j["lanes"].get<int64_t>(), int64_t(4));
        int64_t total = 0;
        for (const auto& o : j["ops"])
            total += o["total_ns"].get<int64_t>();
        QCOMPARE(total, int64_t(3670330));
        QCOMPARE(test::runRankscope({"stats", dir, "--annotation", box, "--quiet"}, &out, &err), 0);
        QVERIFY2(out.contains("exactly its lanes") && out.contains("25 spans on 4 lanes"), qPrintable(out));
        // a note is no area
        QCOMPARE(test::runRankscope({"annotate", dir, "add", "x", "--rank", "1", "--at", "2400ms", "--quiet"},
                                    &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"stats", dir, "--annotation", out.trimmed(), "--quiet"}, &out, &err), 1);
        QVERIFY2(err.contains("a box or a range"), qPrintable(err));
    }
    void infoListsEachRunsRanksByTheirNumbers() {
        // walk 24 #2: the hta folder's six runs; info listed its ranks by index key, so trace_filter's run
        // read "rank 1 … run 1" (key 10001) before "rank 0 … run 1" (key 20000). Run by run now, each run's
        // ranks in their numbers' order, as the report's runs line lists them
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-info-order-cache")));
        const std::string folder = samples + "/hta/tests/data";
        // trace_filter's ranks as its files write them (distributedInfo.rank), in number order, and the
        // job's size they name, which tells its run in the listing
        std::vector<int> traceFilter;
        int worldSize = 0;
        for (const auto& e : std::filesystem::directory_iterator(folder + "/trace_filter")) {
            const auto j = nlohmann::json::parse(test::readDecompressed(e.path().string()));
            traceFilter.push_back(j["distributedInfo"]["rank"].get<int>());
            worldSize = j["distributedInfo"]["world_size"].get<int>();
        }
        std::sort(traceFilter.begin(), traceFilter.end());
        QCOMPARE(traceFilter, std::vector<int>({0, 1}));
        QString out, err;
        QCOMPARE(
            test::runRankscope({"info", QString::fromStdString(folder), "--json", "--quiet"}, &out, &err), 0);
        const auto info = nlohmann::json::parse(out.toStdString());
        int traceFilterRun = -1;
        for (const auto& run : info["runs"])
            if (run["world_size"] == worldSize) traceFilterRun = run["run"].get<int>();
        QVERIFY(traceFilterRun >= 0);
        QCOMPARE(test::runRankscope({"info", QString::fromStdString(folder)}, &out, &err), 0);
        // the per-rank lines: "  rank N  device …  run R"
        static const QRegularExpression line("^  rank (\\d+)  .*  run (\\d+)",
                                             QRegularExpression::MultilineOption);
        std::vector<std::pair<int, int>> listed; // (run, rank) as listed
        std::vector<int> ofTraceFilter;
        for (auto m = line.globalMatch(out); m.hasNext();) {
            const auto hit = m.next();
            listed.emplace_back(hit.captured(2).toInt(), hit.captured(1).toInt());
            if (listed.back().first == traceFilterRun) ofTraceFilter.push_back(listed.back().second);
        }
        QCOMPARE(int(listed.size()), int(info["ranks"].size()));
        QCOMPARE(ofTraceFilter, traceFilter);
        QVERIFY2(std::is_sorted(listed.begin(), listed.end()), qPrintable(out));
    }
    void statsNamesKernelsByTheirFunctions() {
        // walk 24 #4: trace_filter's kernels are demangled signatures ("void at::native::(anonymous
        // namespace)::CatArrayBatchedCopy<float, unsigned int, 2, 128, 1>(float*, …)"); cut at 40 bytes from
        // their end they read "void split_embeddi...float, float, long)" or "void ...": the function's name
        // is kept now, its return type and arguments dropped
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-stats-names-cache")));
        const std::string dir = samples + "/hta/tests/data/trace_filter";
        int cat = 0; // kernels of the function, counted in the traces themselves
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            const auto j = nlohmann::json::parse(test::readDecompressed(e.path().string()));
            for (const auto& ev : j["traceEvents"])
                cat += ev.value("cat", "") == "kernel" &&
                       ev.value("name", "")
                               .rfind("void at::native::(anonymous namespace)::CatArrayBatchedCopy<", 0) == 0;
        }
        QVERIFY(cat > 0);
        QString out, err;
        QCOMPARE(test::runRankscope({"stats", QString::fromStdString(dir), "--step", "551", "--kinds",
                                     "compute", "--top", "500", "--quiet"},
                                    &out, &err),
                 0);
        int named = 0;
        for (const QString& line : out.split('\n')) {
            QVERIFY2(!line.startsWith("void ") && !line.contains("(anonymous"), qPrintable(line));
            named += line.startsWith("CatArrayBatchedCopy<");
        }
        QVERIFY2(named > 0, qPrintable(out));
    }
    void cpuCollectivesAreCountedAsWhatTheyAre() {
        // walk18a #6: cpu_only's gloo:all_reduce spans (a CPU backend: no collective kernel) made "0
        // collectives" and nothing more, while the timeline draws them in communication's colours
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-cpu-only-cache")));
        const std::string dir = samples + "/hta/tests/data/cpu_only";
        int gloo = 0; // counted in the trace itself
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            const auto j = nlohmann::json::parse(test::readDecompressed(e.path().string()));
            for (const auto& ev : j["traceEvents"])
                gloo += ev.value("ph", "") == "X" && ev.value("name", "").rfind("gloo:", 0) == 0;
        }
        QCOMPARE(gloo, 10);
        QString out, err;
        QCOMPARE(test::runRankscope({"report", QString::fromStdString(dir), "--json"}, &out, &err), 0);
        const auto r = nlohmann::json::parse(out.toStdString());
        QCOMPARE(r["counts"]["collectives"].get<int>(), 0);
        QCOMPARE(r["counts"]["uncollected_communication_calls"]["count"].get<int>(), gloo);
        QCOMPARE(r["counts"]["uncollected_communication_calls"]["names"],
                 nlohmann::json::array({"gloo:all_reduce"}));
        QCOMPARE(test::runRankscope({"report", QString::fromStdString(dir)}, &out, &err), 0);
        QVERIFY2(
            out.contains("0 collectives (10 communication calls, gloo:all_reduce: no collective kernel of "
                         "theirs is recorded, so none is matched across ranks or timed as a collective)"),
            qPrintable(out));
        // a profile with collectives says nothing of the kind
        QCOMPARE(test::runRankscope({"report", m_demo, "--json"}, &out, &err), 0);
        QVERIFY(
            !nlohmann::json::parse(out.toStdString())["counts"].contains("uncollected_communication_calls"));
    }
    void annotateSpeaksTheRankNumbersOfItsRun() {
        // walk18a #3: in a folder of two runs that both have a rank 0, one run's rank 0 is index key 10000.
        // The app, the report and the captions call it rank 0; `annotate list` said "on rank 10000" and
        // `annotate add --rank 0` was refused ("rank 0 is not in run N")
        const std::string root = test::tempDir("cli-annotate-tworun");
        std::string e;
        QVERIFY2(test::writeTwoRunDemo(root, e), e.c_str());
        const QString dir = QString::fromStdString(root);
        QString out, err;
        QCOMPARE(test::runRankscope({"index", dir, "--quiet"}, &out, &err), 0);
        index::Db db(root + "/.rankscope/index.sqlite", true);
        // the run whose rank 0 is keyed 10000 (the Kineto demo's: fewer bytes than the Ascend demo's)
        const int64_t run = db.scalar("SELECT run_id FROM rank_info WHERE rank = 10000 AND data_rank = 0");
        const QString r = QString::number(run);
        QCOMPARE(db.scalar("SELECT count(*) FROM rank_info WHERE run_id = " + std::to_string(run)),
                 int64_t(2));
        const std::string lane =
            test::rowsOf(db, "SELECT name FROM track WHERE rank = 10000 AND name LIKE 'Stream%' LIMIT 1")
                .at(0);
        QCOMPARE(test::runRankscope({"annotate", dir, "add", "slow", "--rank", "0", "--run", r, "--at", "1ms",
                                     "--lane", QString::fromStdString(lane) + "@0", "--quiet"},
                                    &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"annotate", dir, "add", "to one", "--kind", "arrow", "--rank", "0",
                                     "--run", r, "--at", "1ms", "--to", "1@2ms", "--quiet"},
                                    &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"annotate", dir, "list", "--quiet"}, &out, &err), 0);
        QVERIFY2(out.contains("on rank 0 " + QString::fromStdString(lane) + " in run " + r), qPrintable(out));
        QVERIFY2(out.contains("on rank 0 to +2.000 ms on rank 1 in run " + r), qPrintable(out));
        QVERIFY2(!out.contains("1000"), qPrintable(out));
        // a lane named NAME@R says its rank: --rank is not asked for again (walk 20a: the help gives
        // --lane NAME[@R], and "--lane X@1" alone was refused for want of --rank)
        QCOMPARE(test::runRankscope({"annotate", dir, "add", "by lane", "--run", r, "--at", "1ms", "--lane",
                                     QString::fromStdString(lane) + "@0", "--quiet"},
                                    &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"annotate", dir, "add", "no rank", "--run", r, "--at", "1ms", "--lane",
                                     QString::fromStdString(lane), "--quiet"},
                                    &out, &err),
                 2);
        QVERIFY2(err.contains("needs --rank, or NAME@R"), qPrintable(err));
        QCOMPARE(test::runRankscope({"annotate", dir, "list", "--quiet"}, &out, &err), 0);
        QVERIFY2(out.contains("by lane") &&
                     out.contains("on rank 0 " + QString::fromStdString(lane) + " in run " + r),
                 qPrintable(out));
        // the file keeps the index's keys, as the app writes them
        QCOMPARE(test::runRankscope({"annotate", dir, "list", "--json", "--quiet"}, &out, &err), 0);
        const auto j = nlohmann::json::parse(out.toStdString());
        QCOMPARE(j["annotations"][0]["anchor"]["ranks"], nlohmann::json::array({10000}));
        QCOMPARE(j["annotations"][1]["anchor"]["to_rank"].get<int>(), 10001);
        // the key is no number of the run's files: refused, and the run's ranks named
        QCOMPARE(test::runRankscope(
                     {"annotate", dir, "add", "x", "--rank", "10000", "--run", r, "--at", "1ms", "--quiet"},
                     &out, &err),
                 1);
        QVERIFY2(err.contains("rank 10000 is not in run " + r + " (its ranks: 0, 1;"), qPrintable(err));
        // --run is documented with annotate
        QCOMPARE(test::runRankscope({"annotate", "--help"}, &out, &err), 0);
        const QString usage = out.mid(out.indexOf("rankscope annotate DIR add"));
        QVERIFY2(usage.left(usage.indexOf("rankscope baseline")).contains("--run N"), qPrintable(usage));
    }
    void repeatedOptionsAddUpOrAreRefused() {
        // walk 36: `annotate add … --rank 1 --rank 2` kept rank 2 only. A list option given again adds up
        // (as --lane always did); any other option given twice with two values is refused, naming both
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cli-repeat-cache")));
        QString out, err;
        QCOMPARE(test::runRankscope({"annotate", m_demo, "add", "two ranks", "--kind", "range", "--rank", "1",
                                     "--rank", "2", "--range", "10ms:20ms", "--quiet"},
                                    &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"annotate", m_demo, "list", "--json", "--quiet"}, &out, &err), 0);
        std::vector<int> ranks;
        std::string id;
        const auto listed = nlohmann::json::parse(out.toStdString()); // named: the loop reads into it
        for (const auto& a : listed["annotations"])
            if (a["text"] == "two ranks") {
                ranks = a["anchor"]["ranks"].get<std::vector<int>>();
                id = a["id"].get<std::string>();
            }
        QCOMPARE(ranks, (std::vector<int>{1, 2}));
        QCOMPARE(test::runRankscope({"annotate", m_demo, "remove", QString::fromStdString(id), "--quiet"},
                                    &out, &err),
                 0);
        // the same value twice is no conflict; two values of a one-value option are
        QCOMPARE(test::runRankscope({"annotate", m_demo, "list", "--json", "--json", "--quiet"}, &out, &err),
                 0);
        QCOMPARE(test::runRankscope({"annotate", m_demo, "add", "x", "--rank", "1", "--at", "10ms", "--at",
                                     "20ms", "--quiet"},
                                    &out, &err),
                 2);
        QVERIFY2(err.contains("--at given twice ('10ms', then '20ms')"), qPrintable(err));
        qunsetenv("XDG_CACHE_HOME");
    }
    void queryIsReadOnly_data() {
        QTest::addColumn<QString>("sql");
        QTest::newRow("delete") << "DELETE FROM span";
        QTest::newRow("drop") << "DROP TABLE span";
        QTest::newRow("insert") << "INSERT INTO meta VALUES('x','y')";
        QTest::newRow("attach") << "ATTACH DATABASE '/tmp/x.db' AS x";
        QTest::newRow("pragma write") << "PRAGMA journal_mode=WAL";
        QTest::newRow("extension") << "SELECT load_extension('/tmp/evil')";
        // a statement after a harmless one never runs (nothing before it runs either)
        QTest::newRow("second statement") << "SELECT 1; DELETE FROM span";
        QTest::newRow("fts3_tokenizer leaks a pointer") << "SELECT fts3_tokenizer('simple')";
        QTest::newRow("huge blob") << "SELECT length(zeroblob(900000000))";
    }
    void queryIsReadOnly() {
        QFETCH(QString, sql);
        QString out, err;
        QCOMPARE(test::runRankscope({"query", m_demo, sql}, &out, &err), 1);
        QVERIFY2(err.contains("query failed"), qPrintable(err));
        // the index is intact
        QCOMPARE(test::runRankscope({"query", m_demo, "SELECT count(*) > 0 FROM span"}, &out, &err), 0);
        QCOMPARE(out.trimmed(), QString("1"));
    }
    void csvQueriesNameTheirColumns_data() {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("header"); // as RFC 4180 quotes the SELECT's names
        QTest::addColumn<int>("rows");
        // the demo was written with 4 ranks (initTestCase)
        QTest::newRow("a name with a comma")
            << "SELECT rank, count(*) AS \"spans, all\" FROM spans GROUP BY rank"
            << "rank,\"spans, all\"" << 4;
        QTest::newRow("a name with quotes") << "SELECT 1 AS \"the \"\"one\"\"\", 2 AS two"
                                            << "\"the \"\"one\"\"\",two" << 1;
        QTest::newRow("no row") << "SELECT rank AS r FROM spans WHERE 0"
                                << "r" << 0;
    }
    void csvQueriesNameTheirColumns() {
        // walk 24: `query --csv` printed the rows without the column names a spreadsheet reads them by
        QFETCH(QString, sql);
        QFETCH(QString, header);
        QFETCH(int, rows);
        QString out, err;
        QCOMPARE(test::runRankscope({"query", m_demo, sql, "--csv", "--quiet"}, &out, &err), 0);
        const QStringList lines = out.split('\n', Qt::SkipEmptyParts);
        QVERIFY2(!lines.isEmpty(), qPrintable(err));
        QCOMPARE(lines.first(), header);
        QCOMPARE(int(lines.size()) - 1, rows);
    }
    void plainQueriesPrintTheBareRows() {
        // scripts read the plain output: no header there, tab-separated, NULL spelled out
        QString out, err;
        QCOMPARE(test::runRankscope({"query", m_demo, "SELECT 1 AS x, NULL AS y", "--quiet"}, &out, &err), 0);
        QCOMPARE(out, QString("1\tNULL\n"));
    }
    void runawayQueryStops() {
        QElapsedTimer t;
        t.start();
        QString out, err;
        QCOMPARE(
            test::runRankscope(
                {"query", m_demo,
                 "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
                 "--timeout", "1"},
                &out, &err, 60000),
            1);
        QVERIFY2(err.contains("stopped after 1 s"), qPrintable(err));
        QVERIFY(t.elapsed() < 20000);
    }
    void exportWritesPngs() {
        QString dir = QString::fromStdString(test::tempDir("export"));
        QString out, err;
        QCOMPARE(
            test::runRankscope(
                {"export", m_demo, "--out", dir, "--width", "800", "--height", "500", "--quiet"}, &out, &err),
            0);
        QStringList files = out.trimmed().split('\n');
        QVERIFY(files.size() >= 2);
        for (const auto& f : files) { // 800 × 500 px of view under the caption block
            QImage img(f);
            QCOMPARE(img.width(), 800);
            QVERIFY2(img.height() > 500 + 40 && img.height() < 500 + 300,
                     qPrintable(QString::number(img.height())));
        }
        QVERIFY2(!err.contains("XDG_RUNTIME_DIR") && !err.contains("propagateSizeHints"), qPrintable(err));
        // SVG: vector output of the same views
        QString svgDir = QString::fromStdString(test::tempDir("export-svg"));
        QCOMPARE(test::runRankscope(
                     {"export", m_demo, "--out", svgDir, "--view", "heatmap", "--format", "svg", "--quiet"},
                     &out, &err),
                 0);
        QFile svg(out.trimmed());
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QByteArray content = svg.readAll();
        QVERIFY(content.contains("<svg") && content.contains("MatMulV2"));
        QCOMPARE(test::runRankscope({"export", m_demo, "--out", svgDir, "--format", "jpeg"}, &out, &err),
                 2); // usage
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
