#pragma once
// msprof-analyze's own step figures for the app's Steps tables: the report's section
// (core/query/producersummary.h, from the summary's report document) handed to the drill-down's
// ProducerFiguresView as shown text. GUI thread only.
#include <nlohmann/json.hpp>
#include <string>

namespace rs::views {
class DrillDownView;
}

namespace rs::gui {

/// Shows `report`'s producer_cluster_summary under `drill`'s Steps table (nothing when it has none).
void showProducerFigures(views::DrillDownView* drill, const nlohmann::json& report, int run);

} // namespace rs::gui
