#include "core/import/commtasklinks.h"

#include "core/model/commkeys.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace rs::import {

std::string taskTransport(int64_t src, int64_t dst, const std::string& transport, const std::string& link) {
    if (src == dst || transport == "LOCAL") return "LOCAL";
    if (transport == "RDMA") return "RDMA";
    if (transport == "SDMA") {
        if (link == "HCCS" || link == "PCIE" || link == "SIO" || link == "HCCS_SW") return link;
        return "SDMA";
    }
    return transport.empty() ? std::string("unknown") : transport;
}

namespace {

constexpr int64_t kNoRank = 0xFFFFFFFFLL;

std::map<int64_t, std::string> enumNames(index::Db& db, const DbColumns& cols, const std::string& table) {
    std::map<int64_t, std::string> m;
    if (!cols.hasTable(table) || !cols.missing(table, {"id", "name"}).empty()) return m;
    auto q = db.prepare("SELECT id, CAST(name AS TEXT) FROM " + table);
    while (q.step())
        if (!q.isNull(0) && !q.isNull(1)) m[q.i64(0)] = q.text(1);
    return m;
}

struct Steps {
    std::vector<std::tuple<int64_t, int64_t, int64_t>> windows; // start, end, id
    std::optional<int64_t> at(int64_t ns) const {
        auto it = std::upper_bound(windows.begin(), windows.end(), std::make_tuple(ns, INT64_MAX, INT64_MAX));
        if (it == windows.begin()) return std::nullopt;
        --it;
        return ns <= std::get<1>(*it) ? std::optional<int64_t>(std::get<2>(*it)) : std::nullopt;
    }
};

Steps readSteps(index::Db& db, const DbColumns& cols) {
    Steps s;
    if (!cols.hasTable("STEP_TIME") || !cols.missing("STEP_TIME", {"id", "startNs", "endNs"}).empty())
        return s;
    auto q = db.prepare("SELECT startNs, endNs, id FROM STEP_TIME WHERE startNs IS NOT NULL AND endNs IS NOT "
                        "NULL AND id IS NOT NULL ORDER BY startNs");
    while (q.step())
        s.windows.emplace_back(q.i64(0), q.i64(1), q.i64(2));
    return s;
}

/// Op names by opId (COMMUNICATION_OP), to name the op of each task.
std::map<int64_t, std::string> opNames(index::Db& db, const DbColumns& cols,
                                       const std::unordered_map<int64_t, std::string>& names) {
    std::map<int64_t, std::string> m;
    if (!cols.hasTable("COMMUNICATION_OP") || !cols.missing("COMMUNICATION_OP", {"opId", "opName"}).empty())
        return m;
    auto q = db.prepare("SELECT opId, opName FROM COMMUNICATION_OP");
    while (q.step())
        if (auto it = names.find(q.i64(1)); !q.isNull(0) && it != names.end()) m[q.i64(0)] = it->second;
    return m;
}

struct LinkSum {
    int64_t bytes = 0, ns = 0;
};

class TaskLinks {
  public:
    TaskLinks(index::Db& db, const DbColumns& cols, const std::unordered_map<int64_t, std::string>& names,
              const RankState& rank, const SourceFile& f, RowEmitter& out)
        : m_db(db), m_cols(cols), m_names(names), m_rank(rank), m_f(f), m_out(out) {}

