#include "core/import/discovery.h"

#include "core/import/cannrawdir.h"
#include "core/import/cannrawfiles.h"
#include "core/import/clusteroutputdir.h"

#include "core/index/filestamp.h"
#include "core/io/bytesource.h"
#include "core/io/crc32.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

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
    case FileKind::LegacyAicpu:
        return "mindspore-legacy-aicpu";
    case FileKind::CannInfo:
        return "cann-info";
    case FileKind::CannStartInfo:
        return "cann-start-info";
    case FileKind::CannTimeline:
        return "cann-timeline";
    }
    return "unknown";
}

namespace {

/// Unix-epoch ns, as the index's source_file.mtime_ns says (fs::last_write_time counts from libstdc++'s own
/// file-clock epoch, which wrote −4.6·10¹⁸ there).
int64_t mtimeNs(const fs::path& p) {
    return index::FileStamp::of(p.string()).mtimeNs;
}

/// CRC-32 over 4 KiB at the head, at a third, at two thirds and at the tail of the file (all of it when
/// it is under 16 KiB): 16 KiB of reads per file, so reopening stays fast even for thousands of ranks.
/// pread and ISA-L's CRC (the value zlib's crc32 gives, so fingerprints are unchanged): a stream per file
/// and zlib's table CRC were a fifth of a 512-rank reopen.
uint32_t contentSample(const std::string& path, int64_t size) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    uint32_t crc = 0;
    constexpr int64_t kBlock = 4096;
    unsigned char buf[kBlock];
    auto add = [&](int64_t at, int64_t len) {
        const ssize_t n = ::pread(fd, buf, size_t(len), off_t(at));
        if (n > 0) crc = io::crc32(crc, buf, size_t(n));
    };
    if (size <= 4 * kBlock) {
        for (int64_t at = 0; at < size; at += kBlock)
            add(at, std::min(kBlock, size - at));
    } else {
        for (int64_t at : {int64_t(0), size / 3, 2 * size / 3, size - kBlock})
            add(at, kBlock);
    }
    ::close(fd);
    return crc;
}

/// One stat for what a SourceFile records; size -1 when the file cannot be stat'ed (as fs::file_size said).
SourceFile statSource(const fs::path& p, FileKind k) {
    SourceFile sf{p.string(), k};
    struct stat st {};
    if (::stat(sf.path.c_str(), &st) != 0) {
        sf.sizeBytes = -1;
        return sf;
    }
    auto ns = [](const timespec& t) { return int64_t(t.tv_sec) * 1000000000 + int64_t(t.tv_nsec); };
    sf.sizeBytes = int64_t(st.st_size);
    sf.mtimeNs = ns(st.st_mtim);
    sf.ctimeNs = ns(st.st_ctim);
    sf.inode = uint64_t(st.st_ino);
    return sf;
}

enum class Sniff { Trace, NotTrace, Unreadable };

/// What the sniff saw: a file that is no trace says why and at which byte (of the decompressed text).
struct SniffResult {
    Sniff kind = Sniff::NotTrace;
    std::string why;
    int64_t offset = 0;
};

std::string byteText(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("0x") + hex[u >> 4] + hex[u & 15];
}

