#include "core/import/traceevent.h"

namespace rs::import {

using formats::JsonValue;

namespace {
/// Sets one member; a member seen before in the same object is counted, and the later value wins.
inline void keep(JsonValue& slot, const JsonValue& v, int& duplicates) {
    if (slot.present()) ++duplicates;
    slot = v;
}
} // namespace

bool readTraceEvent(TraceEvent& e) {
    e.ph = e.name = e.cat = e.ts = e.dur = e.pid = e.tid = e.id = e.bindId = e.bp = e.s = e.args =
        JsonValue{};
    e.duplicates = 0;
    int& dup = e.duplicates;
    // dispatch on the key's length first: most keys are 2-4 bytes, and unknown keys cost one compare
    return formats::forEachMember(e.text, [&](std::string_view k, const JsonValue& v) {
        switch (k.size()) {
        case 1:
            if (k == "s") keep(e.s, v, dup);
            break;
        case 2:
            if (k == "ph")
                keep(e.ph, v, dup);
            else if (k == "ts")
                keep(e.ts, v, dup);
            else if (k == "id")
                keep(e.id, v, dup);
            else if (k == "bp")
                keep(e.bp, v, dup);
            break;
        case 3:
            if (k == "pid")
                keep(e.pid, v, dup);
            else if (k == "tid")
                keep(e.tid, v, dup);
            else if (k == "cat")
                keep(e.cat, v, dup);
            else if (k == "dur")
                keep(e.dur, v, dup);
            break;
        case 4:
            if (k == "name")
                keep(e.name, v, dup);
            else if (k == "args")
                keep(e.args, v, dup);
            break;
        case 7:
            if (k == "bind_id") keep(e.bindId, v, dup);
            break;
        default:
            break;
        }
    });
}

namespace {
void assignId(std::string& out, const JsonValue& v) {
    if (v.kind == formats::JsonKind::String && v.escaped)
        out = v.str();
    else
        out.assign(v.text);
}
} // namespace

void readIds(TraceEvent& e) {
    assignId(e.pidText, e.pid);
    assignId(e.tidText, e.tid);
}

} // namespace rs::import
