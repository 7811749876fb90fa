#include "core/import/ascenddbimporter.h"

#include "core/import/optype.h"
#include "core/import/tracknester.h"
#include "core/index/sqlite.h"
#include "core/model/decimal.h"

#include <map>
#include <memory>
#include <unordered_map>

namespace rs::import {

namespace {

struct Track {
    int64_t id;
    std::unique_ptr<TrackNester> nester;
    std::string kind, name, process, tid;
    int64_t sortIndex;
};

bool hasTable(index::Db& db, const char* name) {
    auto q = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    q.bind(1, name);
    return q.step();
}

} // namespace

bool importAscendDb(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f, int32_t fileId,
                    std::string& error, int64_t& records) {
    records = 0;
    try {
        index::Db db(f.path, true);
        if (!hasTable(db, "TASK") || !hasTable(db, "STRING_IDS")) {
            error = f.path + ": not an Ascend profiler database (no TASK/STRING_IDS tables)";
            return false;
        }
        std::unordered_map<int64_t, std::string> str;
        {
            auto q = db.prepare("SELECT id, value FROM STRING_IDS");
            while (q.step())
                str.emplace(q.i64(0), q.text(1));
        }
        auto S = [&](int64_t id) -> const std::string& {
            static const std::string empty;
            auto it = str.find(id);
            return it == str.end() ? empty : it->second;
        };
        if (hasTable(db, "RANK_DEVICE_MAP")) {
            auto q = db.prepare("SELECT rankId, deviceId FROM RANK_DEVICE_MAP LIMIT 1");
            if (q.step()) {
                if (!q.isNull(0) && q.i64(0) >= 0) {
                    rank.rank = int(q.i64(0));
                    rank.rankFromData = true;
                }
                if (!q.isNull(1)) rank.deviceId = q.i64(1);
            }
        }
        if (rank.source.empty()) rank.source = "ascend-db";
        LocalInterner strings(ctx.strings);
        std::map<std::string, Track> tracks;
        Batch* b = &out.batch();
        auto track = [&](const std::string& key, const std::string& kind, const std::string& name,
                         const std::string& process, int64_t sortIndex) -> Track& {
            auto it = tracks.find(key);
            if (it != tracks.end()) return it->second;
            Track t{ctx.nextTrackId.fetch_add(1), nullptr, kind, name, process, key, sortIndex};
            t.nester = std::make_unique<TrackNester>(t.id);
            return tracks.emplace(key, std::move(t)).first->second;
        };
        std::unordered_map<std::string, int32_t> opTypeOfName;
        auto emit = [&](Track& t, int64_t start, int64_t end, const std::string& name,
                        const std::string& opType) {
            int32_t nameId = strings.intern(name);
            int32_t opId = strings.intern(opType.empty() ? deriveOpType(name) : opType);
            int64_t dur = std::max<int64_t>(0, end - start);
            int depth = t.nester->add(start, dur, nameId, b->lods);
            b->spans.push_back({t.id, start, dur, nameId, opId, 0, depth, fileId, -1});
            if (++records % 4096 == 0) {
                out.maybeFlush();
                b = &out.batch();
            }
        };
        // Device tasks: compute kernels by stream; HCCL tasks by plane. Ordered per track for nesting.
        bool hasCti = hasTable(db, "COMPUTE_TASK_INFO"), hasComm = hasTable(db, "COMMUNICATION_TASK_INFO");
        {
            std::string sql =
                "SELECT t.startNs, t.endNs, t.streamId, t.taskType, " +
                std::string(hasCti ? "c.name, c.opType" : "NULL, NULL") + ", " +
                (hasComm ? "m.planeId, m.taskType" : "NULL, NULL") + " FROM TASK t " +
                (hasCti ? "LEFT JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId " : "") +
                (hasComm ? "LEFT JOIN COMMUNICATION_TASK_INFO m ON m.globalTaskId = t.globalTaskId " : "") +
                "ORDER BY " + (hasComm ? "m.planeId IS NOT NULL, m.planeId, " : "") + "t.streamId, t.startNs";
            auto q = db.prepare(sql);
            while (q.step()) {
                if (ctx.cancelled()) return false;
                if (!q.isNull(6)) {
                    int64_t plane = q.i64(6);
                    Track& t = track("plane:" + std::to_string(plane), "communication",
                                     "Plane " + std::to_string(plane), "HCCL", plane + 1);
                    emit(t, q.i64(0), q.i64(1), S(q.i64(7)), "");
                } else {
                    int64_t stream = q.i64(2);
                    Track& t = track("stream:" + std::to_string(stream), "compute",
                                     "Stream " + std::to_string(stream), "Ascend Hardware", stream);
                    bool kernel = !q.isNull(4);
                    emit(t, q.i64(0), q.i64(1), kernel ? S(q.i64(4)) : S(q.i64(3)),
                         kernel ? S(q.i64(5)) : "");
                }
            }
        }
        // Collectives: one Group track per communication group, on the same process as the planes.
        if (hasTable(db, "COMMUNICATION_OP")) {
            std::map<int64_t, int> groupIndex;
            auto q = db.prepare("SELECT opName, startNs, endNs, groupName, waitNs FROM COMMUNICATION_OP "
                                "ORDER BY groupName, startNs");
            while (q.step()) {
                int idx = groupIndex.emplace(q.i64(3), int(groupIndex.size())).first->second;
                Track& t = track("group:" + std::to_string(q.i64(3)), "communication",
                                 "Group " + std::to_string(idx) + " Communication", "HCCL", 0);
                emit(t, q.i64(1), q.i64(2), S(q.i64(0)), "");
            }
        }
        // Host API calls (startNs is TEXT in this table).
        if (hasTable(db, "PYTORCH_API")) {
            auto q = db.prepare("SELECT startNs, endNs, globalTid, name FROM PYTORCH_API ORDER BY globalTid, "
                                "CAST(startNs AS INTEGER)");
            while (q.step()) {
                auto s = model::parseI64(q.text(0)), e = model::parseI64(q.text(1));
                if (!s || !e) {
                    out.diag(f.path, "warning", "PYTORCH_API row with a bad startNs/endNs", -1, q.text(0));
                    continue;
                }
                int64_t tid = q.i64(2) & 0xffffffffLL;
                Track& t = track("host:" + std::to_string(q.i64(2)), "host", "Thread " + std::to_string(tid),
                                 "Python", tid);
                const std::string& name = S(q.i64(3));
                emit(t, *s, *e, name, name);
                if (name.rfind("ProfilerStep#", 0) == 0)
                    if (auto n = model::parseI64(std::string_view(name).substr(13))) {
                        b->steps.push_back({rank.rank, *n, *s, *e, "trace"});
                        rank.haveTraceSteps = true;
                    }
            }
        }
        if (hasTable(db, "STEP_TIME")) {
            auto q = db.prepare("SELECT id, startNs, endNs FROM STEP_TIME ORDER BY startNs");
            while (q.step())
                b->steps.push_back({rank.rank, q.i64(0), q.i64(1), q.i64(2), "step_time"});
        }
        if (hasTable(db, "MEMORY_RECORD")) {
            auto q = db.prepare("SELECT component, timestamp, totalAllocated, totalReserved, totalActive "
                                "FROM MEMORY_RECORD ORDER BY timestamp");
            auto opt = [&](int c) { return q.isNull(c) ? std::nullopt : std::optional<int64_t>(q.i64(c)); };
            while (q.step())
                b->memory.push_back({rank.rank, q.i64(1), S(q.i64(0)), opt(2), opt(3), opt(4)});
        }
        if (hasTable(db, "OP_MEMORY")) {
            auto q =
                db.prepare("SELECT name, size, allocationTime, releaseTime, deviceId, rowid FROM OP_MEMORY");
            while (q.step()) {
                TensorRow t;
                t.rank = rank.rank;
                t.tensorId = "db" + std::to_string(q.i64(5));
                t.opName = S(q.i64(0));
                t.sizeBytes = q.i64(1);
                if (!q.isNull(2)) t.allocNs = q.i64(2);
                if (!q.isNull(3) && q.text(3) != "") t.freeNs = q.i64(3);
                if (!q.isNull(4)) t.deviceId = q.i64(4);
                t.source = "op_memory_db";
                b->tensors.push_back(std::move(t));
            }
        }
        for (auto& [key, t] : tracks) {
            t.nester->finish(b->lods);
            b->tracks.push_back({t.id, rank.rank, t.kind, t.name, t.process, "db", t.tid, t.sortIndex,
                                 t.nester->count(), t.nester->unsorted() ? -1 : t.nester->maxDepth()});
        }
        ctx.eventsDone.fetch_add(records);
        ctx.bytesDone.fetch_add(f.sizeBytes);
        return true;
    } catch (const std::exception& e) {
        error = f.path + ": " + e.what();
        return false;
    }
}

} // namespace rs::import
