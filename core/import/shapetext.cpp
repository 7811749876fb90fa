#include "core/import/shapetext.h"

#include "core/model/decimal.h"

namespace rs::import {

std::string cleanShapeText(std::string_view v) {
    v = model::trimCell(v);
    while (v.size() >= 2 && v.front() == '"' && v.back() == '"')
        v = model::trimCell(v.substr(1, v.size() - 2));
    if (v.empty() || v == "N/A" || v == "NA" || v == "-" || v == "None") return {};
    return std::string(v);
}

} // namespace rs::import
