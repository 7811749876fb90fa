#pragma once
// One finding of the report as a typed record (the report's JSON object, core/analysis/report.cpp): what
// kind, on which rank and step, what the job lost, where it happened and what it names. The app lists,
// navigates and describes findings through this type only; the JSON is read once, here. Pure value type;
// any thread.
#include "core/model/findingkind.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace rs::gui {

struct Finding {
    std::optional<model::FindingKind> kind; ///< nullopt: a kind this build does not know (listed as it comes)
    QString kindName;                       ///< as the report writes it: "stall", "slow_rank", …
    std::optional<int> run, rank; ///< rank: the culprit; of a pipeline_wait, one waiting rank (example_rank)
    std::optional<int64_t> step;
    QString subject; ///< the collective, op type, op name or "step N" the finding names
    QString text;    ///< the report's sentence
    int64_t lostNs = 0, waitedNs = 0,
            extraNs = 0;                   ///< the job's lost wall time; ranks' waits; extra kernel time
    std::optional<int64_t> startNs, endNs; ///< where it happened (absolute ns), when known
    std::optional<int64_t> spanId;         ///< the culprit span (a collective), when known
    QStringList opTypes;                   ///< affected op types, slowest first
    std::vector<int> waitingRanks;         ///< ranks that waited for it
    std::vector<int64_t> steps;            ///< affected steps
    /// slow_link: the communication matrix's cell (src → dst in its group's ranks); `rank` holds the link
    struct Link {
        int64_t src = -1, dst = -1;
        QString group;
    };
    std::optional<Link> link;
};

/// The findings of `run` in the report JSON `reportJson` (all runs' findings when `run` is nullopt), in the
/// report's order (by time lost). A finding without a run belongs to every run. Unreadable JSON: none.
std::vector<Finding> findingsFromReport(const std::string& reportJson, std::optional<int> run);
/// The same, of a report already parsed (the main window parses it once for every panel that reads it).
std::vector<Finding> findingsFromParsedReport(const nlohmann::json& report, std::optional<int> run);

} // namespace rs::gui
