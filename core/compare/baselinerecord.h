#pragma once
// The statistics `rankscope compare` needs from one run, as a record that can be stored (a baseline file,
// or one line of a JSON Lines history) and compared later without the profile. Robust statistics only:
// medians and p95 over the steady-state steps (the first step is a warm-up when there are three or more),
// per op type the median kernel and the device time per step. Times in ns, memory in bytes. Ranks are the
// producer's rank numbers (data ranks), so two runs' ranks match by what the profiler wrote.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rs::compare {

/// Format version of the JSON record (`rankscope_baseline`). 2: every median over ranks or steps is the
/// lower median (core/model/median.h); format 1 averaged an even count's two middle values (op medians
/// and device time per step over ranks, waits, transfers), so its figures and a newer run's differ by the
/// rule alone.
constexpr int kBaselineFormat = 2;

struct StepStat {
    double medianNs = 0, p95Ns = 0;
    int64_t steps = 0; ///< steady-state steps the statistics cover
};

struct OpStat {
    double medianNs = 0;       ///< median kernel duration
    double totalNsPerStep = 0; ///< device time of this op type per step
    int64_t count = 0;         ///< kernels
};

struct MemStat {
    int64_t peakAllocated = -1, peakReserved = -1; ///< -1: the profile has no memory data
};

/// One collective of the step, identified across runs by its op type and its place among that type's
/// collectives in the step (seq 0 = the step's first AllReduce): instance names (hcom_allReduce__586_3_1)
/// carry graph ids that need not repeat in another run. Point-to-point ops are left out (their peer is one
/// rank of another stage, not the group).
struct CollectiveStat {
    std::string opType;
    int64_t seq = 0;
    /// steady step index → lower median over the run's ranks of the collective's transfer time (duration
    /// minus the wait for the last rank), ns
    std::map<int64_t, double> transferNsByStep;
    static std::string key(const std::string& opType, int64_t seq) {
        return opType + " #" + std::to_string(seq);
    }
};

/// One link of the communication matrix (all steps summed), identified across runs only by what the data
/// names: its source and destination ranks, its transport and its group (and whether the ranks are the
/// job's or the group's own). Latency-bound links and logical bytes are not recorded (no bandwidth).
struct LinkStat {
    int64_t src = 0, dst = 0;
    std::string transport, group, scope; ///< scope: "global" or "group-local"
    double bandwidthGBps = 0;            ///< bytes / transfer time over the steps with links (GB/s)
    double timeNsPerStep = 0;            ///< transfer time over those steps / their count, ns
    std::vector<int64_t> groupRanks;     ///< the group's global ranks, when the data names them
    /// "1→5 HCCS", "0→1 RDMA in group dp (group-local ranks)": the key two runs' links match by.
    std::string key() const;
    /// The key with the group named by its ranks where they are known ("1→5 HCCS in group of ranks
    /// 0–7"): the data's group id is a hash no one reads (walk 32: "group 9738785293833666908").
    std::string name() const;
};

/// A bank_anomaly finding: a rank whose tensors of an op lie in other HBM banks than the other ranks'.
struct BankAnomalyStat {
    int rank = 0;                  ///< data rank
    std::string opType;            ///< "AllReduce"
    std::string banks, otherBanks; ///< "[0]", "[5]" as the finding says them
};

struct RankStats {
    StepStat step;
    double waitNsPerStep = 0; ///< lower median over steady steps of the rank's collective wait
    MemStat memory;
    std::map<std::string, OpStat> ops;
};

struct BaselineRecord {
    std::string label;   ///< what the user called it (--label)
    std::string profile; ///< the folder it was measured from
    std::string created; ///< UTC time the record was made (ISO 8601)
    std::string rankscopeVersion;
    int run = 0;
    std::map<std::string, std::string> labels; ///< from the profile: source, world_size, …
    int64_t stepsTotal = 0;
    std::vector<int64_t> stepNumbers; ///< the steady steps' numbers over the run's ranks, ascending, distinct
    StepStat step;                    ///< pooled over every rank's steady steps
    /// How the step medians were taken: "lower" (the lower middle step of an even count: a step that
    /// happened, core/model/typicalstep.h), or "mean" (records written before 2026-12: the mean of the two
    /// middle steps; read from a record without the field).
    std::string stepMedianRule = "lower";
    /// The format it was written in (kBaselineFormat; read from a file, maybe older): under 2 its medians
    /// over ranks and steps average an even count's two middle values.
    int format = kBaselineFormat;
    double waitNsPerStep = 0; ///< lower median over ranks of waitNsPerStep
    /// Why the run's communication wait is not known (core/query/waitknowledge.h), "" when it is: where
    /// it is not, waitNsPerStep's 0 is no measurement and must not be compared as one.
    std::string waitUnknown;
    /// Why the run's steps are not steps ("" when they are): with no step marks the whole trace is one
    /// pseudo step (model::WallSource::WholeTrace), and its wall is the trace's length, not a step's.
    std::string stepsUnknown;
    /// What data the record was measured from, as the index read it: a digest (FNV-1a 64, hex) of the run's
    /// start, its source files' paths within the profile, sizes and records read, and its step walls and op
    /// totals (ns) — equal on a copy of the folder, different for another run. Empty: not known (records
    /// written before 2026-12).
    std::string sourceDigest;
    int64_t sourceFiles = 0; ///< the files sourceDigest covers
    /// The run's source files not read or read in part ("rank 1's trace_view.json (read in part: …)",
    /// core/query/damagedinput.h): what they hold is missing from every figure of the record.
    std::vector<std::string> damagedFiles;
    MemStat memory;                        ///< the largest peak of any rank
    std::map<std::string, OpStat> ops;     ///< per op type: lower median over ranks of the rank figures
    std::map<std::string, double> opShare; ///< share of all device time (0–1)
    std::map<int, RankStats> ranks;
    std::map<std::string, CollectiveStat> collectives; ///< by CollectiveStat::key
    std::map<std::string, LinkStat> links;             ///< by LinkStat::key (absent in older records)
    /// false for a record written before links were recorded (no "links" key): its empty `links` says
    /// nothing, and no link is compared against it
    bool linksRecorded = true;
    /// Whether the index could look for bank anomalies (core/query/bankcheck.h): without it an empty
    /// bankAnomalies says nothing (and records before 2026-12 did not look).
    bool banksChecked = false;
    std::vector<BankAnomalyStat> bankAnomalies;
};

/// Pretty-printed (indent > 0) or one line (indent < 0, for JSON Lines).
std::string toJson(const BaselineRecord& r, int indent = 2);
/// Parses a record; throws std::runtime_error naming what is wrong.
BaselineRecord recordFromJson(const std::string& text);
/// Reads a record file: a JSON document, or JSON Lines (the last record). Throws with the file and line.
BaselineRecord readRecordFile(const std::string& path);

} // namespace rs::compare
