#include "core/import/commjsonlanes.h"

#include "core/import/stringinterner.h"
#include "core/model/optype.h"
#include "core/model/tracknester.h"

#include <algorithm>
#include <map>
#include <memory>

namespace rs::import {

namespace {

/// Each kernel_details step window reaches over the collectives communication.json puts in that step.
void widenStepWindows(RankState& rank) {
    for (const CommJsonOp& op : rank.commJsonOps) {
        auto it = rank.kernelStepWindows.find(op.step);
        if (it == rank.kernelStepWindows.end()) continue;
        it->second.first = std::min(it->second.first, op.startNs);
        it->second.second = std::max(it->second.second, op.startNs + op.durNs);
    }
}

} // namespace

void placeCommJsonOps(ImportContext& ctx, RowEmitter& out, RankState& rank, bool lanesElsewhere) {
    if (rank.commJsonOps.empty()) return;
    if (!rank.haveTraceSteps) widenStepWindows(rank);
    if (lanesElsewhere) return;
    std::vector<CommJsonOp> ops = rank.commJsonOps;
    std::stable_sort(ops.begin(), ops.end(),
                     [](const CommJsonOp& a, const CommJsonOp& b) { return a.startNs < b.startNs; });
    LocalInterner strings(ctx.strings);
    struct Lane {
        int64_t id;
        int index;
        std::unique_ptr<model::TrackNester> nester;
    };
    std::map<std::string, Lane> lanes; // by group name, numbered by first appearance in time
    model::Batch& b = out.batch();
    for (const CommJsonOp& op : ops) {
        // kernel_details.csv lists some collectives as device tasks (test_data's "Stream N/A" rows
        // hcom_broadcast__483_0…): drawn there already, and twice they would be two collectives
        if (rank.opTypeByName.count(op.name)) continue;
        auto it = lanes.find(op.group);
        if (it == lanes.end()) {
            const int64_t id = ctx.nextTrackId.fetch_add(1);
            it =
                lanes.emplace(op.group, Lane{id, int(lanes.size()), std::make_unique<model::TrackNester>(id)})
                    .first;
        }
        Lane& l = it->second;
        const int32_t nameId = strings.intern(op.name);
        const int32_t opId = strings.intern(model::deriveOpType(op.name));
        const int depth = l.nester->add(op.startNs, op.durNs, nameId, b.lods);
        b.spans.push_back({l.id, op.startNs, op.durNs, nameId, opId, 0, depth, op.fileId, -1});
    }
    for (auto& [group, l] : lanes) {
        l.nester->finish(b.lods);
        b.tracks.push_back({l.id, rank.rank, model::TrackKind::Communication,
                            "Group " + std::to_string(l.index) + " Communication", "HCCL",
                            "communication.json", group, l.index, l.nester->count(),
                            l.nester->unsorted() ? -1 : l.nester->maxDepth(),
                            model::TrackRole::CollectiveLane, std::nullopt});
    }
}

} // namespace rs::import
