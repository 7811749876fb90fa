#include "core/import/flowhandler.h"

namespace rs::import {

void handleFlow(TraceFileState& s, const TraceEvent& e) {
    int64_t ts;
    if (s.eventTime(e, "flow event with a bad ts", ts) != TraceFileState::Time::Ok) return;
    const formats::JsonValue& id = e.id.present() ? e.id : e.bindId;
    TraceTrack& t = s.tracks.slices(e.pidText, e.tidText);
    const bool enclosing = e.bp.present() && e.bp.text == "e";
    s.batch().flows.push_back({s.rank.rank, idText(id), s.strings.intern(e.cat.str()),
                               s.strings.intern(e.name.str()), e.ph.text[0], enclosing, ts, t.id, s.fileId});
}

} // namespace rs::import
