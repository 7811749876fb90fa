#include "core/import/commmatrixjson.h"

#include "core/import/commlinkvalues.h"
#include "core/import/metadataimporter.h"
#include "core/model/commkeys.h"
#include "core/model/utf8.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

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

/// One link object's members as the file writes them: the four a link needs in fixed places, any other
/// member kept only for the excerpt of a diagnostic.
struct LinkMembers {
    std::optional<json> transport, size, time, bandwidth, opName;
    std::vector<std::pair<std::string, json>> others;
    std::string sizeText, timeText, bandwidthText; ///< the decimals as written (empty: not a decimal)

    void clear() {
        transport = size = time = bandwidth = opName = std::nullopt;
        others.clear();
        sizeText.clear();
        timeText.clear();
        bandwidthText.clear();
    }
    /// Where a decimal member's text is kept, or null.
    std::string* decimalText(const std::string& key) {
        if (key == "Transit Size(MB)") return &sizeText;
        if (key == "Transit Time(ms)") return &timeText;
        if (key == "Bandwidth(GB/s)") return &bandwidthText;
        return nullptr;
    }
    /// The slot of a member, or null for one the link does not read.
    std::optional<json>* slot(const std::string& key) {
        if (key == "Transport Type") return &transport;
        if (key == "Transit Size(MB)") return &size;
        if (key == "Transit Time(ms)") return &time;
        if (key == "Bandwidth(GB/s)") return &bandwidth;
        if (key == "Op Name") return &opName;
        return nullptr;
    }
    /// The link as JSON (keys sorted, as nlohmann writes an object), for a diagnostic's excerpt.
    std::string dump() const {
        json o = json::object();
        const std::pair<const char*, const std::optional<json>*> named[] = {{"Transport Type", &transport},
                                                                            {"Transit Size(MB)", &size},
                                                                            {"Transit Time(ms)", &time},
                                                                            {"Bandwidth(GB/s)", &bandwidth},
                                                                            {"Op Name", &opName}};
        for (const auto& [key, v] : named)
            if (*v) o[key] = **v;
        for (const auto& [key, v] : others)
            o[key] = v;
        return o.dump();
    }
};

/// A number's text: as written for a decimal (the SAX parser hands it over), else the integer's digits.
std::optional<std::string> numberText(const std::optional<json>& v) {
    if (!v) return std::nullopt;
    if (v->is_string()) return v->get<std::string>();
    if (v->is_number_integer()) return std::to_string(v->get<int64_t>());
    if (v->is_number()) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v->get<double>());
        return std::string(buf);
    }
    return std::nullopt;
}

/// Diagnostics and peers wait until the whole file has parsed: a file that turns out not to be JSON reads
/// no link, as before (one diagnostic with the byte offset, nothing else from it).
struct PendingDiag {
    std::string severity, what, excerpt;
};

struct FileReader {
    const SourceFile& f;
    RankState& rank;
    std::vector<CommLinkRow> rows;
    std::vector<PendingDiag> diags;
    std::set<int> peers;

    void diag(const char* severity, const std::string& what, const std::string& excerpt) {
        diags.push_back({severity, what, excerpt});
    }

    /// The link key's two ranks (also the rank's peers); false, said, when it is no "src-dst".
    bool linkKey(const std::string& key, CommLinkRow& r) {
        const auto lk = model::parseLinkKey(key);
        if (!lk) {
            diag("warning", "link key is not 'src-dst' with two ranks: link not shown", key);
            return false;
        }
        for (int64_t x : {lk->first, lk->second})
            if (x <= INT32_MAX) peers.insert(int(x));
        r.src = lk->first;
        r.dst = lk->second;
        return true;
    }

