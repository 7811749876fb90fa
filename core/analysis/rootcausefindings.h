#pragma once
// The findings RootCausePass tells, each built from its facts as typed fields (the sentence is rendered
// when shown: core/model/findingtext.h) and stored in `finding`:
//  - stall: one (rank, step) whose device sat idle before collectives it reached last, the waits folded in;
//  - slow_rank / late_rank: a rank last in collectives, with (slow_rank) or without the op types that are
//    slower on it;
//  - straggler: flagged op types on a rank nobody waited for (extra kernel time, no loss);
//  - outlier_step: an outlier step no other finding explains (the step's own cause).
// Cross-rank stage; one thread.
#include "core/analysis/lateevents.h"
#include "core/index/sqlite.h"
#include "core/model/findingkind.h"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace rs::analysis {

constexpr int64_t kFloorNs = 100000; ///< 0.1 ms
constexpr double kFloorShare = 0.01; ///< 1 % of the affected steps' wall time

struct Finding {
    int run = 0;
    model::FindingKind kind = model::FindingKind::Stall;
    std::string subject;
    std::optional<int> rank;
    std::optional<int64_t> step;
    int64_t lost = 0, waited = 0, extra = 0;
    int64_t idle = 0; ///< stall: the idle gap before its worst collective; late_rank: idle before them
    /// slow_rank, late_rank: the blamed collective instances the rank took part in; straggler: the run's
    int64_t instances = 0;
    int64_t startNs = 0, endNs = 0, spanId = 0;
    nlohmann::json affected = nlohmann::json::object();
    int64_t affectedWall = 0; ///< wall time of the affected steps (for the noise floor)
};

/// An op type flagged slow on a rank (op_stat), with its extra kernel time.
struct Flag {
    std::string op;
    double ratio;
    int64_t extra;
};
/// rank → its flagged op types, most extra time first.
std::map<int, std::vector<Flag>> stragglerFlags(index::Db& db);

Finding stallFinding(int rank, int64_t step, const std::vector<const LateEvent*>& evs, int64_t stepWall);
Finding lateRankFinding(int rank, const std::vector<const LateEvent*>& evs, const std::vector<Flag>* flags,
                        const Walls& walls, int64_t instances);
Finding stragglerFinding(int run, int rank, const std::vector<Flag>& flags, int64_t runWall,
                         int64_t instances);

struct OutlierRow {
    int run;
    int rank;
    int64_t step, wall, typical;
    std::optional<int64_t> late;
    /// What the step cost the job (ns): how much later the step ended on the run's ranks than its last
    /// starting rank's start plus this rank's typical wall, at most wall − typical. A rank that began the
    /// step earlier than the others (a pipeline warm-up, a profiler started early) has a long step that
    /// cost nothing; a stall that every rank waits for costs its length.
    int64_t jobLost = 0;
};
/// The outlier steps of step_stat, with what each cost the job (from sum_step's per-rank extents).
std::vector<OutlierRow> outlierRows(index::Db& db);
/// Outlier steps that no finding in `causes` explains, one finding per (run, step) that cost the job time
/// (a step that only began early on some rank names no culprit); the explained ones are folded into the
/// finding that explains them (affected.outlier_steps).
std::vector<Finding> outlierStepFindings(const std::vector<OutlierRow>& rows, std::vector<Finding>& causes,
                                         const Walls& walls);

/// Per rank: the matched instances it took part in, and their mean size (for "last more often than chance").
struct Share {
    int64_t instances = 0;
    double meanSize = 0;
};
std::map<int, Share> arrivalShares(index::Db& db);
/// Last in at least twice its fair share of the instances it took part in (capped at 90 %): with 8 ranks,
/// a quarter of them; with 2, nine in ten.
bool consistentlyLast(int64_t lastCount, const Share& s);

/// A time finding is told only when its loss (extra time for a straggler) is at least
/// max(kFloorNs, kFloorShare × the wall time of the steps it affects).
bool aboveFloor(const Finding& f);
void insertFinding(index::Db& db, const Finding& f);

} // namespace rs::analysis
