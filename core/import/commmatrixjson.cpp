#include "core/import/commmatrixjson.h"

#include "core/import/commlinkvalues.h"
#include "core/import/metadataimporter.h"
#include "core/model/commkeys.h"
#include "core/model/utf8.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace rs::import {

using model::CommEntry;
using model::CommLinkRow;
using nlohmann::json;

namespace {

/// "step50" → 50, "step" → none (one unnamed step); false: not a step key.
bool parseStepKey(const std::string& key, std::optional<int64_t>& step) {
    if (key.rfind("step", 0) != 0) return false;
    if (key.size() == 4) {
        step.reset();
        return true;
    }
    step = model::parseI64(std::string_view(key).substr(4));
    return step.has_value() && *step >= 0;
}

std::optional<std::string> numberText(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
    if (v.is_number()) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
        return std::string(buf);
    }
    return std::nullopt;
}

std::optional<std::string> member(const json& o, const char* key) {
    auto it = o.find(key);
    return it == o.end() ? std::nullopt : numberText(*it);
}

struct FileReader {
    const SourceFile& f;
    RankState& rank;
    RowEmitter& out;
    std::vector<CommLinkRow> rows;

    void diag(const char* severity, const std::string& what, const std::string& excerpt) {
        out.diag(f.path, severity, what, -1, excerpt);
    }

    void link(const CommLinkRow& base, const std::string& linkKey, const json& v) {
        const auto lk = model::parseLinkKey(linkKey);
        if (!lk) {
            diag("warning", "link key is not 'src-dst' with two ranks: link not shown", linkKey);
            return;
        }
        for (int64_t x : {lk->first, lk->second})
            if (x <= INT32_MAX) rank.peers.insert(int(x));
        if (!v.is_object()) {
            diag("warning", "link entry is not an object: link not shown", linkKey);
            return;
        }
        CommLinkRow r = base;
        r.src = lk->first;
        r.dst = lk->second;
        LinkText t;
        if (auto it = v.find("Transport Type"); it != v.end() && it->is_string())
            t.transport = it->get<std::string>();
        t.sizeMB = member(v, "Transit Size(MB)");
        t.timeMs = member(v, "Transit Time(ms)");
        t.bandwidthGBps = member(v, "Bandwidth(GB/s)");
        if (const std::string why = fillLinkValues(t, r); !why.empty()) {
            diag("warning", why, model::utf8Excerpt(v.dump(), 160));
            return;
        }
        if (r.transport.empty()) diag("info", "link without a Transport Type", linkKey);
        if (bandwidthDisagrees(r))
            diag("info",
                 "Bandwidth(GB/s) disagrees with Transit Size(MB) / Transit Time(ms) (size / time is used)",
                 model::utf8Excerpt(v.dump(), 160));
        if (auto it = v.find("Op Name"); it != v.end() && it->is_string()) r.opNames = it->get<std::string>();
        if (r.entry == CommEntry::Op) {
            r.opCount = 1;
            r.opNames = r.op;
        }
        rows.push_back(std::move(r));
    }

    void op(const std::optional<int64_t>& step, const std::string& kind, const std::string& opKey,
            const json& links) {
        const model::MatrixOpKey k = model::parseMatrixOpKey(opKey);
        if (k.entry != CommEntry::OpInfoTotal && k.group.empty())
            diag("warning", "op key without '@group': its ranks cannot be mapped to global ranks", opKey);
        if (!links.is_object()) {
            diag("warning", "op entry is not an object of links", opKey);
            return;
        }
        CommLinkRow base;
        base.rank = rank.rank;
        base.step = step;
        base.kind = kind;
        base.op = k.op;
        base.entry = k.entry;
        base.sample = k.sample;
        base.group = k.group;
        base.source = "communication_matrix.json";
        for (const auto& [linkKey, v] : links.items())
            link(base, linkKey, v);
    }

    void read(const json& j) {
        for (const auto& [stepKey, stepVal] : j.items()) {
            std::optional<int64_t> step;
            if (!parseStepKey(stepKey, step) || !stepVal.is_object()) {
                diag("warning", "top-level key is not a step ('step<N>' with an object): skipped", stepKey);
                continue;
            }
            for (const auto& [kind, ops] : stepVal.items()) {
                if ((kind != "p2p" && kind != "collective") || !ops.is_object()) {
                    diag("info", "step section other than p2p / collective: skipped", stepKey + "." + kind);
                    continue;
                }
                for (const auto& [opKey, links] : ops.items())
                    op(step, kind, opKey, links);
            }
        }
    }
};

} // namespace

bool importCommunicationMatrix(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                               int64_t& records) {
    json j;
    if (!readJsonFile(f, out, "warning",
                      "communication_matrix.json is not valid JSON: its links are not read", j, error))
        return false;
    if (j.is_discarded()) return true;
    if (!j.is_object()) {
        out.diag(f.path, "warning", "communication_matrix.json is not a JSON object: its links are not read",
                 0, model::utf8Excerpt(j.dump(), 80));
        return true;
    }
    FileReader reader{f, rank, out, {}};
    reader.read(j);
    checkMatrixRows(reader.rows, f.path, out);
    records = int64_t(reader.rows.size());
    out.batch().commSources.push_back({rank.rank, "communication_matrix.json", f.path, records, records, ""});
    auto& dst = out.batch().commLinks;
    dst.insert(dst.end(), std::make_move_iterator(reader.rows.begin()),
               std::make_move_iterator(reader.rows.end()));
    return true;
}

} // namespace rs::import
