// libFuzzer target: the streaming JSON event splitter and the member scanner the importers use on each
// event. Any input must end in Status::End or Status::Error, never a crash, a hang or unbounded growth.
#include "core/formats/jsoneventsplitter.h"
#include "core/formats/jsonscan.h"
#include "core/io/bytesource.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto src = rs::io::memorySource({reinterpret_cast<const char*>(data), size});
    rs::formats::JsonEventSplitter splitter(*src);
    std::string_view ev;
    int64_t offset = 0;
    for (int n = 0; n < 1000000; ++n) {
        auto st = splitter.next(ev, offset);
        if (st != rs::formats::JsonEventSplitter::Status::Event) break;
        rs::formats::forEachMember(ev, [](std::string_view, const rs::formats::JsonValue& v) {
            if (v.kind == rs::formats::JsonKind::String) (void)v.str();
            if (v.kind == rs::formats::JsonKind::Object)
                rs::formats::forEachMember(v.text, [](std::string_view, const rs::formats::JsonValue&) {});
        });
    }
    for (auto& [k, v] : splitter.meta())
        rs::formats::forEachMember(v, [](std::string_view, const rs::formats::JsonValue&) {});
    return 0;
}
