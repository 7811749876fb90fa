#include "tests/support/testsupport.h"

#include "core/demo/demogenerator.h"
#include "core/io/bytesource.h"
#include "core/pipeline/shardmerge.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>
#include <zlib.h>
#include <zstd.h>

namespace rs::test {

std::string tempDir(const std::string& tag) {
    static std::vector<std::unique_ptr<QTemporaryDir>> dirs;
    dirs.push_back(std::make_unique<QTemporaryDir>(QDir::tempPath() + "/rankscope-" +
                                                   QString::fromStdString(tag) + "-XXXXXX"));
    return dirs.back()->path().toStdString();
}

QStringList sortedLines(const std::vector<std::string>& lines) {
    QStringList out;
    for (const auto& l : lines)
        out << QString::fromStdString(l);
    out.sort();
    return out;
}

void writeFile(const std::string& path, const std::string& content) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    auto ends = [&](const char* s) {
        std::string suf(s);
        return path.size() >= suf.size() && path.compare(path.size() - suf.size(), suf.size(), suf) == 0;
    };
    if (ends(".gz")) {
        gzFile f = gzopen(path.c_str(), "wb");
        gzwrite(f, content.data(), unsigned(content.size()));
        gzclose(f);
        return;
    }
    std::ofstream out(path, std::ios::binary);
    if (ends(".zst")) {
        std::string buf(ZSTD_compressBound(content.size()), '\0');
        size_t n = ZSTD_compress(buf.data(), buf.size(), content.data(), content.size(), 3);
        out.write(buf.data(), std::streamsize(n));
        return;
    }
    out.write(content.data(), std::streamsize(content.size()));
}

std::string readDecompressed(const std::string& path) {
    std::string err, out;
    auto src = io::openByteSource(path, err);
    char buf[65536];
    for (int64_t n; src && (n = src->read(buf, sizeof buf)) > 0;)
        out.append(buf, size_t(n));
    return out;
}

std::string samplesDir() {
    const char* env = std::getenv("RANKSCOPE_SAMPLES");
    std::string p = env ? env : "";
    if (p.empty() || !std::filesystem::is_directory(p)) return {};
    return p;
}

std::string sampleWithout(const std::string& rel, const std::string& leaveOut, const std::string& tag) {
    namespace fs = std::filesystem;
    const std::string samples = samplesDir();
    if (samples.empty() || !fs::is_directory(samples + "/" + rel)) return {};
    const fs::path to = fs::path(tempDir(tag)) / fs::path(rel).filename();
    fs::copy(samples + "/" + rel, to, fs::copy_options::recursive);
    fs::remove(to / leaveOut);
    return to.string();
}

std::string run2WithoutSync(const std::string& tag) {
    return sampleWithout("mindinsight/tests/utils/resource/run_2/normal_run/profiler",
                         "aicpu_intermediate_1.csv", tag);
}

QString sourceDir() {
    const QString env = qEnvironmentVariable("RANKSCOPE_SOURCE_DIR");
    if (!env.isEmpty()) return env;
    return QDir(QCoreApplication::applicationDirPath() + "/../..").canonicalPath();
}

std::string rankscopeBin() {
    const char* env = std::getenv("RANKSCOPE_BIN");
    return env ? env : "rankscope";
}

int runRankscope(const QStringList& args, QString* out, QString* err, int timeoutMs) {
    QProcess p;
    p.start(QString::fromStdString(rankscopeBin()), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        return -1;
    }
    if (out) *out = QString::fromUtf8(p.readAllStandardOutput());
    if (err) *err = QString::fromUtf8(p.readAllStandardError());
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

} // namespace rs::test

namespace rs::test {

std::vector<std::string> rowsOf(index::Db& db, const std::string& sql) {
    std::vector<std::string> out;
    auto q = db.prepare(sql);
    while (q.step()) {
        std::string line;
        for (int i = 0; i < q.columns(); ++i) {
            if (i) line += "|";
            line += q.isNull(i) ? "NULL" : q.text(i);
        }
        out.push_back(line);
    }
    return out;
}

std::vector<std::string> Indexed::rows(const std::string& sql) const {
    return rowsOf(*db, sql);
}

Indexed indexDir(const std::string& dir, bool force) {
    Indexed r;
    pipeline::BuildOptions o;
    o.force = force;
    r.result = pipeline::BuildPipeline(dir, o).run();
    if (r.result.ok) r.db = std::make_unique<index::Db>(r.result.dbPath, true);
    return r;
}

std::string indexShards(const std::string& profile, int n, const std::string& shardDir) {
    for (int k = 1; k <= n; ++k) {
        pipeline::BuildOptions o;
        o.force = true;
        o.shard = {k, n};
        o.dbPath = shardDir + "/" + o.shard.fileName();
        const auto r = pipeline::BuildPipeline(profile, o).run();
        if (!r.ok) return "shard " + o.shard.text() + " of " + profile + ": " + r.error;
    }
    return {};
}

std::string mergedCluster(const std::string& profile, int n, const std::string& shardDir, std::string& err) {
    err = indexShards(profile, n, shardDir);
    if (!err.empty()) return {};
    const auto m = pipeline::ShardMerge({shardDir, "", false, {}, {}}).run();
    if (!m.ok) err = "merge of " + shardDir + ": " + m.error;
    return m.ok ? m.outPath : std::string();
}

Indexed indexOnly(const std::string& dir, const std::string& dbPath) {
    Indexed r;
    pipeline::BuildOptions o;
    o.force = true;
    o.dbPath = dbPath;
    o.stopAfter = pipeline::StopAfter::Index;
    r.result = pipeline::BuildPipeline(dir, o).run();
    if (r.result.ok) r.db = std::make_unique<index::Db>(r.result.dbPath, true);
    return r;
}

} // namespace rs::test