    void link(CommLinkRow r, const std::string& key, const LinkMembers& m) {
        LinkText t;
        if (m.transport && m.transport->is_string()) t.transport = m.transport->get<std::string>();
        t.sizeMB = m.sizeText.empty() ? numberText(m.size) : m.sizeText;
        t.timeMs = m.timeText.empty() ? numberText(m.time) : m.timeText;
        t.bandwidthGBps = m.bandwidthText.empty() ? numberText(m.bandwidth) : m.bandwidthText;
        if (const std::string why = fillLinkValues(t, r); !why.empty()) {
            diag("warning", why, model::utf8Excerpt(m.dump(), 160));
            return;
        }
        if (r.transport.empty()) diag("info", "link without a Transport Type", key);
        if (bandwidthDisagrees(r))
            diag("info",
                 "Bandwidth(GB/s) disagrees with Transit Size(MB) / Transit Time(ms) (size / time is used)",
                 model::utf8Excerpt(m.dump(), 160));
        if (m.opName && m.opName->is_string()) r.opNames = m.opName->get<std::string>();
        if (r.entry == CommEntry::Op) {
            r.opCount = 1;
            r.opNames = r.op;
        }
        rows.push_back(std::move(r));
    }

    /// The row every link of an op starts from; the op key's problem said.
    CommLinkRow op(const std::optional<int64_t>& step, const std::string& kind, const std::string& opKey) {
        const model::MatrixOpKey k = model::parseMatrixOpKey(opKey);
        if (k.entry != CommEntry::OpInfoTotal && k.group.empty())
            diag("warning", "op key without '@group': its ranks cannot be mapped to global ranks", opKey);
        CommLinkRow base;
        base.rank = rank.rank;
        base.step = step;
        base.kind = kind;
        base.op = k.op;
        base.entry = k.entry;
        base.sample = k.sample;
        base.group = k.group;
        base.source = "communication_matrix.json";
        return base;
    }
};

/// Walks the file's events (nlohmann's SAX): step → p2p/collective → op → link → member, without building
/// the document (a 512-rank job's matrices are a quarter of its bytes; the document cost 3× the parse).
/// Depth counts the open objects; `skip` the open containers of a part that is said and skipped.
class MatrixSax : public nlohmann::json_sax<json> {
  public:
    explicit MatrixSax(FileReader& r) : m_r(r) {}

    bool rootIsObject = true;
    int64_t errorByte = -1;
    std::string errorWhat;

    bool null() override { return scalar(json()); }
    bool boolean(bool v) override { return scalar(json(v)); }
    bool number_integer(number_integer_t v) override { return scalar(json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return scalar(json(v)); }
    bool number_float(number_float_t v, const string_t& text) override {
        if (m_skip == 0 && m_depth == 5 && m_nest.empty())
            if (auto* t = m_members.decimalText(m_field)) *t = text; // as written
        return scalar(json(v));
    }
    bool string(string_t& v) override { return scalar(json(std::move(v))); }
    bool binary(binary_t&) override { return scalar(json()); }
    bool key(string_t& k) override {
        if (m_skip > 0) return true;
        if (!m_nest.empty())
            m_nestKeys.back() = k;
        else if (m_depth >= 1 && m_depth <= 5)
            m_keys[size_t(m_depth)] = k;
        if (m_depth == 5 && m_nest.empty()) m_field = k;
        return true;
    }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
        errorWhat = e.what();
        if (auto* p = dynamic_cast<const nlohmann::detail::parse_error*>(&e)) errorByte = int64_t(p->byte);
        return false;
    }

  private:
    FileReader& m_r;
    int m_depth = 0, m_skip = 0;
    std::string m_keys[6];
    std::optional<int64_t> m_step;
    CommLinkRow m_base, m_link;
    bool m_linkOk = false;
    LinkMembers m_members;
    std::string m_field;
    std::vector<json> m_nest; ///< a member's value being built, outermost first
    std::vector<std::string> m_nestKeys;

    /// A value other than an object where the layout wants one (or the root), said as before.
    void notAnObject() {
        switch (m_depth) {
        case 0:
            rootIsObject = false;
            break;
        case 1:
            m_r.diag("warning", "top-level key is not a step ('step<N>' with an object): skipped", m_keys[1]);
            break;
        case 2:
            m_r.diag("info", "step section other than p2p / collective: skipped",
                     m_keys[1] + "." + m_keys[2]);
            break;
        case 3:
            m_r.op(m_step, m_keys[2], m_keys[3]);
            m_r.diag("warning", "op entry is not an object of links", m_keys[3]);
            break;
        case 4:
            if (m_r.linkKey(m_keys[4], m_link))
                m_r.diag("warning", "link entry is not an object: link not shown", m_keys[4]);
            break;
        }
    }

