// Faults around an index build, through the real command line: `kill -9` in each phase (first build and
// rebuild over a good index) and then reopening; two indexers at once; a report while another process
// rebuilds; a read-only profile and a read-only cache; a full disk (a small tmpfs); a file rewritten while
// it is being read. (A stale lock from another host is tst_robustness's.)
//
// What must hold: a killed build never leaves a half-written index in place (the previous one, if any,
// stays usable) and its leftovers are removed by the next run, which succeeds; concurrent runs all succeed
// and agree; failures say what and where, quickly.
#include "tests/support/testsupport.h"

#include <QProcess>
#include <QtTest>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace rs;

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// meta(key) of an index file, read-only; empty when the file is absent or not an index
std::string meta(const std::string& db, const std::string& key) {
    if (!fs::exists(db)) return {};
    sqlite3* h = nullptr;
    std::string v;
    if (sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(h, "SELECT value FROM meta WHERE key = ?", -1, &st, nullptr) == SQLITE_OK) {
            sqlite3_bind_text(st, 1, key.c_str(), -1, SQLITE_TRANSIENT);
            if (sqlite3_step(st) == SQLITE_ROW) v = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(h);
    return v;
}

std::vector<std::string> leftovers(const std::string& db) {
    std::vector<std::string> r;
    const std::string name = fs::path(db).filename().string();
    for (auto& e : fs::directory_iterator(fs::path(db).parent_path())) {
        std::string n = e.path().filename().string();
        if (n.rfind(name + ".tmp-", 0) == 0) r.push_back(n);
    }
    return r;
}

int64_t spans(const std::string& jsonText) {
    auto j = nlohmann::json::parse(jsonText, nullptr, false);
    return j.is_discarded() ? -1 : j["counts"].value("spans", int64_t(-1));
}

// Starts `index` and waits until its progress line shows `phase`; returns false if it ended first.
bool startAndWaitForPhase(QProcess& p, const QStringList& args, const QString& phase) {
    p.start(q(test::rankscopeBin()), args);
    if (!p.waitForStarted(10000)) return false;
    QByteArray seen;
    while (p.state() == QProcess::Running) {
        p.waitForReadyRead(50);
        seen += p.readAllStandardError();
        for (const QByteArray& line : seen.replace('\r', '\n').split('\n'))
            if (line.startsWith(phase.toUtf8())) return true;
    }
    return false;
}

bool mountCommand(const QStringList& args) {
    QProcess p;
    p.start("mount", args);
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}
void umount(const std::string& at) {
    QProcess p;
    p.start("umount", {"-l", q(at)});
    p.waitForFinished(10000);
}
} // namespace

class TstFaults : public QObject {
    Q_OBJECT
    std::string m_profile;
    int64_t m_spans = 0;

  private Q_SLOTS:
    void initTestCase() {
        // large enough that every phase lasts long enough to be hit with --jobs 1 (≈ 65 MB, 0.4 M events)
        m_profile = test::tempDir("faults") + "/profile";
        QString err;
        QCOMPARE(test::runRankscope({"demo", q(m_profile), "--ranks", "8", "--steps", "30", "--layers", "8"},
                                    nullptr, &err),
                 0);
        QString out;
        const std::string db = test::tempDir("faults-ref") + "/index.sqlite";
        QCOMPARE(test::runRankscope({"info", q(m_profile), "--json", "--quiet", "--db", q(db)}, &out, &err),
                 0);
        m_spans = spans(out.toStdString());
        QVERIFY(m_spans > 100000);
    }

