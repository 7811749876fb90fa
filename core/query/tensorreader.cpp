#include "core/query/tensorreader.h"

namespace rs::query {

TensorItem readTensor(const index::Stmt& q) {
    TensorItem it;
    it.tensorId = q.text(0);
    it.opName = q.text(1);
    it.sizeBytes = q.i64(2);
    if (!q.isNull(3)) it.addr = uint64_t(q.i64(3));
    if (!q.isNull(4)) it.allocNs = q.i64(4);
    if (!q.isNull(5)) it.freeNs = q.i64(5);
    if (!q.isNull(6)) it.bank = q.i64(6);
    if (!q.isNull(7)) it.allocStep = q.f64(7);
    if (!q.isNull(8)) it.freeStep = q.f64(8);
    if (!q.isNull(9)) it.source = q.text(9);
    return it;
}

} // namespace rs::query
