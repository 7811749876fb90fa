#include "core/index/spanstep.h"

namespace rs::index {

std::string spanStepSql(const std::string& span, const std::string& track) {
    // the last step starting at or before the span, kept unless the span starts past the end of a step
    // that has no successor (keepsStep)
    return "(SELECT CASE WHEN " + span +
           ".ts_ns < st.end_ns OR EXISTS(SELECT 1 FROM step nx WHERE nx.rank = st.rank AND nx.start_ns > "
           "st.start_ns) THEN st.step END FROM step st WHERE st.rank = " +
           track + ".rank AND st.start_ns <= " + span + ".ts_ns ORDER BY st.start_ns DESC LIMIT 1)";
}

bool keepsStep(int64_t ns, int64_t stepEndNs, bool hasNext) {
    return ns < stepEndNs || hasNext;
}

} // namespace rs::index
