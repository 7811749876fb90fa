#include "core/import/ascenddbimporter.h"

#include "core/import/commtasklinks.h"
#include "core/import/dbcounters.h"
#include "core/import/dbflowlinks.h"
#include "core/import/npuopmem.h"
#include "core/import/parallelgroups.h"
#include "core/import/producerdb.h"
#include "core/import/profilelabels.h"
#include "core/import/shapetext.h"
#include "core/import/sqlitedamage.h"

#include "core/import/dbcolumns.h"
#include "core/index/sqlite.h"
#include "core/index/untrusted.h"
#include "core/model/decimal.h"
#include "core/model/memoryrows.h"
#include "core/model/optype.h"
#include "core/model/tracknester.h"

#include <cctype>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace rs::import {

namespace {

struct Track {
    int64_t id;
    std::unique_ptr<model::TrackNester> nester;
    model::TrackKind kind;
    std::string name, process, tid;
    int64_t sortIndex;
    model::TrackRole role = model::TrackRole::None;
    std::optional<int64_t> plane;
};

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v)
        s += (s.empty() ? "" : ", ") + x;
    return s;
}

/// One .db file's import: each table is read by its own step, and each step first checks that the
/// columns it needs exist. A missing optional column reads as NULL; a missing required one skips that
/// table with a diagnostic naming the table and columns. Only TASK and STRING_IDS are essential.
class DbImport {
  public:
    DbImport(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f, int32_t fileId)
        : m_ctx(ctx), m_out(out), m_rank(rank), m_file(f), m_fileId(fileId), m_source(f.path),
          m_db(m_source.db()),
          // the file is untrusted: no schema functions beyond innocuous ones, bounded values, cancellable
          m_guard(m_db.raw(), std::chrono::minutes(30), ctx.cancel), m_cols(m_db), m_strings(ctx.strings),
          m_batch(&out.batch()) {}

    bool run(std::string& error) {
        if (!m_cols.hasTable("TASK") || !m_cols.hasTable("STRING_IDS")) {
            error = m_file.path + ": not an Ascend profiler database (no TASK/STRING_IDS tables)";
            if (std::string d = describeSqliteDamage(m_file.path); !d.empty()) error += "; " + d;
            return false;
        }
        if (!usable("STRING_IDS", {"id", "value"}, "names") ||
            !usable("TASK", {"startNs", "endNs"}, "device tasks")) {
            error =
                m_file.path + ": TASK/STRING_IDS lack the columns every Ascend export has (see diagnostics)";
            return false;
        }
        if (!m_source.note().empty()) m_out.diag(m_file.path, "info", m_source.note(), -1, "");
        readStrings();
        readRank();
        readPeers();
        readLabels();
        if (m_rank.source.empty()) m_rank.source = "ascend-db";
        if (!importTasks()) return false;
        importCollectives();
        readCommTaskLinks(m_db, m_cols, m_str, m_rank, m_file, m_out);
        if (!importHostApi() || !importCannApi()) return false;
        importSteps();
        emitFlows();
        importMemoryRecord();
        importOpMemory();
        importModuleMemory();
        m_records += readDbCounters(m_db, m_cols, m_str, m_rank, m_file, m_ctx.nextTrackId, m_out);
        m_batch = &m_out.batch(); // the counters may have handed the batch over
        noteUnreadTables();
        finish();
        return true;
    }
    int64_t records() const { return m_records; }