namespace rs::test {

demo::DemoOptions demoOptions(int ranks, int steps, int layers, const std::string& format) {
    demo::DemoOptions o;
    o.ranks = ranks;
    o.steps = steps;
    o.layers = layers;
    o.format = format;
    return o;
}

std::string writeDemo(const std::string& dir, const demo::DemoOptions& o) {
    std::string err;
    if (demo::generateDemo(dir, o, err)) return {};
    return err.empty() ? dir + ": demo not written" : err;
}

std::string writeDemo(const std::string& tag, int ranks, int steps, int layers, std::string& err,
                      const std::string& format) {
    const std::string dir = tempDir(tag) + "/demo";
    err = writeDemo(dir, demoOptions(ranks, steps, layers, format));
    return err.empty() ? dir : std::string();
}

Indexed indexedDemo(const std::string& dir, const demo::DemoOptions& o) {
    if (std::string err = writeDemo(dir, o); !err.empty()) {
        Indexed failed;
        failed.result.error = err;
        return failed;
    }
    return indexDir(dir);
}

bool writeTwoRunDemo(const std::string& dir, std::string& err) {
    return demo::generateDemo(dir + "/ascend", demoOptions(4, 4, 1), err) &&
           demo::generateDemo(dir + "/kineto", demoOptions(2, 4, 1, "kineto"), err);
}

TwoRunDemo indexedTwoRunDemo(const std::string& tag) {
    TwoRunDemo d;
    const std::string root = tempDir(tag);
    if (!writeTwoRunDemo(root, d.err)) return d;
    d.ix = indexDir(root);
    if (!d.ix.result.ok) return d;
    d.kinetoRun = int(d.ix.scalar("SELECT run_id FROM rank_info GROUP BY run_id HAVING count(*) = 2"));
    d.ascendRun = int(d.ix.scalar("SELECT run_id FROM rank_info GROUP BY run_id HAVING count(*) = 4"));
    return d;
}

bool ensureDemo(const std::string& dir, const demo::DemoOptions& o) {
    if (std::filesystem::exists(dir + "/.complete")) return true;
    std::filesystem::remove_all(dir);
    QElapsedTimer t;
    t.start();
    std::string err;
    if (!demo::generateDemo(dir, o, err)) {
        std::fprintf(stderr, "bench: demo failed: %s\n", err.c_str());
        return false;
    }
    std::fclose(std::fopen((dir + "/.complete").c_str(), "w"));
    std::printf("generated  %s demo: %d ranks x %d steps x %d layers in %.1f s\n", o.format.c_str(), o.ranks,
                o.steps, o.layers, double(t.elapsed()) / 1000);
    return true;
}

int64_t writeStallProfile(const std::string& dir) {
    const int64_t t0 = 1700000000000000; // µs
    for (int rank = 0; rank < 2; ++rank) {
        std::string ev;
        auto add = [&](const std::string& e) { ev += (ev.empty() ? "" : ",\n") + e; };
        int64_t t = t0;
        for (int step = 0; step < 4; ++step) {
            int64_t start = t + (rank == 1 && step == 2 ? 50000 : 0);
            int64_t arrive = start + 8000, end = t + (step == 2 ? 59000 : 9000);
            add("{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" + std::to_string(step) +
                "\",\"pid\":10,\"tid\":10,\"ts\":" + std::to_string(start) +
                ",\"dur\":" + std::to_string(end - start) + "}");
            add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" +
                std::to_string(start) + ",\"dur\":8000}");
            add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(x)\","
                "\"pid\":0,"
                "\"tid\":8,\"ts\":" +
                std::to_string(arrive) + ",\"dur\":" + std::to_string(end - arrive) + "}");
            t += step == 2 ? 60000 : 10000;
        }
        test::writeFile(dir + "/rank-" + std::to_string(rank) + ".pt.trace.json",
                        "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(rank) +
                            ",\"world_size\":2},\"traceEvents\":[" + ev + "]}");
    }
    return t0;
}

} // namespace rs::test
