#include "core/index/indexwriter.h"

#include <algorithm>
#include <chrono>
#include <ctime>

#include "core/index/diagnosticsink.h"
#include "core/index/flowchunk.h"
#include "core/index/schema.h"
#include "core/model/decimal.h"
#include "core/model/tracknester.h"

#include <sqlite3.h>

namespace rs::index {

namespace {

using Clock = std::chrono::steady_clock;

struct TableSpec {
    const char* key;
    const char* table;
    const char* columns;
    int ncols;
};

constexpr TableSpec kTables[] = {
    {"span", "span", "track_id,ts_ns,dur_ns,name_id,op_type_id,cat_id,depth,file_id,file_offset", 9},
    {"long_span", "long_span", "track_id,ts_ns,end_ns,span_id", 4},
    {"counter", "counter", "track_id,ts_ns,value", 3},
    {"track", "track", "track_id,rank,kind,name,process,pid,tid,sort_index,span_count,max_depth,role,plane",
     12},
    {"lod", "lod", "track_id,level,depth,start_ns,end_ns,count,busy_ns,name_id,seq", 9},
    {"step", "step_src", "rank,step,start_ns,end_ns,source,preparing_ns,comm_recorded", 7},
    {"breakdown", "step_breakdown_src",
     "rank,step,computing_ns,comm_not_overlapped_ns,overlapped_ns,comm_ns,free_ns,stage_ns,bubble_ns,"
     "preparing_ns",
     10},
    {"producerstep", "producer_step",
     "file,line,step,type,idx,rank,computing_ns,comm_not_overlapped_ns,overlapped_ns,comm_ns,free_ns,stage_"
     "ns,"
     "bubble_ns,comm_not_overlapped_excl_recv_ns",
     14},
    {"comm", "comm_op_src",
     "rank,step,name,group_name,start_ns,elapse_ns,transit_ns,wait_ns,sync_ns,idle_ns,bytes,source,"
     "collective,"
     "point_to_point,match_by",
     15},
    {"tensor", "tensor",
     "rank,tensor_id,op_name,size_bytes,addr,alloc_ns,free_ns,alloc_step,free_step,device_id,source", 11},
    {"memory", "memory_sample", "rank,ts_ns,component,allocated_bytes,reserved_bytes,active_bytes", 6},
    {"commlink", "comm_link_src",
     "rank,step,kind_id,op_id,entry_id,sample_id,group_id,src,dst,ranks_global,transport_id,bytes,time_ns,"
     "bandwidth_gbps,op_count,op_names_id,source_id,logical",
     18},
    {"commgroup", "comm_group_src", "rank,group_name,comm_name,label,group_rank,global_ranks,source", 7},
    {"commsource", "comm_source", "rank,source,file,rows,linked,note", 6},
    {"shape", "kernel_shape", "rank,ts_ns,dur_ns,op_type_id,shapes_id,dtypes_id", 6},
    {"launch", "launch_collective", "track_id,ts_ns,collective,point_to_point,host_op_id", 5},
    {"flowchunk", "flow_chunk", "first,count,data", 3},
    {"file", "source_file", "file_id,path,format,rank,size_bytes,mtime_ns,records", 7},
};

std::string insertSql(const TableSpec& t, int rows) {
    std::string one = "(";
    for (int i = 0; i < t.ncols; ++i)
        one += i ? ",?" : "?";
    one += ")";
    std::string sql = std::string("INSERT INTO ") + t.table + "(" + t.columns + ") VALUES ";
    for (int r = 0; r < rows; ++r)
        sql += (r ? "," : "") + one;
    return sql;
}

void bindLod(Stmt& s, int k, const model::LodRow& r) {
    s.bind(k, r.trackId).bind(k + 1, r.level).bind(k + 2, int64_t(r.depth)).bind(k + 3, r.startNs);
    s.bind(k + 4, r.endNs).bind(k + 5, r.count).bind(k + 6, r.busyNs).bind(k + 7, int64_t(r.nameId));
}

double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

std::optional<int64_t> addrAsI64(const std::optional<uint64_t>& a) {
    if (!a) return std::nullopt;
    return static_cast<int64_t>(*a); // addresses are < 2^63 in practice; stored as SQLite INTEGER
}

} // namespace

struct IndexWriter::Inserter {
    static constexpr int kRows = 64;
    Stmt multi, single;
    int ncols;
    int64_t rows = 0; ///< written so far, for writeTimes()
    Clock::duration busy{};
    double cpuSeconds = 0; ///< the writer thread's CPU time in it: the wall time counts the parsers' too
};

IndexWriter::IndexWriter(Db& db) : m_db(db) {
    for (const auto& t : kTables) {
        auto ins = std::make_unique<Inserter>();
        ins->multi = m_db.prepare(insertSql(t, Inserter::kRows));
        ins->single = m_db.prepare(insertSql(t, 1));
        ins->ncols = t.ncols;
        m_ins.emplace(t.key, std::move(ins));
    }
    m_db.exec("BEGIN");
}

IndexWriter::~IndexWriter() = default;

CommTextInterner& IndexWriter::commText() {
    if (!m_commText) m_commText = std::make_unique<CommTextInterner>(m_db);
    return *m_commText;
}

template <class T, class F>
void IndexWriter::insert(const char* key, const std::vector<T>& rows, F&& bindRow) {
    Inserter& ins = *m_ins.at(key);
    if (rows.empty()) return;
    const auto t0 = Clock::now();
    const double cpu0 = threadCpuSeconds();
    size_t i = 0;
    for (; i + Inserter::kRows <= rows.size(); i += Inserter::kRows) {
        for (int r = 0; r < Inserter::kRows; ++r)
            bindRow(ins.multi, r * ins.ncols + 1, rows[i + size_t(r)]);
        ins.multi.run(); // every parameter is bound again before the next run: no clearing
    }
    for (; i < rows.size(); ++i) {
        bindRow(ins.single, 1, rows[i]);
        ins.single.run();
    }
    ins.rows += int64_t(rows.size());
    ins.busy += Clock::now() - t0;
    ins.cpuSeconds += threadCpuSeconds() - cpu0;
}

void IndexWriter::insertLods(const std::vector<model::LodRow>& lods) {
    // seq numbers the rows in write order: the clustered key's tie-breaker (schema.cpp). Sorting a batch's
    // rows by key first did not make the b-tree's inserts cheaper (same CPU on the 1 GB Ascend bench).
    const int64_t first = m_ins.at("lod")->rows;
    insert("lod", lods, [&](Stmt& s, int k, const model::LodRow& r) {
        bindLod(s, k, r);
        s.bind(k + 8, first + (&r - lods.data()));
    });
}

std::vector<IndexWriter::TableLap> IndexWriter::writeTimes() const {
    std::vector<TableLap> laps;
    for (const auto& [key, ins] : m_ins)
        if (ins->rows > 0)
            laps.push_back(
                {key, ins->rows, std::chrono::duration<double>(ins->busy).count(), ins->cpuSeconds});
    return laps;
}

void IndexWriter::expectLastRowid(const char* table, int64_t lastId, size_t rows) {
    if (rows > 0 && sqlite3_last_insert_rowid(m_db.raw()) != lastId)
        throw SqlError(std::string("the rowids of ") + table + " are out of step with the rows written");
}

int IndexWriter::rankKey(int group, int dataRank) {
    auto it = m_rankKeys.find({group, dataRank});
    if (it != m_rankKeys.end()) return it->second;
    int64_t key = dataRank;
    for (int64_t k = 1; m_usedKeys.count(int(key)) && key <= INT32_MAX; ++k)
        key = int64_t(dataRank) + int64_t(kRankKeyStride) * k;
    if (key > INT32_MAX) // a rank number near the int limit claimed twice: the highest free key
        for (key = INT32_MAX; m_usedKeys.count(int(key)); --key) {
        }
    m_usedKeys.insert(int(key));
    m_dataRank[int(key)] = dataRank;
    m_rankKeys[{group, dataRank}] = int(key);
    m_holders[dataRank].push_back({group, int(key)});
    return int(key);
}

void IndexWriter::keyRanks(model::Batch& b) {
    auto key = [&](auto& rows) {
        for (auto& r : rows)
            r.rank = rankKey(b.group, r.rank);
    };
    key(b.tracks);
    key(b.steps);
    key(b.breakdowns);
    key(b.commOps);
    key(b.commLinks);
    key(b.commGroups);
    key(b.commSources);
    key(b.tensors);
    key(b.shapes);
    key(b.memory);
    // not b.flows: a flow event keeps its data rank (core/index/flowchunk.h)
    key(b.files);
    for (auto& f : b.files)
        m_groupBytes[b.group] += f.sizeBytes;
    for (auto& r : b.ranks)
        r.rank = rankKey(b.group, r.rank); // after the others: the data rank is read below from the map
}

void IndexWriter::orderCollidingRanks() {
    static const char* tables[] = {"track",         "step_src",       "step_breakdown_src", "comm_op_src",
                                   "tensor",        "kernel_shape",   "memory_sample",      "source_file",
                                   "comm_link_src", "comm_group_src", "comm_source",        "rank_info",
                                   "label"};
    for (auto& [dataRank, holders] : m_holders) {
        if (holders.size() < 2) continue;
        // the source with the most bytes keeps the plain number (the main run), then discovery order
        std::vector<std::pair<int, int>> byGroup = holders; // (group, current key)
        std::sort(byGroup.begin(), byGroup.end(), [&](const auto& a, const auto& b) {
            int64_t ba = m_groupBytes[a.first], bb = m_groupBytes[b.first];
            return ba != bb ? ba > bb : a.first < b.first;
        });
        std::vector<int> keys;
        for (auto& h : holders)
            keys.push_back(h.second);
        std::sort(keys.begin(), keys.end());
        bool inOrder = true;
        for (size_t i = 0; i < byGroup.size(); ++i)
            inOrder &= byGroup[i].second == keys[i];
        if (!inOrder)
            for (const char* t : tables) {
                std::string tn(t);
                for (auto& [g, cur] : byGroup) // park every key at -1 - key, then give each its place
                    m_db.prepare("UPDATE " + tn + " SET rank = ? WHERE rank = ?")
                        .bind(1, -1 - cur)
                        .bind(2, cur)
                        .exec();
                for (size_t i = 0; i < byGroup.size(); ++i)
                    m_db.prepare("UPDATE " + tn + " SET rank = ? WHERE rank = ?")
                        .bind(1, keys[i])
                        .bind(2, -1 - byGroup[i].second)
                        .exec();
            }
        std::string shown;
        for (int k : keys)
            shown += (shown.empty() ? "" : ", ") + std::to_string(k);
        model::DiagnosticRow d{"(profile)",
                               "info",
                               "rank " + std::to_string(dataRank) + " is claimed by " +
                                   std::to_string(keys.size()) +
                                   " sources (several runs in one folder?): indexed as ranks " + shown,
                               1,
                               -1,
                               ""};
        m_diags.emplace(std::make_pair(d.file, d.what), d);
    }
}

void IndexWriter::write(model::Batch& b) {
    keyRanks(b);
    writeTraceRows(b);
    writeProfileRows(b);
    writeRanks(b);
    for (auto& d : b.diagnostics) {
        auto key = std::make_pair(d.file, d.what);
        auto it = m_diags.find(key);
        if (it == m_diags.end())
            m_diags.emplace(key, d);
        else
            it->second.count += d.count;
    }
}

void IndexWriter::writeTraceRows(const model::Batch& b) {
    using namespace model;
    // Span ids are SQLite's rowids in arrival order: only this writer appends to the table, so they are known
    // here and the long spans can name theirs. SQLite gives them itself: a bound id cost a b-tree seek per
    // row (the primary key check); with the cleared bindings, 0.80 against 0.55 s of CPU for 2 M span rows.
    const int64_t firstId = m_spans + 1;
    m_spans += int64_t(b.spans.size());
    insert("span", b.spans, [](Stmt& s, int k, const SpanRow& r) {
        s.bind(k, r.trackId).bind(k + 1, r.tsNs).bind(k + 2, r.durNs).bind(k + 3, int64_t(r.nameId));
        s.bind(k + 4, int64_t(r.opTypeId)).bind(k + 5, int64_t(r.catId)).bind(k + 6, int64_t(r.depth));
        s.bind(k + 7, int64_t(r.fileId)).bind(k + 8, r.fileOffset);
    });
    expectLastRowid("span", m_spans, b.spans.size());
    writeLongSpans(b.spans, firstId);
    insert("counter", b.counters, [](Stmt& s, int k, const CounterRow& r) {
        s.bind(k, r.trackId).bind(k + 1, r.tsNs).bind(k + 2, r.value);
    });
    insert("track", b.tracks, [](Stmt& s, int k, const TrackRow& r) {
        s.bind(k, r.trackId)
            .bind(k + 1, r.rank)
            .bind(k + 2, sqlText(r.kind))
            .bind(k + 3, r.name)
            .bind(k + 4, r.process);
        s.bind(k + 5, r.pid).bind(k + 6, r.tid).bind(k + 7, r.sortIndex).bind(k + 8, r.spanCount);
        s.bind(k + 9, int64_t(r.maxDepth));
        if (r.role == model::TrackRole::None)
            s.bindNull(k + 10);
        else
            s.bind(k + 10, sqlText(r.role));
        s.bind(k + 11, r.plane);
    });
    insertLods(b.lods);
    // the flow events are numbered in write order, so the batch's run of numbers is known (load_range)
    const int64_t firstFlow = m_flows + 1;
    m_flows += int64_t(b.flows.size());
    writeFlowChunk(b.flows, firstFlow);
    m_loadRanges.add(b.group, firstId, int64_t(b.spans.size()), firstFlow, int64_t(b.flows.size()));
}

void IndexWriter::writeFlowChunk(const std::vector<model::FlowRow>& flows, int64_t first) {
    struct Chunk {
        int64_t first, count;
    };
    if (flows.empty()) return;
    // encoded inside insert() so that its lap counts the encoding; one chunk row per batch
    insert("flowchunk", std::vector<Chunk>{{first, int64_t(flows.size())}},
           [this, &flows](Stmt& s, int k, const Chunk& c) {
               encodeFlowChunk(flows, m_flowBytes);
               s.bind(k, c.first).bind(k + 1, c.count).bindBlobRef(k + 2, m_flowBytes);
           });
}

void IndexWriter::writeProfileRows(const model::Batch& b) {
    using namespace model;
    insert("step", b.steps, [](Stmt& s, int k, const StepRow& r) {
        s.bind(k, r.rank)
            .bind(k + 1, r.step)
            .bind(k + 2, r.startNs)
            .bind(k + 3, r.endNs)
            .bind(k + 4, r.source)
            .bind(k + 5, r.preparingNs)
            .bind(k + 6, int64_t(r.commRecorded));
    });
    insert("breakdown", b.breakdowns, [](Stmt& s, int k, const StepBreakdownRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.step).bind(k + 2, r.computing).bind(k + 3, r.commNotOverlapped);
        s.bind(k + 4, r.overlapped).bind(k + 5, r.comm).bind(k + 6, r.free).bind(k + 7, r.stage);
        s.bind(k + 8, r.bubble).bind(k + 9, r.preparing);
    });
    insert("producerstep", b.producerSteps, [](Stmt& s, int k, const ProducerStepRow& r) {
        s.bind(k, r.file).bind(k + 1, r.line).bind(k + 2, r.step).bind(k + 3, r.type).bind(k + 4, r.index);
        s.bind(k + 5, r.rank)
            .bind(k + 6, r.computing)
            .bind(k + 7, r.commNotOverlapped)
            .bind(k + 8, r.overlapped);
        s.bind(k + 9, r.comm).bind(k + 10, r.free).bind(k + 11, r.stage).bind(k + 12, r.bubble);
        s.bind(k + 13, r.commNotOverlappedExclRecv);
    });
    insert("comm", b.commOps, [](Stmt& s, int k, const CommOpRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.step).bind(k + 2, r.name).bind(k + 3, r.group).bind(k + 4, r.startNs);
        s.bind(k + 5, r.elapseNs).bind(k + 6, r.transitNs).bind(k + 7, r.waitNs).bind(k + 8, r.syncNs);
        s.bind(k + 9, r.idleNs).bind(k + 10, r.bytes).bind(k + 11, sqlText(r.source));
        s.bind(k + 12, r.facts.collective).bind(k + 13, int64_t(r.facts.pointToPoint));
        s.bind(k + 14, sqlText(r.facts.matchBy));
    });
    writeComm(b);
    insert("tensor", b.tensors, [](Stmt& s, int k, const TensorRow& r) {
        // the rows outlive the statement's run: their text is bound without a copy
        s.bind(k, r.rank).bindRef(k + 1, r.tensorId).bindRef(k + 2, r.opName).bind(k + 3, r.sizeBytes);
        s.bind(k + 4, addrAsI64(r.addr))
            .bind(k + 5, r.allocNs)
            .bind(k + 6, r.freeNs)
            .bind(k + 7, r.allocStep);
        s.bind(k + 8, r.freeStep).bind(k + 9, r.deviceId).bindRef(k + 10, r.source);
    });
    insert("shape", b.shapes, [](Stmt& s, int k, const KernelShapeRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.tsNs).bind(k + 2, r.durNs).bind(k + 3, int64_t(r.opTypeId));
        s.bind(k + 4, int64_t(r.shapesId)).bind(k + 5, int64_t(r.dtypesId));
    });
    insert("launch", b.launches, [](Stmt& s, int k, const LaunchCollectiveRow& r) {
        s.bind(k, r.trackId).bind(k + 1, r.tsNs).bindRef(k + 2, r.collective);
        s.bind(k + 3, int64_t(r.pointToPoint)).bind(k + 4, int64_t(r.hostOpId));
    });
    insert("memory", b.memory, [](Stmt& s, int k, const MemorySampleRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.tsNs).bindRef(k + 2, r.component).bind(k + 3, r.allocated);
        s.bind(k + 4, r.reserved).bind(k + 5, r.active);
    });
    insert("file", b.files, [](Stmt& s, int k, const FileRow& r) {
        s.bind(k, int64_t(r.fileId)).bind(k + 1, r.path).bind(k + 2, r.format).bind(k + 3, r.rank);
        s.bind(k + 4, r.sizeBytes).bind(k + 5, r.mtimeNs).bind(k + 6, r.records);
    });
}

