#include "core/import/discovery.h"

#include "core/io/bytesource.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <zlib.h>

namespace fs = std::filesystem;

namespace rs::import {

const char* fileKindName(FileKind k) {
    switch (k) {
    case FileKind::AscendInfo:
        return "ascend-profiler-info";
    case FileKind::AscendMetadata:
        return "ascend-profiler-metadata";
    case FileKind::TraceView:
        return "ascend-trace-view";
    case FileKind::KernelDetails:
        return "ascend-kernel-details";
    case FileKind::StepTraceTime:
        return "ascend-step-trace-time";
    case FileKind::Communication:
        return "ascend-communication";
    case FileKind::CommMatrix:
        return "ascend-communication-matrix";
    case FileKind::OperatorMemory:
        return "ascend-operator-memory";
    case FileKind::MemoryRecord:
        return "ascend-memory-record";
    case FileKind::NpuModuleMem:
        return "ascend-npu-module-mem";
    case FileKind::MemoryUsage:
        return "memory-usage";
    case FileKind::AscendDb:
        return "ascend-db";
    case FileKind::AnalysisDb:
        return "ascend-analysis-db";
    case FileKind::ChromeJson:
        return "chrome-json";
    case FileKind::LegacyTimeline:
        return "mindspore-legacy-timeline";
    case FileKind::LegacyStepTrace:
        return "mindspore-legacy-step-trace";
    case FileKind::LegacyFramework:
        return "mindspore-legacy-framework";
    case FileKind::LegacyHccl:
        return "mindspore-legacy-hccl";
    }
    return "unknown";
}

namespace {

int64_t mtimeNs(const fs::path& p) {
    std::error_code ec;
    auto t = fs::last_write_time(p, ec);
    if (ec) return 0;
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

/// CRC-32 over 4 KiB at the head, at a third, at two thirds and at the tail of the file (all of it when
/// it is under 16 KiB): 16 KiB of reads per file, so reopening stays fast even for thousands of ranks.
uint32_t contentSample(const std::string& path, int64_t size) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return 0;
    uLong crc = crc32(0L, Z_NULL, 0);
    constexpr int64_t kBlock = 4096;
    std::vector<char> buf(static_cast<size_t>(kBlock));
    auto add = [&](int64_t at, int64_t len) {
        in.clear();
        in.seekg(at);
        in.read(buf.data(), len);
        crc = crc32(crc, reinterpret_cast<const Bytef*>(buf.data()), uInt(in.gcount()));
    };
    if (size <= 4 * kBlock) {
        for (int64_t at = 0; at < size; at += kBlock)
            add(at, std::min(kBlock, size - at));
    } else {
        for (int64_t at : {int64_t(0), size / 3, 2 * size / 3, size - kBlock})
            add(at, kBlock);
    }
    return uint32_t(crc);
}

enum class Sniff { Trace, NotTrace, Unreadable };

// Reads the first bytes (decompressed) to recognise a Chrome trace by content. An object container may
// hold large metadata before "traceEvents" (a 16 384-rank pg_config pushes it past 100 KB), so up to
// kSniffBytes are scanned for the key.
constexpr int64_t kSniffBytes = 16 << 20;
Sniff sniffChromeTrace(const std::string& path) {
    std::string err;
    auto src = io::openByteSource(path, err);
    if (!src) return Sniff::Unreadable;
    std::string head(65536, '\0');
    int64_t n = src->read(head.data(), int64_t(head.size()));
    if (n < 0) return Sniff::Unreadable;
    if (n == 0) return Sniff::NotTrace;
    head.resize(size_t(n));
    size_t i = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (i == std::string::npos) return Sniff::NotTrace;
    if (head[i] == '[')
        return head.find("\"ph\"") != std::string::npos || head.size() - i < 8 ? Sniff::Trace
                                                                               : Sniff::NotTrace;
    if (head[i] != '{') return Sniff::NotTrace;
    if (head.find("\"traceEvents\"") != std::string::npos || head.find("\"ph\"") != std::string::npos)
        return Sniff::Trace;
    // keep scanning, with an overlap so a key split across chunks is still seen
    std::string chunk(65536, '\0');
    std::string tail = head.substr(head.size() > 16 ? head.size() - 16 : 0);
    for (int64_t total = n; total < kSniffBytes;) {
        int64_t m = src->read(chunk.data(), int64_t(chunk.size()));
        if (m < 0) return Sniff::Unreadable;
        if (m == 0) break;
        total += m;
        std::string window = tail + chunk.substr(0, size_t(m));
        if (window.find("\"traceEvents\"") != std::string::npos) return Sniff::Trace;
        tail = window.substr(window.size() > 16 ? window.size() - 16 : 0);
    }
    return Sniff::NotTrace;
}

/// Names profilers give trace files: a file so named that cannot be read is reported, never skipped.
bool traceLikeName(const std::string& name) {
    auto ends = [&](const char* s) {
        std::string suf(s);
        return name.size() >= suf.size() && name.compare(name.size() - suf.size(), suf.size(), suf) == 0;
    };
    return ends(".json.gz") || ends(".json.zst") || name.find(".pt.trace.json") != std::string::npos;
}

/// The rank number a file name carries in `re`'s first group, when it is one that fits an int: a suffix
/// like "_99999999999" is no rank (kept as the group's name, never an exception).
std::optional<int> rankNumber(const std::string& digits) {
    int v = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size() || v < 0) return std::nullopt;
    return v;
}

/// The suffix matched by `re` (empty: no match).
std::string rankSuffix(const std::string& stem, const std::regex& re) {
    std::smatch m;
    return std::regex_match(stem, m, re) ? m[1].str() : std::string();
}

std::optional<int> trailingRank(const std::string& stem, const std::regex& re) {
    return rankNumber(rankSuffix(stem, re));
}

int kindOrder(FileKind k) {
    // profiler_info gives the rank; kernel_details gives op types before trace_view needs them.
    switch (k) {
    case FileKind::AscendInfo:
        return 0;
    case FileKind::KernelDetails:
    case FileKind::LegacyFramework:
        return 1;
    case FileKind::TraceView:
    case FileKind::AscendDb: // the rank's main source may set its rank (RANK_DEVICE_MAP) before the rest
        return 2;
    default:
        return 3;
    }
}

} // namespace

