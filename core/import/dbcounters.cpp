#include "core/import/dbcounters.h"

#include "core/model/decimal.h"

#include <sqlite3.h>

#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace rs::import {

namespace {

constexpr double kKiB = 1024.0, kMiB = 1024.0 * 1024.0;

/// One counter table's read: the columns that key its lanes (required: without them the table is
/// skipped) and the value columns (each optional: a missing one only loses its lanes).
struct TableSpec {
    const char* table;
    std::vector<std::string> keys, values;
};

class CounterReader {
  public:
    CounterReader(index::Db& db, const DbColumns& cols, const std::unordered_map<int64_t, std::string>& names,
                  const RankState& rank, const SourceFile& f, std::atomic<int64_t>& nextId, RowEmitter& out)
        : m_db(db), m_cols(cols), m_names(names), m_rank(rank), m_file(f), m_nextId(nextId), m_out(out) {}

    /// Calls `row(q)` for each row of the table on the rank's device in time order, with the time in
    /// column 0, the keys from column 1 and the values after them (NULL for an absent value column).
    void read(const TableSpec& s, const std::function<void(index::Stmt&, int64_t ts)>& row) {
        m_table = s.table;
        if (!m_cols.hasTable(s.table)) return;
        std::vector<std::string> need = s.keys;
        need.insert(need.begin(), "timestampNs");
        if (!requireColumns(s.table, need) || !anyValueColumn(s)) return;
        std::string sql = "SELECT timestampNs";
        for (const auto& k : s.keys)
            sql += ", " + k;
        for (const auto& v : s.values)
            sql += ", " + m_cols.orNull(s.table, v);
        sql += std::string(" FROM ") + s.table + deviceFilter(s.table) + " ORDER BY timestampNs";
        auto q = m_db.prepare(sql);
        if (filtersDevice(s.table)) q.bind(1, *m_rank.deviceId);
        while (q.step()) {
            if (q.isNull(0) || !q.isInteger(0) || !model::timeInRange(q.i64(0))) {
                m_out.diag(m_file.path, "warning",
                           m_table + " row with a NULL, non-integer or out-of-range timestampNs (skipped)",
                           -1, q.isNull(0) ? "NULL" : q.text(0));
                continue;
            }
            row(q, q.i64(0));
        }
        noteOtherDevices(s.table);
    }
    /// The value of a column when it is a finite number (the db's NUMERIC columns may hold text).
    std::optional<double> number(index::Stmt& q, int col) {
        const int type = sqlite3_column_type(q.raw(), col);
        if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) {
            const double v = q.f64(col);
            if (std::isfinite(v)) return v;
        }
        return std::nullopt;
    }
    /// A STRING_IDS value as the text export spells it in lane names ("read" → "Read", "app" → "APP").
    std::string label(index::Stmt& q, int col) const {
        if (q.isNull(col)) return "?";
        auto it = m_names.find(q.i64(col));
        if (it == m_names.end() || it->second.empty()) return q.text(col);
        std::string s = it->second;
        if (s == "app") return "APP";
        s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
        return s;
    }
    /// Whether the table being read has value column `col` (absent ones were noted once, and read NULL).
    bool has(const char* col) const { return m_cols.has(m_table, col); }
    /// An integer key column as text ("?" when NULL or not an integer).
    static std::string id(index::Stmt& q, int col) {
        return q.isNull(col) || !q.isInteger(col) ? std::string("?") : std::to_string(q.i64(col));
    }
    /// One point of lane `lane` of `process` (sorted as the text export's process_sort_index); an absent
    /// or non-numeric value is counted, not drawn.
    void point(const std::string& process, int64_t processSort, const std::string& lane, int64_t ts,
               std::optional<double> v, double divisor = 1.0) {
        if (!v) {
            m_out.diag(m_file.path, "warning",
                       m_table + " value that is NULL or not a number (point skipped)", -1, lane);
            return;
        }
        auto [it, fresh] = m_lanes.try_emplace(process + '\x1f' + lane);
        if (fresh) it->second = {m_nextId.fetch_add(1), lane, process, processSort * 1000000};
        m_out.batch().counters.push_back({it->second.id, ts, *v / divisor});
        ++m_points;
        m_out.maybeFlush();
    }
    int64_t finish() {
        for (const auto& [key, l] : m_lanes)
            m_out.batch().tracks.push_back({l.id, m_rank.rank, model::TrackKind::Counter, l.name, l.process,
                                            "db", "", l.sort, 0, 0, model::TrackRole::None, std::nullopt});
        return m_points;
    }