void IndexWriter::writeRanks(const model::Batch& b) {
    for (auto& r : b.ranks) {
        int dataRank = m_dataRank.count(r.rank) ? m_dataRank[r.rank] : r.rank;
        std::string peers;
        for (int p : r.peers)
            peers += (peers.empty() ? "" : ",") + std::to_string(p);
        auto st = m_db.prepare(
            "INSERT INTO rank_info(rank, device_id, host, source, data_rank, world_size, grp, peers) "
            "VALUES(?,?,?,?,?,?,?,?) ON CONFLICT(rank) DO UPDATE SET "
            "device_id=coalesce(rank_info.device_id, excluded.device_id), "
            "world_size=coalesce(rank_info.world_size, excluded.world_size), "
            "source=rank_info.source || '+' || excluded.source");
        st.bind(1, r.rank).bind(2, r.deviceId).bind(3, r.host).bind(4, r.source).bind(5, dataRank);
        st.bind(6, r.worldSize).bind(7, b.group).bind(8, peers).exec();
        auto lab = m_db.prepare("INSERT OR IGNORE INTO label(rank, key, value) VALUES(?,?,?)");
        for (const auto& [k, v] : r.labels)
            lab.bind(1, r.rank).bind(2, k).bind(3, v).exec();
    }
}

