#pragma once
// The tracks of one Chrome trace file while it streams: one per (pid, tid) for slices and one per
// (pid, counter series), each with its nester (depth and LOD buckets), its open B events and its open X
// spans; and the names, labels and sort orders the file's `M` events give them (which may come after
// the events they name). At the end they become TrackRows through the track classifier. One thread.
#include "core/import/discovery.h"
#include "core/model/batch.h"
#include "core/model/tracknester.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rs::import {

struct TraceTrack {
    int64_t id = 0;
    std::string pid, tid;
    std::unique_ptr<model::TrackNester> nester;
    int64_t ncclSpans = 0, kernelSpans = 0;
    bool counter = false;
    bool annotations = false; ///< a GPU stream's user annotations (Kineto gpu_user_annotation), not kernels
    std::string counterName;
    struct Open { ///< a B event waiting for its E
        int64_t ts;
        int32_t nameId, catId, opTypeId;
        int64_t offset;
        bool hostOp; ///< kept in hostOps once ended
    };
    std::vector<Open> openB;
    struct HostOp { ///< a span that may enclose a [memory] allocation (ns)
        int64_t start, end;
        int32_t nameId;
    };
    /// Every host op of the thread, in file order: Kineto lists a thread's ops apart from its [memory]
    /// events (HTA df_index_resolver: all ops first), so an allocation finds its op only at the file's end.
    std::vector<HostOp> hostOps;
};

/// What the file's `M` events say, keyed by pid (processes) or pid '\x1f' tid (threads).
struct TraceNames {
    std::unordered_map<std::string, std::string> processNames, processLabels, threadNames;
    std::unordered_map<std::string, int64_t> processSort, threadSort;
    static std::string threadKey(std::string_view pid, std::string_view tid);
};

class TraceTracks {
  public:
    /// Track ids come from `nextId`, shared by every parser thread of the import.
    explicit TraceTracks(std::atomic<int64_t>& nextId) : m_nextId(nextId) {}
    TraceTracks(const TraceTracks&) = delete; // m_recent points into its own map
    TraceTracks& operator=(const TraceTracks&) = delete;
    /// The slice track of (pid, tid), created on first use.
    TraceTrack& slices(std::string_view pid, std::string_view tid);
    /// The lane of (pid, tid)'s GPU user annotations (Kineto draws record_function ranges on the stream
    /// they ran on; they are not kernels, and on the kernels' lane they were counted as device time).
    TraceTrack& annotations(std::string_view pid, std::string_view tid);
    /// The track of one counter series of `pid` (`series` = "<event name>/<arg key>").
    TraceTrack& counter(std::string_view pid, std::string_view series);
    /// The slice track of (pid, tid) when it exists.
    TraceTrack* findSlices(std::string_view pid, std::string_view tid);
    TraceNames& names() { return m_names; }
    /// Every track, in one fixed order (the order describe() emits them).
    template <class Fn> void forEach(Fn&& fn) {
        for (auto& [k, t] : m_tracks)
            fn(t);
    }
    /// Closes every nester (its last LOD buckets into `b.lods`) and appends one classified TrackRow per
    /// track to `b.tracks`; lane names are then made unique over the batch's tracks. `fileCut`: the file
    /// ended before its end, where Kineto writes the thread names: a lane named after its bare tid says so.
    /// `kineto`: the file is Kineto's (its negative int32 tids are shown unsigned, trackclassifier.h).
    void describe(FileKind format, int rank, model::Batch& b, bool fileCut = false, bool kineto = false);

  private:
    /// The track keyed pid, '\x1f', `tag`, `name` (m_key holds that key afterwards), or null.
    TraceTrack* findTagged(std::string_view pid, std::string_view tag, std::string_view name);
    TraceTrack& create(std::string key, std::string_view pid, std::string_view tid, bool counter,
                       std::string_view series);
    model::TrackRow row(const TraceTrack& t, FileKind format, int rank, bool fileCut, bool kineto) const;

    std::atomic<int64_t>& m_nextId;
    std::unordered_map<std::string, TraceTrack> m_tracks;
    TraceNames m_names;
    std::string m_key; ///< scratch: the lookup key, reused so a lookup allocates nothing
    /// The slice tracks slices() found last: every event looks its track up, and a trace's events come from
    /// a few threads at a time (an Ascend trace alternates host launches, flows and device tasks), so most
    /// lookups end here, without hashing the key.
    std::array<TraceTrack*, 4> m_recent{};
    size_t m_nextRecent = 0;
};

} // namespace rs::import
