#pragma once
// One rank's device kernels (every span on its compute tracks), loaded once per rank and shared by the
// rank-local passes that read them: collective kernels, step phases, idle gaps before collectives and op
// statistics. Sorted by start. Memory: 40 bytes per kernel of one rank (never the whole profile).
// One thread.
#include "core/index/sqlite.h"
#include "core/model/nameflags.h"

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace rs::analysis {

struct Kernel {
    int64_t startNs, endNs;
    int64_t spanId = 0;
    int32_t opTypeId = 0; ///< string id of the op type
    int32_t nameId = 0;   ///< string id of the name
    int32_t track = 0;    ///< index into RankKernels::tracks()
    bool compute = true;  ///< false for collectives, notify/event tasks and runtime tasks (name_fact.compute)
};

struct KernelTrack {
    int64_t trackId;
    std::string pid;        ///< the device process it belongs to
    bool planeLane = false; ///< a device lane the importer calls a plane (an HCCL plane's small tasks)
};

class RankKernels {
  public:
    RankKernels() = default;
    /// From kernels in any order (tests build them by hand).
    explicit RankKernels(std::vector<Kernel> kernels, std::vector<KernelTrack> tracks = {});
    /// The spans of `rank`'s compute tracks; `nonCompute` flags the names that are not computation.
    static RankKernels load(index::Db& db, int rank, const model::NameFlags& nonCompute);

    const std::vector<Kernel>& all() const { return m_all; }
    const std::vector<KernelTrack>& tracks() const { return m_tracks; }
    /// Kernels (compute or not) whose start lies in [lo, hi).
    std::span<const Kernel> startingIn(int64_t lo, int64_t hi) const;
    /// The largest device-idle interval in [from, to): the gaps between compute kernels, including the
    /// stretch from `from` to the first one and from the last one to `to`; a kernel that began before
    /// `from` and still runs covers its part. {start, length}; length 0 when busy throughout.
    std::pair<int64_t, int64_t> largestIdle(int64_t from, int64_t to) const;
    /// Whether any compute kernel was recorded: without one, the device's idle time is not known (a
    /// profile of step traces and collectives only, walk 23b's cluster_propose), not "idle throughout".
    bool hasCompute() const { return !m_busy.empty(); }

  private:
    std::vector<Kernel> m_all; ///< by start
    std::vector<KernelTrack> m_tracks;
    std::vector<std::pair<int64_t, int64_t>> m_busy; ///< compute kernels {start, end}, by start
    std::vector<int64_t> m_busyEndSoFar;             ///< max end of m_busy[0..i]
};

} // namespace rs::analysis
