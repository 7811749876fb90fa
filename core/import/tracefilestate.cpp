#include "core/import/tracefilestate.h"

#include "core/model/decimal.h"
#include "core/model/optype.h"

namespace rs::import {

const char* const kNegativeTs =
    "events with a negative ts (before the clock's origin, decades before the rest of the rank) dropped";

TraceFileState::TraceFileState(ImportContext& c, RowEmitter& o, RankState& r, const SourceFile& f, int32_t id)
    : ctx(c), out(o), rank(r), file(f), fileId(id), strings(c.strings), tracks(c.nextTrackId) {}

void TraceFileState::diag(const char* severity, const std::string& what, const TraceEvent& e) {
    out.diag(file.path, severity, what, e.offset, e.excerpt());
}

TraceFileState::Time TraceFileState::eventTime(const TraceEvent& e, const char* bad, int64_t& ns) {
    std::optional<int64_t> t;
    if (e.ts.present()) t = model::parseScaled(e.ts.text, model::TimeUnit::Us);
    if (t && !m_clockDecided && file.kind == FileKind::CannTimeline) decideCannClock(*t);
    if (t && !firstRawTsNs) firstRawTsNs = *t;
    std::optional<int64_t> sum = t ? model::addTimes(*t, baseNs) : std::nullopt; // never wrapped
    if (!sum) {
        warn(bad, e);
        return Time::Bad;
    }
    if (*sum < 0) {
        warn(kNegativeTs, e);
        return Time::Negative;
    }
    ns = *sum;
    return Time::Ok;
}

void TraceFileState::decideCannClock(int64_t firstTsNs) {
    m_clockDecided = true;
    if (firstTsNs >= kEpochFloorNs) return;
    if (rank.cannEpochOffsetNs) {
        baseNs = *rank.cannEpochOffsetNs;
        return;
    }
    out.diag(file.path, "warning",
             "CANN raw timeline on the device's CLOCK_MONOTONIC_RAW with no clock anchor (start_info missing "
             "or unusable): its times are time since boot, shown as they are, and never aligned with another "
             "rank's",
             -1, "");
}

int32_t TraceFileState::opTypeFor(int32_t nameId, std::string_view name) {
    if (nameId >= 0 && size_t(nameId) < m_opTypeOfName.size() && m_opTypeOfName[size_t(nameId)] >= 0)
        return m_opTypeOfName[size_t(nameId)];
    auto m = rank.opTypeByName.find(name);
    const int32_t id =
        m != rank.opTypeByName.end() ? strings.intern(m->second) : strings.intern(model::deriveOpType(name));
    if (nameId >= 0) {
        if (size_t(nameId) >= m_opTypeOfName.size()) m_opTypeOfName.resize(size_t(nameId) + 1, -1);
        m_opTypeOfName[size_t(nameId)] = id;
    }
    return id;
}

void TraceFileState::emitSpan(TraceTrack& t, int64_t ts, int64_t dur, int32_t nameId, int32_t catId,
                              int32_t opId, int64_t offset) {
    model::Batch& b = batch();
    int depth = t.nester->add(ts, dur, nameId, b.lods);
    b.spans.push_back({t.id, ts, dur, nameId, opId, catId, depth, fileId, offset});
}

} // namespace rs::import
