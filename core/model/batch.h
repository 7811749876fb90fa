#pragma once
// The unit of work between the parser threads and the one writer thread: every row kind the importers
// emit, moved (never shared) through core/import's bounded queue into core/index's writer.
#include "core/model/commrows.h"
#include "core/model/memoryrows.h"
#include "core/model/sourcerows.h"
#include "core/model/steprows.h"
#include "core/model/tracerows.h"

#include <vector>

namespace rs::model {

/// Parsers fill one and hand it over when it reaches ~64 K rows.
struct Batch {
    int group = -1; ///< the rank group (discovery order) whose job filled it: rank numbers are per group
    std::vector<SpanRow> spans;
    std::vector<CounterRow> counters;
    std::vector<TrackRow> tracks;
    std::vector<LodRow> lods;
    std::vector<StepRow> steps;
    std::vector<StepBreakdownRow> breakdowns;
    std::vector<ProducerStepRow> producerSteps; ///< msprof-analyze's cluster summary (not rank-keyed)
    std::vector<CommOpRow> commOps;
    std::vector<CommLinkRow> commLinks;
    std::vector<CommGroupRow> commGroups;
    std::vector<CommSourceRow> commSources;
    std::vector<TensorRow> tensors;
    std::vector<KernelShapeRow> shapes;
    std::vector<LaunchCollectiveRow> launches;
    std::vector<MemorySampleRow> memory;
    std::vector<FlowRow> flows;
    std::vector<DiagnosticRow> diagnostics;
    std::vector<RankRow> ranks;
    std::vector<FileRow> files;
    size_t rows() const {
        return spans.size() + counters.size() + lods.size() + tensors.size() + memory.size() + flows.size() +
               shapes.size() + commLinks.size() + launches.size();
    }
};

} // namespace rs::model
