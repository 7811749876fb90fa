#pragma once
// A MindSpore 1.x step_trace_raw CSV's communication op columns ("stream_36_0_AllReduce-op4542_start_point"
// and its _end_point) and the lanes their spans go to: one communication lane per stream the columns name.
// The streams run side by side: on one lane their ops overlapped, and the nesting that made of them hid
// four in five of a pipeline stage's collectives (mindinsight cluster_propose ranks 0–1: 401 of 485
// AllReduce/Send/Receive ops nested under ops of other streams, their hccl_raw waits dropped as
// unattached). Times in ns. Used by CsvImporter on its import thread; nothing here is shared.
#include "core/io/csvreader.h"
#include "core/model/batch.h"
#include "core/model/tracknester.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rs::import {

/// A communication op's start/end column pair.
struct CommColumn {
    std::string name;   ///< the op ("AllReduce-op4542"), or the whole column base in another layout
    std::string stream; ///< "36" of "stream_36_0_…"; empty: the column names no stream
    int start, end;     ///< column indexes
};

/// The header's communication op columns. `raw` is the header row as written (the header's names are
/// lower-cased: the op keeps its own case).
std::vector<CommColumn> commColumns(const io::CsvHeader& header, const std::vector<std::string>& raw);

/// False when the header has communication columns and `row` leaves every one of them zero or empty: the
/// producer did not record that step's communication (mindinsight profiler/ rank 10, steps 21–40, beside
/// steps 2–20 with ~5.5 ms of it), which is not known, never a measured 0. True without such columns.
bool commRecorded(const std::vector<CommColumn>& columns, const std::vector<std::string>& row);

class LegacyCommLanes {
  public:
    /// A lane per stream of `columns`, in stream order (columns naming none: one lane after them).
    LegacyCommLanes(const std::vector<CommColumn>& columns, std::atomic<int64_t>& nextTrackId);
    /// Adds an op of `column` at [startNs, endNs) to its lane; returns the lane's track and the depth.
    std::pair<int64_t, int> add(const CommColumn& column, int64_t startNs, int64_t endNs, int32_t nameId,
                                std::vector<model::LodRow>& lods);
    /// The lanes as collective-lane tracks of `rank` ("Stream 36"), their level-of-detail rows finished.
    void finish(int rank, model::Batch& b);

  private:
    struct Lane {
        std::string stream;
        int64_t trackId;
        model::TrackNester nester;
    };
    std::map<std::string, size_t> m_index; ///< stream → m_lanes
    std::deque<Lane> m_lanes;
};

} // namespace rs::import
