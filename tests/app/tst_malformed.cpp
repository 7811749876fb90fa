// Damaged copies of every file kind, through the real command line (`info --json`): truncation at many
// offsets, byte flips, NUL, invalid UTF-8, BOM, CRLF, extreme numbers, deep nesting, empty files, and for
// the compressed kinds bad magic, bad CRC and cut streams. The bases are the demo's Ascend and Kineto
// profiles (always) and small real sample files (when ../shared is present).
//
// What every row must show (the product's rule for bad input):
//  - the process ends on its own within a minute, with exit 0 (loaded, maybe partly) or 1 (failed); never a
//    signal, never a hang;
//  - a failure's message names the damaged file and a byte offset or line;
//  - output is valid JSON (nlohmann rejects invalid UTF-8);
//  - nothing is lost silently: when any count drops below the undamaged copy's, a diagnostic names the
//    damaged file; damage that is certain (a cut inside a record, bad magic/CRC, …) is always reported;
//  - what is not damage (a BOM, CRLF line ends) changes no count and adds no warning.
#include "tests/support/testsupport.h"

#include <QProcess>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

namespace fs = std::filesystem;
using namespace rs;

namespace {
std::string readBytes(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}
void writeBytes(const std::string& p, const std::string& s) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << s;
}

struct Outcome {
    bool finished = false, crashed = false;
    int exitCode = -1;
    std::string out, err;
};
Outcome info(const std::string& dir, const std::string& db) {
    QProcess p;
    p.start(QString::fromStdString(test::rankscopeBin()),
            {"info", QString::fromStdString(dir), "--json", "--quiet", "--db", QString::fromStdString(db)});
    Outcome o;
    o.finished = p.waitForFinished(60000);
    if (!o.finished) {
        p.kill();
        p.waitForFinished();
        return o;
    }
    o.crashed = p.exitStatus() != QProcess::NormalExit;
    o.exitCode = p.exitCode();
    o.out = p.readAllStandardOutput().toStdString();
    o.err = p.readAllStandardError().toStdString();
    return o;
}

// What a mutation is expected to do to the file's meaning.
enum class Effect { Unknown, Damage, Harmless };

struct Base {
    std::string dir;                       // the undamaged profile
    std::map<std::string, int64_t> counts; // its counts
    std::vector<std::string> read;         // the files the importer read (relative paths)
    int64_t warnings = 0;                  // its warning/error diagnostics
};

int64_t warningCount(const nlohmann::json& j) {
    int64_t n = 0;
    for (auto& d : j["diagnostics"])
        n += d["severity"] != "info";
    return n;
}

bool isCsv(const std::string& f) {
    return f.size() > 4 && f.compare(f.size() - 4, 4, ".csv") == 0;
}
bool isCompressed(const std::string& f) {
    return f.ends_with(".gz") || f.ends_with(".zst");
}

// A cut at `at`, moved forward off a line boundary for CSV (a CSV cut exactly after a newline looks
// complete: nothing in the file can tell, so such cuts are not asked to be reported).
size_t cutInsideRecord(const std::string& s, size_t at, const std::string& file) {
    if (!isCsv(file)) return at;
    while (at < s.size() && at > 0 && (s[at - 1] == '\n' || s[at] == '\n' || s[at] == '\r'))
        ++at;
    return at;
}
} // namespace

#ifdef RANKSCOPE_SANITIZED
// under ASan every row starts the instrumented CLI (seconds each; 277 s in all): every third cut point
// and flip there — the Release suite runs them all, and the fuzz stage mutates the parsers under ASan
constexpr int kEvery = 3;
#else
constexpr int kEvery = 1;
#endif

class TstMalformed : public QObject {
    Q_OBJECT
    std::string m_root;
    std::map<std::string, Base> m_bases; // by name

