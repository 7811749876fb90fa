#include "core/model/plural.h"

namespace rs::model {

std::string counted(int64_t n, std::string_view one, std::string_view many) {
    std::string s = std::to_string(n);
    s += ' ';
    s += (n == 1 || n == -1) ? one : many;
    return s;
}

} // namespace rs::model