void IndexWriter::writeComm(const model::Batch& b) {
    using namespace model;
    CommTextInterner& text = commText();
    insert("commlink", b.commLinks, [&text](Stmt& s, int k, const CommLinkRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.step).bind(k + 2, text.id(r.kind)).bind(k + 3, text.id(r.op));
        s.bind(k + 4, text.id(commEntryName(r.entry))).bind(k + 5, text.id(r.sample));
        s.bind(k + 6, text.id(r.group)).bind(k + 7, r.src).bind(k + 8, r.dst);
        s.bind(k + 9, int64_t(r.ranksGlobal)).bind(k + 10, text.id(r.transport)).bind(k + 11, r.bytes);
        s.bind(k + 12, r.timeNs).bind(k + 13, r.bandwidthGBps).bind(k + 14, r.opCount);
        s.bind(k + 15, text.id(r.opNames)).bind(k + 16, text.id(r.source)).bind(k + 17, r.dataKind());
    });
    insert("commgroup", b.commGroups, [](Stmt& s, int k, const CommGroupRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.group).bind(k + 2, r.commName).bind(k + 3, r.label);
        s.bind(k + 4, r.groupRank).bind(k + 5, r.globalRanks).bind(k + 6, r.source);
    });
    insert("commsource", b.commSources, [](Stmt& s, int k, const CommSourceRow& r) {
        s.bind(k, r.rank).bind(k + 1, r.source).bind(k + 2, r.file).bind(k + 3, r.rows).bind(k + 4, r.linked);
        s.bind(k + 5, r.note);
    });
}

