#pragma once
// The memory map's colour key: which op each tensor bar's colour stands for. The profile's ops whose tensors
// took the most bytes over all its ranks (at most 8; the analysis ranks them once: query::MemoryMapData::
// opOrder, core/model/opbytesranking.h) each get a hue of a categorical palette whose colours are all far
// apart (CIE76 ΔE ≥ 30), the same at every zoom, on every rank and in every export; every other op's tensors
// are drawn in one neutral grey the key names "other ops", so no colour means two ops. The key lists only
// the ops the shown window draws. (Hashed op colours made near-identical greens on the demo and gave an
// unkeyed aten::addmm aten::_foreach_add's colour on text/level1: walk 16; hues ranked by the window moved
// from op to op as one zoomed: walk18a #2; hues ranked per rank made the demo's AllReduce yellow on rank 3
// and green on rank 6.) The canvas paints with it; the view's key label, the GUI's File ▸ Export and
// `rankscope export --view memory` show the same one.
// Pure value type; GUI thread only (QColor, tr). Times are ns.
#include "core/query/analysisqueries.h"

#include <QColor>
#include <QString>
#include <map>
#include <string>
#include <vector>

namespace rs::views {

class TensorColorKey {
  public:
    struct Entry {
        std::string op;
        QColor color;
        double weight = 0; ///< bytes × ns of its tensors' lifetimes inside the window
    };
    /// The key of `d`'s tensors drawn in [t0, t1] (tensors without an address are not drawn where the
    /// others have one): hues by the profile's op order (d.opOrder; where it is empty, by `d`'s own ops'
    /// bytes), at most `maxOps` of them; keyed() the window's ops.
    static TensorColorKey of(const query::MemoryMapData& d, int64_t t0, int64_t t1, size_t maxOps = 8);
    /// The categorical palette, in the order the keyed ops take it.
    static const std::vector<QColor>& palette();
    /// The neutral grey of every op not keyed.
    static QColor otherColor();
    /// The colour of `op`'s tensors: its keyed colour, else otherColor().
    QColor colorOf(const std::string& op) const;
    /// The ops of a hue the window draws, in palette order, weighed by the window.
    const std::vector<Entry>& keyed() const { return m_keyed; }
    /// Ops drawn in the window in otherColor().
    size_t otherOps() const { return m_otherOps; }
    /// "bar colour = the op that allocated it: ■ aten::addmm ■ … ■ other ops (12) (hues: …)": the ops
    /// before the hues' rule, so a key cut short names ops; empty without tensors.
    QString html() const;

  private:
    std::vector<Entry> m_keyed;
    size_t m_otherOps = 0;
    bool m_profileOrder = false;            ///< the hues follow the profile's op order, not the rank's own
    std::map<std::string, QColor> m_colors; ///< every op of a hue, drawn in the window or not
};

} // namespace rs::views
