#include "core/query/tensoroporder.h"

namespace rs::query {

std::vector<std::string> loadTensorOpOrder(index::Db& db, size_t limit) {
    std::vector<std::string> out;
    auto q = db.prepare("SELECT op_name FROM tensor_op_order ORDER BY ord LIMIT ?");
    q.bind(1, int64_t(limit));
    while (q.step())
        out.push_back(q.text(0));
    return out;
}

} // namespace rs::query
