#pragma once
// The link_info column of a legacy MindSpore hccl_raw_<r>.csv row: {"src-dst": {"SDMA": [cost_ms, size,
// bandwidth], …}, …}, one row per step, each figure the sum over the step's communication ops (checked on
// mindinsight's cluster_propose: every link's cost, size and bandwidth equal the sums of the same link in
// the row's communication_operator_cost). Units, from the data: cost is ms (formats.md); each op's
// bandwidth is its size / (cost / 1000), so size per second, and the step's "bandwidth" is a sum of the
// ops' rates, not a rate (not kept). The size is no byte count (4.096, 52706.816) and its unit is not
// written anywhere: rows keep it in thousandths of hccl_raw's own unit (CommLinkRow::bytes, with
// sizeUnit = HcclRaw), and every reader says "units as in hccl_raw". The link keys are not the global
// ranks (rank 2's file writes "1-0" and "0-0", as rank 0's does) and the file names no group: each file's
// links form a group of their own, named after the file, kept group-local. Pure; runs on the rank's parser
// thread.
#include "core/model/commrows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::import {

/// The name of the group a hccl_raw file's links form ("hccl_raw_0.csv": the file's own name).
std::string hcclRawGroup(const std::string& path);

struct HcclRawLinks {
    std::vector<model::CommLinkRow> rows;
    std::string problem; ///< why the cell (or part of it) was not read; empty when all of it was
};

/// The links of one row's link_info cell for `rank` and `step`. An empty cell is no link and no problem.
HcclRawLinks readHcclRawLinks(const std::string& cell, int rank, int64_t step, const std::string& group);

} // namespace rs::import