// Tracks whose spans arrived out of order get their depth and LOD rebuilt from an ordered scan.
void IndexWriter::writeLongSpans(const std::vector<model::SpanRow>& spans, int64_t firstId) {
    m_long.clear();
    for (size_t i = 0; i < spans.size(); ++i)
        if (spans[i].durNs >= model::kLongSpanNs)
            m_long.push_back(
                {spans[i].trackId, spans[i].tsNs, spans[i].tsNs + spans[i].durNs, firstId + int64_t(i)});
    insert("long_span", m_long, [](Stmt& s, int k, const LongSpan& r) {
        s.bind(k, r.trackId).bind(k + 1, r.tsNs).bind(k + 2, r.endNs).bind(k + 3, r.spanId);
    });
}

void IndexWriter::writeNameFacts(const std::vector<model::NameFacts>& facts) {
    auto ins = m_db.prepare(
        "INSERT INTO name_fact(name_id, task, collective, point_to_point, match_by, compute, communication) "
        "VALUES(?,?,?,?,?,?,?)");
    for (size_t i = 0; i < facts.size(); ++i) {
        const model::NameFacts& f = facts[i];
        ins.bind(1, int64_t(i));
        if (f.task == model::TaskRole::None)
            ins.bindNull(2);
        else
            ins.bind(2, sqlText(f.task));
        ins.bind(3, f.collective).bind(4, int64_t(f.pointToPoint)).bind(5, sqlText(f.matchBy));
        ins.bind(6, int64_t(f.compute)).bind(7, int64_t(f.communication)).exec();
    }
}

