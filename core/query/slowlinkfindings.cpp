#include "core/query/slowlinkfindings.h"

#include "core/model/findingtext.h"
#include "core/query/commmatrix.h"

#include <algorithm>

namespace rs::query {

using nlohmann::json;

std::vector<CommMatrix> runCommMatrices(index::Db& db, int run) {
    CommMatrixRequest req;
    req.run = run;
    std::vector<CommMatrix> out{loadCommMatrix(db, req)};
    if (out.front().group.empty() || out.front().groups.size() < 2) return out;
    for (const auto& g : out.front().groups)
        if (g.name != out.front().group) {
            req.group = g.name;
            out.push_back(loadCommMatrix(db, req));
        }
    return out;
}

namespace {

json finding(const CommMatrix& m, const CommCell& c, const TransportThreshold& t) {
    const int64_t atMedian = int64_t(double(c.bytes) / t.medianGBps); // bytes / (bytes per ns)
    model::FindingFields f;
    f.kind = model::FindingKind::SlowLink;
    f.rank = c.reporter;
    f.extraNs = std::max<int64_t>(0, c.timeNs.value_or(0) - atMedian);
    f.subject = std::to_string(c.src) + "\xe2\x86\x92" + std::to_string(c.dst) + " " + c.transport();
    f.affected = {{"src", c.src},
                  {"dst", c.dst},
                  {"transport", c.transport()},
                  {"group", m.group},
                  {"scope", m.scope},
                  {"bytes", c.bytes},
                  {"time_ns", c.timeNs.value_or(0)},
                  {"bandwidth_gbps", c.bandwidthGBps()},
                  {"median_gbps", t.medianGBps},
                  {"threshold_gbps", t.thresholdGBps},
                  {"ops", c.ops}};
    return {{"kind", std::string(sqlText(f.kind))},
            {"rank", c.reporter},
            {"step", nullptr},
            {"subject", f.subject},
            {"lost_ns", 0},
            {"waited_ns", 0},
            {"extra_ns", f.extraNs},
            {"start_ns", nullptr},
            {"end_ns", nullptr},
            {"span_id", nullptr},
            {"text", model::findingText(f)},
            {"run", m.run},
            {"affected", f.affected}};
}

} // namespace

json slowLinkFindings(index::Db& db) {
    std::vector<int> runs;
    {
        auto q = db.prepare("SELECT DISTINCT run_id FROM comm_link WHERE summed = 1 AND run_id IS NOT NULL");
        while (q.step())
            runs.push_back(int(q.i64(0)));
    }
    std::vector<json> out;
    for (int run : runs)
        for (const auto& m : runCommMatrices(db, run))
            for (const auto& c : m.cells) {
                if (!c.slow || c.latencyBound) continue;
                auto t =
                    std::find_if(m.thresholds.begin(), m.thresholds.end(),
                                 [&](const TransportThreshold& x) { return x.transport == c.transport(); });
                if (t != m.thresholds.end() && t->judged && t->medianGBps > 0)
                    out.push_back(finding(m, c, *t));
            }
    std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
        return a["extra_ns"].get<int64_t>() > b["extra_ns"].get<int64_t>();
    });
    return json(out);
}

} // namespace rs::query
