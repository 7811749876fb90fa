#include "core/query/areaspankind.h"

namespace rs::query {

namespace {
const std::string kCompute = "compute", kCommunication = "communication", kRuntime = "runtime";
}

AreaSpanKind::AreaSpanKind(index::Db& db) {
    // the same facts the timeline's colours come from (namekinds.cpp loadNames)
    auto q =
        db.prepare("SELECT name_id, communication FROM name_fact WHERE communication = 1 OR compute = 0");
    while (q.step())
        (q.i64(1) ? m_communication : m_runtime).insert(int32_t(q.i64(0)));
}

const std::string& AreaSpanKind::of(const std::string& laneKind, const DrawItem& item) const {
    if (laneKind != kCompute) return laneKind;
    // in the timeline's order (framespans.cpp): a communication name, then a runtime task by name or op
    // type, then a communication op type
    const bool typed = item.opTypeId > 0; // 0: no op type
    if (m_communication.count(item.nameId)) return kCommunication;
    if (m_runtime.count(item.nameId) || (typed && m_runtime.count(item.opTypeId))) return kRuntime;
    if (typed && m_communication.count(item.opTypeId)) return kCommunication;
    return kCompute;
}

bool AreaSpanKind::laneCanHold(const std::string& laneKind, const std::string& kind) {
    return laneKind == kind || (laneKind == kCompute && (kind == kCommunication || kind == kRuntime));
}

} // namespace rs::query
