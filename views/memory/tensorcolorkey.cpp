#include "views/memory/tensorlegend.h"

#include "views/common/palette.h"

#include <QObject>
#include <algorithm>
#include <map>

namespace rs::views {

std::vector<TensorLegendEntry> tensorLegend(const query::MemoryMapData& d, size_t maxOps, size_t* more) {
    std::map<std::string, int64_t> bytes;
    for (const auto& t : d.tensors)
        bytes[t.opName] += t.sizeBytes;
    std::vector<TensorLegendEntry> out;
    for (const auto& [op, b] : bytes) {
        const QString name = QString::fromStdString(op);
        out.push_back({name, colorForOpType(name, false), b});
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.bytes > b.bytes; });
    if (more) *more = out.size() > maxOps ? out.size() - maxOps : 0;
    if (out.size() > maxOps) out.resize(maxOps);
    return out;
}

QString tensorLegendHtml(const query::MemoryMapData& d, size_t maxOps) {
    size_t more = 0;
    const auto entries = tensorLegend(d, maxOps, &more);
    if (entries.empty()) return {};
    QString html = QObject::tr("bar colour = the op that allocated it:");
    for (const auto& e : entries)
        html += QString(" &nbsp;<span style='color:%1'>&#9632;</span>&nbsp;%2")
                    .arg(e.color.name(), (e.op.isEmpty() ? QObject::tr("(no op)") : e.op).toHtmlEscaped());
    if (more > 0) html += QObject::tr(" &nbsp;(+ %1 more ops)").arg(more);
    return html;
}

} // namespace rs::views
