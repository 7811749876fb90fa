#include "views/memory/tensorcolorkey.h"

#include <QObject>
#include <algorithm>
#include <map>

namespace rs::views {

const std::vector<QColor>& TensorColorKey::palette() {
    // Tableau 10 less its teal and grey (the teal stood 23 ΔE from the neutral grey): every pair ≥ 30 ΔE
    static const std::vector<QColor> colors = {QColor("#4e79a7"), QColor("#f28e2b"), QColor("#e15759"),
                                               QColor("#59a14f"), QColor("#edc948"), QColor("#b07aa1"),
                                               QColor("#ff9da7"), QColor("#9c755f")};
    return colors;
}

QColor TensorColorKey::otherColor() {
    return QColor("#b8b8b8"); // ≥ 31 ΔE from every palette colour, and visible on a white or dark base
}

TensorColorKey TensorColorKey::of(const query::MemoryMapData& d, int64_t t0, int64_t t1, size_t maxOps) {
    std::map<std::string, double> weight;
    for (const auto& t : d.tensors) {
        if (d.hasAddresses && !t.addr) continue; // not drawn (memorymapcanvas.cpp barRect)
        const int64_t a = t.allocNs.value_or(d.startNs), f = t.freeNs.value_or(d.endNs);
        if (f < t0 || a > t1) continue;
        // a bar of no length inside the window is still drawn (a pixel wide): it counts as 1 ns
        const int64_t ns = std::max<int64_t>(1, std::min(f, t1) - std::max(a, t0));
        weight[t.opName] += double(std::max<int64_t>(t.sizeBytes, 1)) * double(ns);
    }
    std::vector<Entry> all;
    for (const auto& [op, w] : weight)
        all.push_back({op, QColor(), w});
    std::stable_sort(all.begin(), all.end(),
                     [](const Entry& a, const Entry& b) { return a.weight > b.weight; });
    TensorColorKey k;
    const size_t n = std::min({all.size(), maxOps, palette().size()});
    k.m_otherOps = all.size() - n;
    all.resize(n);
    for (size_t i = 0; i < n; ++i)
        all[i].color = palette()[i];
    k.m_keyed = std::move(all);
    return k;
}

QColor TensorColorKey::colorOf(const std::string& op) const {
    for (const auto& e : m_keyed)
        if (e.op == op) return e.color;
    return otherColor();
}

QString TensorColorKey::html() const {
    if (m_keyed.empty()) return {};
    const auto swatch = [](const QColor& c, const QString& name) {
        return QString(" &nbsp;<span style='color:%1'>&#9632;</span>&nbsp;%2")
            .arg(c.name(), name.toHtmlEscaped());
    };
    QString html = QObject::tr("bar colour = the op that allocated it (the ops of most bytes × time shown):");
    for (const auto& e : m_keyed)
        html += swatch(e.color, e.op.empty() ? QObject::tr("(no op)") : QString::fromStdString(e.op));
    if (m_otherOps > 0) html += swatch(otherColor(), QObject::tr("other ops (%1)").arg(m_otherOps));
    return html;
}

} // namespace rs::views
