#include "app/gui/finding.h"

#include <nlohmann/json.hpp>

namespace rs::gui {

namespace {
using nlohmann::json;

std::optional<int64_t> integer(const json& o, const char* k) {
    if (!o.contains(k) || !o[k].is_number_integer()) return std::nullopt;
    return o[k].get<int64_t>();
}

QString text(const json& o, const char* k) {
    return o.contains(k) && o[k].is_string() ? QString::fromStdString(o[k].get<std::string>()) : QString();
}

void readAffected(const json& a, Finding& f) {
    if (!a.is_object()) return;
    if (a.contains("op_types") && a["op_types"].is_array())
        for (const auto& op : a["op_types"])
            if (op.is_object() && op.contains("op_type") && op["op_type"].is_string())
                f.opTypes << QString::fromStdString(op["op_type"].get<std::string>());
    if (a.contains("waiting_ranks") && a["waiting_ranks"].is_array())
        for (const auto& r : a["waiting_ranks"])
            if (r.is_number_integer()) f.waitingRanks.push_back(r.get<int>());
    if (f.kind == model::FindingKind::SlowLink && a.contains("src") && a["src"].is_number_integer() &&
        a.contains("dst") && a["dst"].is_number_integer())
        f.link = Finding::Link{a["src"].get<int64_t>(), a["dst"].get<int64_t>(), text(a, "group")};
    if (a.contains("steps") && a["steps"].is_array())
        for (const auto& s : a["steps"])
            if (s.is_number_integer()) f.steps.push_back(s.get<int64_t>());
}

Finding findingFrom(const json& o) {
    Finding f;
    f.kindName = text(o, "kind");
    f.kind = model::findingKindFromSql(f.kindName.toStdString());
    if (auto r = integer(o, "run")) f.run = int(*r);
    if (auto r = integer(o, "rank")) f.rank = int(*r);
    // a finding with no culprit (pipeline_wait) locates one of its waits by example_rank, step and span
    if (auto r = integer(o, "example_rank"); r && !f.rank) f.rank = int(*r);
    f.step = integer(o, "step");
    f.subject = text(o, "subject");
    f.text = text(o, "text");
    f.lostNs = integer(o, "lost_ns").value_or(0);
    f.waitedNs = integer(o, "waited_ns").value_or(0);
    f.extraNs = integer(o, "extra_ns").value_or(0);
    f.startNs = integer(o, "start_ns");
    f.endNs = integer(o, "end_ns");
    f.spanId = integer(o, "span_id");
    if (o.contains("affected")) readAffected(o["affected"], f);
    return f;
}
} // namespace

std::vector<Finding> findingsFromReport(const std::string& reportJson, std::optional<int> run) {
    return findingsFromParsedReport(json::parse(reportJson, nullptr, false), run);
}

std::vector<Finding> findingsFromParsedReport(const json& report, std::optional<int> run) {
    std::vector<Finding> out;
    if (!report.is_object() || !report.contains("findings") || !report["findings"].is_array()) return out;
    for (const auto& o : report["findings"]) {
        if (!o.is_object()) continue;
        Finding f = findingFrom(o);
        if (run && f.run && *f.run != *run) continue;
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace rs::gui
