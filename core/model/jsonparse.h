#pragma once
// Parsing a whole JSON text without letting any nlohmann exception escape. json::parse throws
// parse_error for bad syntax but out_of_range for a number that overflows a double ("1e999"), and a
// handler that caught only parse_error let the second through (fuzz_communication, stop 39's CI).
// Pure function; any thread.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace rs::model {

struct JsonParseFailure {
    int64_t byte = 0;    ///< offset of the offending token from the text's start, 0-based
    std::string message; ///< nlohmann's message, valid UTF-8, at most 160 bytes
};

/// Parses `text` into `out`; on failure `out` is discarded and the failure says where and why.
std::optional<JsonParseFailure> parseJson(std::string_view text, nlohmann::json& out);

} // namespace rs::model
