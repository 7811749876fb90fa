#include "core/import/memoryeventhandler.h"

#include "core/model/decimal.h"

#include <algorithm>
#include <climits>

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
    const int32_t device =
        a.deviceId && *a.deviceId >= 0 && *a.deviceId <= INT32_MAX ? int32_t(*a.deviceId) : -1;
    m_changes.push_back({ts, *a.bytes, e.offset, *a.addr, device, threadOf(e), -1});
}

int32_t MemoryEventHandler::threadOf(const TraceEvent& e) {
    std::string key = TraceNames::threadKey(e.pidText, e.tidText);
    auto [it, added] = m_threadIndex.try_emplace(std::move(key), int32_t(m_threads.size()));
    if (added) m_threads.emplace_back(e.pidText, e.tidText);
    return it->second;
}

void MemoryEventHandler::attributeOps() {
    std::vector<std::vector<Change*>> byThread(m_threads.size());
    for (Change& c : m_changes)
        if (c.bytes > 0) byThread[size_t(c.thread)].push_back(&c); // in time order: m_changes is sorted
    for (size_t i = 0; i < m_threads.size(); ++i) {
        TraceTrack* t = m_s.tracks.findSlices(m_threads[i].first, m_threads[i].second);
        if (!t || byThread[i].empty()) continue;
        auto& ops = t->hostOps;
        // outer before inner: by start, then the longer first, so the innermost open op is the stack's top
        std::sort(ops.begin(), ops.end(), [](const TraceTrack::HostOp& a, const TraceTrack::HostOp& b) {
            return a.start != b.start ? a.start < b.start : a.end > b.end;
        });
        std::vector<const TraceTrack::HostOp*> open;
        size_t next = 0;
        for (Change* c : byThread[i]) {
            for (; next < ops.size() && ops[next].start <= c->tsNs; ++next) {
                while (!open.empty() && open.back()->end <= ops[next].start)
                    open.pop_back();
                open.push_back(&ops[next]);
            }
            while (!open.empty() && open.back()->end <= c->tsNs)
                open.pop_back();
            if (!open.empty()) c->opNameId = open.back()->nameId;
        }
    }
}

std::string MemoryEventHandler::excerpt(const Change& c) {
    return "[memory] Addr " + std::to_string(c.addr) + ", Bytes " + std::to_string(c.bytes) + " at " +
           std::to_string(c.tsNs) + " ns";
}

void MemoryEventHandler::apply(const Change& c, std::unordered_map<Key, Change, KeyHash>& live) {
    const Key k{c.deviceId, c.addr};
    if (c.bytes > 0) {
        auto [it, added] = live.try_emplace(k, c);
        if (added) return;
        // allocated again with no free between: the earlier one's free is not in the trace
        m_s.batch().tensors.push_back(tensor(it->second));
        m_s.out.diag(m_s.file.path, "warning",
                     "[memory] address allocated again before its free: the earlier allocation is shown with "
                     "no free time",
                     c.offset, excerpt(c));
        it->second = c;
        return;
    }
    auto it = live.find(k);
    if (it == live.end()) {
        m_s.out.diag(m_s.file.path, "info", "free of an address allocated before the trace", c.offset,
                     excerpt(c));
        return;
    }
    model::TensorRow tr = tensor(it->second);
    tr.freeNs = c.tsNs;
    m_s.batch().tensors.push_back(std::move(tr));
    live.erase(it);
}

model::TensorRow MemoryEventHandler::tensor(const Change& a) const {
    model::TensorRow tr;
    tr.rank = m_s.rank.rank;
    tr.tensorId = std::to_string(a.addr) + "@" + std::to_string(a.tsNs);
    tr.sizeBytes = a.bytes;
    if (a.opNameId >= 0) tr.opName = m_s.ctx.strings.text(a.opNameId);
    tr.addr = a.addr;
    tr.allocNs = a.tsNs;
    if (a.deviceId >= 0) tr.deviceId = a.deviceId;
    tr.source = std::string(model::kKinetoMemorySource);
    return tr;
}

void MemoryEventHandler::finish() {
    // time order; equal times keep the file's order (one thread's alloc before its own free)
    std::stable_sort(m_changes.begin(), m_changes.end(),
                     [](const Change& a, const Change& b) { return a.tsNs < b.tsNs; });
    attributeOps();
    std::unordered_map<Key, Change, KeyHash> live;
    for (const Change& c : m_changes) {
        apply(c, live);
        m_s.out.maybeFlush();
    }
    std::vector<Change> unfreed;
    for (auto& [k, a] : live)
        unfreed.push_back(a);
    std::sort(unfreed.begin(), unfreed.end(),
              [](const Change& a, const Change& b) { return a.tsNs < b.tsNs; });
    for (const Change& a : unfreed)
        m_s.batch().tensors.push_back(tensor(a));
    m_changes.clear();
    m_changes.shrink_to_fit();
}

} // namespace rs::import
