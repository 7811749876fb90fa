#pragma once
// Puts one rank's collective arrivals in order and numbers each instance so the matcher can pair it with
// the same instance on the other ranks: its step (the producer's, else the rank's step at its start, else
// 0) and its sequence number among the rank's arrivals with the same identity in that step (the identity
// the sources gave it: the instance's own name where the producer names instances, else its collective).
// Point-to-point arrivals are numbered too but never matched: their peer is one rank of another stage,
// not every rank, so "the last to arrive" among all ranks would blame the wrong one. Rank-local stage; pure.
#include "core/analysis/arrival.h"
#include "core/analysis/rankkernels.h"
#include "core/analysis/stepindex.h"

#include <vector>

namespace rs::analysis {

/// Sorts `arrivals` (all of one rank) by start and fills step and seq.
void sequenceArrivals(std::vector<Arrival>& arrivals, const StepIndex& steps);

/// Fills gapStartNs / gapNs of each arrival (sorted by start): the rank's largest device-idle stretch since
/// its previous collective ended, or since the start of the arrival's step for its first one, wherever it
/// lies (also before the step began). The cross-rank blame files it when the rank turns out to be late.
/// A rank with no compute kernel recorded has no known gap (all 0).
void measureIdleGaps(std::vector<Arrival>& arrivals, const StepIndex& steps, const RankKernels& kernels);

} // namespace rs::analysis
