#pragma once
// The names the Ascend producers give communication data, read the way they write them: the matrix's op
// keys ("allreduce-total@1752…", "hcom_send__822_0@1333…", "Total Op Info"), its link keys ("0-1"), the
// algorithm an op name belongs to (torch_npu's own rule), and the group hash after '@' (msprof-analyze's
// double_hash of the HCCL comm name, which parallel_group_info lists). Pure functions; thread-safe.
#include "core/model/commrows.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace rs::model {

/// The hash the producers put after '@': two polynomial string hashes (×29 and ×131, modulo 2^32) of the
/// HCCL comm name joined into 64 bits (msprof-analyze cluster_analyse/common_func/utils.py double_hash,
/// which matches the group of the real db/level1 sample: "90.91.105.46%enp189s0f0_60000_0_1736410538306028"
/// → 17148521525495523210).
uint64_t hcclGroupHash(std::string_view commName);

/// The algorithm of an HCCL op name as torch_npu's CommunicationParser names it in the matrix: the
/// leftmost of send|reduce|invalid|broadcast|allreduce|receive|allgather|reducescatter|scatter|alltoall|
/// alltoallv|alltoallvc|batchsendrecv in the lower-cased name, the first alternative winning at a position
/// (so "hcom_reduceScatter_" is "reduce", as the producer writes it); else the text before "__".
std::string commAlgorithm(std::string_view opName);

/// "3-5" → (3, 5): two non-negative decimal integers; nullopt for anything else ("0-x", "-1-2", "3").
std::optional<std::pair<int64_t, int64_t>> parseLinkKey(std::string_view key);

/// One op key of communication_matrix.json (or an hccl_op_name of analysis.db, with its group apart).
struct MatrixOpKey {
    std::string op;    ///< the algorithm (newer layout) or the op instance (older layout)
    std::string group; ///< after the last '@' (empty: none)
    CommEntry entry = CommEntry::Op;
    std::string sample; ///< top1, middle, bottom1..3 for a Sample
};
/// "allreduce-total@17522688603477080586" → {allreduce, 1752…, Total}; "allreduce-bottom2@…" → Sample;
/// "hcom_send__822_0@1333…" → Op; "Total Op Info" → OpInfoTotal.
MatrixOpKey parseMatrixOpKey(std::string_view key);

} // namespace rs::model
