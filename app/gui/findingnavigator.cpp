#include "app/gui/findingnavigator.h"

#include "views/heatmap/heatmapview.h"

#include <QDockWidget>
#include <QMainWindow>
#include <nlohmann/json.hpp>

namespace rs::gui {

using views::Selection;

FindingNavigator::FindingNavigator(QMainWindow* window, views::InteractionState* state,
                                   views::HeatmapView* heatmap)
    : m_window(window), m_state(state), m_heatmap(heatmap) {}

void FindingNavigator::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
}

QString FindingNavigator::slowestOpOf(const nlohmann::json& f) {
    // affected.op_types is ordered by extra time (the finding's own order)
    const auto ops = f.contains("affected") && f["affected"].is_object()
                         ? f["affected"].value("op_types", nlohmann::json::array())
                         : nlohmann::json::array();
    if (!ops.is_array() || ops.empty() || !ops[0].is_object() || !ops[0].contains("op_type") ||
        !ops[0]["op_type"].is_string())
        return {};
    return QString::fromStdString(ops[0]["op_type"].get<std::string>());
}

QString FindingNavigator::go(const nlohmann::json& f) {
    auto num = [&](const char* k) -> std::optional<int64_t> {
        return f.contains(k) && f[k].is_number_integer() ? std::optional<int64_t>(f[k].get<int64_t>())
                                                         : std::nullopt;
    };
    const std::string kind = f.value("kind", std::string());
    auto rank = num("rank"), step = num("step"), start = num("start_ns"), end = num("end_ns"),
         span = num("span_id");
    const QString subject = QString::fromStdString(f.value("subject", std::string()));
    if (start && end && *end > *start) {
        int64_t pad = std::max<int64_t>((*end - *start) / 20, 20000);
        m_state->setWindow(*start - pad, *end + pad);
    } else if (step && m_summary) {
        for (const auto& st : m_summary->steps)
            if (st.step == *step && (!rank || st.rank == *rank)) {
                int64_t pad = (st.endNs - st.startNs) / 20;
                m_state->setWindow(st.startNs - pad, st.endNs + pad);
                break;
            }
    }
    Selection sel;
    sel.rank = rank ? int(*rank) : -1;
    if (kind == "stall" || kind == "late_rank" || kind == "slow_rank") {
        // the culprit's collective: the waiting ranks' red waits and their dashed links lead to it; a slow
        // card's slowest op type goes with it, so the heatmap outlines that (op type, rank) cell
        if (kind == "slow_rank") sel.opType = slowestOpOf(f);
        if (kind == "slow_rank" && rank)
            m_heatmap->setMode(query::HeatmapData::Mode::OpByRank, int(*rank), subject);
        if (span) {
            sel.kind = Selection::Kind::Span;
            sel.spanId = *span;
            sel.startNs = start.value_or(0);
            sel.endNs = end.value_or(0);
            m_state->setSelection(sel);
        }
    } else if (kind == "bank_anomaly" || kind == "straggler") {
        sel.kind = Selection::Kind::OpType;
        sel.opType = subject;
        m_state->setSelection(sel);
        for (auto* d : m_window->findChildren<QDockWidget*>())
            if (d->objectName() == (kind == "bank_anomaly" ? "memory" : "heatmap")) {
                d->show();
                d->raise();
            }
    } else if (step && m_summary) {
        for (const auto& st : m_summary->steps)
            if (st.step == *step && (!rank || st.rank == *rank)) {
                sel.kind = Selection::Kind::Step;
                sel.rank = st.rank;
                sel.step = st.step;
                sel.startNs = st.startNs;
                sel.endNs = st.endNs;
                m_state->setSelection(sel);
                break;
            }
    }
    return "<h3>" + QString::fromStdString(kind).toHtmlEscaped() + "</h3><p>" +
           QString::fromStdString(f.value("text", std::string())).toHtmlEscaped() + "</p>";
}

} // namespace rs::gui