void IndexWriter::renestTrack(int64_t trackId) {
    m_db.prepare("DELETE FROM lod WHERE track_id = ?").bind(1, trackId).exec();
    model::TrackNester nester(trackId);
    std::vector<model::LodRow> lods;
    auto sel = m_db.prepare("SELECT span_id, ts_ns, dur_ns, name_id FROM span WHERE track_id = ? "
                            "ORDER BY ts_ns, dur_ns DESC");
    auto upd = m_db.prepare("UPDATE span SET depth = ? WHERE span_id = ?");
    sel.bind(1, trackId);
    while (sel.step()) {
        int d = nester.add(sel.i64(1), sel.i64(2), int32_t(sel.i64(3)), lods);
        upd.bind(1, int64_t(d)).bind(2, sel.i64(0)).exec();
    }
    nester.finish(lods);
    insertLods(lods);
    m_db.prepare("UPDATE track SET max_depth = ? WHERE track_id = ?")
        .bind(1, int64_t(nester.maxDepth()))
        .bind(2, trackId)
        .exec();
}

void IndexWriter::lap(std::string name) {
    const auto now = Clock::now();
    m_finishTimes.push_back({std::move(name), std::chrono::duration<double>(now - m_lapStart).count()});
    m_lapStart = now;
}

void IndexWriter::finish(const std::vector<std::string>& strings,
                         const std::vector<model::NameFacts>& facts) {
    finishLoad(strings, facts);
    buildIndexes();
}