// Reads the first bytes (decompressed) to recognise a Chrome trace by content. An object container may
// hold large metadata before "traceEvents" (a 16 384-rank pg_config pushes it past 100 KB), so up to
// kSniffBytes are scanned for the key.
constexpr int64_t kSniffBytes = 16 << 20;
SniffResult sniffChromeTrace(const std::string& path) {
    std::string err;
    auto src = io::openByteSource(path, err);
    if (!src) return {Sniff::Unreadable, err, 0};
    std::string head(65536, '\0');
    int64_t n = src->read(head.data(), int64_t(head.size()));
    if (n < 0) return {Sniff::Unreadable, "unreadable", 0};
    if (n == 0) return {Sniff::NotTrace, "it is empty (0 bytes)", 0};
    head.resize(size_t(n));
    size_t i = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (i == std::string::npos)
        return {Sniff::NotTrace, "only white space up to byte " + std::to_string(head.size()),
                int64_t(head.size())};
    const auto at = int64_t(i);
    if (head[i] == '[')
        return head.find("\"ph\"") != std::string::npos || head.size() - i < 8
                   ? SniffResult{Sniff::Trace, "", at}
                   : SniffResult{Sniff::NotTrace,
                                 "the JSON array at byte " + std::to_string(at) +
                                     " holds no trace event (no \"ph\")",
                                 at};
    if (head[i] != '{')
        return {Sniff::NotTrace,
                "byte " + std::to_string(at) + " is " + byteText(head[i]) +
                    ", not the '[' or '{' a trace begins with",
                at};
    if (head.find("\"traceEvents\"") != std::string::npos || head.find("\"ph\"") != std::string::npos)
        return {Sniff::Trace, "", at};
    // keep scanning, with an overlap so a key split across chunks is still seen
    std::string chunk(65536, '\0');
    std::string tail = head.substr(head.size() > 16 ? head.size() - 16 : 0);
    for (int64_t total = n; total < kSniffBytes;) {
        int64_t m = src->read(chunk.data(), int64_t(chunk.size()));
        if (m < 0) return {Sniff::Unreadable, "unreadable", total};
        if (m == 0) break;
        total += m;
        std::string window = tail + chunk.substr(0, size_t(m));
        if (window.find("\"traceEvents\"") != std::string::npos) return {Sniff::Trace, "", at};
        tail = window.substr(window.size() > 16 ? window.size() - 16 : 0);
    }
    return {Sniff::NotTrace,
            "the JSON object at byte " + std::to_string(at) + " has no \"traceEvents\" or \"ph\"", at};
}

/// Names profilers give trace files: a file so named that cannot be read is reported, never skipped.
bool traceLikeName(const std::string& name) {
    auto ends = [&](const char* s) {
        std::string suf(s);
        return name.size() >= suf.size() && name.compare(name.size() - suf.size(), suf.size(), suf) == 0;
    };
    return ends(".json.gz") || ends(".json.zst") || name.find(".pt.trace.json") != std::string::npos;
}

/// A plain .json whose name says trace ("trace.json", "rank0_trace.json", "x.trace.json"): one that is
/// not a trace is named with the reason, not skipped as a stray JSON file (step_trace_point_info.json,
/// a producer's metadata, does not end so).
bool namedTrace(const std::string& name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    const std::string suffix = "trace.json";
    return lower.size() >= suffix.size() &&
           lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0;
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
    case FileKind::CannInfo:
    case FileKind::CannStartInfo: // the clock anchor before the timelines it maps
        return 0;
    case FileKind::KernelDetails:
    case FileKind::LegacyFramework:
    case FileKind::LegacyAicpu: // its AI CPU ops before the timeline that pairs them (legacyclocksync.h)
        return 1;
    case FileKind::TraceView:
    case FileKind::AscendDb: // the rank's main source may set its rank (RANK_DEVICE_MAP) before the rest
        return 2;
    case FileKind::LegacyStepTrace: // after the timeline and aicpu_intermediate that put it on their clock
        return 4;
    default:
        return 3;
    }
}

} // namespace

std::string Discovery::fingerprint() const {
    std::vector<std::string> lines;
    auto add = [&](const SourceFile& f) {
        lines.push_back(f.path + "|" + std::to_string(f.sizeBytes) + "|" + std::to_string(f.mtimeNs) + "|" +
                        std::to_string(f.contentSample));
    };
    for (const auto& g : groups)
        for (const auto& f : g.files)
            add(f);
    for (const auto& f : summaryFiles)
        add(f);
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (auto& l : lines)
        out += l + "\n";
    return out;
}

