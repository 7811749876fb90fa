#include "core/import/hcclrawlinks.h"

#include "core/model/commkeys.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace rs::import {

using nlohmann::json;

std::string hcclRawGroup(const std::string& path) {
    const size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

namespace {

/// Beyond this a figure is damage, not a transfer (10^12 ms, 10^12 size units): kept ×10^6 or ×10^3 one row
/// stays inside int64; the matrix's sums over steps and links may not, and are held at INT64_MAX there
/// (core/query/commmatrix).
constexpr double kMaxFigure = 1e12;

/// A figure of a link's array: finite, not negative and below kMaxFigure, else none.
std::optional<double> figure(const json& a, size_t i) {
    if (!a.is_array() || a.size() <= i || !a[i].is_number()) return std::nullopt;
    const double v = a[i].get<double>();
    if (!std::isfinite(v) || v < 0 || v > kMaxFigure) return std::nullopt;
    return v;
}

} // namespace

HcclRawLinks readHcclRawLinks(const std::string& cell, int rank, int64_t step, const std::string& group) {
    HcclRawLinks out;
    if (cell.empty()) return out;
    const json j = json::parse(cell, nullptr, false);
    if (!j.is_object()) {
        out.problem = "link_info is not a JSON object: the row's links are not read";
        return out;
    }
    int bad = 0;
    for (const auto& [key, transports] : j.items()) {
        const auto lk = model::parseLinkKey(key);
        if (!lk || !transports.is_object()) {
            ++bad;
            continue;
        }
        for (const auto& [transport, values] : transports.items()) {
            const auto cost = figure(values, 0), size = figure(values, 1);
            if (!cost || !size) {
                ++bad;
                continue;
            }
            model::CommLinkRow r;
            r.rank = rank;
            r.step = step;
            r.kind = "all";     // the step's sum over every communication op, collective and p2p
            r.op = "link_info"; // no op: the row's own sum
            r.entry = model::CommEntry::Total;
            r.group = group;
            r.src = lk->first;
            r.dst = lk->second;
            r.transport = transport;
            r.bytes = std::llround(*size * 1000); // thousandths of hccl_raw's size unit
            r.timeNs = std::llround(*cost * 1e6); // ms → ns
            r.source = "hccl_raw";
            r.sizeUnit = model::CommSizeUnit::HcclRaw;
            out.rows.push_back(std::move(r));
        }
    }
    if (bad)
        out.problem =
            std::to_string(bad) +
            " link(s) of link_info not \"src-dst\": {\"TYPE\": [cost_ms, size, bandwidth]}: not read";
    return out;
}

} // namespace rs::import
