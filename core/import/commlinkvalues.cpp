#include "core/import/commlinkvalues.h"

#include "core/model/decimal.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

namespace rs::import {

using model::CommEntry;
using model::CommLinkRow;

std::string fillLinkValues(const LinkText& in, CommLinkRow& row) {
    row.transport = in.transport;
    if (!in.sizeMB || !in.timeMs) return "link without Transit Size(MB) or Transit Time(ms): not shown";
    const auto bytes = model::parseScaled(*in.sizeMB, model::TimeUnit::Ms); // MB = 10^6 bytes
    const auto ns = model::parseScaled(*in.timeMs, model::TimeUnit::Ms);
    if (!bytes || !ns) return "link with an unreadable Transit Size(MB) or Transit Time(ms): not shown";
    if (*bytes < 0) return "negative Transit Size(MB): link not shown";
    if (*ns < 0) return "negative Transit Time(ms): link not shown";
    row.bytes = *bytes;
    row.timeNs = *ns;
    if (in.bandwidthGBps) row.bandwidthGBps = model::parseDouble(*in.bandwidthGBps);
    return {};
}

bool bandwidthDisagrees(const CommLinkRow& row) {
    if (!row.bandwidthGBps || !row.timeNs || *row.timeNs <= 0 || !std::isfinite(*row.bandwidthGBps))
        return false;
    const double derived = double(row.bytes) / double(*row.timeNs); // bytes per ns = GB/s (decimal)
    // the producer rounds to 4 decimals; the integer bytes and ns we keep add a relative 1/ns or so
    return std::abs(*row.bandwidthGBps - derived) > 5e-5 + 2e-3 * derived;
}

namespace {

std::string stepText(const std::optional<int64_t>& s) {
    return s ? "step" + std::to_string(*s) : std::string("step");
}

/// Every (step, kind, op, group) with samples has a `total` holding each sampled link.
void checkTotals(const std::vector<CommLinkRow>& rows, const std::string& file, RowEmitter& out) {
    using Key = std::tuple<std::optional<int64_t>, std::string, std::string, std::string>;
    struct Links {
        std::set<std::pair<int64_t, int64_t>> total, sampled;
        bool hasTotal = false;
    };
    std::map<Key, Links> byOp;
    for (const auto& r : rows) {
        if (r.entry != CommEntry::Total && r.entry != CommEntry::Sample) continue;
        Links& l = byOp[{r.step, r.kind, r.op, r.group}];
        if (r.entry == CommEntry::Total) {
            l.hasTotal = true;
            l.total.insert({r.src, r.dst});
        } else {
            l.sampled.insert({r.src, r.dst});
        }
    }
    for (const auto& [k, l] : byOp) {
        const std::string where =
            stepText(std::get<0>(k)) + " " + std::get<1>(k) + " " + std::get<2>(k) + "@" + std::get<3>(k);
        if (!l.hasTotal) {
            out.diag(file, "warning",
                     "an op's top/middle/bottom samples without its `total` entry: its links are not summed "
                     "(the samples are a few of its ops, not all)",
                     -1, where);
            continue;
        }
        for (const auto& link : l.sampled)
            if (!l.total.count(link))
                out.diag(file, "warning", "a sampled link missing from its op's `total`: it is not summed",
                         -1, where + " " + std::to_string(link.first) + "-" + std::to_string(link.second));
    }
}

/// The old layout's "Total Op Info" against the sum of its op entries, per link of each (step, kind).
void checkOpInfoTotals(const std::vector<CommLinkRow>& rows, const std::string& file, RowEmitter& out) {
    struct Sum {
        int64_t bytes = 0, ns = 0, n = 0;
    };
    using Key = std::tuple<std::optional<int64_t>, std::string, int64_t, int64_t>;
    std::map<Key, Sum> ops;
    std::map<Key, const CommLinkRow*> totals;
    for (const auto& r : rows) {
        const Key k{r.step, r.kind, r.src, r.dst};
        if (r.entry == CommEntry::OpInfoTotal) {
            totals[k] = &r;
        } else if (r.entry == CommEntry::Op) {
            Sum& s = ops[k];
            s.bytes += r.bytes;
            s.ns += r.timeNs.value_or(0);
            ++s.n;
        }
    }
    for (const auto& [k, t] : totals) {
        auto it = ops.find(k);
        const Sum s = it == ops.end() ? Sum{} : it->second;
        // each op's value was rounded to whole bytes and ns: allow one per op
        if (std::llabs(s.bytes - t->bytes) > s.n + 1 || std::llabs(s.ns - t->timeNs.value_or(0)) > s.n + 1)
            out.diag(file, "warning",
                     "\"Total Op Info\" differs from the sum of its ops' entries (the ops' entries are used)",
                     -1,
                     stepText(std::get<0>(k)) + " " + std::get<1>(k) + " " + std::to_string(std::get<2>(k)) +
                         "-" + std::to_string(std::get<3>(k)));
    }
}

/// A rank's file holds its own links: in one group they all start at its group-local rank.
void checkSources(const std::vector<CommLinkRow>& rows, const std::string& file, RowEmitter& out) {
    std::map<std::string, std::set<int64_t>> srcs;
    for (const auto& r : rows)
        if (r.entry != CommEntry::OpInfoTotal) srcs[r.group].insert(r.src);
    for (const auto& [group, s] : srcs) {
        if (s.size() < 2) continue;
        std::string list;
        for (int64_t v : s)
            list += (list.empty() ? "" : ", ") + std::to_string(v);
        out.diag(file, "warning",
                 "the links of one group start at different ranks (a rank's file holds its own links)", -1,
                 "group " + group + ": " + list);
    }
}

} // namespace

void checkMatrixRows(const std::vector<CommLinkRow>& rows, const std::string& file, RowEmitter& out) {
    checkTotals(rows, file, out);
    checkOpInfoTotals(rows, file, out);
    checkSources(rows, file, out);
}

} // namespace rs::import
