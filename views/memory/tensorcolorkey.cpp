#include "views/memory/tensorcolorkey.h"

#include "core/model/opbytesranking.h"

#include <QObject>
#include <algorithm>
#include <limits>
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

namespace {

/// Bytes × ns of each op's tensors drawn in [t0, t1], heaviest first (ties by name).
std::vector<TensorColorKey::Entry> weighed(const query::MemoryMapData& d, int64_t t0, int64_t t1) {
    std::map<std::string, double> weight;
    for (const auto& t : d.tensors) {
        if (d.hasAddresses && !t.addr) continue; // not drawn (memorymapcanvas.cpp barRect)
        const int64_t a = t.allocNs.value_or(d.startNs), f = t.freeNs.value_or(d.endNs);
        if (f < t0 || a > t1) continue;
        // a bar of no length inside the window is still drawn (a pixel wide): it counts as 1 ns
        const int64_t ns = std::max<int64_t>(1, std::min(f, t1) - std::max(a, t0));
        weight[t.opName] += double(std::max<int64_t>(t.sizeBytes, 1)) * double(ns);
    }
    std::vector<TensorColorKey::Entry> all;
    for (const auto& [op, w] : weight)
        all.push_back({op, QColor(), w});
    std::stable_sort(all.begin(), all.end(),
                     [](const auto& a, const auto& b) { return a.weight > b.weight; });
    return all;
}

/// `d`'s own ops by the bytes of the tensors the map draws: the order where the index holds no profile's.
std::vector<std::string> rankOpOrder(const query::MemoryMapData& d) {
    model::OpBytesRanking ops;
    for (const auto& t : d.tensors)
        if (!d.hasAddresses || t.addr) ops.add(t.opName, t.sizeBytes);
    return ops.names(TensorColorKey::palette().size());
}

} // namespace

TensorColorKey TensorColorKey::of(const query::MemoryMapData& d, int64_t t0, int64_t t1, size_t maxOps) {
    // The hues go to the profile's ops of most bytes over all ranks, once: ranked by the window, one op took
    // another's colour at each zoom (walk18a #2); ranked by each rank, the demo's AllReduce was yellow on
    // rank 3 and green on rank 6, so no two pictures could be read side by side.
    TensorColorKey k;
    k.m_profileOrder = !d.opOrder.empty();
    const std::vector<std::string> order = k.m_profileOrder ? d.opOrder : rankOpOrder(d);
    const size_t n = std::min({order.size(), maxOps, palette().size()});
    for (size_t i = 0; i < n; ++i)
        k.m_colors.emplace(order[i], palette()[i]);
    // the key names the ops the window draws, in the order of their hues
    for (auto& e : weighed(d, t0, t1)) {
        auto it = k.m_colors.find(e.op);
        if (it == k.m_colors.end()) {
            ++k.m_otherOps;
            continue;
        }
        e.color = it->second;
        k.m_keyed.push_back(std::move(e));
    }
    std::stable_sort(k.m_keyed.begin(), k.m_keyed.end(), [](const Entry& a, const Entry& b) {
        const auto& p = palette();
        return std::find(p.begin(), p.end(), a.color) < std::find(p.begin(), p.end(), b.color);
    });
    return k;
}

QColor TensorColorKey::colorOf(const std::string& op) const {
    auto it = m_colors.find(op);
    return it == m_colors.end() ? otherColor() : it->second;
}

QString TensorColorKey::html() const {
    if (m_keyed.empty()) return {};
    // a swatch and its name glued (&nbsp;): the key is cut between entries, never between the two
    const auto swatch = [](const QColor& c, const QString& name) {
        return QString(" &nbsp;<span style='color:%1'>&#9632;</span>&nbsp;%2")
            .arg(c.name(), name.toHtmlEscaped());
    };
    // the ops first, after a short lead, the hues' rule last: leading, the rule's long sentence took a
    // small dock's whole line and left "…" where the ops were (issue 19 #1); cut, the rest is in the
    // label's tooltip
    QString html = QObject::tr("bar colour = the op that allocated it:");
    for (const auto& e : m_keyed)
        html += swatch(e.color, e.op.empty() ? QObject::tr("(no op)") : QString::fromStdString(e.op));
    if (m_otherOps > 0) html += swatch(otherColor(), QObject::tr("other ops (%1)").arg(m_otherOps));
    html +=
        " &nbsp;" + (m_profileOrder ? QObject::tr("(hues: the profile's ops of most bytes over all ranks, "
                                                  "the same on every rank)")
                                    : QObject::tr("(hues: the rank's ops of most bytes)"));
    return html;
}

} // namespace rs::views
