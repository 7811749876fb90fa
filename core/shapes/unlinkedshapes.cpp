#include "core/shapes/unlinkedshapes.h"

#include "core/model/steprows.h"

namespace rs::shapes {

UnlinkedShapes unlinkedShapeKernels(index::Db& db) {
    UnlinkedShapes out;
    const std::string prefix(model::kNoInputShapePrefix);
    // the reason is what follows "no input shape for kernels " (slicehandler's wording)
    auto st = db.prepare("SELECT substr(what, ?1), sum(count) FROM diagnostic WHERE substr(what, 1, ?2) = ?3 "
                         "GROUP BY 1 ORDER BY 2 DESC, 1");
    st.bind(1, int64_t(prefix.size()) + 1).bind(2, int64_t(prefix.size())).bind(3, prefix);
    while (st.step()) {
        out.reasons.emplace_back(st.text(0), st.i64(1));
        out.kernels += st.i64(1);
    }
    return out;
}

std::string unlinkedShapesText(const UnlinkedShapes& u) {
    if (u.kernels == 0) return {};
    std::string out = std::to_string(u.kernels);
    out.append(u.kernels == 1 ? " kernel has" : " kernels have");
    out.append(" no input shape and count in no row: ");
    bool first = true;
    for (const auto& [why, n] : u.reasons) {
        out.append(first ? "" : "; ").append(std::to_string(n)).append(" ").append(why);
        first = false;
    }
    return out;
}

} // namespace rs::shapes
