#pragma once
// The memory map's colour key: a tensor bar is coloured by the op that allocated it (views/common/palette.h
// colorForOpType), which no legend said (walk15a #10, walk15b #10). The ops of the most bytes first, each a
// swatch and its name, then how many ops are left unnamed; rich text for a QLabel, so the tab and every
// picture of it (the widget rendered) carry it. GUI thread only (QColor, tr).
#include "core/query/analysisqueries.h"

#include <QColor>
#include <QString>
#include <vector>

namespace rs::views {

struct TensorLegendEntry {
    QString op;
    QColor color;
    int64_t bytes = 0; ///< the op's tensors' sizes summed
};

/// The rank's ops by their tensors' bytes (most first), at most `maxOps`; `more` gets how many are left.
std::vector<TensorLegendEntry> tensorLegend(const query::MemoryMapData& d, size_t maxOps, size_t* more);
/// "bar colour = allocating op: ■ aten::addmm ■ aten::empty … (+ 12 more ops)", empty without tensors.
QString tensorLegendHtml(const query::MemoryMapData& d, size_t maxOps = 8);

} // namespace rs::views
