#pragma once
// One link of a communication matrix, as the producers write it (communication_matrix.json entries,
// analysis.db CommAnalyzerMatrix rows): Transport Type, Transit Size(MB), Transit Time(ms), Bandwidth(GB/s)
// as decimal text, checked and turned into bytes (10^6 per MB) and ns (10^6 per ms); and the checks over
// one file's rows that need them all (a `total` missing, "Total Op Info" against its ops, a file whose
// links of one group start at different ranks). Pure, or writes diagnostics through the thread's
// RowEmitter.
#include "core/import/importcontext.h"
#include "core/model/commrows.h"

#include <optional>
#include <string>
#include <vector>

namespace rs::import {

struct LinkText {
    std::string transport;
    std::optional<std::string> sizeMB, timeMs, bandwidthGBps; ///< decimal text as written
};

/// Sets row.transport/bytes/timeNs/bandwidthGBps. Returns the problem that keeps the link out (empty: the
/// link is fine): a missing or unreadable size or time, a negative one.
std::string fillLinkValues(const LinkText& in, model::CommLinkRow& row);

/// True when the producer's bandwidth disagrees with its own size / time (GB/s = bytes per ns) beyond its
/// 4-decimal rounding.
bool bandwidthDisagrees(const model::CommLinkRow& row);

/// The checks over one matrix file's rows (diagnostics named after `file`): every (step, op, group) with
/// samples has its `total` and each sampled link is in it; the old layout's "Total Op Info" equals the sum
/// of its ops per link; in one group every link starts at one rank (the file's own). Nothing is dropped.
void checkMatrixRows(const std::vector<model::CommLinkRow>& rows, const std::string& file, RowEmitter& out);

} // namespace rs::import
