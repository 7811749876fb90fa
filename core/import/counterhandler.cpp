#include "core/import/counterhandler.h"

#include "core/model/decimal.h"

namespace rs::import {

void handleCounter(TraceFileState& s, const TraceEvent& e) {
    int64_t ts;
    if (s.eventTime(e, "C event with a bad ts", ts) != TraceFileState::Time::Ok) return;
    const std::string name = e.name.str();
    formats::forEachMember(e.args.text, [&](std::string_view k, const formats::JsonValue& v) {
        if (v.kind != formats::JsonKind::Number) return;
        auto d = model::parseDouble(v.text);
        if (!d) return;
        TraceTrack& t = s.tracks.counter(e.pidText, name + "/" + std::string(k));
        s.batch().counters.push_back({t.id, ts, *d});
    });
}

} // namespace rs::import