    void killedInEachPhase_data() {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<bool>("overExisting");
        for (const char* ph : {"parsing", "indexing", "analysing"}) {
            QTest::newRow((std::string("first build, ") + ph).c_str()) << ph << false;
            QTest::newRow((std::string("rebuild, ") + ph).c_str()) << ph << true;
        }
    }
    void killedInEachPhase() {
        QFETCH(QString, phase);
        QFETCH(bool, overExisting);
        const std::string db = test::tempDir("faults-kill") + "/index.sqlite";
        std::string oldFingerprint;
        if (overExisting) {
            QCOMPARE(test::runRankscope({"index", q(m_profile), "--db", q(db)}), 0);
            oldFingerprint = meta(db, "fingerprint");
            QVERIFY(!oldFingerprint.empty());
        }
        QProcess p;
        QVERIFY2(
            startAndWaitForPhase(p, {"index", q(m_profile), "--db", q(db), "--jobs", "1", "--force"}, phase),
            "the build ended before the phase was seen");
        ::kill(pid_t(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        // nothing half-written stands where the index belongs
        if (overExisting) {
            QCOMPARE(meta(db, "complete"), std::string("1"));
            QCOMPARE(meta(db, "fingerprint"), oldFingerprint);
        } else {
            QVERIFY2(!fs::exists(db), "a killed first build left a file where the index belongs");
        }
        // the next run succeeds, with every span, and removes what the killed one left
        QString out, err;
        QCOMPARE(test::runRankscope({"info", q(m_profile), "--json", "--quiet", "--db", q(db)}, &out, &err,
                                    120000),
                 0);
        QCOMPARE(spans(out.toStdString()), m_spans);
        if (!overExisting) QCOMPARE(meta(db, "complete"), std::string("1"));
        const auto left = leftovers(db);
        QVERIFY2(left.empty(), left.empty() ? "" : left.front().c_str());
    }

    void interruptedCleanly_data() {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("phase");
        for (const char* ph : {"parsing", "analysing"}) {
            QTest::newRow((std::string("Ctrl-C while ") + ph).c_str()) << int(SIGINT) << ph;
            QTest::newRow((std::string("SIGTERM while ") + ph).c_str()) << int(SIGTERM) << ph;
        }
    }
    void interruptedCleanly() {
        // an interrupted build says so, exits non-zero on its own, and leaves nothing behind
        QFETCH(int, signal);
        QFETCH(QString, phase);
        const std::string db = test::tempDir("faults-int") + "/index.sqlite";
        QProcess p;
        QVERIFY(startAndWaitForPhase(p, {"index", q(m_profile), "--db", q(db), "--jobs", "1"}, phase));
        ::kill(pid_t(p.processId()), signal);
        QVERIFY2(p.waitForFinished(15000), "still running 15 s after the signal");
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY(p.exitCode() != 0);
        QVERIFY2(p.readAllStandardError().contains("cancelled"), "the interruption is not reported");
        QVERIFY(!fs::exists(db));
        QVERIFY(leftovers(db).empty());
        QVERIFY(!fs::exists(db + ".lock"));
    }

    void twoIndexersAtOnce() {
        const std::string db = test::tempDir("faults-two") + "/index.sqlite";
        QProcess a, b;
        a.start(q(test::rankscopeBin()), {"index", q(m_profile), "--db", q(db), "--jobs", "1"});
        b.start(q(test::rankscopeBin()), {"index", q(m_profile), "--db", q(db), "--jobs", "1"});
        QVERIFY(a.waitForFinished(120000) && b.waitForFinished(120000));
        QCOMPARE(a.exitCode(), 0);
        QCOMPARE(b.exitCode(), 0);
        const QString errs = a.readAllStandardError() + b.readAllStandardError();
        // one built, the other waited for it and reused its index
        QVERIFY2(errs.contains("waiting for another Rankscope"), qPrintable(errs));
        QVERIFY2(errs.contains("reused"), qPrintable(errs));
        QCOMPARE(meta(db, "complete"), std::string("1"));
        QVERIFY(leftovers(db).empty());
    }

    void reportWhileAnotherProcessRebuilds() {
        const std::string db = test::tempDir("faults-report") + "/index.sqlite";
        QCOMPARE(test::runRankscope({"index", q(m_profile), "--db", q(db)}), 0);
        QProcess builder;
        QVERIFY(startAndWaitForPhase(
            builder, {"index", q(m_profile), "--db", q(db), "--jobs", "1", "--force"}, "parsing"));
        QString out, err;
        const int rc = test::runRankscope({"report", q(m_profile), "--json", "--quiet", "--db", q(db)}, &out,
                                          &err, 120000);
        QCOMPARE(rc, 0);
        auto j = nlohmann::json::parse(out.toStdString(), nullptr, false);
        QVERIFY2(!j.is_discarded(), "report printed invalid JSON while the index was rebuilt");
        QVERIFY(builder.waitForFinished(120000));
        QCOMPARE(builder.exitCode(), 0);
        QCOMPARE(meta(db, "complete"), std::string("1"));
    }

    void readOnlyProfileAndCache() {
        // root ignores permission bits: a read-only bind mount makes the directory read-only even for root
        const std::string base = test::tempDir("faults-ro");
        const std::string src = base + "/profile", ro = base + "/profile-ro", cache = base + "/cache";
        fs::copy(m_profile, src, fs::copy_options::recursive);
        fs::create_directories(ro);
        fs::create_directories(cache);
        bool mounted = false;
        if (::geteuid() == 0) {
            mounted =
                mountCommand({"--bind", q(src), q(ro)}) && mountCommand({"-o", "remount,bind,ro", q(ro)});
            if (!mounted) {
                umount(ro);
                QSKIP("running as root without the right to mount: a read-only directory cannot be made");
            }
        } else {
            fs::remove(ro);
            fs::rename(src, ro);
            for (auto& e : fs::recursive_directory_iterator(ro))
                if (e.is_directory())
                    fs::permissions(e.path(), fs::perms::owner_write, fs::perm_options::remove);
            fs::permissions(ro, fs::perms::owner_write, fs::perm_options::remove);
        }
        QVERIFY(::access(ro.c_str(), W_OK) != 0);
        // the index goes to the user cache dir
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_CACHE_HOME", q(cache));
        p.setProcessEnvironment(env);
        p.start(q(test::rankscopeBin()), {"info", q(ro), "--json", "--quiet"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(spans(p.readAllStandardOutput().toStdString()), m_spans);
        bool inCache = false;
        for (auto& e : fs::recursive_directory_iterator(cache))
            inCache |= e.path().extension() == ".sqlite";
        QVERIFY(inCache);
        // the cache read-only too: a clear message, quickly
        const std::string roCache = base + "/cache-ro";
        fs::create_directories(roCache);
        if (mounted) {
            QVERIFY(mountCommand({"--bind", q(roCache), q(roCache)}) &&
                    mountCommand({"-o", "remount,bind,ro", q(roCache)}));
        } else {
            fs::permissions(roCache, fs::perms::owner_write, fs::perm_options::remove);
        }
        env.insert("XDG_CACHE_HOME", q(roCache));
        QProcess p2;
        p2.setProcessEnvironment(env);
        p2.start(q(test::rankscopeBin()), {"index", q(ro)});
        const bool finished = p2.waitForFinished(30000);
        const QString err = p2.readAllStandardError();
        if (mounted) {
            umount(roCache);
            umount(ro);
        }
        QVERIFY2(finished, "no answer within 30 s");
        QCOMPARE(p2.exitCode(), 1);
        QVERIFY2(err.contains(q(roCache)) || err.contains(q(ro)), qPrintable(err));
    }

    void diskFull() {
        const std::string at = test::tempDir("faults-full");
        if (::geteuid() != 0 || !mountCommand({"-t", "tmpfs", "-o", "size=2m", "tmpfs", q(at)}))
            QSKIP("a small tmpfs needs root and the right to mount");
        const std::string db = at + "/index.sqlite";
        QString out, err;
        const int rc = test::runRankscope({"index", q(m_profile), "--db", q(db)}, &out, &err, 120000);
        std::vector<std::string> left;
        for (auto& e : fs::directory_iterator(at))
            left.push_back(e.path().filename().string());
        umount(at);
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains("full"), qPrintable(err));
        QVERIFY2(left.empty(),
                 left.empty() ? "" : left.front().c_str()); // no temp file, no lock left on the full disk
    }

    void fileRewrittenWhileRead() {
        const std::string dir = test::tempDir("faults-change") + "/profile";
        fs::copy(m_profile, dir, fs::copy_options::recursive);
        fs::remove_all(dir + "/.rankscope");
        std::string victim;
        for (auto& e : fs::recursive_directory_iterator(dir))
            if (e.path().filename() == "trace_view.json" && victim.empty()) victim = e.path().string();
        QVERIFY(!victim.empty());
        const std::string db = dir + ".sqlite";
        QProcess p;
        QVERIFY(startAndWaitForPhase(p, {"index", q(dir), "--db", q(db), "--jobs", "1"}, "parsing"));
        {
            std::ofstream out(victim, std::ios::app);
            out << "\n"; // a trailing newline: the content sample and the size change, the JSON stays valid
        }
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        // the build says so, and its index is not taken for current
        QCOMPARE(meta(db, "fingerprint"), std::string("changed-during-import"));
        sqlite3* h = nullptr;
        QCOMPARE(sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        sqlite3_stmt* st = nullptr;
        sqlite3_prepare_v2(h,
                           "SELECT file FROM diagnostic WHERE what LIKE '%changed while it was being read%'",
                           -1, &st, nullptr);
        std::vector<std::string> named;
        while (sqlite3_step(st) == SQLITE_ROW)
            named.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
        sqlite3_finalize(st);
        sqlite3_close(h);
        QCOMPARE(named, std::vector<std::string>{victim});
        for (bool reused : {false, true}) { // rebuilt once, then current
            QProcess again;
            again.start(q(test::rankscopeBin()), {"index", q(dir), "--db", q(db)});
            QVERIFY(again.waitForFinished(120000));
            QCOMPARE(again.exitCode(), 0);
            QCOMPARE(again.readAllStandardError().contains("reused"), reused);
        }
    }
};

QTEST_GUILESS_MAIN(TstFaults)
#include "tst_faults.moc"