std::string Discovery::stamps() const {
    std::vector<std::string> lines;
    for (const auto& g : groups)
        for (const auto& f : g.files)
            lines.push_back(f.path + "\t" + std::to_string(f.sizeBytes) + "\t" + std::to_string(f.mtimeNs) +
                            "\t" + std::to_string(f.ctimeNs) + "\t" + std::to_string(f.inode) + "\t" +
                            std::to_string(f.contentSample) + "\n");
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (auto& l : lines)
        out += l;
    return out;
}

namespace {

template <typename T> bool parseNumber(std::string_view s, T& v) {
    return !s.empty() && std::from_chars(s.data(), s.data() + s.size(), v).ec == std::errc();
}

/// One Discovery::stamps() line; false when it is not one.
bool parseStampLine(std::string_view line, std::string& path, KnownStamp& k) {
    std::string_view f[5]; // the numbers are the last fields: a path may hold a tab
    for (int i = 4; i >= 0; --i) {
        const size_t tab = line.rfind('\t');
        if (tab == std::string_view::npos) return false;
        f[i] = line.substr(tab + 1);
        line = line.substr(0, tab);
    }
    path = std::string(line);
    return !path.empty() && parseNumber(f[0], k.sizeBytes) && parseNumber(f[1], k.mtimeNs) &&
           parseNumber(f[2], k.ctimeNs) && parseNumber(f[3], k.inode) && parseNumber(f[4], k.contentSample);
}

} // namespace

KnownStamps parseKnownStamps(const std::string& text) {
    KnownStamps out;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        std::string path;
        KnownStamp k;
        if (parseStampLine(std::string_view(text).substr(at, end - at), path, k)) out[path] = k;
        at = end + 1;
    }
    return out;
}

bool unchangedSince(const SourceFile& f) {
    std::error_code ec;
    const auto size = int64_t(fs::file_size(f.path, ec));
    if (ec || size != f.sizeBytes || mtimeNs(f.path) != f.mtimeNs) return false;
    return contentSample(f.path, size) == f.contentSample;
}

namespace {

/// Walks a directory tree for regular files: follows directory links, reads each directory once, skips
/// hidden directories, CANN raw PROF_ directories beside their parsed output and msprof-analyze's cluster
/// summary, and stops at the depth and directory limits. Every directory
/// it does not read is said in `d.diagnostics` (or `d.ignored`).
class TreeWalk {
  public:
    TreeWalk(const fs::path& root, Discovery& d, RenamedProfDirs& renamed)
        : m_root(root), m_d(d), m_renamed(renamed) {}
    std::vector<fs::path> run() {
        directory(m_root, 0);
        reportDeep();
        return std::move(m_files);
    }

  private:
    void directory(const fs::path& p, int depth) {
        std::error_code ec;
        const fs::path canon = fs::canonical(p, ec);
        if (ec) return problem(p, "directory could not be resolved (" + ec.message() + "): not searched");
        if (auto seen = m_visited.find(canon); seen != m_visited.end()) {
            if (std::find(m_open.begin(), m_open.end(), canon) != m_open.end())
                return problem(p, "directory link loop: it leads to " + canon.string() +
                                      ", a directory it is inside; not followed");
            return note(p, "directory reached again through a link (read once, as " + seen->second + ")");
        }
        if (++m_dirs > kMaxDiscoveryDirs) {
            if (m_dirs == kMaxDiscoveryDirs + 1)
                problem(m_root, "stopped searching after " + std::to_string(kMaxDiscoveryDirs) +
                                    " directories (a link to a large tree?)");
            return;
        }
        m_visited.emplace(canon, p.string());
        m_open.push_back(canon);
        for (const auto& e : entries(p))
            entry(e, depth);
        m_open.pop_back();
    }

    /// The directory's entries, real directories before links (so a directory also reached by a link is
    /// named by its own path), each group in name order (so the walk is the same on every machine).
    std::vector<fs::directory_entry> entries(const fs::path& p) {
        std::vector<fs::directory_entry> out;
        std::error_code ec;
        fs::directory_iterator it(p, ec);
        for (; !ec && it != fs::directory_iterator(); it.increment(ec))
            out.push_back(*it);
        if (ec) problem(p, "directory could not be listed (" + ec.message() + "): not searched further");
        std::sort(out.begin(), out.end(), [](const fs::directory_entry& a, const fs::directory_entry& b) {
            std::error_code e1, e2;
            const bool la = a.is_symlink(e1), lb = b.is_symlink(e2);
            return la != lb ? lb : a.path() < b.path();
        });
        return out;
    }