  private:
    struct Lane {
        int64_t id = 0;
        std::string name, process;
        int64_t sort = 0;
    };
    bool requireColumns(const std::string& table, const std::vector<std::string>& need) {
        auto miss = m_cols.missing(table, need);
        for (const auto& c : miss)
            m_out.diag(m_file.path, "warning",
                       table +
                           " lacks a column its counter lanes need (another export version): table not read",
                       -1, c);
        return miss.empty();
    }
    bool anyValueColumn(const TableSpec& s) {
        bool any = false;
        for (const auto& v : s.values) {
            if (m_cols.has(s.table, v))
                any = true;
            else
                m_out.diag(m_file.path, "info",
                           std::string(s.table) +
                               " has no value column (another export version): its lanes missing",
                           -1, v);
        }
        return any;
    }
    bool filtersDevice(const std::string& table) const {
        return m_rank.deviceId && m_cols.has(table, "deviceId");
    }
    std::string deviceFilter(const std::string& table) const {
        return filtersDevice(table) ? " WHERE deviceId IS NULL OR deviceId = ?" : "";
    }
    /// A db that holds several devices' samples: the other devices' rows are not this rank's lanes.
    void noteOtherDevices(const std::string& table) {
        if (!filtersDevice(table)) return;
        auto n = m_db.prepare("SELECT count(*) FROM " + table + " WHERE deviceId <> ?");
        n.bind(1, *m_rank.deviceId);
        if (n.step() && n.i64(0) > 0)
            m_out.diag(m_file.path, "info",
                       table + " rows of another device than the rank's " + std::to_string(*m_rank.deviceId) +
                           " (not read)",
                       -1, std::to_string(n.i64(0)) + " rows");
    }

    index::Db& m_db;
    const DbColumns& m_cols;
    const std::unordered_map<int64_t, std::string>& m_names;
    const RankState& m_rank;
    const SourceFile& m_file;
    std::atomic<int64_t>& m_nextId;
    RowEmitter& m_out;
    std::string m_table;
    std::map<std::string, Lane> m_lanes;
    int64_t m_points = 0;
};

// The process_sort_index values of torch_npu's trace_view.json for these processes.
constexpr int64_t kSortFreq = 14, kSortHbm = 17, kSortLlc = 18, kSortNpuMem = 19, kSortSoc = 20,
                  kSortAcc = 21;

void readFreq(CounterReader& r) {
    r.read({"AICORE_FREQ", {}, {"freq"}}, [&](index::Stmt& q, int64_t ts) {
        r.point("AI Core Freq", kSortFreq, "AI Core Freq/MHz", ts, r.number(q, 1));
    });
}

/// NPU_MEM: per type (app / device) the DDR and HBM bytes; "Memory" is their sum, as in the text export.
/// Each row is a memory sample of component "APP" / "Device" too, its reserved bytes that sum: the text
/// export writes the app rows into memory_record.csv as component APP (its Total Reserved is the app's
/// Memory), where the report says a component above the peaks' one is not in them (memorybeyond.h). Read as
/// lanes alone, the .db's peaks said "1.49 GiB reserved (PTA+GE)" and nothing of APP's 2.06 GiB or the
/// device's 2.30 GiB (r51d #1).
void readNpuMem(CounterReader& r, const RankState& rank, RowEmitter& out) {
    r.read({"NPU_MEM", {"type"}, {"ddr", "hbm"}}, [&](index::Stmt& q, int64_t ts) {
        const std::string owner = r.label(q, 1);
        auto ddr = r.number(q, 2), hbm = r.number(q, 3);
        if (r.has("ddr")) r.point("NPU MEM", kSortNpuMem, owner + "/DDR/KB", ts, ddr, kKiB);
        if (r.has("hbm")) r.point("NPU MEM", kSortNpuMem, owner + "/HBM/KB", ts, hbm, kKiB);
        if (r.has("ddr") && r.has("hbm"))
            r.point("NPU MEM", kSortNpuMem, owner + "/Memory/KB", ts,
                    ddr && hbm ? std::optional<double>(*ddr + *hbm) : std::nullopt, kKiB);
        // the sample wants every column the table has (a NULL one was counted above, as a lane point)
        if ((r.has("ddr") && !ddr) || (r.has("hbm") && !hbm) || (!ddr && !hbm)) return;
        const double bytes = ddr.value_or(0.0) + hbm.value_or(0.0);
        out.batch().memory.push_back(
            {rank.rank, ts, owner, std::nullopt, std::optional<int64_t>(std::llround(bytes)), std::nullopt});
    });
}