    bool scalar(json v) {
        if (m_skip > 0) return true;
        if (!m_nest.empty()) return add(std::move(v));
        if (m_depth == 5) {
            if (auto* s = m_members.slot(m_field))
                *s = std::move(v);
            else
                m_members.others.emplace_back(m_field, std::move(v));
            return true;
        }
        notAnObject();
        return m_depth != 0;
    }

    /// Adds a finished value to the member being built.
    bool add(json v) {
        json& into = m_nest.back();
        if (into.is_array())
            into.push_back(std::move(v));
        else
            into[m_nestKeys.back()] = std::move(v);
        return true;
    }

    bool open(json container) {
        if (m_skip > 0) return ++m_skip > 0;
        if (m_depth >= 5) { // a member's own object or array: kept whole for the excerpt
            m_nest.push_back(std::move(container));
            m_nestKeys.emplace_back();
            return true;
        }
        if (!container.is_object()) {
            notAnObject();
            m_skip = 1;
            return m_depth != 0;
        }
        if (!enter()) {
            m_skip = 1;
            return true;
        }
        ++m_depth;
        return true;
    }

    /// An object at the current depth starts: false when that part is skipped (and said).
    bool enter() {
        switch (m_depth) {
        case 1:
            if (parseStepKey(m_keys[1], m_step)) return true;
            notAnObject();
            return false;
        case 2:
            if (m_keys[2] == "p2p" || m_keys[2] == "collective") return true;
            notAnObject();
            return false;
        case 3:
            m_base = m_r.op(m_step, m_keys[2], m_keys[3]);
            return true;
        case 4:
            m_link = m_base;
            m_linkOk = m_r.linkKey(m_keys[4], m_link);
            m_members.clear();
            return m_linkOk;
        default:
            return true;
        }
    }

    bool close() {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        if (!m_nest.empty()) {
            json v = std::move(m_nest.back());
            m_nest.pop_back();
            m_nestKeys.pop_back();
            if (!m_nest.empty()) return add(std::move(v));
            if (auto* s = m_members.slot(m_field))
                *s = std::move(v);
            else
                m_members.others.emplace_back(m_field, std::move(v));
            return true;
        }
        if (m_depth == 5 && m_linkOk) m_r.link(std::move(m_link), m_keys[4], m_members);
        --m_depth;
        return true;
    }
};

} // namespace

bool importCommunicationMatrix(const SourceFile& f, RankState& rank, RowEmitter& out, std::string& error,
                               int64_t& records) {
    std::string text;
    if (!readSmallFile(f.path, text, error)) return false;
    FileReader reader{f, rank, {}, {}, {}};
    MatrixSax sax(reader);
    const bool parsed = json::sax_parse(text, &sax);
    if (!sax.rootIsObject) { // the excerpt shows what the file holds instead
        out.diag(f.path, "warning", "communication_matrix.json is not a JSON object: its links are not read",
                 0, model::utf8Excerpt(json::parse(text, nullptr, false).dump(), 80));
        return true;
    }
    if (!parsed) {
        out.diag(f.path, "warning", "communication_matrix.json is not valid JSON: its links are not read",
                 std::max<int64_t>(0, sax.errorByte - 1), // nlohmann counts from 1
                 model::utf8Excerpt(sax.errorWhat, 160));
        return true;
    }
    for (const auto& d : reader.diags)
        out.diag(f.path, d.severity, d.what, -1, d.excerpt);
    rank.peers.insert(reader.peers.begin(), reader.peers.end());
    checkMatrixRows(reader.rows, f.path, out);
    records = int64_t(reader.rows.size());
    out.batch().commSources.push_back({rank.rank, "communication_matrix.json", f.path, records, records, ""});
    auto& dst = out.batch().commLinks;
    dst.insert(dst.end(), std::make_move_iterator(reader.rows.begin()),
               std::make_move_iterator(reader.rows.end()));
    return true;
}

} // namespace rs::import