    void entry(const fs::directory_entry& e, int depth) {
        std::error_code ec;
        const fs::path& p = e.path();
        if (!e.is_directory(ec)) {
            if (e.is_regular_file(ec)) m_files.push_back(p);
            return;
        }
        const std::string name = p.filename().string();
        if (!name.empty() && name[0] == '.') return; // .rankscope, .git, …
        if (parsedOutputBeside(p) && (isCannProfDirName(name) || holdsCannDevice(p))) {
            m_d.ignored.push_back(p.string() + " (CANN raw PROF_ directory: not read, the parsed "
                                               "ASCEND_PROFILER_OUTPUT files beside it are used)");
            return;
        }
        if (name == "cluster_analysis_output") {
            const ClusterOutputDir c = describeClusterOutputDir(p);
            m_d.ignored.push_back(c.ignoredText);
            if (!c.note.empty()) note(p, c.note);
            if (!c.ranks.empty()) m_d.clusterRanksByDir[p.parent_path().string()] = c.ranks;
            if (!c.groups.empty()) {
                m_d.clusterGroupsByDir[p.parent_path().string()] = c.groups;
                SourceFile sf = statSource(p / "communication_group.json", FileKind::CommMatrix);
                sf.contentSample = contentSample(sf.path, sf.sizeBytes);
                m_d.summaryFiles.push_back(sf); // an edited group list changes the matrix's scope
            }
            m_d.producerSteps.insert(m_d.producerSteps.end(), c.steps.begin(), c.steps.end());
            if (std::error_code e; fs::is_regular_file(p / "cluster_step_trace_time.csv", e)) {
                SourceFile sf = statSource(p / "cluster_step_trace_time.csv", FileKind::StepTraceTime);
                sf.contentSample = contentSample(sf.path, sf.sizeBytes);
                m_d.summaryFiles.push_back(sf);
            }
            m_d.diagnostics.insert(m_d.diagnostics.end(), c.diagnostics.begin(), c.diagnostics.end());
            return;
        }
        if (depth + 1 > kMaxDiscoveryDepth) {
            m_deep.push_back(p.string());
            return;
        }
        if (isCannDeviceDir(p) && !isCannProfDirName(p.parent_path().filename().string()))
            m_renamed.insert(p.parent_path());
        directory(p, depth + 1);
    }

    /// Whether `dir` has a CANN device directory (a renamed PROF_ folder).
    static bool holdsCannDevice(const fs::path& dir) {
        std::error_code ec;
        fs::directory_iterator it(dir, ec);
        for (; !ec && it != fs::directory_iterator(); it.increment(ec))
            if (isCannDeviceDir(it->path())) return true;
        return false;
    }

    void problem(const fs::path& where, const std::string& what) {
        m_d.diagnostics.push_back({where.string(), "warning", what, 1, -1, ""});
    }
    void note(const fs::path& where, const std::string& what) {
        m_d.diagnostics.push_back({where.string(), "info", what, 1, -1, ""});
    }
    /// One diagnostic for the directories below the depth limit, naming the first of them.
    void reportDeep() {
        if (m_deep.empty()) return;
        std::string list;
        for (size_t i = 0; i < m_deep.size() && i < 5; ++i)
            list += (i ? "; " : "") + m_deep[i];
        if (m_deep.size() > 5) list += "; and " + std::to_string(m_deep.size() - 5) + " more";
        m_d.diagnostics.push_back({m_root.string(), "warning",
                                   "directories more than " + std::to_string(kMaxDiscoveryDepth) +
                                       " levels below the folder not searched",
                                   int64_t(m_deep.size()), -1, list});
    }

