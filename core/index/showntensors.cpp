#include "core/index/showntensors.h"

namespace rs::index {

std::string shownTensorSql(const std::string& t) {
    return "(" + t +
           ".addr IS NOT NULL OR NOT EXISTS (SELECT 1 FROM tensor shown_u WHERE shown_u.rank = " + t +
           ".rank AND shown_u.addr IS NOT NULL))";
}

} // namespace rs::index
