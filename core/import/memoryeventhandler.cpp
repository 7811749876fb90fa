#include "core/import/memoryeventhandler.h"

#include "core/model/decimal.h"

namespace rs::import {

MemoryEventHandler::Args MemoryEventHandler::readArgs(const TraceEvent& e) {
    Args a;
    formats::forEachMember(e.args.text, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "Addr")
            a.addr = model::parseU64(v.text);
        else if (k == "Bytes")
            a.bytes = model::parseI64(v.text);
        else if (k == "Total Allocated")
            a.totalAllocated = model::parseI64(v.text);
        else if (k == "Total Reserved")
            a.totalReserved = model::parseI64(v.text);
        else if (k == "Device Id")
            a.deviceId = model::parseI64(v.text);
        else if (k == "Device Type")
            a.deviceType = model::parseI64(v.text);
    });
    return a;
}

void MemoryEventHandler::instant(const TraceEvent& e) {
    if (e.name.str() != "[memory]") return;
    int64_t ts;
    if (m_s.eventTime(e, "[memory] event with a bad ts", ts) != TraceFileState::Time::Ok) return;
    const Args a = readArgs(e);
    if (!a.addr || !a.bytes) {
        m_s.warn("[memory] event without Addr/Bytes", e);
        return;
    }
    if (a.deviceType && *a.deviceType == 0) return; // host (CPU) allocations are not device memory
    if (a.deviceId && !m_s.rank.deviceId) m_s.rank.deviceId = *a.deviceId;
    m_s.batch().memory.push_back(
        {m_s.rank.rank, ts, "PyTorch", a.totalAllocated, a.totalReserved, std::nullopt});
    if (*a.bytes > 0)
        m_live[*a.addr] = {ts, *a.bytes, a.deviceId.value_or(-1), enclosingOp(e, ts)};
    else
        freed(e, *a.addr, ts);
}

int32_t MemoryEventHandler::enclosingOp(const TraceEvent& e, int64_t ts) {
    TraceTrack* t = m_s.tracks.findSlices(e.pidText, e.tidText);
    if (!t) return -1;
    auto& enc = t->enclosing;
    while (!enc.empty() && enc.back().end <= ts)
        enc.pop_back();
    for (auto it = enc.rbegin(); it != enc.rend(); ++it)
        if (it->start <= ts && ts < it->end &&
            !std::string_view(m_s.ctx.strings.text(it->nameId)).starts_with("ProfilerStep#"))
            return it->nameId;
    return -1;
}

void MemoryEventHandler::freed(const TraceEvent& e, uint64_t addr, int64_t ts) {
    auto it = m_live.find(addr);
    if (it == m_live.end()) {
        m_s.diag("info", "free of an address allocated before the trace", e);
        return;
    }
    model::TensorRow tr = tensor(addr, it->second);
    tr.freeNs = ts;
    m_s.batch().tensors.push_back(std::move(tr));
    m_live.erase(it);
}

model::TensorRow MemoryEventHandler::tensor(uint64_t addr, const LiveAlloc& a) const {
    model::TensorRow tr;
    tr.rank = m_s.rank.rank;
    tr.tensorId = std::to_string(addr) + "@" + std::to_string(a.tsNs);
    tr.sizeBytes = a.bytes;
    if (a.opNameId >= 0) tr.opName = m_s.ctx.strings.text(a.opNameId);
    tr.addr = addr;
    tr.allocNs = a.tsNs;
    if (a.deviceId >= 0) tr.deviceId = a.deviceId;
    tr.source = std::string(model::kKinetoMemorySource);
    return tr;
}

void MemoryEventHandler::finish() {
    for (auto& [addr, a] : m_live)
        m_s.batch().tensors.push_back(tensor(addr, a));
}

} // namespace rs::import