    fs::path m_root;
    Discovery& m_d;
    RenamedProfDirs& m_renamed;
    std::vector<fs::path> m_files;
    std::map<fs::path, std::string> m_visited; ///< canonical directory → the path it was read as
    std::vector<fs::path> m_open;              ///< canonical directories from the root to the current one
    std::vector<std::string> m_deep;           ///< directories at the depth limit, not searched
    int64_t m_dirs = 0;
};

/// Puts each file into its rank group by its name and place: an Ascend rank directory (the files of its
/// ASCEND_PROFILER_OUTPUT beside its profiler_info), a legacy MindSpore rank suffix, or a trace file of
/// its own. A rank directory's .db is read only when it has no text export.
class Grouping {
  public:
    Grouping(const KnownStamps* known, const RenamedProfDirs& renamed) : m_known(known), m_renamed(renamed) {}
    void add(const fs::path& p);
    void into(Discovery& d);

  private:
    void addTo(const std::string& label, FileKind k, std::optional<int> hint, SourceFile sf);
    /// The content sample the index recorded when the file's stamp still matches it, else read anew.
    void sample(SourceFile& sf) const;
    /// One PROF_ directory's files: the chosen ones into their device's group, the others into d.ignored.
    void addCann(const std::vector<CannRawFile>& files, Discovery& d);
    /// Whether `g` holds only files without timed events (named in d.ignored then).
    static bool untimedOnly(const RankGroup& g, Discovery& d);

