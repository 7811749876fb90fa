#include "core/import/kernelinputs.h"

#include "core/formats/jsonscan.h"
#include "core/model/decimal.h"

#include <algorithm>

namespace rs::import {

namespace {
std::optional<int64_t> integerOf(const formats::JsonValue& v) {
    return model::parseI64(v.text);
}
} // namespace

std::string KernelInputs::dimsText(std::string_view s) {
    std::string out;
    int depth = 0;
    for (char c : s) {
        if (c == '[') {
            if (++depth > 2) return {}; // a list of tensors per input: no single shape
        } else if (c == ']') {
            --depth;
        } else if (c == ',') {
            out += depth == 1 ? ';' : ',';
        } else if ((c >= '0' && c <= '9') || c == '-') {
            if (depth != 2) return {};
            out += c;
        } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
            return {};
        }
    }
    return depth == 0 ? out : std::string();
}

std::string KernelInputs::typesText(std::string_view s) {
    std::string out;
    bool first = true;
    // a flat array of strings: split on the quotes
    bool in = false;
    std::string cur;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (in) {
            if (c == '\\' && i + 1 < s.size())
                cur += s[++i];
            else if (c == '"') {
                out += (first ? "" : ";") + cur;
                first = false;
                cur.clear();
                in = false;
            } else
                cur += c;
        } else if (c == '"') {
            in = true;
        }
    }
    return out;
}

int32_t KernelInputs::threadOf(std::string_view pid, std::string_view tid) {
    std::string key(pid);
    key += '\x1f';
    key += tid;
    auto [it, added] = m_threads.try_emplace(std::move(key), int32_t(m_ops.size()));
    if (added) m_ops.emplace_back();
    return it->second;
}

void KernelInputs::cpuOp(std::string_view pid, std::string_view tid, int64_t startNs, int64_t endNs,
                         int32_t nameId, std::string_view args) {
    std::optional<int64_t> id;
    std::string dims, types;
    bool hasDims = false;
    if (!args.empty())
        formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
            if (k == "External id") {
                id = integerOf(v);
            } else if (k == "Input Dims" && v.kind == formats::JsonKind::Array) {
                hasDims = true;
                dims = dimsText(v.text);
            } else if (k == "Input type" && v.kind == formats::JsonKind::Array) {
                types = typesText(v.text);
            }
        });
    m_anyDims = m_anyDims || hasDims;
    Inputs in;
    in.opName = nameId;
    if (!dims.empty()) {
        in.dims = m_strings.intern(dims);
        in.types = m_strings.intern(types);
    }
    const auto index = int32_t(m_opInputs.size());
    m_opInputs.push_back(in);
    m_ops[size_t(threadOf(pid, tid))].push_back({startNs, endNs, index});
    if (id && in.dims) m_byExtId[*id] = index; // the fallback only needs the ops that give a shape
}

void KernelInputs::launchCall(std::string_view pid, std::string_view tid, int64_t tsNs,
                              std::string_view args) {
    if (args.empty()) return;
    formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "correlation")
            if (auto c = integerOf(v)) m_launches.push_back({*c, tsNs, threadOf(pid, tid)});
    });
}

void KernelInputs::kernel(int64_t tsNs, int64_t durNs, std::string_view args) {
    Kernel k{tsNs, durNs, 0, 0, false, false};
    if (!args.empty())
        formats::forEachMember(args, [&](std::string_view key, const formats::JsonValue& v) {
            if (key == "correlation") {
                if (auto c = integerOf(v)) k.correlation = *c, k.hasCorrelation = true;
            } else if (key == "External id") {
                if (auto e = integerOf(v)) k.extId = *e, k.hasExtId = true;
            }
        });
    m_kernels.push_back(k);
}

void KernelInputs::nestLaunches() {
    std::vector<std::vector<size_t>> byThread(m_ops.size());
    for (size_t i = 0; i < m_launches.size(); ++i)
        byThread[size_t(m_launches[i].thread)].push_back(i);
    std::vector<const Op*> open; // the ops around the sweep's time, outermost first
    for (size_t t = 0; t < m_ops.size(); ++t) {
        auto& ops = m_ops[t];
        // by start; of two begun together the longer holds the other, so it goes first; two with the same
        // times (µs rounding: aten::matmul and the aten::mm it calls) keep the file's order, parent first
        std::stable_sort(ops.begin(), ops.end(), [](const Op& a, const Op& b) {
            return a.start != b.start ? a.start < b.start : a.end > b.end;
        });
        auto& launches = byThread[t];
        std::sort(launches.begin(), launches.end(),
                  [&](size_t a, size_t b) { return m_launches[a].ts < m_launches[b].ts; });
        open.clear();
        size_t next = 0;
        for (size_t li : launches) {
            Launch& l = m_launches[li];
            for (; next < ops.size() && ops[next].start <= l.ts; ++next) {
                while (!open.empty() && open.back()->end < ops[next].start)
                    open.pop_back();
                open.push_back(&ops[next]);
            }
            while (!open.empty() && open.back()->end < l.ts)
                open.pop_back();
            if (!open.empty()) l.op = open.back()->inputs;
        }
    }
}

KernelInputs::Unlinked KernelInputs::emitRows(int rank, std::vector<model::KernelShapeRow>& out) {
    Unlinked why;
    if (!m_anyDims) return why; // no op recorded its inputs: nothing to link, nothing missing
    nestLaunches();
    std::sort(m_launches.begin(), m_launches.end(),
              [](const Launch& a, const Launch& b) { return a.correlation < b.correlation; });
    for (const Kernel& k : m_kernels) {
        const Inputs* in = nullptr;
        auto l = k.hasCorrelation
                     ? std::lower_bound(m_launches.begin(), m_launches.end(), k.correlation,
                                        [](const Launch& a, int64_t c) { return a.correlation < c; })
                     : m_launches.end();
        if (l != m_launches.end() && l->correlation == k.correlation) {
            if (l + 1 != m_launches.end() && (l + 1)->correlation == k.correlation) {
                ++why.sharedLaunch;
                continue;
            }
            if (l->op < 0) {
                ++why.outsideOps;
                continue;
            }
            in = &m_opInputs[size_t(l->op)];
        } else if (auto e = k.hasExtId ? m_byExtId.find(k.extId) : m_byExtId.end(); e != m_byExtId.end()) {
            in = &m_opInputs[size_t(e->second)]; // a trace whose kernels name their op's External id
        } else {
            ++why.noLaunch;
            continue;
        }
        if (!in->dims) {
            ++why.opWithout;
            continue;
        }
        out.push_back({rank, k.tsNs, k.durNs, in->opName, in->dims, in->types});
    }
    m_ops.clear();
    m_launches.clear();
    m_kernels.clear();
    return why;
}

} // namespace rs::import
