#include "app/gui/producerfigures.h"

#include "core/query/producersummary.h"
#include "views/tables/drilldownview.h"

namespace rs::gui {

namespace {
QStringList qt(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v)
        out << QString::fromStdString(s);
    return out;
}
} // namespace

void showProducerFigures(views::DrillDownView* drill, const nlohmann::json& report, int run) {
    // the folder's report holds every run's files: the shown run's only, as `report --run` gives them
    const auto summary = query::producerSummaryOfRun(
        report.is_object() ? report.value("producer_cluster_summary", nlohmann::json()) : nlohmann::json(),
        run);
    // the same table the report's forms give, so the app and the report say one thing
    const query::ProducerSummaryTable t = query::producerSummaryTable(summary);
    std::vector<QStringList> rows;
    for (const auto& r : t.rows)
        rows.push_back(qt(r));
    drill->setProducerFigures(qt(t.lines), qt(t.header), rows, qt(t.headerTips));
}

} // namespace rs::gui
