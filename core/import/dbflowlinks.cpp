#include "core/import/dbflowlinks.h"

#include <algorithm>

namespace rs::import {

void DbFlowLinks::addHostCall(int64_t id, End end, bool queue) {
    if (!m_host.emplace(id, HostCall{end, queue}).second) m_duplicateIds.push_back(id);
}

void DbFlowLinks::addCannCall(int64_t connectionId, End end) {
    if (!m_cann.emplace(connectionId, end).second) m_duplicateIds.push_back(connectionId);
}

void DbFlowLinks::addDeviceEnd(int64_t connectionId, End end) {
    m_device[connectionId].push_back(end);
}

namespace {

/// Appends one arrow: its start on `from`, an end (`"bp":"e"`: bound to the span that encloses it) on each
/// of `to`, all keyed by (id, cat, name) as flowlinks pairs them.
void arrow(int rank, int32_t fileId, int64_t id, int32_t cat, int32_t name, DbFlowLinks::End from,
           const std::vector<DbFlowLinks::End>& to, std::vector<model::FlowRow>& flows) {
    flows.push_back({rank, id, {}, cat, name, 's', false, from.startNs, from.trackId, fileId});
    for (const auto& e : to)
        flows.push_back({rank, id, {}, cat, name, 'f', true, e.startNs, e.trackId, fileId});
}

} // namespace

void DbFlowLinks::emit(index::Db& db, const DbColumns& cols, int rank, int32_t fileId,
                       const std::string& asyncName, LocalInterner& strings,
                       std::vector<model::FlowRow>& flows, RowEmitter& out, const std::string& file) const {
    // one diagnostic per unpaired row, so the count ("x N") is theirs and the excerpt names the first, saying
    // what its number is (a bare "1646" beside "(x2)" read as a second count)
    auto note = [&](const std::string& what, int64_t id, const char* idName = "connectionId ") {
        out.diag(file, "info", what, -1, std::string(idName).append(std::to_string(id)));
    };
    // CANN call → its device tasks; every CANN call a task names, whether or not an op launched it
    const int32_t h2d = strings.intern("HostToDevice");
    for (const auto& [conn, ends] : m_device) {
        auto c = m_cann.find(conn);
        if (c == m_cann.end()) {
            for (size_t i = 0; i < ends.size(); ++i)
                note("device tasks whose connectionId is no CANN_API call's: drawn without a launch arrow",
                     conn);
            continue;
        }
        arrow(rank, fileId, conn, h2d, strings.intern("HostToDevice" + std::to_string(conn)), c->second, ends,
              flows);
    }
    for (int64_t id : m_duplicateIds)
        note("PYTORCH_API/CANN_API rows whose connectionId another row of the table has: only the first has "
             "arrows",
             id);
    if (!cols.hasTable("CONNECTION_IDS") || !cols.missing("CONNECTION_IDS", {"id", "connectionId"}).empty())
        return;

    // host call ids by connection id: one id to a CANN call, two to each other
    std::map<int64_t, std::vector<int64_t>> byConnection;
    auto q =
        db.prepare("SELECT id, connectionId FROM CONNECTION_IDS WHERE id IS NOT NULL AND connectionId IS "
                   "NOT NULL ORDER BY connectionId, id");
    while (q.step()) {
        if (!m_host.count(q.i64(0)))
            note("CONNECTION_IDS rows whose id is no PYTORCH_API row's connectionId: no arrow", q.i64(0),
                 "CONNECTION_IDS id ");
        else
            byConnection[q.i64(1)].push_back(q.i64(0));
    }

    const int32_t async = strings.intern("async_npu"), asyncN = strings.intern(asyncName);
    const int32_t queue = strings.intern("async_task_queue"), queueN = strings.intern("enqueue_to_dequeue");
    const int32_t fwdbwd = strings.intern("fwdbwd");
    for (const auto& [conn, ids] : byConnection) {
        const HostCall& first = m_host.at(ids.front());
        if (ids.size() == 1 && m_cann.count(conn)) {
            auto d = m_device.find(conn);
            if (d == m_device.end())
                note(
                    "CANN API calls an op launched (CONNECTION_IDS) with no drawn device task: no arrow from "
                    "the op",
                    conn);
            else
                arrow(rank, fileId, conn, async, asyncN, first.end, d->second, flows);
            continue;
        }
        // two host calls of one kind share it: the earlier one hands work to the later
        if (ids.size() == 2 && !m_cann.count(conn) && first.queue == m_host.at(ids.back()).queue) {
            HostCall a = first, b = m_host.at(ids.back());
            if (b.end.startNs < a.end.startNs) std::swap(a, b);
            arrow(rank, fileId, conn, a.queue ? queue : fwdbwd, a.queue ? queueN : fwdbwd, a.end, {b.end},
                  flows);
            continue;
        }
        note("connection ids of CONNECTION_IDS that are neither one op's CANN call nor shared by two host "
             "calls of one kind (Enqueue/Dequeue, forward/backward): no arrow",
             conn);
    }
}

} // namespace rs::import
