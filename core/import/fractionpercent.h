#pragma once
// A counter series named in percent whose every sample lies in [0, 1] holds fractions, not percent:
// torch_npu's trace_view.json writes LLC hit rates as 0.875 under "Hit Rate(%)" (msinsight level1: all 52
// of rank 0's in 0…0.904). Such a lane is written ×100, so a lane that says % shows percent, and the file's
// diagnostics name the lanes so scaled. One rule for the whole lane, never a guess per sample: its samples
// are held back while all lie in [0, 1]; the first one outside releases them as written and the lane
// streams on unscaled (a real percent lane leaves [0, 1] at once, so little is ever held). One parser
// thread, one file.
#include "core/model/batch.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rs::import {

class FractionPercent {
  public:
    /// Whether a series ("<event name>/<arg key>") is named in percent: its key says "(%)".
    static bool namedPercent(std::string_view series);
    /// Takes sample `row` of percent series `series`: held, or appended to `out` as written.
    void add(const std::string& series, const model::CounterRow& row, std::vector<model::CounterRow>& out);
    /// At the file's end: the lanes still held (every sample in [0, 1]) into `out` ×100. Returns their
    /// names, sorted ("" when none).
    std::string finish(std::vector<model::CounterRow>& out);

  private:
    struct Lane {
        std::string series;
        std::vector<model::CounterRow> held;
        bool released = false; ///< a sample lay outside [0, 1]: the lane is written as the file says
    };
    std::map<int64_t, Lane> m_lanes; // by track id
};

} // namespace rs::import
