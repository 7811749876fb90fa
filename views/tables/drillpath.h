#pragma once
// Where the Steps ▸ ops ▸ tensors drill-down stands: its level and the step and op drilled into, so that a
// saved view (.rsview) reopens the same list (walk 52b: a reopened view showed the Steps level again).
// Times are absolute ns on the profile's clock; ranks are the index's rank keys. Pure value type.
#include <QString>

namespace rs::views {

struct DrillPath {
    int level = 0;                     ///< 0 Steps, 1 the step's ops, 2 the op's tensors
    int rank = -1;                     ///< the drilled step's rank key (level ≥ 1)
    qint64 step = -1;                  ///< the drilled step (level ≥ 1)
    QString opType;                    ///< the drilled op's type (level 2)
    QString opName;                    ///< its name (level 2)
    qint64 opStartNs = 0, opEndNs = 0; ///< its start and end (level 2)
    bool operator==(const DrillPath&) const = default;
};

} // namespace rs::views
