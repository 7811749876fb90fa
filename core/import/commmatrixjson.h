#pragma once
// communication_matrix.json of an Ascend rank (torch_npu / MindSpore ASCEND_PROFILER_OUTPUT), in both of
// its layouts:
//   newer  {"step50": {"p2p": {}, "collective": {"allreduce-top1@<group>": {"0-1": {link}}, …,
//           "allreduce-total@<group>": {…}}}}   — per algorithm a `total` (Σ size, Σ time over its ops)
//           and bandwidth samples (top1 = fastest, middle, bottom1 = slowest, bottom2, bottom3);
//   older  {"step2": {"p2p": {"hcom_send__822_0@<group>": {…}, "Total Op Info": {…}}, "collective": …}}
//           — one entry per op instance, and "Total Op Info" summing every op's link key across groups.
// A link is {"Transport Type", "Transit Size(MB)", "Transit Time(ms)", "Bandwidth(GB/s)"[, "Op Name"]};
// its keys "src-dst" are ranks local to the op's group. Every entry becomes a CommLinkRow (summed later:
// `total` rows of the newer layout, op rows of the older one); the link keys also give the rank's peers,
// as before. Problems are diagnostics; the rest loads. Runs on the rank's parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

bool importCommunicationMatrix(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                               int64_t& records);

} // namespace rs::import
