#pragma once
// The rows of the communication matrix as the importers emit them: one link row per (step, op or
// algorithm entry, group, src, dst) a source names, the communication groups a rank's metadata lists, and
// what each source held (so a view can say why a matrix is empty). Ranks in a link row are as the file
// writes them: local to the communication group for Ascend (mapped to global ranks later, by the analysis,
// from parallel_group_info), already global for Kineto. Sizes are bytes (Ascend "MB" is 10^6 bytes), times
// ns. Plain values moved from a parser thread to the writer thread.
#include <cstdint>
#include <optional>
#include <string>

namespace rs::model {

/// The start of the diagnostic the Kineto importer writes for collectives it places on no rank pair
/// (the reason follows: "broadcast, reduce, gather or scatter (the args name no root)", …): the comm
/// matrix reads them back to say what it leaves out.
inline constexpr const char* kKinetoUnplacedWhat =
    "Kineto collectives whose logical bytes go to no rank pair: ";
/// The reason for calls whose args name a process group of one rank (HTA ns_resolution_trace: a job of
/// world size 1): the report's line on communication calls that are no collective says it beside its own
/// (uncollectedcalls.h), so one cause is not told as two unrelated ones.
inline constexpr const char* kKinetoOneRankWhy =
    "a one-rank process group (the args' Process Group Ranks name one rank): no other rank takes part";
/// The same cause where the args give the group as its first rank and size ("Global rank start",
/// "Group size" 1) without Process Group Ranks: counted with kKinetoOneRankWhy's wherever that is.
inline constexpr const char* kKinetoOneRankBySizeWhy =
    "a one-rank process group (the args' Global rank start and Group size 1 name one rank): no other rank "
    "takes part";

/// What a link row is within its source: the sum over a step (`Total`, what comm_links adds up), one op
/// instance (`Op`, also added up: the old layout and the .db have no totals), a bandwidth sample of the
/// newer layout (`Sample`: top1/middle/bottom1..3, shown, never summed), or the old layout's "Total Op
/// Info" (`OpInfoTotal`: its keys mix every group's local ranks, so it is checked, never summed).
enum class CommEntry { Total, Op, Sample, OpInfoTotal };
/// What a link row's `bytes` counts: bytes (10^6 per producer "MB"), or thousandths of the size unit of a
/// legacy hccl_raw_<r>.csv, which no file or document names (core/import/hcclrawlinks.h). Stored in the
/// index's `logical` column as 2 (1 = Kineto logical bytes).
enum class CommSizeUnit { Bytes, HcclRaw };
const char* commEntryName(CommEntry e);

struct CommLinkRow {
    int rank = 0;                ///< the rank whose file holds the row (the writer keys it)
    std::optional<int64_t> step; ///< "step50" → 50; none when the file has one unnamed step ("step")
    std::string kind;            ///< "collective" or "p2p"
    std::string op;              ///< the algorithm ("allreduce") or the op instance ("hcom_send__822_0")
    CommEntry entry = CommEntry::Total;
    std::string sample;                  ///< top1, middle, bottom1..3 for a Sample
    std::string group;                   ///< the group as the producer names it (Ascend: the hash after '@')
    int64_t src = 0;                     ///< as written (group-local for Ascend)
    int64_t dst = 0;                     ///< as written (group-local for Ascend)
    bool ranksGlobal = false;            ///< the file writes global ranks (Kineto process-group ranks)
    std::string transport;               ///< LOCAL, HCCS, RDMA, SDMA, PCIE, SIO …; empty for logical bytes
    int64_t bytes = 0;                   ///< 10^6 × "Transit Size(MB)", or logical bytes (Kineto)
    std::optional<int64_t> timeNs;       ///< 10^6 × "Transit Time(ms)"; none for logical bytes
    std::optional<double> bandwidthGBps; ///< as the producer wrote it (GB/s = bytes/ns), to cross-check
    std::optional<int64_t> opCount;      ///< ops the row covers, when known (1 per op instance)
    std::string opNames;                 ///< the ops named (a sample's "Op Name", an op row's op)
    std::string source; ///< communication_matrix.json, analysis.db, COMMUNICATION_TASK_INFO, kineto, hccl_raw
    bool logical = false; ///< Kineto: bytes the collective's semantics hand to the peer, not a link's
    CommSizeUnit sizeUnit = CommSizeUnit::Bytes;
    /// The index's `logical` column: 0 link bytes, 1 logical bytes, 2 sizes in hccl_raw's own unit.
    int64_t dataKind() const { return logical ? 1 : sizeUnit == CommSizeUnit::HcclRaw ? 2 : 0; }
};

/// One communication group a rank belongs to (profiler_metadata.json / META_DATA parallel_group_info, or
/// a Kineto process group): the group's name in the link rows (`group`: the hash of the HCCL comm name as
/// the producer writes it after '@'), its label ("pp", "default_group") and its members' global ranks, in
/// group-rank order.
struct CommGroupRow {
    int rank = 0;
    std::string group;       ///< as the link rows name it
    std::string commName;    ///< the HCCL comm name the hash was computed from (empty for Kineto)
    std::string label;       ///< group_name ("pp", "dp", "default_group") or the Kineto pg description
    int64_t groupRank = -1;  ///< this rank's place in the group (-1: not said)
    std::string globalRanks; ///< JSON array of the members' global ranks, index = group-local rank
    std::string source;      ///< profiler_metadata.json, META_DATA, kineto
};

/// What one source of one rank held: rows read, rows that named a link, and a note (e.g. "srcRank
/// 0xFFFFFFFF: no link (a Level0 export)"). The analysis picks one source per rank from these.
struct CommSourceRow {
    int rank = 0;
    std::string source, file;
    int64_t rows = 0, linked = 0;
    std::string note;
};

} // namespace rs::model
