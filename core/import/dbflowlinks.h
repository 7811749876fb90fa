#pragma once
// The flow arrows of an Ascend .db export (ascend_pytorch_profiler_<r>.db), made as the text export's
// trace_view.json draws them, from the connection ids (formats.md §2.8, §9 "Flows"):
//  - CONNECTION_IDS(id, connectionId) lists, per PYTORCH_API.connectionId (an id, not a connection id),
//    that host call's connection ids — several for one op;
//  - a connection id that is a CANN_API row's: the op launched that CANN call → `async_npu`
//    ("torch_to_npu") from the op to every device end of that id;
//  - a CANN_API.connectionId that TASK rows carry: the call launched those tasks → `HostToDevice`
//    (name "HostToDevice<id>") from the call to every device end;
//  - a connection id two host calls share: Enqueue → Dequeue (both of API type "queue") is
//    `async_task_queue` ("enqueue_to_dequeue"), a forward op → its backward op (both "op") is `fwdbwd`,
//    from the earlier call to the later.
// A device end is a task the importer drew on a Stream lane (an HCCL task on a Plane lane is a part of its
// collective, not a launch target) or a collective on its Group lane (COMMUNICATION_OP shares the
// connectionId of the task that holds it). Ends are given as (track, start ns); the rows are `flow` rows
// that core/analysis/flowlinks binds and pairs as it does the JSON importers'. Ids the data leaves
// unpaired are counted, never guessed. One parser thread.
#include "core/import/dbcolumns.h"
#include "core/import/importcontext.h"
#include "core/index/sqlite.h"
#include "core/model/tracerows.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace rs::import {

class DbFlowLinks {
  public:
    struct End {
        int64_t trackId, startNs; ///< the lane and start (ns) of the span the arrow end binds to
    };
    /// A PYTORCH_API row with a connectionId (its id into CONNECTION_IDS); `queue`: its API type is
    /// "queue" (Enqueue/Dequeue), else it is an op.
    void addHostCall(int64_t id, End end, bool queue);
    /// A CANN_API row with a connectionId.
    void addCannCall(int64_t connectionId, End end);
    /// A drawn device task or collective with a connectionId.
    void addDeviceEnd(int64_t connectionId, End end);

    /// Reads CONNECTION_IDS (when present) and appends the flow rows; `asyncName` is the async_npu
    /// flow's name ("torch_to_npu"). Unpaired ids go to `out`'s diagnostics under `file`.
    void emit(index::Db& db, const DbColumns& cols, int rank, int32_t fileId, const std::string& asyncName,
              LocalInterner& strings, std::vector<model::FlowRow>& flows, RowEmitter& out,
              const std::string& file) const;

  private:
    struct HostCall {
        End end;
        bool queue;
    };
    std::unordered_map<int64_t, HostCall> m_host; ///< PYTORCH_API id → the call
    std::unordered_map<int64_t, End> m_cann;      ///< connection id → the CANN call
    std::map<int64_t, std::vector<End>> m_device; ///< connection id → its device ends
    std::vector<int64_t> m_duplicateIds;          ///< ids of host/CANN rows another row has too
};

} // namespace rs::import