void IndexWriter::finishLoad(const std::vector<std::string>& strings,
                             const std::vector<model::NameFacts>& facts) {
    m_finishTimes.clear();
    m_lapStart = Clock::now();
    orderCollidingRanks(); // first: it may add a diagnostic
    {
        auto ins = m_db.prepare("INSERT INTO string(id, value) VALUES(?, ?)");
        for (size_t i = 0; i < strings.size(); ++i)
            ins.bind(1, int64_t(i)).bind(2, strings[i]).exec();
    }
    writeNameFacts(facts);
    m_loadRanges.write(m_db);
    {
        DiagnosticSink sink(m_db);
        for (auto& [k, d] : m_diags)
            sink.add(d);
    }
    m_db.exec("COMMIT");
    lap("strings, facts, diagnostics; commit the load");
}

bool IndexWriter::hasUnsortedTracks() {
    return m_db.scalar("SELECT count(*) FROM track WHERE max_depth < 0") > 0;
}

void IndexWriter::buildIndexes(bool otherCoreBusy) {
    m_lapStart = Clock::now();
    // SQLite's sorter helper threads would compete with the analysis running beside (two cores) and
    // each holds a cache-sized run of keys in memory: sort on this thread alone then
    if (otherCoreBusy) m_db.exec("PRAGMA threads=0");
    // Index builds sort every key: with temp_store=MEMORY that sort lives in RAM (≈ 480 MB peak on a 4 GB
    // profile). File-backed temporaries keep the peak bounded by the page cache instead.
    m_db.exec("PRAGMA temp_store=FILE");
    m_db.exec("BEGIN");
    for (const IndexDef& d : secondaryIndexes()) {
        m_db.exec(d.sql);
        lap(std::string("index ") + d.name);
    }
    std::vector<int64_t> unsorted;
    {
        auto q = m_db.prepare("SELECT track_id FROM track WHERE max_depth < 0");
        while (q.step())
            unsorted.push_back(q.i64(0));
    }
    for (int64_t track : unsorted)
        renestTrack(track);
    lap("re-nest " + std::to_string(unsorted.size()) + " unsorted tracks");
    // how far back a frame must look for a long span still covering its start, per track
    m_db.exec("INSERT INTO long_span_track(track_id, max_dur_ns) SELECT track_id, max(end_ns - ts_ns) FROM "
              "long_span GROUP BY track_id");
    finishSteps();
    createViews(m_db);
    lap("long spans, steps, views");
    m_db.exec("COMMIT");
    if (otherCoreBusy) m_db.exec("PRAGMA threads=2"); // as applyBulkPragmas had it
    lap("commit the indexes");
}

