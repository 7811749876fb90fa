#include "core/import/counterhandler.h"

#include "core/model/decimal.h"

namespace rs::import {

void CounterHandler::counter(const TraceEvent& e) {
    int64_t ts;
    if (m_s.eventTime(e, "C event with a bad ts", ts) != TraceFileState::Time::Ok) return;
    const std::string name = e.name.str();
    formats::forEachMember(e.args.text, [&](std::string_view k, const formats::JsonValue& v) {
        if (v.kind != formats::JsonKind::Number) return;
        auto d = model::parseDouble(v.text);
        if (!d) return;
        const std::string series = name + "/" + std::string(k);
        TraceTrack& t = m_s.tracks.counter(e.pidText, series);
        if (FractionPercent::namedPercent(series))
            m_percent.add(series, {t.id, ts, *d}, m_s.batch().counters);
        else
            m_s.batch().counters.push_back({t.id, ts, *d});
    });
}

void CounterHandler::finish() {
    const std::string scaled = m_percent.finish(m_s.batch().counters);
    if (!scaled.empty())
        m_s.out.diag(m_s.file.path, "info",
                     "counter lanes named in percent whose samples are all fractions (0 to 1): shown ×100, "
                     "as percent",
                     -1, scaled);
}

} // namespace rs::import
