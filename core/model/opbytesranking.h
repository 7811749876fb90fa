#pragma once
// The order in which the memory map's colour key hands its hues to ops: the ops whose tensors took the most
// bytes first. Bytes, not bytes × lifetime: a lifetime is measured on each rank's own clock and a tensor
// never freed is held to its rank's end, so a time-weighted sum would let one rank with a long trace reorder
// the hues of every other; the bytes an allocator handed out add up alike on every rank, so the analysis can
// rank a profile's ops once (core/analysis/tensoroporder.h) and every rank's map gives an op one colour
// (walk: the demo's AllReduce yellow on rank 3, green on rank 6). Pure value type; sizes in bytes.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rs::model {

class OpBytesRanking {
  public:
    struct Op {
        std::string name; ///< "" for tensors whose source names no op
        int64_t bytes = 0, tensors = 0;
    };
    /// `tensors` tensors of `op` holding `bytes` in all (a negative size counts as 0).
    void add(const std::string& op, int64_t bytes, int64_t tensors = 1);
    /// Most bytes first; ties by more tensors, then by name (so the order never depends on reading order).
    std::vector<Op> ranked() const;
    /// The names of ranked(), at most `limit`.
    std::vector<std::string> names(size_t limit) const;

  private:
    std::map<std::string, Op> m_ops;
};

} // namespace rs::model
