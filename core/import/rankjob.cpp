#include "core/import/rankjob.h"

#include "core/import/analysisdbimporter.h"
#include "core/import/ascenddbimporter.h"
#include "core/import/cannrawinfo.h"
#include "core/import/chrometraceimporter.h"
#include "core/import/commjsonlanes.h"
#include "core/import/commmatrixjson.h"
#include "core/import/csvimporter.h"
#include "core/import/metadataimporter.h"
#include "core/import/profilelabels.h"

#include <algorithm>

namespace rs::import {

bool importFile(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f, int32_t fileId,
                bool rankHasTraceView, std::string& error, int64_t& records) {
    switch (f.kind) {
    case FileKind::AscendInfo:
        return importProfilerInfo(f, rank, out, error);
    case FileKind::CannInfo:
        return importCannInfo(f, rank, out, error);
    case FileKind::CannStartInfo:
        return importCannStartInfo(f, rank, out, error);
    case FileKind::TraceView:
    case FileKind::ChromeJson:
    case FileKind::CannTimeline:
    case FileKind::LegacyTimeline:
        if (f.kind == FileKind::LegacyTimeline && rank.source.empty()) rank.source = "mindspore-legacy";
        return ChromeTraceImporter(ctx, out, rank).run(f, fileId, error, records);
    case FileKind::Communication:
        return importCommunication(f, rank, out, error, records, fileId);
    case FileKind::AscendMetadata:
        return importProfilerMetadata(f, rank, out, error);
    case FileKind::CommMatrix:
        return importCommunicationMatrix(f, rank, out, error, records);
    case FileKind::AscendDb:
        return importAscendDb(ctx, out, rank, f, fileId, error, records);
    case FileKind::AnalysisDb:
        return importAnalysisDb(ctx, out, rank, f, error, records);
    default:
        return CsvImporter(ctx, out, rank).run(f, fileId, !rankHasTraceView, error, records);
    }
}

namespace {

/// The importers that stream a file count its bytes into the progress as they read; the small files read
/// whole (profiler_info, metadata, communication.json, communication_matrix.json) are counted once read. A
/// 512-rank profile's matrices are a quarter of its bytes: its progress sat at "0.1 MB of 325 MB, ETA
/// 54 000 s" while they were parsed.
bool readWhole(FileKind k) {
    return k == FileKind::AscendInfo || k == FileKind::CannInfo || k == FileKind::CannStartInfo ||
           k == FileKind::Communication || k == FileKind::AscendMetadata || k == FileKind::CommMatrix;
}

/// A file that cannot be read: the others load, this one is counted (its message names the file and
/// where it broke). Only when no file of the profile can be read does the build fail, with the first
/// such message (core/pipeline).
void recordUnreadable(ImportContext& ctx, RowEmitter& out, const SourceFile& f, const std::string& error) {
    std::string what = error.empty() ? "unreadable" : error;
    if (what.rfind(f.path + ": ", 0) == 0) what = what.substr(f.path.size() + 2); // the file is the row's
    out.diag(f.path, "error", what + " (file not read; the others were)", -1, "");
    if (ctx.filesUnreadable.fetch_add(1) == 0) {
        std::lock_guard<std::mutex> l(ctx.firstUnreadableMutex);
        ctx.firstUnreadable = error.empty() ? f.path + ": unreadable" : error;
    }
}

/// The cluster summary's communication groups the rank is in (communication_group.json, global ranks): they
/// name no group as the links do, so they map nothing; they tell the analysis whether a group's link ranks
/// can be group-local at all (analysis/commlinks.cpp).
void noteListedGroups(RowEmitter& out, const RankState& rank, const RankGroup& group) {
    for (const auto& members : group.summaryGroups) {
        const auto at = std::find(members.begin(), members.end(), int64_t(rank.rank));
        if (at == members.end()) continue;
        std::string list = "[";
        for (size_t i = 0; i < members.size(); ++i)
            list.append(i ? "," : "").append(std::to_string(members[i]));
        list.append("]");
        out.batch().commGroups.push_back(
            {rank.rank, "", "", "", int64_t(at - members.begin()), list, "communication_group.json"});
    }
}

/// What the rank's files together say, once they are all read: its framework, its steps (from
/// kernel_details when the trace has no ProfilerStep events) and its row.
void finishRank(ImportContext& ctx, RowEmitter& out, RankState& rank, const RankGroup& group) {
    // communication.json's collectives: within their steps' windows, and on a lane when no other file
    // of the rank draws its collectives
    const bool lanesElsewhere = std::any_of(group.files.begin(), group.files.end(), [](const SourceFile& f) {
        return f.kind == FileKind::TraceView || f.kind == FileKind::AscendDb ||
               f.kind == FileKind::ChromeJson || f.kind == FileKind::CannTimeline ||
               f.kind == FileKind::LegacyTimeline;
    });
    placeCommJsonOps(ctx, out, rank, lanesElsewhere);
    // MindSpore ≤ 2.2's own file names (ascend_timeline_display_<r>.json, framework_raw_<r>.csv, …): no
    // other producer writes them
    for (const auto& f : group.files)
        if (f.kind == FileKind::LegacyTimeline || f.kind == FileKind::LegacyStepTrace ||
            f.kind == FileKind::LegacyFramework || f.kind == FileKind::LegacyHccl)
            setLabel(rank, "framework", "mindspore");
    if (!rank.haveTraceSteps)
        for (auto& [step, w] : rank.kernelStepWindows)
            out.batch().steps.push_back({rank.rank, step, w.first, w.second, "kernel_details"});
    if (!rank.rankFromData) {
        // said wherever the rank is named (the run chooser reads this label), not only in diagnostics
        // past the cap on the files' own labels: this one is ours, and the `labels` view leaves it out
        rank.labels[std::string(model::kRankOriginLabel)] = "assigned";
        out.diag(group.label, "info", "rank not found in the data; assigned " + std::to_string(rank.rank), -1,
                 "");
    }
    // a cluster summary names the job's ranks: when this rank is one of them, they are its peers too
    if (group.summaryRanks.count(rank.rank))
        rank.peers.insert(group.summaryRanks.begin(), group.summaryRanks.end());
    noteListedGroups(out, rank, group);
    model::RankRow rr{
        rank.rank,      rank.deviceId, rank.host,  rank.source.empty() ? "unknown" : rank.source,
        rank.worldSize, rank.peers,    rank.labels};
    out.batch().ranks.push_back(rr);
    out.flushDiagnostics();
    out.flush();
}

} // namespace

void runRankJob(ImportContext& ctx, const RankGroup& group, int fallbackRank, BatchQueue* to) {
    RowEmitter out(ctx, to);
    out.setGroup(fallbackRank);
    RankState rank;
    rank.rank = group.rankHint.value_or(fallbackRank);
    // Hints come from file-name suffixes the profiler writes (profiler_info_<r>.json, *_<r>.csv), which
    // are data; directory names never give a hint.
    rank.rankFromData = group.rankHint.has_value();
    const bool hasTraceView = std::any_of(group.files.begin(), group.files.end(),
                                          [](const SourceFile& f) { return f.kind == FileKind::TraceView; });
    for (const auto& f : group.files) {
        if (ctx.cancelled()) break;
        const int32_t fileId = ctx.nextFileId.fetch_add(1);
        if (f.sizeBytes == 0) {
            out.diag(f.path, "warning", "empty file (0 bytes) skipped", 0, "");
            out.batch().files.push_back(
                {fileId, f.path, fileKindName(f.kind), rank.rank, f.sizeBytes, f.mtimeNs, 0});
            continue;
        }
        std::string error;
        int64_t records = 0;
        const bool ok = importFile(ctx, out, rank, f, fileId, hasTraceView, error, records);
        if (readWhole(f.kind)) ctx.bytesDone.fetch_add(f.sizeBytes);
        if (!ok) {
            if (ctx.cancelled()) break;
            recordUnreadable(ctx, out, f, error);
            continue;
        }
        out.batch().files.push_back(
            {fileId, f.path, fileKindName(f.kind), rank.rank, f.sizeBytes, f.mtimeNs, records});
        ctx.filesRead.fetch_add(1);
        out.maybeFlush();
    }
    finishRank(ctx, out, rank, group);
}

} // namespace rs::import
