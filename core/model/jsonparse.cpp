#include "core/model/jsonparse.h"

#include "core/model/utf8.h"

namespace rs::model {
namespace {

// Walks the text a second time, only after a failed parse, to learn where it failed: the DOM parse
// without exceptions says only that it failed.
class ErrorLocator : public nlohmann::json_sax<nlohmann::json> {
  public:
    JsonParseFailure failure;

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& ex) override {
        // nlohmann counts positions from 1 (the byte after the offending one)
        failure.byte = position > 0 ? int64_t(position) - 1 : 0;
        failure.message = utf8Excerpt(ex.what(), 160);
        return false;
    }
};

} // namespace

std::optional<JsonParseFailure> parseJson(std::string_view text, nlohmann::json& out) {
    out = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (!out.is_discarded()) return std::nullopt;
    ErrorLocator locator;
    nlohmann::json::sax_parse(text.begin(), text.end(), &locator);
    return locator.failure;
}

} // namespace rs::model