    void run() {
        const char* t = "COMMUNICATION_TASK_INFO";
        if (!m_cols.hasTable(t)) return;
        if (!m_cols.missing(t, {"globalTaskId", "srcRank", "dstRank", "size"}).empty() ||
            !m_cols.has("TASK", "globalTaskId")) {
            m_out.diag(m_f.path, "info",
                       "COMMUNICATION_TASK_INFO lacks srcRank/dstRank/size (another export version): no "
                       "communication matrix from it",
                       -1, "");
            return;
        }
        const auto transports = enumNames(m_db, m_cols, "ENUM_HCCL_TRANSPORT_TYPE");
        const auto links = enumNames(m_db, m_cols, "ENUM_HCCL_LINK_TYPE");
        const auto steps = readSteps(m_db, m_cols);
        const auto ops = opNames(m_db, m_cols, m_names);
        auto q = m_db.prepare("SELECT c.srcRank, c.dstRank, c.size, " + m_cols.orNull(t, "groupName", "c") +
                              ", " + m_cols.orNull(t, "transportType", "c") + ", " +
                              m_cols.orNull(t, "linkType", "c") + ", " + m_cols.orNull(t, "opId", "c") +
                              ", t.startNs, t.endNs FROM COMMUNICATION_TASK_INFO c JOIN TASK t ON "
                              "t.globalTaskId = c.globalTaskId");
        auto name = [](const std::map<int64_t, std::string>& m, index::Stmt& s, int col) {
            if (s.isNull(col)) return std::string();
            auto it = m.find(s.i64(col));
            return it == m.end() ? std::string() : it->second;
        };
        while (q.step()) {
            ++m_rows;
            if (q.isNull(0) || q.isNull(1) || q.i64(0) == kNoRank || q.i64(1) == kNoRank || q.i64(0) < 0 ||
                q.i64(1) < 0)
                continue; // names no link
            ++m_linked;
            if (q.isNull(2) || q.i64(2) <= 0) {
                if (!q.isNull(2) && q.i64(2) < 0)
                    m_out.diag(m_f.path, "warning",
                               "COMMUNICATION_TASK_INFO row with a negative size: not counted", -1,
                               q.text(2));
                continue; // notifies move no data
            }
            if (q.isNull(7) || q.isNull(8) || q.i64(8) < q.i64(7)) {
                m_out.diag(m_f.path, "warning",
                           "COMMUNICATION_TASK_INFO task without a start and end in TASK: not counted", -1,
                           "");
                continue;
            }
            const int64_t src = q.i64(0), dst = q.i64(1);
            auto gn = q.isNull(3) ? m_names.end() : m_names.find(q.i64(3));
            const std::string group =
                gn == m_names.end() ? std::string() : std::to_string(model::hcclGroupHash(gn->second));
            const int64_t opId = q.isNull(6) ? -1 : q.i64(6);
            const std::string transport = taskTransport(src, dst, name(transports, q, 4), name(links, q, 5));
            LinkSum& s = m_sums[{steps.at(q.i64(7)), group, opId, src, dst, transport}];
            s.bytes += q.i64(2);
            s.ns += q.i64(8) - q.i64(7);
        }
        emit(ops);
    }

  private:
    using Key = std::tuple<std::optional<int64_t>, std::string, int64_t, int64_t, int64_t, std::string>;

    void emit(const std::map<int64_t, std::string>& ops) {
        for (const auto& [k, s] : m_sums) {
            model::CommLinkRow r;
            r.rank = m_rank.rank;
            r.step = std::get<0>(k);
            r.group = std::get<1>(k);
            auto op = ops.find(std::get<2>(k));
            r.op = op != ops.end() ? op->second : "op " + std::to_string(std::get<2>(k));
            const std::string alg = model::commAlgorithm(r.op);
            r.kind = alg == "send" || alg == "receive" || alg == "batchsendrecv" ? "p2p" : "collective";
            r.entry = model::CommEntry::Op;
            r.src = std::get<3>(k);
            r.dst = std::get<4>(k);
            r.transport = std::get<5>(k);
            r.bytes = s.bytes;
            r.timeNs = s.ns;
            r.opCount = 1;
            r.opNames = r.op;
            r.source = "COMMUNICATION_TASK_INFO";
            m_out.batch().commLinks.push_back(std::move(r));
        }
        std::string note;
        if (m_rows > 0 && m_linked == 0) {
            note = "srcRank/dstRank 0xFFFFFFFF on every row: no link data (a Level0 export)";
            m_out.diag(m_f.path, "info",
                       "COMMUNICATION_TASK_INFO names no link (srcRank 0xFFFFFFFF on every row, a Level0 "
                       "export): no communication matrix",
                       -1, std::to_string(m_rows) + " rows");
        } else if (m_linked < m_rows) {
            m_out.diag(
                m_f.path, "info",
                "COMMUNICATION_TASK_INFO rows naming no link (srcRank or dstRank 0xFFFFFFFF): counted, "
                "not drawn",
                -1, std::to_string(m_rows - m_linked) + " of " + std::to_string(m_rows) + " rows");
        }
        m_out.batch().commSources.push_back(
            {m_rank.rank, "COMMUNICATION_TASK_INFO", m_f.path, m_rows, m_linked, note});
    }

    index::Db& m_db;
    const DbColumns& m_cols;
    const std::unordered_map<int64_t, std::string>& m_names;
    const RankState& m_rank;
    const SourceFile& m_f;
    RowEmitter& m_out;
    std::map<Key, LinkSum> m_sums;
    int64_t m_rows = 0, m_linked = 0;
};

} // namespace

void readCommTaskLinks(index::Db& db, const DbColumns& cols,
                       const std::unordered_map<int64_t, std::string>& names, const RankState& rank,
                       const SourceFile& f, RowEmitter& out) {
    TaskLinks(db, cols, names, rank, f, out).run();
}

} // namespace rs::import
