#include "core/compare/linkmeasure.h"

#include "core/query/bankcheck.h"
#include "core/query/slowlinkfindings.h"

#include <algorithm>
#include <cmath>

namespace rs::compare {

void measureLinks(index::Db& db, int run, BaselineRecord& r) {
    for (const auto& m : query::runCommMatrices(db, run)) {
        // logical bytes have no time, hccl_raw's sizes no named unit: no bandwidth to compare
        if (m.sizeOnly()) continue;
        // the time is summed over the steps with links: per step, so runs of other lengths compare
        const double steps = double(std::max<size_t>(1, m.steps.size() + (m.unnamedStep ? 1 : 0)));
        std::vector<int64_t> members; // the group's ranks name it in text (its id is a hash)
        for (const auto& g : m.groups)
            if (g.name == m.group) members = g.members;
        for (const auto& c : m.cells) {
            const double gbps = c.bandwidthGBps();
            if (c.latencyBound || std::isnan(gbps)) continue; // small messages: the bandwidth says nothing
            LinkStat l{c.src, c.dst, c.transport(), m.group, m.scope, gbps, 0, members};
            l.timeNsPerStep = double(c.timeNs.value_or(0)) / steps;
            r.links[l.key()] = l;
        }
    }
}

void measureBanks(index::Db& db, const std::map<int, int>& dataRankOf, BaselineRecord& r) {
    r.banksChecked = query::bankCheck(db, r.run).possible; // of the run measured, not of another run
    auto st =
        db.prepare("SELECT rank, op_name, banks, other_ranks_banks FROM bank_anomaly ORDER BY rank, op_name");
    while (st.step()) {
        auto it = dataRankOf.find(int(st.i64(0)));
        if (it != dataRankOf.end())
            r.bankAnomalies.push_back({it->second, st.text(1), st.text(2), st.text(3)});
    }
}

} // namespace rs::compare
