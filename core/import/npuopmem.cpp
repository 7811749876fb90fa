#include "core/import/npuopmem.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace rs::import {

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

/// (device, address, op): a release frees the live allocation of the same op at the same address.
using LiveKey = std::tuple<int64_t, uint64_t, std::string>;

} // namespace

void NpuOpMem::read(index::Db& db, const DbColumns& cols, const StringOf& str, RowEmitter& out,
                    const std::string& file) {
    const char* t = "NPU_OP_MEM";
    if (!cols.hasTable(t)) return;
    const auto miss = cols.missing(t, {"operatorName", "addr", "type", "size", "timestampNs"});
    if (!miss.empty()) {
        out.diag(file, "warning",
                 "NPU_OP_MEM lacks the columns of an allocation (another export version): not read", -1, "");
        return;
    }
    auto q = db.prepare("SELECT operatorName, addr, type, size, timestampNs, " + cols.orNull(t, "deviceId") +
                        ", rowid FROM NPU_OP_MEM ORDER BY timestampNs, rowid");
    std::map<LiveKey, size_t> live; // → index into m_allocs
    int64_t bad = 0, unknownType = 0, freedBefore = 0, again = 0;
    while (q.step()) {
        if (!q.isInteger(1) || !q.isInteger(3) || !q.isInteger(4) || q.i64(3) < 0) {
            ++bad;
            continue;
        }
        const std::string type = q.isInteger(2) ? lower(str(q.i64(2))) : std::string();
        const std::string op = q.isInteger(0) ? str(q.i64(0)) : std::string();
        const std::optional<int64_t> device =
            q.isInteger(5) ? std::optional<int64_t>(q.i64(5)) : std::nullopt;
        const LiveKey key{device.value_or(-1), uint64_t(q.i64(1)), op};
        if (type == "allocate") {
            if (auto it = live.find(key); it != live.end()) ++again; // its free is not in the table
            live[key] = m_allocs.size();
            m_allocs.push_back({op, uint64_t(q.i64(1)), q.i64(3), q.i64(4), q.i64(6), std::nullopt, device});
        } else if (type == "release") {
            auto it = live.find(key);
            if (it == live.end()) {
                ++freedBefore;
                continue;
            }
            m_allocs[it->second].freeNs = q.i64(4);
            live.erase(it);
        } else {
            ++unknownType;
        }
    }
    auto note = [&](int64_t n, const char* severity, const std::string& what) {
        if (n) out.diag(file, severity, what, -1, std::to_string(n) + " rows");
    };
    note(bad, "warning", "NPU_OP_MEM rows with a non-integer addr, size or timestampNs (skipped)");
    note(unknownType, "warning", "NPU_OP_MEM rows whose type is neither allocate nor release (skipped)");
    note(freedBefore, "info", "NPU_OP_MEM releases of an address allocated before the profile (no tensor)");
    note(again, "warning",
         "NPU_OP_MEM addresses allocated again before their release: the earlier allocation is shown with no "
         "free time");
    for (size_t i = 0; i < m_allocs.size(); ++i)
        m_byKey.emplace(std::make_tuple(m_allocs[i].op, m_allocs[i].sizeBytes, m_allocs[i].allocNs), i);
}

const NpuOpMem::Allocation* NpuOpMem::take(const std::string& op, int64_t sizeBytes, int64_t allocNs) {
    auto [b, e] = m_byKey.equal_range(std::make_tuple(op, sizeBytes, allocNs));
    for (auto it = b; it != e; ++it)
        if (Allocation& a = m_allocs[it->second]; !a.taken) {
            a.taken = true;
            return &a;
        }
    return nullptr;
}

std::vector<model::TensorRow> NpuOpMem::untakenTensors(int rank) const {
    std::vector<model::TensorRow> out;
    for (const Allocation& a : m_allocs) { // in time order: read so
        if (a.taken) continue;
        model::TensorRow row;
        row.rank = rank;
        row.tensorId = std::string(model::kNpuOpMemDbIdPrefix) + std::to_string(a.rowid);
        row.opName = a.op;
        row.sizeBytes = a.sizeBytes;
        row.addr = a.addr;
        row.allocNs = a.allocNs;
        row.freeNs = a.freeNs;
        row.deviceId = a.deviceId;
        row.source = model::kNpuOpMemDbSource;
        out.push_back(std::move(row));
    }
    return out;
}

} // namespace rs::import
