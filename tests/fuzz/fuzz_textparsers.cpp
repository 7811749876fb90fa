// libFuzzer target: every parser of numbers and names taken from field text (exact decimals to int64 ns,
// integers, addresses), the UTF-8 sanitiser and the time formatter.
#include "core/model/decimal.h"
#include "core/model/timetext.h"
#include "core/model/utf8.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view s(reinterpret_cast<const char*>(data), size);
    using rs::model::TimeUnit;
    for (auto u : {TimeUnit::Ns, TimeUnit::Us, TimeUnit::Ms, TimeUnit::S})
        (void)rs::model::parseScaled(s, u);
    (void)rs::model::parseI64(s);
    (void)rs::model::parseU64(s);
    (void)rs::model::parseAddress(s);
    (void)rs::model::parseDouble(s);
    std::string valid = rs::model::validUtf8(s);
    (void)rs::model::utf8Excerpt(s, size / 2);
    if (size >= 16) {
        int64_t a, b;
        std::memcpy(&a, data, 8);
        std::memcpy(&b, data + 8, 8);
        (void)rs::model::formatDuration(a);
        (void)rs::model::formatOffset(a, b);
        (void)rs::model::addTimes(a, b);
    }
    return 0;
}