    std::map<std::string, RankGroup> m_groups; // label → group
    std::map<std::string, std::vector<SourceFile>> m_dbByDir;
    std::set<std::string> m_dirsWithText;
    std::map<std::string, std::vector<CannRawFile>> m_cannByProf; ///< PROF_ dir → its readable files
    std::vector<model::DiagnosticRow> m_notTraces;                ///< files named like traces that are none
    std::vector<std::string> m_unread; ///< producer files the index has no place for, each with why
    const KnownStamps* m_known = nullptr;
    const RenamedProfDirs& m_renamed;
};

void Grouping::sample(SourceFile& sf) const {
    if (m_known && sf.sizeBytes >= 0 && sf.inode != 0)
        if (auto it = m_known->find(sf.path); it != m_known->end()) {
            const KnownStamp& k = it->second;
            if (k.sizeBytes == sf.sizeBytes && k.mtimeNs == sf.mtimeNs && k.ctimeNs == sf.ctimeNs &&
                k.inode == sf.inode) {
                sf.contentSample = k.contentSample;
                return;
            }
        }
    sf.contentSample = contentSample(sf.path, sf.sizeBytes);
}

void Grouping::addTo(const std::string& label, FileKind k, std::optional<int> hint, SourceFile sf) {
    sf.kind = k;
    sample(sf);
    RankGroup& g = m_groups[label];
    g.label = label;
    if (hint && !g.rankHint) g.rankHint = hint;
    g.files.push_back(std::move(sf));
}

void Grouping::addCann(const std::vector<CannRawFile>& files, Discovery& d) {
    CannSelection sel = selectCannFiles(files);
    for (auto& ig : sel.ignored)
        d.ignored.push_back(std::move(ig));
    for (const auto& f : sel.read) {
        SourceFile sf = statSource(f.path, FileKind::CannTimeline);
        const FileKind k = f.role == CannFileRole::DeviceInfo  ? FileKind::CannInfo
                           : f.role == CannFileRole::StartInfo ? FileKind::CannStartInfo
                                                               : FileKind::CannTimeline;
        // the device number is no rank: info.json's rank_id gives the rank when the device has one
        addTo(f.group, k, std::nullopt, sf);
    }
}

void Grouping::add(const fs::path& p) {
    static const std::regex reInfo(R"(profiler_info(?:_(\d+))?)");
    static const std::regex reDb(R"(ascend_(?:pytorch|mindspore)_profiler(?:_(\d+))?)");
    static const std::regex reLegacyTl(R"(ascend_timeline_display_(\d+))");
    static const std::regex reLegacyStep(R"(step_trace_raw_(\d+)_detail_time)");
    static const std::regex reLegacyFw(R"(framework_raw_(\d+))");
    static const std::regex reLegacyHccl(R"(hccl_raw_(\d+))");
    static const std::regex reLegacyAicpu(R"(aicpu_intermediate_(\d+))");
    static const std::regex reStaticMem(R"(static_op_mem(?:_\d+)?)");
    if (enclosingProfDir(p, m_renamed)) { // CANN raw: only the files selectCannFiles picks are read
        if (auto c = cannRawFile(p, m_renamed)) m_cannByProf[c->profDir.string()].push_back(*c);
        return;
    }
    const std::string name = io::stripCompressionSuffix(p.filename().string());
    const std::string stem =
        name.substr(0, name.rfind('.') == std::string::npos ? name.size() : name.rfind('.'));
    const std::string ext = name.size() > stem.size() ? name.substr(stem.size()) : "";
    const fs::path dir = p.parent_path();
    const bool inOutput = dir.filename() == "ASCEND_PROFILER_OUTPUT";
    const std::string rankDir = (inOutput ? dir.parent_path() : dir).string();
    SourceFile sf = statSource(p, FileKind::ChromeJson);
    static const std::map<std::string, FileKind> kOutputFiles{
        {"trace_view.json", FileKind::TraceView},
        {"kernel_details.csv", FileKind::KernelDetails},
        {"step_trace_time.csv", FileKind::StepTraceTime},
        {"communication.json", FileKind::Communication},
        {"communication_matrix.json", FileKind::CommMatrix},
        {"analysis.db", FileKind::AnalysisDb},
        {"operator_memory.csv", FileKind::OperatorMemory},
        {"memory_record.csv", FileKind::MemoryRecord},
        {"npu_module_mem.csv", FileKind::NpuModuleMem}};
    std::string suffix;
    auto legacy = [&](FileKind k) { addTo(dir.string() + "#" + suffix, k, rankNumber(suffix), sf); };
    if (ext == ".json" && std::regex_match(stem, reInfo)) {
        addTo(rankDir, FileKind::AscendInfo, trailingRank(stem, reInfo), sf);
    } else if (!inOutput && name == "profiler_metadata.json") {
        addTo(rankDir, FileKind::AscendMetadata, std::nullopt, sf);
    } else if (auto o = kOutputFiles.find(name); inOutput && o != kOutputFiles.end()) {
        addTo(rankDir, o->second, std::nullopt, sf);
        if (o->second == FileKind::TraceView || o->second == FileKind::KernelDetails)
            m_dirsWithText.insert(rankDir);
    } else if (ext == ".csv" && std::regex_match(stem, reStaticMem)) {
        // each op's static graph memory as a node index range and a size, no time: the index places memory
        // in time (memory samples, operator allocations), so it has no place for it
        m_unread.push_back(p.string() + " (static graph memory per op: node index ranges and sizes with no "
                                        "timestamps, which the memory lanes and the memory map cannot place: "
                                        "not read)");
    } else if (name == "memory_usage.csv") {
        addTo(rankDir, FileKind::MemoryUsage, std::nullopt, sf);
    } else if (ext == ".db" && std::regex_match(stem, reDb)) {
        sf.kind = FileKind::AscendDb;
        sample(sf);
        m_dbByDir[rankDir].push_back(sf);
    } else if (ext == ".json" && !(suffix = rankSuffix(stem, reLegacyTl)).empty()) {
        legacy(FileKind::LegacyTimeline);
    } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyStep)).empty()) {
        legacy(FileKind::LegacyStepTrace);
    } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyFw)).empty()) {
        legacy(FileKind::LegacyFramework);
    } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyHccl)).empty()) {
        legacy(FileKind::LegacyHccl);
    } else if (ext == ".csv" && !(suffix = rankSuffix(stem, reLegacyAicpu)).empty()) {
        legacy(FileKind::LegacyAicpu);
    } else if (ext == ".json" && !inOutput) {
        // an unreadable file named like a trace is read anyway, so its error names it and the offset;
        // a file with Kineto's own name is read whatever its content (empty, cut in its first bytes,
        // damaged magic): a rank must never vanish without a word
        const SniffResult sniff = sniffChromeTrace(p.string());
        const Sniff k = sniff.kind;
        const std::string fname = p.filename().string();
        // MindSpore's GPU timeline names its rank (gpu_timeline_display_<r>.json) as the Ascend one does:
        // walk 23b saw its _0 file "assigned rank 4"
        static const std::regex reGpuTl(R"(gpu_timeline_display_(\d+))");
        if (k == Sniff::Trace || (k == Sniff::Unreadable && traceLikeName(fname)) ||
            fname.find(".pt.trace.json") != std::string::npos)
            addTo(p.string(), FileKind::ChromeJson, trailingRank(stem, reGpuTl), sf);
        else if (k == Sniff::NotTrace && namedTrace(name))
            m_notTraces.push_back({p.string(), "warning",
                                   "named like a trace but not one: " + sniff.why + "; not read", 1,
                                   sniff.offset, ""});
    }
}