    Base measure(const std::string& dir) {
        Base b;
        b.dir = dir;
        Outcome o = info(dir, m_root + "/base.sqlite");
        fs::remove(m_root + "/base.sqlite");
        if (o.exitCode != 0) qFatal("base %s does not load: %s", dir.c_str(), o.err.c_str());
        auto j = nlohmann::json::parse(o.out);
        for (auto& [k, v] : j["counts"].items())
            b.counts[k] = v.get<int64_t>();
        b.warnings = warningCount(j);
        // only files the importer reads are damaged: the others do not matter to it
        test::Indexed ix = test::indexDir(dir);
        for (const auto& p : ix.rows("SELECT path FROM source_file ORDER BY path"))
            b.read.push_back(fs::relative(p, dir).string());
        ix.db.reset();
        fs::remove_all(dir + "/.rankscope");
        return b;
    }

  private Q_SLOTS:
    void initTestCase() {
        m_root = test::tempDir("malformed");
        // copies of the read-only samples stay read-only, so their indexes go to the cache dir: a private
        // one, or every run would leave ~13 MB in the user's cache
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(m_root + "/cache"));
        for (const char* format : {"ascend", "kineto"}) {
            std::string dir = m_root + "/base-" + format;
            QString err;
            int rc = test::runRankscope({"demo", QString::fromStdString(dir), "--ranks", "2", "--steps", "2",
                                         "--layers", "1", "--format", format},
                                        nullptr, &err, 60000);
            QVERIFY2(rc == 0, qPrintable(err));
            // the Kineto demo writes its own path into the trace: made fixed, so every run damages the
            // same bytes
            for (auto& e : fs::recursive_directory_iterator(dir)) {
                if (!e.is_regular_file()) continue;
                std::string text = test::readDecompressed(e.path().string());
                for (size_t at; (at = text.find(m_root)) != std::string::npos;)
                    text.replace(at, m_root.size(), "/data");
                test::writeFile(e.path().string(), text);
            }
            m_bases[format] = measure(dir);
        }
        // the Kineto demo recompressed with zstd, and uncompressed
        for (const char* kind : {"zst", "json"}) {
            std::string dir = m_root + "/base-kineto-" + kind;
            for (auto& e : fs::directory_iterator(m_bases["kineto"].dir)) {
                std::string name = e.path().filename().string();
                std::string plain = test::readDecompressed(e.path().string());
                name = name.substr(0, name.size() - 3) + (std::string(kind) == "zst" ? ".zst" : "");
                test::writeFile(dir + "/" + name, plain);
            }
            m_bases[std::string("kineto-") + kind] = measure(dir);
        }
        // real files, each alone in a directory of its own (when the samples are here)
        const std::string samples = test::samplesDir();
        if (!samples.empty()) {
            const char* real[] = {"hta/tests/data/ns_resolution_trace", "hta/tests/data/amd_trace",
                                  "msinsight/test/data/pytorch/db/level1",
                                  "mindinsight/tests/utils/resource/run_2"};
            for (const char* r : real) {
                if (!fs::exists(samples + "/" + r)) continue;
                std::string dir = m_root + "/real-" + fs::path(r).filename().string();
                fs::copy(samples + "/" + r, dir, fs::copy_options::recursive);
                m_bases[std::string("real ") + r] = measure(dir);
            }
        }
    }

    void damagedCopies_data() {
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("file");     // relative to the base directory
        QTest::addColumn<QString>("mutation"); // kind[:parameter]
        if (test::samplesDir().empty())
            qInfo("../shared/samples not present: only the demo profiles are damaged (the real-file rows are "
                  "skipped)");
        for (auto& [name, base] : m_bases) {
            std::vector<std::string> files;
            for (const auto& rel : base.read) {
                // one rank's files are enough for the demo (the other rank is the same kind)
                if (name.starts_with("ascend") || name.starts_with("kineto")) {
                    if (rel.find("41007") != std::string::npos || rel.find("rank-1") != std::string::npos)
                        continue;
                }
                if (fs::file_size(base.dir + "/" + rel) > (4 << 20)) continue; // keep each row quick
                files.push_back(rel);
            }
            for (const auto& rel : files) {
                std::vector<std::string> muts;
                for (int k = 1; k <= 7; k += kEvery)
                    muts.push_back("cut:" + std::to_string(k));
                muts.insert(muts.end(), {"cut-first-byte", "cut-last-byte", "empty"});
                for (int s = 1; s <= 6; s += kEvery)
                    muts.push_back("flip:" + std::to_string(s));
                if (isCompressed(rel)) {
                    muts.insert(muts.end(),
                                {"bad-magic", "bad-crc", "compressed-cut-content", "compressed-empty"});
                } else if (!rel.ends_with(".db")) {
                    muts.insert(muts.end(), {"nul", "bad-utf8", "bom", "crlf", "extreme-numbers"});
                    if (!isCsv(rel)) muts.push_back("deep-nesting");
                } else {
                    muts.push_back("zero-page");
                }
                for (const auto& m : muts)
                    QTest::newRow((name + " " + rel + " " + m).c_str())
                        << QString::fromStdString(name) << QString::fromStdString(rel)
                        << QString::fromStdString(m);
            }
        }
    }

    void damagedCopies() {
        QFETCH(QString, base);
        QFETCH(QString, file);
        QFETCH(QString, mutation);
        const Base& b = m_bases.at(base.toStdString());
        const std::string rel = file.toStdString();
        const std::string m = mutation.toStdString();
        static int n = 0;
        const std::string dir = m_root + "/case-" + std::to_string(++n);
        fs::copy(b.dir, dir, fs::copy_options::recursive);
        fs::remove_all(dir + "/.rankscope");
        const std::string path = dir + "/" + rel;
        std::string s = readBytes(path);
        Effect effect = mutate(s, m, rel);
        if (m == "compressed-cut-content") {
            std::string plain = test::readDecompressed(path);
            test::writeFile(path, plain.substr(0, plain.size() / 2));
        } else if (m == "compressed-empty") {
            test::writeFile(path, "");
        } else {
            writeBytes(path, s);
        }

        Outcome o = info(dir, dir + ".sqlite");
        QVERIFY2(o.finished, "no answer within 60 s (a hang)");
        QVERIFY2(!o.crashed, ("crashed: " + o.err).c_str());
        QVERIFY2(o.exitCode == 0 || o.exitCode == 1,
                 ("exit " + std::to_string(o.exitCode) + ": " + o.err).c_str());
        const std::string fileName = fs::path(rel).filename().string();
        if (o.exitCode == 1) {
            QVERIFY2(o.err.find(fileName) != std::string::npos || o.err.find(dir) != std::string::npos,
                     ("the message does not name the file: " + o.err).c_str());
            if (o.err.find(fileName) != std::string::npos)
                QVERIFY2(o.err.find("byte") != std::string::npos || o.err.find("line") != std::string::npos ||
                             o.err.find("offset") != std::string::npos ||
                             o.err.find("page") != std::string::npos ||
                             o.err.find("empty") != std::string::npos,
                         ("the message names no place in the file: " + o.err).c_str());
            QVERIFY2(effect != Effect::Harmless, ("harmless change refused: " + o.err).c_str());
            fs::remove_all(dir);
            fs::remove(dir + ".sqlite");
            return;
        }
        auto j = nlohmann::json::parse(o.out, nullptr, false);
        QVERIFY2(!j.is_discarded(), "info --json printed invalid JSON");
        bool named = false;
        for (auto& d : j["diagnostics"]) {
            const std::string f = d.value("file", "");
            if (f.find(fileName) != std::string::npos) named = true;
        }
        std::string lost;
        for (auto& [k, v] : b.counts) {
            const int64_t now = j["counts"].value(k, int64_t(0));
            if (now < v) lost += k + " " + std::to_string(v) + " -> " + std::to_string(now) + "; ";
        }
        if (!lost.empty())
            QVERIFY2(named,
                     ("lost without a diagnostic naming " + fileName + ": " + lost + j["diagnostics"].dump())
                         .c_str());
        if (effect == Effect::Damage)
            QVERIFY2(named, ("damage not reported: " + j["diagnostics"].dump()).c_str());
        if (effect == Effect::Harmless) {
            QVERIFY2(lost.empty(), lost.c_str());
            QCOMPARE(warningCount(j), b.warnings);
        }
        fs::remove_all(dir);
        fs::remove(dir + ".sqlite");
    }

  private:
    static Effect mutate(std::string& s, const std::string& m, const std::string& rel) {
        const size_t size = s.size();
        const std::string kind = m.substr(0, m.find(':'));
        const int param = m.find(':') == std::string::npos ? 0 : std::stoi(m.substr(m.find(':') + 1));
        const bool compressed = isCompressed(rel);
        auto trailingWs = [&](size_t at) { return s.find_first_not_of(" \t\r\n", at) == std::string::npos; };
        if (kind == "cut") {
            size_t at = cutInsideRecord(s, size * size_t(param) / 8, rel);
            const bool damage = !trailingWs(at) && at < size;
            s.resize(std::min(at, size));
            return damage ? Effect::Damage : Effect::Unknown;
        }
        if (kind == "cut-first-byte") {
            s.resize(std::min<size_t>(1, size));
            return Effect::Unknown;
        }
        if (kind == "cut-last-byte") {
            // a JSON file loses its closing bracket (reported as tolerated); a CSV's last line its newline
            const bool damage = !compressed && !isCsv(rel) && !rel.ends_with(".db") && !trailingWs(size - 1);
            s.resize(size - 1);
            return compressed ? Effect::Damage : damage ? Effect::Damage : Effect::Unknown;
        }
        if (kind == "empty") {
            s.clear();
            return Effect::Unknown;
        }
        if (kind == "flip") {
            std::mt19937 rng(uint32_t(param) * 7919u + uint32_t(size));
            size_t at = std::uniform_int_distribution<size_t>(0, size - 1)(rng);
            s[at] = char(s[at] ^ (1 << (param % 8)));
            return Effect::Unknown;
        }
        if (kind == "compressed-cut-content") return Effect::Damage; // written by the caller
        if (kind == "compressed-empty") return Effect::Unknown;
        if (kind == "bad-magic") {
            s[0] = char(s[0] ^ 0x40);
            return Effect::Damage;
        }
        if (kind == "bad-crc") {
            // gzip: the CRC32 is 8 bytes from the end; zstd: the frame checksum is the last 4 bytes
            s[size - (rel.ends_with(".gz") ? 8 : 2)] ^= 0x5a;
            return Effect::Damage;
        }
        if (kind == "zero-page") { // a SQLite page of zeros in the middle of the file
            size_t at = (size / 2) & ~size_t(4095);
            std::fill(s.begin() + long(at), s.begin() + long(std::min(size, at + 4096)), '\0');
            return Effect::Unknown;
        }
        const size_t mid =
            s.find('\n', size / 2) == std::string::npos ? size / 2 : s.find('\n', size / 2) + 1;
        if (kind == "nul") {
            s.insert(size / 2, 1, '\0');
            return Effect::Unknown;
        }
        if (kind == "bad-utf8") {
            s.insert(size / 2, "\xff\xfe\xc3");
            return Effect::Unknown;
        }
        if (kind == "bom") {
            s.insert(0, "\xEF\xBB\xBF");
            return Effect::Harmless;
        }
        if (kind == "crlf") {
            std::string t;
            for (char c : s) {
                if (c == '\n') t += '\r';
                t += c;
            }
            s = t;
            return Effect::Harmless;
        }
        if (kind == "extreme-numbers") { // every digit run of one line made far larger than int64
            size_t end = s.find('\n', mid);
            if (end == std::string::npos) end = std::min(size, mid + 4096);
            std::string line = s.substr(mid, end - mid), t;
            for (size_t i = 0; i < line.size(); ++i) {
                if (std::isdigit(uint8_t(line[i])) && (i == 0 || !std::isdigit(uint8_t(line[i - 1]))))
                    t += "99999999999999999999999";
                if (!std::isdigit(uint8_t(line[i]))) t += line[i];
            }
            s = s.substr(0, mid) + t + s.substr(end);
            return Effect::Unknown;
        }
        if (kind == "deep-nesting") { // 100 000 nested arrays inside the first object
            size_t brace = s.find('{', 1);
            if (brace == std::string::npos) brace = s.find('{');
            if (brace != std::string::npos)
                s.insert(brace + 1, "\"deep\":" + std::string(100000, '[') + std::string(100000, ']') + ",");
            return Effect::Unknown;
        }
        qFatal("unknown mutation %s", m.c_str());
    }
};

QTEST_GUILESS_MAIN(TstMalformed)
#include "tst_malformed.moc"