  private:
    /// True when `table` exists and has `required`; otherwise a diagnostic (when the table exists).
    bool usable(const std::string& table, const std::vector<std::string>& required, const std::string& what) {
        if (!m_cols.hasTable(table)) return false;
        auto miss = m_cols.missing(table, required);
        if (miss.empty()) return true;
        m_out.diag(m_file.path, "warning",
                   table + " lacks column(s) " + joined(miss) + " (another export version): " + what +
                       " not read",
                   -1, "");
        return false;
    }
    /// Notes optional columns that are absent, once per table, so a degraded read is never silent.
    void noteOptional(const std::string& table, const std::vector<std::string>& optional,
                      const std::string& what) {
        auto miss = m_cols.missing(table, optional);
        if (!miss.empty())
            m_out.diag(m_file.path, "info", table + " has no column(s) " + joined(miss) + ": " + what, -1,
                       "");
    }
    const std::string& S(int64_t id) const {
        static const std::string empty;
        auto it = m_str.find(id);
        return it == m_str.end() ? empty : it->second;
    }
    void readStrings() {
        auto q = m_db.prepare("SELECT id, value FROM STRING_IDS");
        while (q.step())
            m_str.emplace(q.i64(0), q.text(1));
    }
    void readRank() {
        if (!usable("RANK_DEVICE_MAP", {"rankId"}, "the rank id")) return;
        auto q = m_db.prepare("SELECT rankId, " + m_cols.orNull("RANK_DEVICE_MAP", "deviceId") +
                              " FROM RANK_DEVICE_MAP LIMIT 1");
        if (!q.step()) return;
        if (!q.isNull(0) && q.i64(0) >= 0 && q.i64(0) <= INT32_MAX) {
            m_rank.rank = int(q.i64(0));
            m_rank.rankFromData = true;
        }
        if (!q.isNull(1)) m_rank.deviceId = q.i64(1);
    }
    /// The ranks this one exchanged data with (COMMUNICATION_TASK_INFO's srcRank/dstRank; UINT32_MAX marks
    /// a task without a peer), as the text export's communication_matrix.json tells them: one rank of an
    /// 8-device job is then "1 of at least 8 ranks", not a complete run whose waits could be blamed.
    void readPeers() {
        if (!m_cols.has("COMMUNICATION_TASK_INFO", "srcRank") ||
            !m_cols.has("COMMUNICATION_TASK_INFO", "dstRank"))
            return;
        auto q = m_db.prepare("SELECT srcRank FROM COMMUNICATION_TASK_INFO UNION SELECT dstRank FROM "
                              "COMMUNICATION_TASK_INFO");
        while (q.step())
            if (!q.isNull(0) && q.i64(0) >= 0 && q.i64(0) < int64_t(UINT32_MAX) && q.i64(0) <= INT32_MAX)
                m_rank.peers.insert(int(q.i64(0)));
    }
    /// NPU_INFO names the card (the text export does not); META_DATA holds add_metadata's keys beside the
    /// schema version and the environment (not kept); the file's name says which framework wrote it.
    void readLabels() {
        const std::string file = std::filesystem::path(m_file.path).filename().string();
        if (file.rfind("ascend_pytorch_profiler", 0) == 0) setLabel(m_rank, "framework", "torch_npu");
        if (file.rfind("ascend_mindspore_profiler", 0) == 0) setLabel(m_rank, "framework", "mindspore");
        if (m_cols.hasTable("NPU_INFO") && m_cols.missing("NPU_INFO", {"id", "name"}).empty()) {
            // the rank's own card when the table lists it, else every card named
            std::string names;
            for (bool own : {true, false}) {
                auto q = m_db.prepare(std::string("SELECT DISTINCT CAST(name AS TEXT) FROM NPU_INFO") +
                                      (own ? " WHERE id = ?" : "") + " LIMIT 8");
                if (own) q.bind(1, m_rank.deviceId);
                while (q.step())
                    if (!q.isNull(0) && !q.text(0).empty()) names += (names.empty() ? "" : " + ") + q.text(0);
                if (!names.empty()) break;
            }
            setLabel(m_rank, "hardware", names);
        }
        if (m_cols.hasTable("META_DATA") && m_cols.missing("META_DATA", {"name", "value"}).empty()) {
            auto q = m_db.prepare(
                "SELECT CAST(name AS TEXT), CAST(value AS TEXT) FROM META_DATA WHERE name IS NOT NULL "
                "AND name <> 'ENV_VARIABLES' AND name NOT LIKE 'SCHEMA_VERSION%' LIMIT 256");
            while (q.step()) {
                if (q.text(0) == "parallel_group_info") // the communication groups, not a user's key
                    readParallelGroupsText(q.isNull(1) ? "" : q.text(1), m_rank, "META_DATA", m_file.path,
                                           m_out);
                else
                    setUserLabel(m_rank, q.text(0), q.isNull(1) ? "" : q.text(1));
            }
        }
    }
    Track& track(const std::string& key, model::TrackKind kind, const std::string& name,
                 const std::string& process, int64_t sortIndex,
                 model::TrackRole role = model::TrackRole::None,
                 std::optional<int64_t> plane = std::nullopt) {
        auto it = m_tracks.find(key);
        if (it != m_tracks.end()) return it->second;
        Track t{m_ctx.nextTrackId.fetch_add(1), nullptr, kind, name, process, key, sortIndex, role, plane};
        t.nester = std::make_unique<model::TrackNester>(t.id);
        return m_tracks.emplace(key, std::move(t)).first->second;
    }
    /// The host-thread lane of a globalTid (the high 32 bits are the process id, the low the thread id)
    /// under `process` ("Python" for PYTORCH_API, "CANN" for CANN_API), named as the text export's lanes
    /// are: "Thread <tid> (Python <pid>)". One thread makes both kinds of calls, so without the process the
    /// two lanes read the same (walk17b #12: "Thread 3136493" twice on db/level1).
    Track& threadTrack(const std::string& keyPrefix, int64_t globalTid, const std::string& process) {
        const int64_t tid = globalTid & 0xffffffffLL, pid = (globalTid >> 32) & 0xffffffffLL;
        const std::string owner = pid > 0 ? process + " " + std::to_string(pid) : process;
        return track(keyPrefix + std::to_string(globalTid), model::TrackKind::Host,
                     "Thread " + std::to_string(tid) + " (" + owner + ")", process, tid);
    }
    void emit(Track& t, int64_t start, int64_t end, const std::string& name, const std::string& opType) {
        int32_t nameId = m_strings.intern(name);
        int32_t opId = m_strings.intern(opType.empty() ? model::deriveOpType(name) : opType);
        int64_t dur = end > start ? end - start : 0;
        int depth = t.nester->add(start, dur, nameId, m_batch->lods);
        m_batch->spans.push_back({t.id, start, dur, nameId, opId, 0, depth, m_fileId, -1});
        if (++m_records % 4096 == 0) {
            m_out.maybeFlush();
            m_batch = &m_out.batch();
        }
    }
    /// The kernel's input shapes (COMPUTE_TASK_INFO inputShapes / inputDataTypes), for latency by shape.
    void shape(int64_t start, int64_t end, const std::string& name, const std::string& opType,
               const std::string& shapes, const std::string& dtypes) {
        const std::string s = cleanShapeText(shapes);
        if (s.empty()) return;
        m_batch->shapes.push_back({m_rank.rank, start, end > start ? end - start : 0,
                                   m_strings.intern(opType.empty() ? model::deriveOpType(name) : opType),
                                   m_strings.intern(s), m_strings.intern(cleanShapeText(dtypes))});
    }
    /// A row whose start or end is NULL or not an integer cannot be placed: counted, never put at ts 0.
    bool timesOk(index::Stmt& q, int startCol, int endCol, const char* table) {
        if (!q.isNull(startCol) && !q.isNull(endCol) && q.isInteger(startCol) && q.isInteger(endCol) &&
            model::timeInRange(q.i64(startCol)) && model::timeInRange(q.i64(endCol)))
            return true;
        m_out.diag(m_file.path, "warning",
                   std::string(table) + " row with a NULL, non-integer or out-of-range start/end (skipped)",
                   -1, q.isNull(startCol) ? "NULL" : q.text(startCol));
        return false;
    }
    // Device tasks: compute kernels by stream; HCCL tasks by plane. Ordered per track for nesting.
    bool importTasks() {
        const bool cti = usable("COMPUTE_TASK_INFO", {"globalTaskId", "name"}, "kernel names") &&
                         m_cols.has("TASK", "globalTaskId");
        const bool comm = usable("COMMUNICATION_TASK_INFO", {"globalTaskId", "planeId"}, "HCCL planes") &&
                          m_cols.has("TASK", "globalTaskId");
        if (cti) noteOptional("COMPUTE_TASK_INFO", {"opType"}, "op types derived from the kernel names");
        noteOptional("TASK", {"streamId", "taskType"}, "tasks without them go to stream 0 / unnamed");
        std::string sql =
            "SELECT t.startNs, t.endNs, " + m_cols.orNull("TASK", "streamId", "t") + ", " +
            m_cols.orNull("TASK", "taskType", "t") + ", " +
            (cti ? "c.name, " + m_cols.orNull("COMPUTE_TASK_INFO", "opType", "c") : "NULL, NULL") + ", " +
            (comm ? "m.planeId, " + m_cols.orNull("COMMUNICATION_TASK_INFO", "taskType", "m")
                  : "NULL, NULL") +
            ", " +
            (cti ? m_cols.orNull("COMPUTE_TASK_INFO", "inputShapes", "c") + ", " +
                       m_cols.orNull("COMPUTE_TASK_INFO", "inputDataTypes", "c")
                 : "NULL, NULL") +
            ", " + collectiveOfTask(comm) + ", " + m_cols.orNull("TASK", "connectionId", "t") +
            " FROM TASK t " +
            (cti ? "LEFT JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId " : "") +
            (comm ? "LEFT JOIN COMMUNICATION_TASK_INFO m ON m.globalTaskId = t.globalTaskId " : "") +
            "ORDER BY " + (comm ? "m.planeId IS NOT NULL, m.planeId, " : "") +
            (m_cols.has("TASK", "streamId") ? "t.streamId, " : "") + "t.startNs";
        auto q = m_db.prepare(sql);
        while (q.step()) {
            if (m_ctx.cancelled()) return false;
            if (!timesOk(q, 0, 1, "TASK")) continue;
            if (!q.isNull(6)) {
                int64_t plane = q.i64(6);
                // 0xFFFFFFFF (or -1) is the exporter's "no plane", not plane 4294967295
                const bool noPlane = plane == 0xFFFFFFFFLL || plane < 0;
                Track& t = track("plane:" + std::to_string(plane), model::TrackKind::Communication,
                                 noPlane ? std::string("Plane (none)") : "Plane " + std::to_string(plane),
                                 "HCCL", noPlane ? INT32_MAX : plane + 1, model::TrackRole::CommPlane,
                                 noPlane ? std::nullopt : std::optional<int64_t>(plane));
                emit(t, q.i64(0), q.i64(1), q.isNull(7) ? "" : S(q.i64(7)), "");
            } else if (q.isNull(4) && !q.isNull(10)) {
                ++m_collectiveTasks; // the collective's own device task: its Group lane shows it
            } else {
                int64_t stream = q.isNull(2) ? 0 : q.i64(2);
                Track& t = track("stream:" + std::to_string(stream), model::TrackKind::Compute,
                                 "Stream " + std::to_string(stream), "Ascend Hardware", stream);
                if (!q.isNull(11)) m_flows.addDeviceEnd(q.i64(11), {t.id, q.i64(0)});
                bool kernel = !q.isNull(4);
                emit(t, q.i64(0), q.i64(1),
                     kernel        ? S(q.i64(4))
                     : q.isNull(3) ? ""
                                   : S(q.i64(3)),
                     kernel && !q.isNull(5) ? S(q.i64(5)) : "");
                if (kernel && !q.isNull(8))
                    shape(q.i64(0), q.i64(1), S(q.i64(4)), q.isNull(5) ? "" : S(q.i64(5)), S(q.i64(8)),
                          q.isNull(9) ? "" : S(q.i64(9)));
            }
        }
        noteCollectiveTasks();
        return true;
    }
    /// SQL of a TASK row's collective (its COMMUNICATION_OP's opName, NULL when none): the exporter gives the
    /// device task that holds a collective's HCCL tasks (same stream, task id and connectionId; depth 0)
    /// the task type AI_CORE and no COMPUTE_TASK_INFO row (level1 sample: 4 such tasks on stream 4, each
    /// spanning its hcom_allReduce_ within 1.5 µs). Named by its type it showed as an 88 ms "AI_CORE"
    /// kernel; it is the collective, which COMMUNICATION_OP already puts on its Group lane, so it is not
    /// emitted again (the text export's trace_view has no such task either).
    /// Only with COMMUNICATION_TASK_INFO: without it the HCCL tasks themselves share the connectionId and
    /// have no other lane than their stream; only depth 0 (the holder) when TASK says depths.
    std::string collectiveOfTask(bool commTaskInfo) {
        if (!commTaskInfo || !m_cols.has("TASK", "connectionId") ||
            !m_cols.has("COMMUNICATION_OP", "connectionId") || !m_cols.has("COMMUNICATION_OP", "opName"))
            return "NULL";
        return std::string("(SELECT o.opName FROM COMMUNICATION_OP o WHERE o.connectionId = t.connectionId") +
               (m_cols.has("TASK", "depth") ? " AND coalesce(t.depth, 0) = 0" : "") + " LIMIT 1)";
    }
    void noteCollectiveTasks() {
        if (m_collectiveTasks == 0) return;
        m_out.diag(m_file.path, "info",
                   "TASK rows without a kernel of their own that belong to a collective (their connectionId "
                   "is a COMMUNICATION_OP's; the exporter types them AI_CORE): shown once, as the collective "
                   "on its Group lane, not as AI_CORE kernels",
                   -1, std::to_string(m_collectiveTasks) + " tasks");
    }
    // Collectives: one Group track per communication group, on the same process as the planes. Their
    // waits come from the Notify_Wait tasks on the planes (waitNs, where present, is not used: it disagrees
    // with the events on the real export).
    void importCollectives() {
        if (!usable("COMMUNICATION_OP", {"opName", "startNs", "endNs"}, "collectives")) return;
        noteOptional("COMMUNICATION_OP", {"groupName"}, "all collectives on one group track");
        std::map<int64_t, int> groupIndex;
        auto q = m_db.prepare(
            "SELECT opName, startNs, endNs, " + m_cols.orNull("COMMUNICATION_OP", "groupName") + ", " +
            m_cols.orNull("COMMUNICATION_OP", "connectionId") + " FROM COMMUNICATION_OP ORDER BY 4, startNs");
        while (q.step()) {
            if (!timesOk(q, 1, 2, "COMMUNICATION_OP")) continue;
            int64_t group = q.isNull(3) ? 0 : q.i64(3);
            int idx = groupIndex.emplace(group, int(groupIndex.size())).first->second;
            Track& t = track("group:" + std::to_string(group), model::TrackKind::Communication,
                             "Group " + std::to_string(idx) + " Communication", "HCCL", 0,
                             model::TrackRole::CollectiveLane);
            emit(t, q.i64(1), q.i64(2), S(q.i64(0)), "");
            if (!q.isNull(4)) m_flows.addDeviceEnd(q.i64(4), {t.id, q.i64(1)});
        }
    }
    // Host API calls (startNs is TEXT in this table).
    bool importHostApi() {
        if (!usable("PYTORCH_API", {"startNs", "endNs", "name"}, "host API calls")) return true;
        noteOptional("PYTORCH_API", {"globalTid"}, "all host calls on one thread");
        auto q = m_db.prepare("SELECT startNs, endNs, " + m_cols.orNull("PYTORCH_API", "globalTid") +
                              ", name, " + m_cols.orNull("PYTORCH_API", "connectionId") + ", " +
                              hostCallIsQueue() + " FROM PYTORCH_API p ORDER BY 3, CAST(startNs AS INTEGER)");
        while (q.step()) {
            if (m_ctx.cancelled()) return false;
            auto s = model::parseI64(q.text(0)), e = model::parseI64(q.text(1));
            if (!s || !e) {
                m_out.diag(m_file.path, "warning", "PYTORCH_API row with a bad startNs/endNs (skipped)", -1,
                           q.text(0));
                continue;
            }
            Track& t = threadTrack("host:", q.isNull(2) ? 0 : q.i64(2), "Python");
            const std::string& name = S(q.i64(3));
            emit(t, *s, *e, name, name);
            if (!q.isNull(4)) m_flows.addHostCall(q.i64(4), {t.id, *s}, q.i64(5) != 0);
            if (name.rfind("ProfilerStep#", 0) == 0)
                if (auto n = model::parseI64(std::string_view(name).substr(13))) {
                    m_batch->steps.push_back({m_rank.rank, *n, *s, *e, "trace"});
                    m_rank.haveTraceSteps = true;
                }
        }
        return true;
    }
    /// SQL that is 1 when a PYTORCH_API row (alias p) is an Enqueue/Dequeue call: its type's ENUM_API_TYPE
    /// name is "queue"; without that table, its name says so (torch_npu names them "Enqueue" and
    /// "Dequeue@<op>").
    std::string hostCallIsQueue() const {
        if (m_cols.has("PYTORCH_API", "type") && m_cols.hasTable("ENUM_API_TYPE") &&
            m_cols.missing("ENUM_API_TYPE", {"id", "name"}).empty())
            return "coalesce((SELECT CAST(e.name AS TEXT) = 'queue' FROM ENUM_API_TYPE e WHERE e.id = "
                   "p.type), 0)";
        return "coalesce((SELECT s.value LIKE 'Enqueue%' OR s.value LIKE 'Dequeue%' FROM STRING_IDS s WHERE "
               "s.id "
               "= p.name), 0)";
    }
    /// The flow arrows the connection ids make (dbflowlinks.h), once every lane they join is read.
    void emitFlows() {
        const bool mindspore =
            std::filesystem::path(m_file.path).filename().string().rfind("ascend_mindspore_profiler", 0) == 0;
        m_flows.emit(m_db, m_cols, m_rank.rank, m_fileId, mindspore ? "mindspore_to_npu" : "torch_to_npu",
                     m_strings, m_batch->flows, m_out, m_file.path);
    }
    /// CANN API calls (acl, node, hccl, runtime levels) by host thread, on a "CANN" process as the text
    /// export's trace_view.json draws them ("CANN" / "Thread <tid>"); times are integer ns here.
    bool importCannApi() {
        if (!usable("CANN_API", {"startNs", "endNs", "name"}, "CANN API calls")) return true;
        noteOptional("CANN_API", {"globalTid"}, "all CANN calls on one thread");
        auto q =
            m_db.prepare("SELECT startNs, endNs, " + m_cols.orNull("CANN_API", "globalTid") + ", name, " +
                         m_cols.orNull("CANN_API", "connectionId") + " FROM CANN_API ORDER BY 3, startNs");
        while (q.step()) {
            if (m_ctx.cancelled()) return false;
            if (!timesOk(q, 0, 1, "CANN_API") || q.isNull(3)) continue;
            Track& t = threadTrack("cann:", q.isNull(2) ? 0 : q.i64(2), "CANN");
            emit(t, q.i64(0), q.i64(1), S(q.i64(3)), "");
            if (!q.isNull(4)) m_flows.addCannCall(q.i64(4), {t.id, q.i64(0)});
        }
        return true;
    }
    /// Every table with rows that no step above reads is named with its row count, so what the import
    /// leaves out (PMU samples, overlap bands, counters, call chains…) is never a silent drop. ENUM_*
    /// tables are lookups of ids the read tables use.
    void noteUnreadTables() {
        static const std::set<std::string> read = {
            "string_ids",       "task",           "compute_task_info", "communication_task_info",
            "communication_op", "pytorch_api",    "cann_api",          "step_time",
            "memory_record",    "op_memory",      "rank_device_map",   "npu_info",
            "meta_data",        "npu_module_mem", "npu_op_mem",        "connection_ids"};
        std::string unread;
        auto q = m_db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
        while (q.step()) {
            const std::string name = q.text(0);
            std::string lower = name;
            for (char& c : lower)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            if (read.count(lower) || dbCounterTables().count(lower) || lower.rfind("enum_", 0) == 0 ||
                lower.rfind("sqlite_", 0) == 0)
                continue;
            auto n = m_db.prepare("SELECT count(*) FROM \"" + name + "\"");
            const int64_t rows = n.step() ? n.i64(0) : 0;
            if (rows > 0) unread += (unread.empty() ? "" : ", ") + name + " (" + std::to_string(rows) + ")";
        }
        if (!unread.empty()) m_out.diag(m_file.path, "info", "tables not read (rows): " + unread, -1, "");
    }
    void importSteps() {
        if (!usable("STEP_TIME", {"id", "startNs", "endNs"}, "steps")) return;
        auto q = m_db.prepare("SELECT id, startNs, endNs FROM STEP_TIME ORDER BY startNs");
        while (q.step())
            if (timesOk(q, 1, 2, "STEP_TIME"))
                m_batch->steps.push_back({m_rank.rank, q.i64(0), q.i64(1), q.i64(2), "step_time"});
    }
    void importMemoryRecord() {
        if (!usable("MEMORY_RECORD", {"timestamp"}, "the memory curve")) return;
        noteOptional("MEMORY_RECORD", {"component", "totalAllocated", "totalReserved", "totalActive"},
                     "those curves are missing");
        const char* t = "MEMORY_RECORD";
        auto q =
            m_db.prepare("SELECT " + m_cols.orNull(t, "component") + ", timestamp, " +
                         m_cols.orNull(t, "totalAllocated") + ", " + m_cols.orNull(t, "totalReserved") +
                         ", " + m_cols.orNull(t, "totalActive") + " FROM MEMORY_RECORD ORDER BY timestamp");
        auto opt = [&](int c) { return q.isNull(c) ? std::nullopt : std::optional<int64_t>(q.i64(c)); };
        while (q.step()) {
            // a row its time cannot place still counts in the peaks, which need no time, and is never drawn:
            // as memory_record.csv's rows (csvimporter.cpp), so the .db and the text export of one run give
            // one peak
            std::optional<int64_t> ts;
            if (q.isNull(1) || !q.isInteger(1) || !model::timeInRange(q.i64(1)))
                m_out.diag(
                    m_file.path, "warning",
                    "MEMORY_RECORD row with a NULL, non-integer or out-of-range timestamp: counted in the "
                    "memory peaks, not drawn",
                    -1, "");
            else
                ts = q.i64(1);
            m_batch->memory.push_back(
                {m_rank.rank, ts, q.isNull(0) ? "" : S(q.i64(0)), opt(2), opt(3), opt(4)});
        }
    }
    /// NPU_MODULE_MEM: each CANN module's reserved bytes (moduleId into ENUM_MODULE), the memory rows
    /// npu_module_mem.csv gives in the text export (component "module:<name>").
    void importModuleMemory() {
        if (!usable("NPU_MODULE_MEM", {"moduleId", "timestampNs", "totalReserved"}, "module memory")) return;
        std::unordered_map<int64_t, std::string> modules;
        if (m_cols.hasTable("ENUM_MODULE") && m_cols.missing("ENUM_MODULE", {"id", "name"}).empty()) {
            auto e = m_db.prepare("SELECT id, CAST(name AS TEXT) FROM ENUM_MODULE");
            while (e.step())
                if (!e.isNull(0) && !e.isNull(1)) modules.emplace(e.i64(0), e.text(1));
        }
        auto q = m_db.prepare(
            "SELECT moduleId, timestampNs, totalReserved FROM NPU_MODULE_MEM ORDER BY timestampNs");
        while (q.step()) {
            std::optional<int64_t> ts; // none: counted in the peaks (the components beyond), not drawn
            if (q.isNull(1) || !q.isInteger(1) || !model::timeInRange(q.i64(1)))
                m_out.diag(
                    m_file.path, "warning",
                    "NPU_MODULE_MEM row with a NULL, non-integer or out-of-range timestampNs: counted in "
                    "the memory peaks, not drawn",
                    -1, "");
            else
                ts = q.i64(1);
            auto it = q.isNull(0) ? modules.end() : modules.find(q.i64(0));
            const std::string name = it != modules.end() ? it->second : q.isNull(0) ? "?" : q.text(0);
            auto reserved = q.isInteger(2) ? std::optional<int64_t>(q.i64(2)) : std::nullopt;
            if (!reserved)
                m_out.diag(m_file.path, "warning",
                           "NPU_MODULE_MEM totalReserved that is not an integer (empty)", -1,
                           q.isNull(2) ? "NULL" : q.text(2));
            m_batch->memory.push_back(
                {m_rank.rank, ts, "module:" + name, std::nullopt, reserved, std::nullopt});
        }
    }
    /// OP_MEMORY's tensors, each with the address of its NPU_OP_MEM allocation where it has one
    /// (npuopmem.h); NPU_OP_MEM's allocations no OP_MEMORY row lists, as tensors of their own.
    void importOpMemory() {
        NpuOpMem npu;
        npu.read(
            m_db, m_cols, [this](int64_t id) -> const std::string& { return S(id); }, m_out, m_file.path);
        importOpMemoryRows(npu);
        for (auto& row : npu.untakenTensors(m_rank.rank))
            m_batch->tensors.push_back(std::move(row));
    }
    void importOpMemoryRows(NpuOpMem& npu) {
        if (!usable("OP_MEMORY", {"size"}, "tensors")) return;
        noteOptional("OP_MEMORY", {"name", "allocationTime", "releaseTime", "deviceId"},
                     "those tensor fields are empty");
        const char* t = "OP_MEMORY";
        auto q = m_db.prepare("SELECT " + m_cols.orNull(t, "name") + ", size, " +
                              m_cols.orNull(t, "allocationTime") + ", " + m_cols.orNull(t, "releaseTime") +
                              ", " + m_cols.orNull(t, "deviceId") + ", rowid FROM OP_MEMORY");
        while (q.step()) {
            model::TensorRow row;
            row.rank = m_rank.rank;
            row.tensorId = std::string(model::kOpMemoryDbIdPrefix) + std::to_string(q.i64(5));
            if (!q.isNull(0)) row.opName = S(q.i64(0));
            row.sizeBytes = q.i64(1);
            if (!q.isNull(2) && q.isInteger(2)) row.allocNs = q.i64(2);
            if (!q.isNull(3) && q.isInteger(3)) row.freeNs = q.i64(3);
            if (!q.isNull(4)) row.deviceId = q.i64(4);
            if (row.allocNs)
                if (const auto* a = npu.take(row.opName, row.sizeBytes, *row.allocNs)) {
                    row.addr = a->addr;
                    if (!row.deviceId) row.deviceId = a->deviceId;
                }
            row.source = model::kOpMemoryDbSource;
            m_batch->tensors.push_back(std::move(row));
        }
    }
    void finish() {
        for (auto& [key, t] : m_tracks) {
            t.nester->finish(m_batch->lods);
            m_batch->tracks.push_back({t.id, m_rank.rank, t.kind, t.name, t.process, "db", t.tid, t.sortIndex,
                                       t.nester->count(), t.nester->unsorted() ? -1 : t.nester->maxDepth(),
                                       t.role, t.plane});
        }
        m_ctx.eventsDone.fetch_add(m_records);
        m_ctx.bytesDone.fetch_add(m_file.sizeBytes);
    }