/// A legacy group of framework_raw_<r>.csv (and aicpu_intermediate_<r>.csv) files only: an op-type table
/// with no timed event, or a clock sync with nothing to sync, is no rank of its own (walk 23b: "run 4:
/// unknown, rank 1" of 5 ranks); its files are named in d.ignored.
bool Grouping::untimedOnly(const RankGroup& g, Discovery& d) {
    const bool untimed = std::all_of(g.files.begin(), g.files.end(), [](const SourceFile& f) {
        return f.kind == FileKind::LegacyFramework || f.kind == FileKind::LegacyAicpu;
    });
    if (!untimed) return false;
    for (const auto& f : g.files)
        d.ignored.push_back(f.path +
                            (f.kind == FileKind::LegacyAicpu
                                 ? " (MindSpore AI CPU op table, the step trace's clock sync, with no "
                                   "timeline of its rank beside it: not read)"
                                 : " (MindSpore op table with no timed events and no timeline of its "
                                   "rank beside it: not read)"));
    return true;
}

void Grouping::into(Discovery& d) {
    // warnings: the index's diagnostics list them, and "no profiler files found" names them
    for (auto& bad : m_notTraces)
        d.diagnostics.push_back(std::move(bad));
    for (auto& unread : m_unread)
        d.ignored.push_back(std::move(unread));
    for (auto& [dir, dbs] : m_dbByDir) {
        if (m_dirsWithText.count(dir)) continue; // the .db is read only when it is the only source
        RankGroup& g = m_groups[dir];
        g.label = dir;
        for (auto& f : dbs) {
            static const std::regex reDb(R"(ascend_(?:pytorch|mindspore)_profiler(?:_(\d+))?)");
            std::string stem = fs::path(f.path).stem().string();
            if (auto r = trailingRank(stem, reDb); r && !g.rankHint) g.rankHint = r;
            g.files.push_back(f);
        }
    }
    for (auto& [prof, files] : m_cannByProf)
        addCann(files, d);
    for (auto& [label, g] : m_groups) {
        // A group of only legacy step-trace files or only memory files still indexes; a group whose
        // only file is profiler_info has nothing to show and is dropped.
        bool useful = std::any_of(g.files.begin(), g.files.end(), [](const SourceFile& f) {
            return f.kind != FileKind::AscendInfo && f.kind != FileKind::AscendMetadata;
        });
        if (!useful) continue;
        if (untimedOnly(g, d)) continue;
        std::stable_sort(g.files.begin(), g.files.end(), [](const SourceFile& a, const SourceFile& b) {
            return kindOrder(a.kind) < kindOrder(b.kind);
        });
        for (auto& f : g.files)
            d.totalBytes += f.sizeBytes;
        d.groups.push_back(std::move(g));
    }
}

} // namespace