std::string Discovery::fingerprint() const {
    std::vector<std::string> lines;
    for (const auto& g : groups)
        for (const auto& f : g.files)
            lines.push_back(f.path + "|" + std::to_string(f.sizeBytes) + "|" + std::to_string(f.mtimeNs) +
                            "|" + std::to_string(f.contentSample));
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (auto& l : lines)
        out += l + "\n";
    return out;
}

bool unchangedSince(const SourceFile& f) {
    std::error_code ec;
    const auto size = int64_t(fs::file_size(f.path, ec));
    if (ec || size != f.sizeBytes || mtimeNs(f.path) != f.mtimeNs) return false;
    return contentSample(f.path, size) == f.contentSample;
}

Discovery discover(const std::string& rootStr) {
    Discovery d;
    fs::path root = fs::absolute(rootStr).lexically_normal();
    std::vector<fs::path> files;
    std::error_code ec;
    if (fs::is_regular_file(root, ec)) {
        files.push_back(root);
    } else {
        for (auto it =
                 fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
             it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (ec) break;
            const fs::path& p = it->path();
            std::string name = p.filename().string();
            if (it->is_directory(ec)) {
                if (!name.empty() && name[0] == '.')
                    it.disable_recursion_pending();
                else if (name.rfind("PROF_", 0) == 0) {
                    d.ignored.push_back(p.string() + " (CANN raw PROF_ directory: not read, the parsed "
                                                     "ASCEND_PROFILER_OUTPUT files are used)");
                    it.disable_recursion_pending();
                }
                continue;
            }
            if (it->is_regular_file(ec)) files.push_back(p);
        }
    }
    std::sort(files.begin(), files.end());

    static const std::regex reInfo(R"(profiler_info(?:_(\d+))?)");
    static const std::regex reDb(R"(ascend_(?:pytorch|mindspore)_profiler(?:_(\d+))?)");
    static const std::regex reLegacyTl(R"(ascend_timeline_display_(\d+))");
    static const std::regex reLegacyStep(R"(step_trace_raw_(\d+)_detail_time)");
    static const std::regex reLegacyFw(R"(framework_raw_(\d+))");
    static const std::regex reLegacyHccl(R"(hccl_raw_(\d+))");

    std::map<std::string, RankGroup> groups; // label → group
    std::map<std::string, std::vector<SourceFile>> dbByDir;
    std::set<std::string> dirsWithText;
    for (const auto& p : files) {
        std::string name = io::stripCompressionSuffix(p.filename().string());
        std::string stem =
            name.substr(0, name.rfind('.') == std::string::npos ? name.size() : name.rfind('.'));
        std::string ext = name.size() > stem.size() ? name.substr(stem.size()) : "";
        fs::path dir = p.parent_path();
        bool inOutput = dir.filename() == "ASCEND_PROFILER_OUTPUT";
        fs::path rankDir = inOutput ? dir.parent_path() : dir;
        std::error_code e2;
        SourceFile sf{p.string(), FileKind::ChromeJson, int64_t(fs::file_size(p, e2)), mtimeNs(p), 0};
        auto add = [&](const std::string& label, FileKind k, std::optional<int> hint) {
            sf.kind = k;
            sf.contentSample = contentSample(sf.path, sf.sizeBytes);
            RankGroup& g = groups[label];
            g.label = label;
            if (hint && !g.rankHint) g.rankHint = hint;
            g.files.push_back(sf);
        };
        std::string suffix;
        auto legacy = [&](FileKind k) { add(dir.string() + "#" + suffix, k, rankNumber(suffix)); };
        if (ext == ".json" && std::regex_match(stem, reInfo)) {
            add(rankDir.string(), FileKind::AscendInfo, trailingRank(stem, reInfo));
        } else if (!inOutput && name == "profiler_metadata.json") {
            add(rankDir.string(), FileKind::AscendMetadata, std::nullopt);
        } else if (inOutput && name == "trace_view.json") {
            add(rankDir.string(), FileKind::TraceView, std::nullopt);
            dirsWithText.insert(rankDir.string());
        } else if (inOutput && name == "kernel_details.csv") {
            add(rankDir.string(), FileKind::KernelDetails, std::nullopt);
            dirsWithText.insert(rankDir.string());
        } else if (inOutput && name == "step_trace_time.csv") {
            add(rankDir.string(), FileKind::StepTraceTime, std::nullopt);
        } else if (inOutput && name == "communication.json") {
            add(rankDir.string(), FileKind::Communication, std::nullopt);
        } else if (inOutput && name == "communication_matrix.json") {
            add(rankDir.string(), FileKind::CommMatrix, std::nullopt);
        } else if (inOutput && name == "analysis.db") {
            add(rankDir.string(), FileKind::AnalysisDb, std::nullopt);
        } else if (inOutput && name == "operator_memory.csv") {
            add(rankDir.string(), FileKind::OperatorMemory, std::nullopt);
        } else if (inOutput && name == "memory_record.csv") {
            add(rankDir.string(), FileKind::MemoryRecord, std::nullopt);
        } else if (inOutput && name == "npu_module_mem.csv") {
            add(rankDir.string(), FileKind::NpuModuleMem, std::nullopt);
        } else if (name == "memory_usage.csv") {
            add(rankDir.string(), FileKind::MemoryUsage, std::nullopt);
        } else if (ext == ".db" && std::regex_match(stem, reDb)) {
            sf.kind = FileKind::AscendDb;
            sf.contentSample = contentSample(sf.path, sf.sizeBytes);
            dbByDir[rankDir.string()].push_back(sf);
        } else if (ext == ".json" && !(suffix = rankSuffix(stem, reLegacyTl)).empty()) {
            legacy(FileKind::LegacyTimeline);
        } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyStep)).empty()) {
            legacy(FileKind::LegacyStepTrace);
        } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyFw)).empty()) {
            legacy(FileKind::LegacyFramework);
        } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyHccl)).empty()) {
            legacy(FileKind::LegacyHccl);
        } else if (ext == ".json" && !inOutput) {
            Sniff k = sniffChromeTrace(p.string());
            // an unreadable file named like a trace is read anyway, so its error names it and the offset;
            // a file with Kineto's own name is read whatever its content (empty, cut in its first bytes,
            // damaged magic): a rank must never vanish without a word
            const std::string fname = p.filename().string();
            if (k == Sniff::Trace || (k == Sniff::Unreadable && traceLikeName(fname)) ||
                fname.find(".pt.trace.json") != std::string::npos)
                add(p.string(), FileKind::ChromeJson, std::nullopt);
        }
    }
    for (auto& [dir, dbs] : dbByDir) {
        if (dirsWithText.count(dir)) continue; // the .db is read only when it is the only source
        RankGroup& g = groups[dir];
        g.label = dir;
        for (auto& f : dbs) {
            std::string stem = fs::path(f.path).stem().string();
            if (auto r = trailingRank(stem, reDb); r && !g.rankHint) g.rankHint = r;
            g.files.push_back(f);
        }
    }
    for (auto& [label, g] : groups) {
        // A group of only legacy step-trace files or only memory files still indexes; a group whose
        // only file is profiler_info has nothing to show and is dropped.
        bool useful = std::any_of(g.files.begin(), g.files.end(), [](const SourceFile& f) {
            return f.kind != FileKind::AscendInfo && f.kind != FileKind::AscendMetadata;
        });
        if (!useful) continue;
        std::stable_sort(g.files.begin(), g.files.end(), [](const SourceFile& a, const SourceFile& b) {
            return kindOrder(a.kind) < kindOrder(b.kind);
        });
        for (auto& f : g.files)
            d.totalBytes += f.sizeBytes;
        d.groups.push_back(std::move(g));
    }
    return d;
}

} // namespace rs::import
