#include "core/import/cannrawfiles.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <regex>
#include <set>
#include <system_error>

namespace rs::import {

namespace fs = std::filesystem;

namespace {

bool startsWith(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

/// N of "device_N", when the name is one.
std::optional<int> deviceNumber(const std::string& dirName) {
    if (!startsWith(dirName, "device_")) return std::nullopt;
    int v = 0;
    const char* b = dirName.data() + 7;
    const char* e = dirName.data() + dirName.size();
    auto [end, ec] = std::from_chars(b, e, v);
    if (ec != std::errc() || end != e || v < 0) return std::nullopt;
    return v;
}

bool isJson(const fs::path& p) {
    return p.extension() == ".json";
}

const char* kMindstudio = "mindstudio_profiler_output";

} // namespace

bool isCannProfDirName(const std::string& name) {
    static const std::regex re(R"(PROF_\d+_\d+_[A-Za-z0-9]+)");
    return startsWith(name, "PROF_") && std::regex_match(name, re); // the prefix first: most names fail it
}

bool isCannDeviceDir(const fs::path& dir) {
    const auto n = deviceNumber(dir.filename().string());
    if (!n) return false;
    std::error_code ec;
    const std::string suffix = "." + std::to_string(*n);
    return fs::is_regular_file(dir / ("info.json" + suffix), ec) ||
           fs::is_regular_file(dir / ("start_info" + suffix), ec);
}

std::optional<fs::path> enclosingProfDir(const fs::path& p, const RenamedProfDirs& renamed) {
    for (fs::path d = p.parent_path(); !d.empty() && d != d.root_path(); d = d.parent_path())
        if (isCannProfDirName(d.filename().string()) || renamed.count(d)) return d;
    return std::nullopt;
}

std::optional<CannRawFile> cannRawFile(const fs::path& p, const RenamedProfDirs& renamed) {
    auto prof = enclosingProfDir(p, renamed);
    if (!prof) return std::nullopt;
    const fs::path dir = p.parent_path();
    const std::string name = p.filename().string();
    CannRawFile f{p, *prof, "", CannFileRole::Timeline, std::nullopt, startsWith(name, "msprof_")};
    if (dir.parent_path() == *prof && dir.filename() == kMindstudio) {
        if (!isJson(p) || !f.merged) return std::nullopt; // op_summary csv, communication.json, …
        f.group = dir.string();
        return f;
    }
    const bool inTimeline = dir.filename() == "timeline";
    const fs::path deviceDir = inTimeline ? dir.parent_path() : dir;
    if (deviceDir.parent_path() != *prof) return std::nullopt;
    f.device = deviceNumber(deviceDir.filename().string());
    if (!f.device) return std::nullopt; // host/, sqlite/, …
    f.group = deviceDir.string();
    if (inTimeline) return isJson(p) ? std::optional<CannRawFile>(f) : std::nullopt;
    f.merged = false;
    if (startsWith(name, "info.json"))
        f.role = CannFileRole::DeviceInfo;
    else if (startsWith(name, "start_info"))
        f.role = CannFileRole::StartInfo;
    else
        return std::nullopt; // end_info (the anchor is start_info's), data/ …
    return f;
}

namespace {

/// Why a device timeline beside its merged msprof_*.json is not read.
std::string supersededReason(const CannRawFile& f) {
    std::string why = f.path.string() + " (CANN raw timeline: not read, msprof_*.json of the same device is "
                                        "read and holds its events";
    if (startsWith(f.path.filename().string(), "step_trace"))
        why += "; steps of iterations that have no msprof_*.json here would show as idle time, so they are "
               "not shown";
    return why + ")";
}

} // namespace

CannSelection selectCannFiles(std::vector<CannRawFile> files) {
    std::sort(files.begin(), files.end(),
              [](const CannRawFile& a, const CannRawFile& b) { return a.path < b.path; });
    CannSelection out;
    std::map<std::string, bool> groupHasMerged;
    bool mindstudio = false;
    for (const auto& f : files) {
        if (f.role != CannFileRole::Timeline) continue;
        if (!f.device) mindstudio = true;
        if (f.merged) groupHasMerged[f.group] = true;
    }
    std::set<std::string> groupsRead;
    for (const auto& f : files) {
        if (f.role != CannFileRole::Timeline) continue;
        if (mindstudio && f.device)
            out.ignored.push_back(f.path.string() +
                                  " (CANN raw timeline: not read, the merged mindstudio_profiler_output/"
                                  "msprof_*.json of the same PROF_ directory is read)");
        else if (groupHasMerged[f.group] && !f.merged)
            out.ignored.push_back(supersededReason(f));
        else {
            out.read.push_back(f);
            groupsRead.insert(f.group);
        }
    }
    // the anchors and device info go with the timelines they describe; mindstudio_profiler_output takes
    // the first device's in path order
    std::set<CannFileRole> given;
    for (const auto& f : files) {
        if (f.role == CannFileRole::Timeline) continue;
        if (mindstudio) {
            if (!given.insert(f.role).second) continue;
            CannRawFile g = f;
            g.group = (f.profDir / kMindstudio).string();
            out.read.push_back(g);
        } else if (groupsRead.count(f.group)) {
            out.read.push_back(f);
        }
    }
    return out;
}

} // namespace rs::import
