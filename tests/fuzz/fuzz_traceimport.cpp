// libFuzzer target: the whole trace importer (events to spans, counters, memory, flows, nesting, the
// Kineto pre-scan for baseTimeNanoseconds), for a Chrome/Kineto trace, an Ascend trace_view.json or a
// MindSpore legacy timeline. The first byte picks the kind.
#include "tests/fuzz/fuzzimport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    using rs::import::FileKind;
    switch (data[0] % 3) {
    case 0:
        rs::fuzz::importOne(FileKind::ChromeJson, "rank-0.pt.trace.json", data + 1, size - 1);
        break;
    case 1:
        rs::fuzz::importOne(FileKind::TraceView, "trace_view.json", data + 1, size - 1);
        break;
    default:
        rs::fuzz::importOne(FileKind::LegacyTimeline, "ascend_timeline_display_0.json", data + 1, size - 1);
        break;
    }
    return 0;
}
