#include "core/import/counterhandler.h"

#include "core/model/decimal.h"

#include <cmath>

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
        if (series == kDeviceMemorySeries) deviceMemory(ts, *d);
        TraceTrack& t = m_s.tracks.counter(e.pidText, series);
        if (FractionPercent::namedPercent(series))
            m_percent.add(series, {t.id, ts, *d}, m_s.batch().counters);
        else
            m_s.batch().counters.push_back({t.id, ts, *d});
    });
}

void CounterHandler::deviceMemory(int64_t ts, double kib) {
    // torch_npu's text export writes the device's memory (its "NPU MEM" process) only as this lane, where the
    // .db's NPU_MEM rows are also memory samples of component "Device" (dbcounters.cpp readNpuMem): kept the
    // same way, so the report and the memory caption name what the peaks leave out alike for both exports
    // ("Device reserved up to 2.30 GiB"). Its APP/Memory lane is not: memory_record.csv has those rows as
    // APP.
    if (!(kib >= 0) || kib * 1024.0 >= 9.2e18) return; // not a size: the lane keeps it, no sample
    m_s.batch().memory.push_back(
        {m_s.rank.rank, ts, "Device", std::nullopt, int64_t(std::llround(kib * 1024.0)), std::nullopt});
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