/// The longest of `dirs` that holds a file of `g` ("" when none does).
template <class Map> static std::string nearestSummaryDir(const RankGroup& g, const Map& dirs) {
    std::string best;
    for (const auto& entry : dirs) {
        const std::string& dir = entry.first;
        for (const auto& f : g.files)
            if (f.path.size() > dir.size() && f.path.compare(0, dir.size(), dir) == 0 &&
                f.path[dir.size()] == '/' && dir.size() > best.size())
                best = dir;
    }
    return best;
}

/// The communication groups of the nearest cluster summary, each written once per summary: by the folder
/// of its lowest member whose files name their rank (every rank writing a 4096-rank job's world group would
/// store 4096 copies of 4096 ranks). A group no such folder is a member of stays with every folder of the
/// summary (the rank job writes it when its rank, read from the data, is a member).
static void shareListedGroups(Discovery& d) {
    using Key = std::pair<std::string, std::vector<int64_t>>; // (summary dir, members)
    std::map<Key, int> owner;
    std::vector<std::string> dirOf(d.groups.size());
    for (size_t i = 0; i < d.groups.size(); ++i) {
        RankGroup& g = d.groups[i];
        dirOf[i] = nearestSummaryDir(g, d.clusterGroupsByDir);
        if (dirOf[i].empty()) continue;
        g.summaryGroups = d.clusterGroupsByDir.at(dirOf[i]);
        for (const auto& members : g.summaryGroups)
            if (g.rankHint &&
                std::find(members.begin(), members.end(), int64_t(*g.rankHint)) != members.end()) {
                auto [it, fresh] = owner.emplace(Key{dirOf[i], members}, *g.rankHint);
                if (!fresh) it->second = std::min(it->second, *g.rankHint);
            }
    }
    for (size_t i = 0; i < d.groups.size(); ++i) {
        RankGroup& g = d.groups[i];
        std::vector<std::vector<int64_t>> kept;
        for (auto& members : g.summaryGroups) {
            auto it = owner.find(Key{dirOf[i], members});
            if (it == owner.end() || (g.rankHint && it->second == *g.rankHint))
                kept.push_back(std::move(members));
        }
        g.summaryGroups = std::move(kept);
    }
}

/// Each group under a folder holding a cluster summary learns the ranks it names and its communication
/// groups (the nearest such folder).
static void attachClusterRanks(Discovery& d) {
    for (auto& g : d.groups) {
        if (const std::string dir = nearestSummaryDir(g, d.clusterRanksByDir); !dir.empty()) {
            g.summaryRanks.clear();
            for (int64_t r : d.clusterRanksByDir.at(dir))
                if (r <= INT32_MAX) g.summaryRanks.insert(int(r));
        }
    }
    shareListedGroups(d);
}

/// A renamed PROF_ folder the root is inside: the root is one of its devices (or a device's timeline/,
/// or a file there), which the walk down from the root never sees from above.
static RenamedProfDirs renamedProfAbove(const fs::path& root) {
    fs::path d = root.has_filename() ? root : root.parent_path(); // "x/" names x
    for (int up = 0; up < 3 && !d.empty() && d != d.root_path(); ++up, d = d.parent_path())
        if (isCannDeviceDir(d) && !isCannProfDirName(d.parent_path().filename().string()))
            return {d.parent_path()};
    return {};
}

Discovery discover(const std::string& rootStr, const KnownStamps* known) {
    Discovery d;
    const fs::path root = fs::absolute(rootStr).lexically_normal();
    std::vector<fs::path> files;
    RenamedProfDirs renamed = renamedProfAbove(root);
    std::error_code ec;
    if (fs::is_regular_file(root, ec))
        files.push_back(root);
    else
        files = TreeWalk(root, d, renamed).run();
    std::sort(files.begin(), files.end());
    Grouping grouping(known, renamed);
    for (const auto& p : files)
        grouping.add(p);
    grouping.into(d);
    attachClusterRanks(d);
    return d;
}

} // namespace rs::import