void readHbm(CounterReader& r) {
    r.read({"HBM", {"hbmId", "type"}, {"bandwidth"}}, [&](index::Stmt& q, int64_t ts) {
        const std::string dir = r.label(q, 2);
        r.point("HBM", kSortHbm, "HBM " + CounterReader::id(q, 1) + "/" + dir + "/" + dir + "(MB/s)", ts,
                r.number(q, 3), kMiB);
    });
}

void readLlc(CounterReader& r) {
    r.read({"LLC", {"llcId", "mode"}, {"hitRate", "throughput"}}, [&](index::Stmt& q, int64_t ts) {
        const std::string lane = "LLC " + CounterReader::id(q, 1) + " " + r.label(q, 2);
        if (r.has("hitRate")) r.point("LLC", kSortLlc, lane + "/Hit Rate/Hit Rate(%)", ts, r.number(q, 3));
        if (r.has("throughput"))
            r.point("LLC", kSortLlc, lane + "/Throughput/Throughput(MB/s)", ts, r.number(q, 4), kMiB);
    });
}

/// ACC_PMU: one row per accelerator and time; the text export draws each metric as one lane of the levels
/// and one of the accelerator ids ("read_bandwidth/value", "read_bandwidth/acc_id").
void readAccPmu(CounterReader& r) {
    static const char* const lanes[] = {"read_bandwidth", "write_band_width", "read_ost", "write_ost"};
    static const char* const columns[] = {"readBwLevel", "writeBwLevel", "readOstLevel", "writeOstLevel"};
    r.read({"ACC_PMU", {"accId"}, {std::begin(columns), std::end(columns)}}, [&](index::Stmt& q, int64_t ts) {
        for (int i = 0; i < 4; ++i) {
            if (!r.has(columns[i])) continue;
            r.point("Acc PMU", kSortAcc, std::string(lanes[i]) + "/value", ts, r.number(q, 2 + i));
            r.point("Acc PMU", kSortAcc, std::string(lanes[i]) + "/acc_id", ts, r.number(q, 1));
        }
    });
}

void readSoc(CounterReader& r) {
    r.read({"SOC_BANDWIDTH_LEVEL", {}, {"l2BufferBwLevel", "mataBwLevel"}}, [&](index::Stmt& q, int64_t ts) {
        if (r.has("l2BufferBwLevel"))
            r.point("Stars Soc Info", kSortSoc, "L2 Buffer Bw Level/L2 Buffer Bw Level", ts, r.number(q, 1));
        if (r.has("mataBwLevel"))
            r.point("Stars Soc Info", kSortSoc, "Mata Bw Level/Mata Bw Level", ts, r.number(q, 2));
    });
}

} // namespace

int64_t readDbCounters(index::Db& db, const DbColumns& cols,
                       const std::unordered_map<int64_t, std::string>& names, const RankState& rank,
                       const SourceFile& f, std::atomic<int64_t>& nextTrackId, RowEmitter& out) {
    CounterReader r(db, cols, names, rank, f, nextTrackId, out);
    readFreq(r);
    readNpuMem(r, rank, out);
    readHbm(r);
    readLlc(r);
    readAccPmu(r);
    readSoc(r);
    return r.finish();
}

const std::set<std::string>& dbCounterTables() {
    static const std::set<std::string> t = {"aicore_freq", "npu_mem", "hbm",
                                            "llc",         "acc_pmu", "soc_bandwidth_level"};
    return t;
}

} // namespace rs::import
