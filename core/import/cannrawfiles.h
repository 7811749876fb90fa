#pragma once
// Which files of a CANN raw PROF_ directory are read, and which are passed over and why (formats.md §3).
// The old layout (CANN 6.x, MindSpore 1.x–2.2) keeps per device `device_N/{info.json.N, start_info.N,
// timeline/*.json}`; the timeline jsons are Chrome-trace arrays on the device's CLOCK_MONOTONIC_RAW.
// `msprof_*.json` there is the merged timeline: it holds the task_time, hccl and step_trace events of its
// iterations (checked on the mindinsight sample: every task_time and hccl event is in msprof_0_2_1.json),
// so when a device has one the component files are listed as ignored instead of read twice. Newer CANN
// writes `mindstudio_profiler_output/msprof_{ts}.json` (sliced: `msprof_slice_N_{ts}.json`), which then
// stands for the device timelines. Pure path logic (no I/O) but isCannDeviceDir; thread-safe.
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::import {

enum class CannFileRole {
    DeviceInfo, ///< device_N/info.json.N: rank_id, host name
    StartInfo,  ///< device_N/start_info.N: the monotonic-to-epoch clock anchor
    Timeline,   ///< device_N/timeline/*.json or mindstudio_profiler_output/msprof*.json
};

/// A file inside a PROF_ directory that Rankscope reads (or may read).
struct CannRawFile {
    std::filesystem::path path;
    std::filesystem::path profDir; ///< the PROF_* directory
    std::string group; ///< the rank group: "<PROF>/device_N" or "<PROF>/mindstudio_profiler_output"
    CannFileRole role = CannFileRole::Timeline;
    std::optional<int> device; ///< N of device_N
    bool merged = false;       ///< a msprof_*.json (the merged timeline)
};

/// A directory name msprof gives: "PROF_{n}_{time}_{random}"
/// (PROF_000001_20230818142704322_COJGGGCANRMICFBC); a user's folder "PROF_smith" is none.
bool isCannProfDirName(const std::string& name);
/// PROF_ directories known by their layout (cannDeviceDir) under another name: a user renames "PROF_…" to
/// "prof" or "run1", and its files must not then read as four unrelated Chrome traces (four fake ranks).
using RenamedProfDirs = std::set<std::filesystem::path>;

/// Whether `dir` is a device directory of CANN's raw layout: named device_N and holding info.json.N or
/// start_info.N. Two file-system look-ups (the one I/O here); any thread.
bool isCannDeviceDir(const std::filesystem::path& dir);

/// The PROF_* directory `p` is inside (by its name, or one of `renamed`), when it is inside one.
std::optional<std::filesystem::path> enclosingProfDir(const std::filesystem::path& p,
                                                      const RenamedProfDirs& renamed = {});

/// What `p` is in its PROF_ directory; nullopt for files Rankscope does not read there (raw data/,
/// summary/ CSVs, host/ files, …) or when `p` is in none.
std::optional<CannRawFile> cannRawFile(const std::filesystem::path& p, const RenamedProfDirs& renamed = {});

/// The files of one PROF_ directory that are read, and "<path> (why not read)" for the timelines that
/// are not.
struct CannSelection {
    std::vector<CannRawFile> read;
    std::vector<std::string> ignored;
};

/// Chooses among the files found in one PROF_ directory (any order): per device, msprof_*.json when there
/// is one, else every timeline json; mindstudio_profiler_output's msprof files over the device timelines.
/// A device's info and start_info files go with its timelines (and with mindstudio_profiler_output's
/// group when that is read: the first device's in path order).
CannSelection selectCannFiles(std::vector<CannRawFile> files);

} // namespace rs::import