    ImportContext& m_ctx;
    RowEmitter& m_out;
    RankState& m_rank;
    const SourceFile& m_file;
    int32_t m_fileId;
    ProducerDb m_source;
    index::Db& m_db;
    index::UntrustedGuard m_guard;
    DbColumns m_cols;
    LocalInterner m_strings;
    model::Batch* m_batch;
    std::unordered_map<int64_t, std::string> m_str;
    std::map<std::string, Track> m_tracks;
    int64_t m_records = 0;
    int64_t m_collectiveTasks = 0; ///< TASK rows that are a collective's device task (not emitted)
    DbFlowLinks m_flows;           ///< the arrows' ends, gathered as their lanes are read
};

} // namespace

bool importAscendDb(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f, int32_t fileId,
                    std::string& error, int64_t& records) {
    records = 0;
    try {
        DbImport imp(ctx, out, rank, f, fileId);
        bool ok = imp.run(error);
        records = imp.records();
        return ok;
    } catch (const std::exception& e) {
        // SQLite's message, without the statement it was running (ours, not the user's business), and
        // where in the file the damage is when that can be told
        std::string what = e.what();
        if (size_t in = what.find(" in: "); in != std::string::npos) what.resize(in);
        if (what.rfind(f.path + ": ", 0) == 0) what = what.substr(f.path.size() + 2);
        error = f.path + ": " + what;
        if (std::string d = describeSqliteDamage(f.path); !d.empty()) error += "; " + d;
        return false;
    }
}

} // namespace rs::import
