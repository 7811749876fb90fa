#include "core/import/kernelinputs.h"

#include "core/formats/jsonscan.h"
#include "core/model/decimal.h"

namespace rs::import {

namespace {
std::optional<int64_t> externalId(const formats::JsonValue& v) {
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

void KernelInputs::cpuOp(std::string_view args) {
    std::optional<int64_t> id;
    std::string dims, types;
    formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "External id")
            id = externalId(v);
        else if (k == "Input Dims" && v.kind == formats::JsonKind::Array)
            dims = dimsText(v.text);
        else if (k == "Input type" && v.kind == formats::JsonKind::Array)
            types = typesText(v.text);
    });
    if (id && !dims.empty()) m_inputs[*id] = {m_strings.intern(dims), m_strings.intern(types)};
}

void KernelInputs::kernel(int64_t tsNs, int64_t durNs, int32_t opTypeId, std::string_view args) {
    formats::forEachMember(args, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "External id")
            if (auto id = externalId(v)) m_kernels.push_back({tsNs, durNs, *id, opTypeId});
    });
}

size_t KernelInputs::emitRows(int rank, std::vector<model::KernelShapeRow>& out) const {
    size_t n = 0;
    for (const auto& k : m_kernels) {
        auto it = m_inputs.find(k.extId);
        if (it == m_inputs.end()) continue;
        out.push_back({rank, k.tsNs, k.durNs, k.opTypeId, it->second.first, it->second.second});
        ++n;
    }
    return n;
}

} // namespace rs::import
