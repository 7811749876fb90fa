#pragma once
// The communication matrix made whole at index time: from what the importers stored (comm_link_src, as
// the files write it; comm_group_src, the groups the ranks' metadata lists; comm_source, what each source
// held) it writes comm_link and comm_group —
//   one source per rank: communication_matrix.json, else analysis.db's CommAnalyzerMatrix, else the .db's
//     COMMUNICATION_TASK_INFO, else Kineto's collective args (a rank never counts a link twice); a legacy
//     hccl_raw file's link_info beside it, as a group of its own (sizes in hccl_raw's unit: never summed
//     with another source's bytes);
//   ranks mapped to global ranks where the run's parallel_group_info lists the link's group (its comm
//     name hashes to the group after '@'; local rank i = global_ranks[i]), else kept group-local with the
//     reason (no parallel_group_info at all, or none for that group) — never guessed;
//   links naming a rank the group or the job does not have are left out, each kind counted;
//   summed = 1 for the rows comm_links adds up (`total` rows, op rows), 0 for samples and Total Op Info.
// Needs the runs (the runs pass). Runs on the index-building thread inside the analysis transaction.
#include "core/analysis/pass.h"
#include "core/index/sqlite.h"

namespace rs::analysis {

void resolveCommLinks(index::Db& db);

/// The plan's cross-rank pass around resolveCommLinks: the matrix sources are per-rank rows the importers
/// wrote (small, like the summary tables), so a merge of shards resolves the same links.
class CommLinksPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override { resolveCommLinks(ctx.db); }
};

} // namespace rs::analysis
