#pragma once
// One Chrome Trace Event object, as the handlers of core/import read it: the members they use, as raw
// JSON text (numbers stay exact until a handler parses them), and where the object is in the file. A
// member written twice in one object is counted in `duplicates`; its last value is the one used, as
// JSON.parse (and so the Chrome and Perfetto trace viewers) does. Pure; one thread per object.
#include "core/formats/jsonscan.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rs::import {

struct TraceEvent {
    formats::JsonValue ph, name, cat, ts, dur, pid, tid, id, bindId, bp, s, args;
    int duplicates = 0;           ///< members read here that the object holds more than once
    std::string_view text;        ///< the object's JSON text (valid until the splitter's next event)
    int64_t offset = 0;           ///< its decompressed byte offset in the file
    std::string pidText, tidText; ///< pid and tid as text (a string's contents or the number as written)

    /// The first 160 bytes of the object, for a diagnostic's excerpt.
    std::string_view excerpt() const { return text.substr(0, 160); }
};

/// Reads the members of the object `e.text` into `e` (resets the previous event's members; keeps
/// text, offset and the id strings' buffers). False when the text is not a well-formed object.
bool readTraceEvent(TraceEvent& e);

/// Sets e.pidText and e.tidText from e.pid and e.tid (reusing their buffers).
void readIds(TraceEvent& e);

} // namespace rs::import
