#include "core/import/legacycommlanes.h"

#include <algorithm>
#include <climits>

namespace rs::import {

std::vector<CommColumn> commColumns(const io::CsvHeader& header, const std::vector<std::string>& raw) {
    std::vector<CommColumn> comm;
    const auto& names = header.names();
    const std::string suffix = "_start_point";
    for (size_t i = 0; i < names.size(); ++i) {
        const std::string& h = names[i];
        if (h.size() <= suffix.size() || h.compare(h.size() - suffix.size(), suffix.size(), suffix) != 0 ||
            h == "start_point")
            continue;
        std::string base = h.substr(0, h.size() - suffix.size());
        int endCol = header.find({base + "_end_point"});
        if (endCol < 0) continue;
        std::string original = raw[i].substr(0, base.size());
        size_t k = 0;
        for (int underscores = 0; k < original.size() && underscores < 3; ++k)
            if (original[k] == '_') ++underscores;
        // "stream_36_0_AllReduce-op4542" → "AllReduce-op4542"; other layouts ("stream_10_parallel_0") keep
        // the whole name
        std::string op = original.substr(k);
        std::string stream;
        if (base.rfind("stream_", 0) == 0) { // (the lower-cased name: "Stream_36" names stream 36 too)
            const size_t digits = base.find_first_not_of("0123456789", 7);
            if (digits > 7 && digits <= 16 && base[digits] == '_') // (npos is not: no '_' follows)
                stream = base.substr(7, digits - 7);
        }
        comm.push_back({op.find("-op") != std::string::npos ? op : original, stream, int(i), endCol});
    }
    return comm;
}

bool commRecorded(const std::vector<CommColumn>& columns, const std::vector<std::string>& row) {
    auto unset = [&](int col) {
        const std::string_view v = io::cell(row, col);
        return v.empty() || v.find_first_not_of("0.") == std::string_view::npos;
    };
    return columns.empty() || std::any_of(columns.begin(), columns.end(), [&](const CommColumn& c) {
               return !unset(c.start) || !unset(c.end);
           });
}

LegacyCommLanes::LegacyCommLanes(const std::vector<CommColumn>& columns, std::atomic<int64_t>& nextTrackId) {
    std::map<int64_t, std::string> byNumber;
    for (const auto& c : columns)
        byNumber.emplace(c.stream.empty() ? INT64_MAX : std::stoll(c.stream), c.stream);
    for (const auto& [number, stream] : byNumber) {
        m_index.emplace(stream, m_lanes.size());
        const int64_t id = nextTrackId.fetch_add(1);
        m_lanes.push_back({stream, id, model::TrackNester(id)});
    }
}

std::pair<int64_t, int> LegacyCommLanes::add(const CommColumn& column, int64_t startNs, int64_t endNs,
                                             int32_t nameId, std::vector<model::LodRow>& lods) {
    Lane& l = m_lanes[m_index.at(column.stream)];
    return {l.trackId, l.nester.add(startNs, endNs - startNs, nameId, lods)};
}

void LegacyCommLanes::finish(int rank, model::Batch& b) {
    for (Lane& l : m_lanes) {
        l.nester.finish(b.lods);
        b.tracks.push_back({l.trackId, rank, model::TrackKind::Communication,
                            l.stream.empty() ? "Group 0 Communication" : "Stream " + l.stream, "HCCL",
                            "legacy", "comm", 0, l.nester.count(),
                            l.nester.unsorted() ? -1 : l.nester.maxDepth(), model::TrackRole::CollectiveLane,
                            std::nullopt});
    }
}

} // namespace rs::import