void IndexWriter::finishSteps() {
    // Canonical steps: the trace's ProfilerStep windows (or CANN's Iteration markers) win over kernel_details
    // and legacy files. A rank without any gets one step 0 covering its whole trace.
    m_db.exec(R"SQL(
INSERT OR IGNORE INTO step(rank, step, start_ns, end_ns, source, preparing_ns, comm_recorded)
  SELECT rank, step, min(start_ns), max(end_ns), source, max(preparing_ns), min(coalesce(comm_recorded, 1))
  FROM step_src WHERE source IN ('trace', 'cann-iteration') GROUP BY rank, step;
INSERT OR IGNORE INTO step(rank, step, start_ns, end_ns, source, preparing_ns, comm_recorded)
  SELECT rank, step, min(start_ns), max(end_ns), source, max(preparing_ns), min(coalesce(comm_recorded, 1))
  FROM step_src WHERE rank NOT IN (SELECT rank FROM step) GROUP BY rank, step;
CREATE INDEX step_rank_start ON step(rank, start_ns);
)SQL");
    // Ranks without any step become one step 0 covering their trace (by track, via the span index).
    std::vector<int64_t> stepless;
    {
        auto q = m_db.prepare("SELECT DISTINCT rank FROM track WHERE rank NOT IN (SELECT rank FROM step)");
        while (q.step())
            stepless.push_back(q.i64(0));
    }
    for (int64_t rank : stepless)
        m_db.prepare("INSERT OR IGNORE INTO step(rank, step, start_ns, end_ns, source) SELECT ?1, 0, "
                     "min(s.ts_ns), "
                     "max(s.ts_ns + s.dur_ns), 'whole-trace' FROM span s WHERE s.track_id IN (SELECT "
                     "track_id FROM track "
                     "WHERE rank = ?1) HAVING count(*) > 0")
            .bind(1, rank)
            .exec();
}

} // namespace rs::index
