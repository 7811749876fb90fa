#include "core/query/lanereader.h"

namespace rs::query {

std::shared_ptr<const ProfileSummary> LaneReader::summary(std::optional<int> run) {
    auto s = std::make_shared<ProfileSummary>(loadSummary(m_db, run));
    if (m_shards) m_shards->extendSummary(*s);
    m_opTypes = std::make_unique<NameOpTypes>(s);
    return s;
}

TimelineData LaneReader::timeline(const TimelineWindow& w) {
    return m_shards ? m_shards->loadTimeline(w) : loadTimeline(m_db, w, m_opTypes.get());
}

std::optional<SpanDetail> LaneReader::spanDetail(int64_t spanId) {
    return m_shards ? m_shards->loadSpanDetail(spanId) : loadSpanDetail(m_db, spanId);
}

std::vector<DrawItem> LaneReader::search(const std::string& text, int limit, std::vector<int64_t>* trackIds,
                                         const std::vector<int>& ranks) {
    return m_shards ? m_shards->search(text, limit, trackIds, ranks)
                    : searchSpans(m_db, text, limit, trackIds, nullptr, ranks);
}

std::string unreadRankNote(int dataRank) {
    return "rank " + std::to_string(dataRank) +
           ": its shard of the cluster index is missing or changed since the merge, so its events are not "
           "known "
           "(not absent)";
}

RankSource LaneReader::rankSource(int rank) {
    if (!m_shards) return {&m_db, rank, 0};
    RankSource s;
    s.db = m_shards->rankDb(rank, s.rank, s.shard);
    return s;
}

std::vector<int> LaneReader::visitRanks(const std::vector<int>& ranks,
                                        const std::function<void(const RankPart&)>& fn) {
    if (m_shards) return m_shards->visit(ranks, fn);
    fn(RankPart::whole(m_db, ranks));
    return {};
}

RankVisitor LaneReader::visitor() {
    return [this](const std::vector<int>& ranks, const std::function<void(const RankPart&)>& fn) {
        return visitRanks(ranks, fn);
    };
}

void LaneReader::visitAll(const std::function<void(const RankPart&)>& fn,
                          const std::vector<int64_t>* tracks) {
    if (m_shards) return m_shards->visitAll(fn, tracks);
    fn(RankPart::whole(m_db, {}));
}

void LaneReader::visitSpan(int64_t spanId, const std::function<void(const RankPart&, int64_t)>& fn) {
    if (m_shards) return m_shards->visitSpan(spanId, fn);
    fn(RankPart::whole(m_db, {}), spanId);
}

} // namespace rs::query
