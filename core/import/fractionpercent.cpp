#include "core/import/fractionpercent.h"

#include <set>

namespace rs::import {

bool FractionPercent::namedPercent(std::string_view series) {
    const auto slash = series.rfind('/');
    const std::string_view key = slash == std::string_view::npos ? series : series.substr(slash + 1);
    return key.find("(%)") != std::string_view::npos;
}

void FractionPercent::add(const std::string& series, const model::CounterRow& row,
                          std::vector<model::CounterRow>& out) {
    Lane& l = m_lanes[row.trackId];
    if (l.series.empty()) l.series = series;
    if (!l.released && row.value >= 0 && row.value <= 1) {
        l.held.push_back(row);
        return;
    }
    if (!l.released) {
        out.insert(out.end(), l.held.begin(), l.held.end());
        l.held = {};
        l.released = true;
    }
    out.push_back(row);
}

std::string FractionPercent::finish(std::vector<model::CounterRow>& out) {
    std::set<std::string> scaled;
    for (auto& [id, l] : m_lanes) {
        if (l.released || l.held.empty()) continue;
        for (model::CounterRow r : l.held) {
            r.value *= 100;
            out.push_back(r);
        }
        l.held = {};
        scaled.insert(l.series);
    }
    std::string names;
    for (const auto& n : scaled)
        names += (names.empty() ? "" : ", ") + n;
    return names;
}

} // namespace rs::import
