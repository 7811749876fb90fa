#include "core/index/wallfromsql.h"

#include "core/model/stepwall.h"

namespace rs::index {

std::string shippedFromCsvSql(const std::string& rank) {
    return "(EXISTS(SELECT 1 FROM source_file f WHERE f.rank = " + rank +
           " AND f.path LIKE '%step_trace_time.csv%') OR NOT EXISTS(SELECT 1 FROM source_file f WHERE f.rank "
           "= " +
           rank + " AND f.path LIKE '%analysis.db'))";
}

std::string wallFromSql(const std::string& step, const std::string& stat) {
    using model::WallSource;
    return "CASE WHEN " + stat + ".source = 'step_trace_time' THEN CASE WHEN " +
           shippedFromCsvSql(step + ".rank") + " THEN '" + model::wallSourceName(WallSource::StepTraceCsv) +
           "' ELSE '" + model::wallSourceName(WallSource::AnalysisDb) + "' END ELSE " + step + ".source END";
}

} // namespace rs::index
